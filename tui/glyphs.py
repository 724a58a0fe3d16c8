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
    separator: str = " · "  # between the items of a seat's panel


UNICODE = Glyphs(
    cursor="▶", active="●", bullet="•", bank="▓", cube="■", beaver="B", empty="·",
    ghost_bad="✗", seat_marks="①②③④⑤⑥⑦",
)
ASCII = Glyphs(
    cursor=">", active="*", bullet="-", bank="#", cube="c", beaver="B", empty=".",
    ghost_bad="x", seat_marks="1234567", separator=" | ",
)


def glyph_set(name: str) -> Glyphs:
    return ASCII if name == "ascii" else UNICODE


#: Terminals that often lack Unicode block and box characters: the launcher offers the ASCII
#: set on a first run in one of them.
LIMITED_TERMINALS = ("linux", "vt100", "vt102", "vt220", "dumb")


def looks_limited(term: str | None) -> bool:
    return (term or "").split("-")[0] in LIMITED_TERMINALS


def use_scrollbars(name: str) -> None:
    """Scrollbars without eighth-block glyphs in ASCII mode: the thumb is drawn in reverse
    video, which every terminal shows, colour or not. (Textual is imported here only, so
    the glyph sets themselves stay importable without it.)"""
    from textual.scrollbar import ScrollBar, ScrollBarRender

    class AsciiScrollBarRender(ScrollBarRender):
        VERTICAL_BARS = [" "] * 8
        HORIZONTAL_BARS = [" "] * 8

    ScrollBar.renderer = AsciiScrollBarRender if name == "ascii" else ScrollBarRender
