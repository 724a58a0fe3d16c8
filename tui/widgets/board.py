"""A board drawn with the Line API: one cached strip per row, a cursor moved by keys.

Games hand it a drawing (rows of (text, kind) runs from their pure drawing functions) and
a style per kind; it posts `Nudged` and `Put` up to the screen, which decides what they
mean. Busy boards stay cheap to repaint this way (platform.md: speed facts).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

Drawing = list[list[tuple[str, str]]]


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

    drawing: reactive[Drawing] = reactive(list, layout=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._strips: list[Strip] = []
        self._style_cache: dict[str, Style] = {}

    def style_of(self, kind: str) -> Style:
        style = self._style_cache.get(kind)
        if style is None:
            style = Style()
            for part in kind.split():
                style += self.STYLES.get(part, Style())
            self._style_cache[kind] = style
        return style

    def watch_drawing(self, drawing: Drawing) -> None:
        self._strips = [Strip([Segment(text, self.style_of(kind)) for text, kind in row]) for row in drawing]
        self.refresh()

    def get_content_width(self, container, viewport) -> int:
        return max((strip.cell_length for strip in self._strips), default=0)

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._strips)

    def render_line(self, y: int) -> Strip:
        return self._strips[y] if y < len(self._strips) else Strip.blank(self.size.width)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Place shows in the footer only while the viewer has something to put down (never
        after the game ended, never while others decide); the cursor always moves."""
        if action == "put":
            return bool(getattr(self.screen, "board_open", True))
        return True

    def action_nudge(self, rows: int, cols: int) -> None:
        self.post_message(self.Nudged(rows, cols))

    def action_put(self, variant: str = "") -> None:
        self.post_message(self.Put(variant))
