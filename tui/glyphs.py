"""Glyph sets: Unicode for capable terminals, ASCII for the rest (settings: glyphs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.record import Record

if TYPE_CHECKING:  # imported where used: the filter is built only in the ASCII glyph set
    from textual.color import Color
    from textual.filter import LineFilter


class Glyphs(Record):
    __slots__ = (
        "cursor",
        "active",
        "bullet",
        "bank",
        "cube",
        "beaver",
        "empty",
        "ghost_bad",
        "seat_marks",
        "separator",
    )
    cursor: str
    active: str
    bullet: str
    bank: str
    cube: str
    beaver: str
    empty: str
    ghost_bad: str
    seat_marks: str  # one mark per seat, so seats never rest on colour alone
    separator: str  # between the items of a seat's panel

    def __init__(
        self,
        cursor: str,
        active: str,
        bullet: str,
        bank: str,
        cube: str,
        beaver: str,
        empty: str,
        ghost_bad: str,
        seat_marks: str,
        separator: str = " · ",
    ) -> None:
        self._set_fields(
            cursor=cursor,
            active=active,
            bullet=bullet,
            bank=bank,
            cube=cube,
            beaver=beaver,
            empty=empty,
            ghost_bad=ghost_bad,
            seat_marks=seat_marks,
            separator=separator,
        )


UNICODE = Glyphs(
    cursor="▶",
    active="●",
    bullet="•",
    bank="▓",
    cube="■",
    beaver="B",
    empty="·",
    ghost_bad="✗",
    seat_marks="①②③④⑤⑥⑦",
)
ASCII = Glyphs(
    cursor=">",
    active="*",
    bullet="-",
    bank="#",
    cube="c",
    beaver="B",
    empty=".",
    ghost_bad="x",
    seat_marks="1234567",
    separator=" | ",
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


#: Characters the ASCII set draws differently; anything else outside ASCII is folded to its
#: base letter (ì -> i) or, failing that, to "?" of the same width.
ASCII_FOLD = {
    "—": "-",
    "–": "-",
    "·": ".",
    "•": "*",
    "…": ".",
    "│": "|",
    "─": "-",
    "┃": "|",
    "━": "-",
    "┌": "+",
    "┐": "+",
    "└": "+",
    "┘": "+",
    "├": "+",
    "┤": "+",
    "┬": "+",
    "┴": "+",
    "┼": "+",
    "╭": "+",
    "╮": "+",
    "╰": "+",
    "╯": "+",
    "║": "|",
    "═": "=",
    "▶": ">",
    "◀": "<",
    "▲": "^",
    "▼": "v",
    "●": "*",
    "○": "o",
    "■": "#",
    "□": "o",
    "▓": "#",
    "▒": "#",
    "░": ".",
    "█": "#",
    "✓": "v",
    "✔": "v",
    "✗": "x",
    "✘": "x",
    "×": "x",
    "←": "<",
    "→": ">",
    "↑": "^",
    "↓": "v",
    "°": "o",
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
    "«": '"',
    "»": '"',
    "±": "+",
    "≤": "<",
    "≥": ">",
    "≠": "#",
    "½": "h",
    "€": "E",
    "£": "L",
    "\u00a0": " ",
}


def fold_to_ascii(text: str) -> str:
    """`text` in ASCII characters only, each character keeping its width on screen, so a
    terminal without good Unicode draws every line of the screen as laid out."""
    if text.isascii():
        return text
    import unicodedata

    from rich.cells import cell_len

    out = []
    for char in text:
        if char.isascii():
            out.append(char)
            continue
        width = cell_len(char)
        folded = ASCII_FOLD.get(char)
        if folded is None:
            base = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
            folded = base if len(base) == 1 else "?"
        out.append((folded * max(width, 1))[: max(width, 0)] if width != 1 else folded)
    return "".join(out)


def ascii_line_filter() -> LineFilter:
    """A Textual line filter folding every drawn character to ASCII (the ASCII glyph set
    then covers engine text, content, boards and rules alike, not only our own marks)."""
    from rich.segment import Segment
    from textual.filter import LineFilter

    class AsciiFold(LineFilter):
        def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
            return [
                segment
                if segment.control or segment.text.isascii()
                else Segment(fold_to_ascii(segment.text), segment.style, segment.control)
                for segment in segments
            ]

    return AsciiFold()
