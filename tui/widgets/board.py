"""A board drawn with the Line API: one cached strip per row, a cursor moved by keys.

Games hand it a drawing (rows of (text, kind) runs from their pure drawing functions) and
a style per kind; it posts `Nudged` and `Put` up to the screen, which decides what they
mean. A new drawing repaints only the rows that differ from the last one, and asks for a
layout only when the drawing's size changes, so a key that moves a cursor costs a row or
two of painting (platform.md: speed facts). `show_text` does the same for the text beside a
board (the cursor's description): nothing when it is unchanged, no layout when its size is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static

from tui.textual_internals.plain_lines import plain_lines

Row = list[tuple[str, str]]
Drawing = list[Row]


#: Distinct runs a board keeps as segments: more than any board draws, few enough to keep
#: a board that shows ever new text (names, counters) small.
RUN_CACHE_SIZE = 4096
#: Distinct rows a board keeps as strips: a cursor going back and forth redraws the same
#: rows, and a kept strip keeps what Textual cached on it (line filters, crops, the bytes
#: sent to the terminal).
ROW_CACHE_SIZE = 512


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

    # The screen alone decides what a board's keys mean, so these stop there: passed on,
    # the app would dispatch them for nothing on every key.
    class Nudged(Message, bubble=False):
        def __init__(self, rows: int, cols: int) -> None:
            super().__init__()
            self.rows, self.cols = rows, cols

    class Put(Message, bubble=False):
        def __init__(self, variant: str = "") -> None:
            super().__init__()
            self.variant = variant

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._rows: Drawing = []
        self._strips: list[Strip] = []
        self._width = 0  # of the widest row
        self._style_cache: dict[str, Style] = {}
        #: Each run drawn so far as a segment with its width: a step redraws the same few
        #: runs (cells, labels) over and over.
        self._run_cache: dict[tuple[str, str], tuple[Segment, int]] = {}
        self._row_cache: dict[tuple[tuple[str, str], ...], Strip] = {}
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
        self._rows, self._strips = [list(row) for row in drawing], strips
        old_width, self._width = self._width, max((strip.cell_length for strip in strips), default=0)
        if len(strips) != len(old_strips) or self._width != old_width:
            self.refresh(layout=True)
            return list(range(len(strips)))
        changed = [y for y, strip in enumerate(strips) if strip is not old_strips[y]]
        self._repaint({y: (old_rows[y], self._rows[y]) for y in changed})
        return changed

    def show_rows(self, rows: Mapping[int, Row]) -> list[int]:
        """Replace the rows numbered in `rows`, keeping every other row of the drawing, and
        repaint those that changed; returns their numbers. A cursor step that knows which
        rows it touched saves drawing and comparing the rest."""
        changed: dict[int, tuple[Row, Row]] = {}
        lengths_kept = True
        for y, row in sorted(rows.items()):
            if not 0 <= y < len(self._rows):
                raise IndexError(f"row {y} is not in a drawing of {len(self._rows)} rows")
            if self._rows[y] != row:
                changed[y] = (self._rows[y], list(row))
                old_length = self._strips[y].cell_length
                self._rows[y], self._strips[y] = list(row), self._strip(row)
                lengths_kept = lengths_kept and self._strips[y].cell_length == old_length
        # Rows as long as they were keep the widest row's width: no need to measure them all.
        old_width = self._width
        if not lengths_kept:
            self._width = max((strip.cell_length for strip in self._strips), default=0)
        if self._width != old_width:
            self.refresh(layout=True)
        else:
            self._repaint(changed)
        return list(changed)

    def _repaint(self, rows: Mapping[int, tuple[Row, Row]]) -> None:
        """Refresh the changed part of each row, given as (old row, new row)."""
        if rows and self.is_mounted:
            self.refresh(*(self._changed_region(y, old, new) for y, (old, new) in rows.items()))

    def _changed_region(self, y: int, old: Row, new: Row) -> Region:
        """The cells of row `y` between its first and last changed runs: over SSH every
        repainted cell is sent again, and a cursor step changes a few cells of a wide row."""
        widths = self._run_cache
        start = 0
        for was, now in zip(old, new):
            if was != now:
                break
            start += widths[was][1] if was in widths else cell_len(was[0])
        end = self._strips[y].cell_length  # the new row's strip, its length already known
        for was, now in zip(reversed(old), reversed(new)):
            if was != now:
                break
            end -= widths[was][1] if was in widths else cell_len(was[0])
        if end <= start:
            return Region(0, y, self.size.width, 1)
        return Region(start, y, end - start, 1)

    def _strip(self, row: Row) -> Strip:
        key = tuple(row)
        strip = self._row_cache.get(key)
        if strip is None:
            if len(self._row_cache) > ROW_CACHE_SIZE:
                self._row_cache.clear()
            strip = self._row_cache[key] = self._new_strip(row)
        return strip

    def _new_strip(self, row: Row) -> Strip:
        runs = self._run_cache
        if len(runs) > RUN_CACHE_SIZE:
            runs.clear()
        segments, width = [], 0
        for run in row:
            known = runs.get(run)
            if known is None:
                text, kind = run
                known = runs[run] = (Segment(text, self.style_of(kind)), cell_len(text))
            segments.append(known[0])
            width += known[1]
        return Strip(segments, width)

    def get_content_width(self, container, viewport) -> int:
        return self._width

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._strips)

    def render_line(self, y: int) -> Strip:
        return self._strips[y] if y < len(self._strips) else Strip.blank(self.size.width)

    def render_lines(self, crop: Region) -> list[Strip]:
        lines = plain_lines(self, crop)
        return super().render_lines(crop) if lines is None else lines

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Place shows in the footer only while the board takes a placement now (the game's
        own `accepts_put`) and the viewer has something to put down (never after the game
        ended, never while others decide); the cursor always moves."""
        if action == "put":
            return self.accepts_put and bool(getattr(self.screen, "board_open", True))
        return True

    def action_nudge(self, rows: int, cols: int) -> None:
        self.tell_screen(self.Nudged(rows, cols))

    def action_put(self, variant: str = "") -> None:
        self.tell_screen(self.Put(variant))

    def tell_screen(self, message: Message) -> None:
        """Post `message` to the screen, which alone decides what a board's keys mean:
        bubbling it up through each container on the way cost a message hop per level on
        every key."""
        self.screen.post_message(message)


def show_text(widget: Static, content: VisualType) -> bool:
    """Show `content` in `widget` unless it already does; returns whether it changed.

    `Static.update` lays out the whole screen each time, which costs more than the rest of
    a cursor step; a description that keeps its height (and a width set by the styles)
    only needs its own lines repainted."""
    if type(widget.content) is type(content) and widget.content == content:
        return False
    styles = widget.styles
    width, rows = widget.content_size
    sized_by_text = styles.width is not None and styles.width.is_auto
    if not widget.is_mounted or width <= 0 or sized_by_text:
        widget.update(content)
        return True
    widget.update(content, layout=False)
    if not (styles.height is not None and styles.height.is_auto):
        return True  # the styles size the box, whatever the text
    # Textual passes a widget's styles here itself (Widget._get_box_model), though it types them RulesMap.
    needed = widget.visual.get_height(styles, width)  # type: ignore[arg-type]
    if needed != rows:
        widget.refresh(layout=True)
    return True
