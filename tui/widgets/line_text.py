"""Plain text drawn through the Line API, for a few lines that change on every cursor step.

A `Static` (and `SteadyText`, built on it) renders its whole text again, wrapping every
line, whenever any row of it is repainted: a Bivì ghost step spent about a millisecond
there, as long as repainting the river, to show a reason that one of a handful. Here each
line of the text is wrapped once per width and style and kept, so a step looks its lines
up, repaints the part of the rows that differ, and renders nothing else.
"""

from __future__ import annotations

from typing import Any

from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from tui.widgets.steady_text import MeasuredAgainWhenShown, changed_span, shown_on_screen
from tui.textual_internals.plain_lines import plain_lines

#: Wrapped lines kept per widget; a text that changes on every step repeats a few lines.
KEPT_LINES = 64


class LineText(MeasuredAgainWhenShown, Widget):
    """Text shown verbatim (never markup), a line of it per row, wrapped at the width as a
    `Static` wraps it. `show` repaints only what changed, and lays the screen out only when
    the number of rows changes the widget's height."""

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    LineText { height: auto; }
    """

    def __init__(self, text: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._text = text
        #: Each line of text wrapped at a width, in the style they were wrapped with.
        self._wrapped: dict[tuple[str, int], list[Strip]] = {}
        self._wrapped_style: object = None
        #: The rows last handed to the screen, and the width and style they were made for.
        self._shown: tuple[int, object, list[Strip]] | None = None

    @property
    def text(self) -> str:
        return self._text

    def render(self) -> Content:
        """The whole text, for whoever reads the widget's content; drawing goes by lines."""
        return Content(self._text)

    def show(self, text: str) -> bool:
        """Show `text`; whether it differed from what was shown."""
        if text == self._text:
            return False
        self._text = text
        width, height = self.size
        shown, self._shown = self._shown, None
        if not self.is_mounted or width <= 0 or shown is None or shown[:2] != (width, self.visual_style):
            self.refresh(layout=True)
            return True
        was, now = shown[2], self._rows(width)
        # As many rows as were laid out keep the height; only a new count asks the styles.
        if len(now) != len(was) and self._height_for(len(now)) != height:
            self.refresh(layout=True)
            return True
        if not shown_on_screen(self):
            self.changed_while_hidden()
        self._shown = (width, shown[1], now)
        if self.styles.text_align not in ("left", "start"):
            spans = [Region(0, y, width, 1) for y in self._changed_rows(was, now, height)]
        else:
            spans = [
                changed_span(y, self._row_text(was, y), self._row_text(now, y))
                for y in self._changed_rows(was, now, height)
            ]
        if spans:
            self.refresh(*spans)
        return True

    def _changed_rows(self, was: list[Strip], now: list[Strip], height: int) -> list[int]:
        return [y for y in range(height) if self._row_text(was, y) != self._row_text(now, y)]

    @staticmethod
    def _row_text(rows: list[Strip], y: int) -> str:
        return rows[y].text if y < len(rows) else ""

    def _height_for(self, rows: int) -> int:
        """The height the styles give a text of `rows` rows, or -1 when that takes the
        layout to know (a fixed or capped height, a percentage floor)."""
        styles = self.styles
        if styles.height is None or not styles.height.is_auto or styles.max_height is not None:
            return -1
        if styles.min_height is None:
            return rows
        return max(rows, int(styles.min_height.resolve(self.container_size, self.app.size)))

    def _rows(self, width: int) -> list[Strip]:
        """The text wrapped at `width`, line by line, each line as Textual wraps it alone."""
        if width <= 0:
            return []
        style = self.visual_style
        if style != self._wrapped_style or len(self._wrapped) > KEPT_LINES:
            self._wrapped.clear()
            self._wrapped_style = style
        rows: list[Strip] = []
        for line in self._text.split("\n"):
            wrapped = self._wrapped.get((line, width))
            if wrapped is None:
                wrapped = Visual.to_strips(self, Content(line), width, None, style, apply_selection=False)
                self._wrapped[(line, width)] = wrapped
            rows += wrapped
        return rows

    def get_content_width(self, container: Any, viewport: Any) -> int:
        return max((Content(line).cell_length for line in self._text.split("\n")), default=0)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return len(self._rows(width))

    def render_line(self, y: int) -> Strip:
        width, style = self.size.width, self.visual_style
        if self._shown is None or self._shown[:2] != (width, style):
            self._shown = (width, style, self._rows(width))
        rows = self._shown[2]
        return rows[y] if y < len(rows) else Strip.blank(width, style.rich_style)

    def render_lines(self, crop: Region) -> list[Strip]:
        lines = plain_lines(self, crop)
        return super().render_lines(crop) if lines is None else lines


#: Wrapped lines a `TailText` keeps: a replay's log steps through far more lines than a
#: text of a few lines repeats.
KEPT_TAIL_LINES = 512


class TailText(LineText):
    """The last rows of a text, as many as its scrolling parent shows: only the lines that
    come into view are wrapped (each once per width and style), and while the parent has a
    fixed height, blank rows fill the view, so a new text never changes the height and
    showing it never lays the screen out. The log of a replay, whose every step moves
    the lines by one (rendering the whole text again, and laying out the screen when
    it wrapped to a new count of rows, was most of a step's time)."""

    def tail(self) -> tuple[int, bool] | None:
        """How many rows are shown, and whether blank rows fill up to that many: the
        parent's fixed or largest height inside its border and padding; None (every row)
        when its height is only known from a layout."""
        parent = self.parent
        if not isinstance(parent, Widget):
            return None
        styles = parent.styles
        gutter = styles.gutter.height
        if styles.height is not None and styles.height.is_cells:
            return max(int(styles.height.value) - gutter, 1), True
        if styles.max_height is not None and styles.max_height.is_cells:
            return max(int(styles.max_height.value) - gutter, 1), False
        return None

    def _rows(self, width: int) -> list[Strip]:
        if width <= 0:
            return []
        style = self.visual_style
        if style != self._wrapped_style or len(self._wrapped) > KEPT_TAIL_LINES:
            self._wrapped.clear()
            self._wrapped_style = style
        tail = self.tail()
        wanted = tail[0] if tail is not None else None
        chunks: list[list[Strip]] = []
        count = 0
        for line in reversed(self._text.split("\n")):
            if wanted is not None and count >= wanted:
                break
            wrapped = self._wrapped.get((line, width))
            if wrapped is None:
                wrapped = Visual.to_strips(self, Content(line), width, None, style, apply_selection=False)
                self._wrapped[(line, width)] = wrapped
            chunks.append(wrapped)
            count += len(wrapped)
        rows = [row for chunk in reversed(chunks) for row in chunk]
        if tail is None:
            return rows
        rows = rows[-tail[0] :]
        if tail[1]:
            rows += [Strip.blank(width, style.rich_style)] * (tail[0] - len(rows))
        return rows

    def on_resize(self) -> None:
        # The rows were cut to the old height. (LineText's `on_resize` runs as well.)
        self._shown = None
        self.refresh()
