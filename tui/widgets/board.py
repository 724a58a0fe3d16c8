"""A board drawn with the Line API: one cached strip per row, a cursor moved by keys.

Games hand it a drawing (rows of (text, kind) runs from their pure drawing functions) and
a style per kind; it posts `Nudged` and `Put` up to the screen, which decides what they
mean. A new drawing repaints only the rows that differ from the last one, and asks for a
layout only when the drawing's size changes, so a key that moves a cursor costs a row or
two of painting (platform.md: speed facts).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

Row = list[tuple[str, str]]
Drawing = list[Row]


class LineBoard(Widget, can_focus=True):
    DEFAULT_CSS = """
    LineBoard { width: auto; height: auto; }
    """
    BINDINGS = [
        Binding("left,a,h", "nudge(0,-1)", "Left", id="board.left", show=False),
        Binding("right,d,l", "nudge(0,1)", "Right", id="board.right", show=False),
        Binding("up,w,k", "nudge(-1,0)", "Up", id="board.up", show=False),
        Binding("down,s,j", "nudge(1,0)", "Down", id="board.down", show=False),
        Binding("enter,space", "put", "Place", id="board.place"),
    ]
    #: Style of each run kind; a run may name several kinds separated by spaces.
    STYLES: ClassVar[dict[str, Style]] = {}

    class Nudged(Message):
        def __init__(self, rows: int, cols: int) -> None:
            super().__init__()
            self.rows, self.cols = rows, cols

    class Put(Message):
        def __init__(self, variant: str = "") -> None:
            super().__init__()
            self.variant = variant

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._rows: Drawing = []
        self._strips: list[Strip] = []
        self._style_cache: dict[str, Style] = {}
        #: Whether the screen currently takes `put` from this board (footer shows Place).
        self.accepts_put = True

    def style_of(self, kind: str) -> Style:
        style = self._style_cache.get(kind)
        if style is None:
            style = Style()
            for part in kind.split():
                style += self.STYLES.get(part, Style())
            self._style_cache[kind] = style
        return style

    @property
    def drawing(self) -> Drawing:
        return self._rows

    @drawing.setter
    def drawing(self, drawing: Drawing) -> None:
        self.show(drawing)

    def show(self, drawing: Drawing) -> list[int]:
        """Draw `drawing`, repainting only the rows that changed; returns their numbers."""
        old_rows, old_strips = self._rows, self._strips
        strips = [
            old_strips[y] if y < len(old_rows) and old_rows[y] == row else self._strip(row)
            for y, row in enumerate(drawing)
        ]
        width = max((strip.cell_length for strip in strips), default=0)
        old_width = max((strip.cell_length for strip in old_strips), default=0)
        self._rows, self._strips = [list(row) for row in drawing], strips
        if len(strips) != len(old_strips) or width != old_width:
            self.refresh(layout=True)
            return list(range(len(strips)))
        changed = [y for y, strip in enumerate(strips) if strip is not old_strips[y]]
        if changed and self.is_mounted:
            self.refresh(*(self._changed_region(y, old_rows[y], drawing[y]) for y in changed))
        return changed

    def _changed_region(self, y: int, old: Row, new: Row) -> Region:
        """The cells of row `y` between its first and last changed runs: over SSH every
        repainted cell is sent again, and a cursor step changes a few cells of a wide row."""
        start = 0
        for was, now in zip(old, new):
            if was != now:
                break
            start += cell_len(was[0])
        end = sum(cell_len(text) for text, _ in new)
        for was, now in zip(reversed(old), reversed(new)):
            if was != now:
                break
            end -= cell_len(was[0])
        if end <= start:
            return Region(0, y, self.size.width, 1)
        return Region(start, y, end - start, 1)

    def _strip(self, row: Row) -> Strip:
        return Strip([Segment(text, self.style_of(kind)) for text, kind in row])

    def get_content_width(self, container, viewport) -> int:
        return max((strip.cell_length for strip in self._strips), default=0)

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._strips)

    def render_line(self, y: int) -> Strip:
        return self._strips[y] if y < len(self._strips) else Strip.blank(self.size.width)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Place shows in the footer only while the board takes a placement now (the game's
        own `accepts_put`) and the viewer has something to put down (never after the game
        ended, never while others decide); the cursor always moves."""
        if action == "put":
            return self.accepts_put and bool(getattr(self.screen, "board_open", True))
        return True

    def action_nudge(self, rows: int, cols: int) -> None:
        self.post_message(self.Nudged(rows, cols))

    def action_put(self, variant: str = "") -> None:
        self.post_message(self.Put(variant))
