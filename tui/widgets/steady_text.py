"""Text widgets that repaint only what changed (`SteadyText`), and the helpers every
text panel shares: whether a widget is shown, the span of a row that changed, and a new
layout for a text changed while hidden (`MeasuredAgainWhenShown`).

Every text here comes from engines, content or players and is shown verbatim (never
markup). Split from tui/widgets/frame.py, which builds the game frame's panels on them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.visual import Visual, VisualType, visualize
from textual.widget import Widget
from textual.widgets import Static


if TYPE_CHECKING:
    from textual import getters

    from tui.app import CampfireApp


def shown_on_screen(widget: Widget) -> bool:
    """Whether `widget` and every container around it are displayed."""
    return all(node.display for node in widget.ancestors_with_self if isinstance(node, Widget))


def changed_span(y: int, old: str, new: str) -> Region:
    """Row `y` from the first character where `old` and `new` differ to the end of the
    longer one."""
    same = 0
    for a, b in zip(old, new):
        if a != b:
            break
        same += 1
    start = cell_len(new[:same])
    return Region(start, y, max(cell_len(old), cell_len(new)) - start, 1)


class MeasuredAgainWhenShown:
    """For a text widget that takes a new text while hidden without laying the screen out
    (a hidden panel did so at every replay step). Textual keeps a widget's box, and its
    containers' arrangements, per container size until a layout is asked of the widget or
    its size changes, neither of which happens to a hidden one: shown again at a size it
    had been laid out at (a terminal grown or shrunk back), it got the box of the text it
    had then and cut the new one with no scrollbar (Bonfire's Tom beside the actions,
    Bioviva's card). So the first new text while hidden asks one layout, which drops those
    boxes; a hidden widget gets no new one, so later texts ask nothing until it has been
    shown again. (Shown, a text changed without a layout has the same rows at the width it
    has, and a box kept for another width goes when the widget's size changes.)"""

    _changed_unseen = False

    def changed_while_hidden(self) -> None:
        if not self._changed_unseen and isinstance(self, Widget):
            self._changed_unseen = True
            self.refresh(layout=True)

    def on_resize(self) -> None:
        # Shown again (Textual sends `Resize` to a widget it shows) and laid out.
        self._changed_unseen = False


class SteadyText(MeasuredAgainWhenShown, Static):
    """Text shown verbatim (never markup) that repaints only the rows that changed.

    `Static.update` resends the whole widget even for the same text. This one repaints
    nothing for the same text and, while the text keeps its number of rows, only the rows
    that differ once wrapped from those of the text last drawn (kept here, Textual's own
    render cache being private); a new height still lays the screen out and repaints it
    whole.
    """

    if TYPE_CHECKING:  # Textual's way to tell a type checker the app's class; no run-time check
        app = getters.app(CampfireApp)

    def __init__(self, text: str | Text = "", **kwargs: Any) -> None:
        super().__init__(markup=False, **kwargs)
        self._text = text
        self._text_visual = visualize(self, text, markup=False)
        self._drawn: tuple[Size, Visual, Any] | None = None
        #: The last texts wrapped for a comparison: (visual, width, style, rows). The text
        #: shown now is the text drawn at the next change, so it is wrapped once, not twice.
        self._wrapped_rows: list[tuple[Visual, int, Any, list[Strip]]] = []
        #: While `render_lines` runs: those rows, and the blank row under them.
        self._rows_drawn: tuple[list[Strip], Strip] | None = None

    @property
    def text(self) -> str:
        return str(self._text)

    @property
    def content(self) -> VisualType:
        """The text shown (as `Static.content` is what it was last updated with)."""
        return self._text

    @content.setter
    def content(self, content: VisualType) -> None:
        self.update(content)

    def render(self) -> Visual:
        return self._text_visual

    def render_lines(self, crop: Region) -> list[Strip]:
        # What the terminal shows now: the text drawn, at this size and style.
        size, style = self.size, self.visual_style
        self._drawn = (size, self._text_visual, style)
        # The rows the last comparison wrapped, when they are this text's at this width
        # and style: Textual would wrap the whole text once more to draw a row of it.
        self._rows_drawn = None
        if self.styles.content_align == ("left", "top") and self.text_selection is None:
            for visual, width, kept_style, rows in self._wrapped_rows:
                if visual is self._text_visual and width == size.width and kept_style == style:
                    self._rows_drawn = (rows, Strip.blank(width, style.rich_style))
        try:
            return super().render_lines(crop)
        finally:
            self._rows_drawn = None

    def render_line(self, y: int) -> Strip:
        if self._rows_drawn is None:
            return super().render_line(y)
        rows, blank = self._rows_drawn
        return rows[y] if y < len(rows) else blank

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        self.show(content)

    def show(self, text: str | Text) -> bool:
        """Show `text`; whether it differed from what was shown."""
        if text == self._text:
            return False
        old, self._text = self._text, text
        self._text_visual = visualize(self, text, markup=False)
        if not self._displayed():
            # Nothing on screen to compare: the layout that shows it again measures the new
            # text (`changed_while_hidden`).
            self.changed_while_hidden()
            self.refresh()
            return True
        regions = self._changed_lines(old, text) if isinstance(old, str) and isinstance(text, str) else None
        if regions is None:
            rows = self._changed_rows()
            regions = None if rows is None else [Region(0, y, self.size.width, 1) for y in rows]
        if regions is None:
            self.clear_cached_dimensions()
            self.refresh(layout=True)
        elif regions:
            self.refresh(*regions)
        return True

    def _displayed(self) -> bool:
        return shown_on_screen(self)

    def _changed_lines(self, old: str, new: str) -> list[Region] | None:
        """Plain text whose lines all fit is drawn a line per row: compare lines, not rows
        (a ghost step changes the hand's text, and wrapping it again costs more than the
        repaint), and repaint from the first changed character to the end of the longer
        line. None when a line may wrap or the height changes."""
        width, height = self.size
        was, now = old.split("\n"), new.split("\n")
        if not self._drawn_at_this_size() or max(len(was), len(now)) > height or self._height_for(len(now)) != height:
            return None
        if any(cell_len(line) > width for line in (*was, *now)):
            return None
        if self.styles.text_align not in ("left", "start") or self.styles.line_pad:
            return None  # the line's place in its row depends on its length
        was += [""] * (height - len(was))
        now += [""] * (height - len(now))
        return [changed_span(y, a, b) for y, (a, b) in enumerate(zip(was, now)) if a != b]

    def _changed_rows(self) -> list[int] | None:
        """The rows that differ from those drawn last, or None when the height changes (or
        nothing was drawn at this size yet)."""
        if not self._drawn_at_this_size():
            return None
        width, height = self.size
        style = self.visual_style
        rows = self._rows_of(self._text_visual, width, style)
        if self._drawn is None:
            return None
        _, drawn_visual, drawn_style = self._drawn
        if drawn_style != style:
            return None
        drawn = self._rows_of(drawn_visual, width, style)
        if max(len(rows), len(drawn)) > height or self._height_for(len(rows)) != height:
            return None
        changed = [y for y, now in enumerate(rows) if y >= len(drawn) or drawn[y] != now]
        # Rows under the text are blank: repaint those that showed something.
        return changed + [y for y in range(len(rows), len(drawn)) if drawn[y].text.strip()]

    def _rows_of(self, visual: Visual, width: int, style: Any) -> list[Strip]:
        """`visual` wrapped at `width` in `style` (kept for the last two texts)."""
        for kept_visual, kept_width, kept_style, rows in self._wrapped_rows:
            if kept_visual is visual and kept_width == width and kept_style == style:
                return rows
        rows = Visual.to_strips(self, visual, width, None, style)
        self._wrapped_rows = [*self._wrapped_rows[-1:], (visual, width, style, rows)]
        return rows

    def _drawn_at_this_size(self) -> bool:
        auto_width = self.styles.width is not None and self.styles.width.is_auto
        drawn = self._drawn
        return (
            self.is_mounted and self.size.width > 0 and not auto_width and drawn is not None and drawn[0] == self.size
        )

    def _height_for(self, rows: int) -> int:
        """The height the widget takes for text of `rows` rows: the rows, no less than its
        min-height (the log keeps the height of its view), or the height it is given."""
        styles = self.styles
        if styles.height is not None and not styles.height.is_auto:
            return self.size.height
        if styles.max_height is not None:
            return -1  # a cap, a scrollbar...: leave it to the layout
        floor = 0
        if styles.min_height is not None:
            floor = int(styles.min_height.resolve(self.container_size, self.app.size))
        return max(rows, floor)
