"""Glyph sets: Unicode for capable terminals, ASCII for the rest (settings: glyphs)."""

from __future__ import annotations

import msgspec


class Glyphs(msgspec.Struct, frozen=True):
    cursor: str
    active: str
    bullet: str
    bank: str
    cube: str
    beaver: str
    empty: str
    ghost_bad: str
    seat_marks: str  # one mark per seat, so seats never rest on colour alone


UNICODE = Glyphs(
    cursor="▶", active="●", bullet="•", bank="▓", cube="■", beaver="B", empty="·",
    ghost_bad="✗", seat_marks="①②③④⑤⑥⑦",
)
ASCII = Glyphs(
    cursor=">", active="*", bullet="-", bank="#", cube="c", beaver="B", empty=".",
    ghost_bad="x", seat_marks="1234567",
)


def glyph_set(name: str) -> Glyphs:
    return ASCII if name == "ascii" else UNICODE
