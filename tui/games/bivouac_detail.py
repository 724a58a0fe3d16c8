"""Bivouac's detail: what the spot under the cursor does (a location with the cards it
offers, or an activity), drawn line by line so a cursor step repaints only what changed."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Any

from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from tui.textual_internals.plain_lines import plain_lines

PREPARING_PAUSE = 0.0001  # seconds between two spot details prepared after a frame


class SpotDetail(Widget):
    """What the spot under the cursor does, drawn line by line.

    Each spot's text is made and wrapped once per game state and width: walking the cursor
    back and forth wrapped it again on every step, and repainted all of it. A step repaints
    only the rows that differ and, while `stepping`, keeps the height the box has (growing
    at most), so the screen needs no new layout; a new state fits the box to its text.
    The screen hands it the other spots to `prepare` after the frame, so that a step finds
    its spot made and wrapped."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._spot: Hashable = None
        self._texts: dict[Hashable, Text] = {}
        self._wrapped: dict[tuple[Hashable, int], list[Strip]] = {}
        self._wrapped_style: object = None
        #: The text wrapped last (width, text, lines), kept when the state changes.
        self._last_wrapped: tuple[int, Text, list[Strip]] | None = None
        self._kept_rows = 0
        self._shown: tuple[int, list[Strip]] = (0, [])  # the width and lines last shown
        self._unprepared: Iterator[tuple[Hashable, Callable[[], Text]]] = iter(())
        self._preparing = False
        #: While the screen asks for rows: the lines shown and the blank row under them.
        self._drawing: tuple[list[Strip], Strip] | None = None

    def forget(self) -> None:
        """The game state changed: every spot's text is made again when shown."""
        self._texts.clear()
        self._wrapped.clear()
        self._unprepared = iter(())

    def prepare(self, spots: Iterator[tuple[Hashable, Callable[[], Text]]]) -> None:
        """Make and wrap the texts of `spots` (spot, how to make its text) after the frame,
        one spot at a time while nothing else waits: the first step to a spot after a move
        otherwise did both inside the key. A later call, or `forget`, drops the
        spots not prepared yet."""
        self._unprepared = spots
        if not self._preparing:
            self._preparing = True
            self.call_after_refresh(self._prepare_next)

    @property
    def preparing(self) -> bool:
        """Whether spots given to `prepare` still wait to be made and wrapped."""
        return self._preparing

    def _prepare_next(self) -> None:
        width = self.size.width
        for spot, text in self._unprepared if self.is_mounted and width > 0 else ():
            if spot not in self._texts:
                self._texts[spot] = text()
            self._wrap(spot, width)
            # A timer's task of its own, so a key that comes meanwhile is not kept waiting
            # behind the remaining spots (callbacks on this widget's queue run back to back;
            # a timer of 0 s divides by its interval).
            self.set_timer(PREPARING_PAUSE, self._prepare_next)
            return
        self._preparing = False

    def show(self, spot: Hashable, text: Callable[[], Text], *, stepping: bool = False) -> None:
        """Show the text of `spot`, made by `text` unless this state already made it."""
        if spot not in self._texts:
            self._texts[spot] = text()
        width, rows = self.size
        self._spot, self._kept_rows = spot, rows if stepping else 0
        if not self.is_mounted or width <= 0:
            self.refresh(layout=True)
            return
        (shown_width, was), now = self._shown, self._lines(width)
        self._shown = (width, now)
        if max(len(now), self._kept_rows) != rows:
            self.refresh(layout=True)
        elif shown_width != width:
            self.refresh()
        else:
            blank = self._blank()
            changed = [
                y for y in range(rows) if (was[y] if y < len(was) else blank) != (now[y] if y < len(now) else blank)
            ]
            if changed:
                self.refresh(*(Region(0, y, width, 1) for y in changed))

    def _lines(self, width: int) -> list[Strip]:
        """The shown spot's text wrapped at `width`."""
        return self._wrap(self._spot, width)

    def _wrap(self, spot: Hashable, width: int) -> list[Strip]:
        """The text of `spot` (made already) wrapped at `width`, as Textual would draw it in
        a Static; no lines for a spot without a text."""
        if spot not in self._texts:
            return []
        style = self.visual_style
        if style != self._wrapped_style:
            self._wrapped.clear()
            self._last_wrapped = None
            self._wrapped_style = style
        key = (spot, width)
        lines = self._wrapped.get(key)
        if lines is None or self.text_selection is not None:
            text, last = self._texts[spot], self._last_wrapped
            if last is not None and self.text_selection is None and last[:2] == (width, text):
                lines = last[2]  # the same words in a new state (a replay step, mostly)
            else:
                lines = Visual.to_strips(self, visualize(self, text, markup=False), width, None, style)
            if self.text_selection is None:
                self._wrapped[key] = lines
                self._last_wrapped = (width, text, lines)
        return lines

    def _blank(self) -> Strip:
        """A row under the text, drawn as a blank line of text is: one space in the text's
        style, and the box's background beyond it."""
        return Strip.blank(1, self.visual_style.rich_style)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return max(len(self._lines(width)), self._kept_rows) if width > 0 else 0

    def render_line(self, y: int) -> Strip:
        drawing = self._drawing
        if drawing is None:
            drawing = self._drawing_now()
        lines, blank = drawing
        return lines[y] if y < len(lines) else blank

    def _drawing_now(self) -> tuple[list[Strip], Strip]:
        """The lines the box shows now, and its blank row under them."""
        width = self.size.width
        lines = self._lines(width)
        # What the rows show, for the next step to repaint only those it changes: the
        # first draw of a state, before the box had its width, left none, and the first
        # step repainted (and restyled) the whole box.
        self._shown = (width, lines)
        return lines, self._blank()

    def render_lines(self, crop: Region) -> list[Strip]:
        # The lines are looked up once for all the rows asked (the width, the style and the
        # selection each cost a walk of the screen's styles, 30 rows a step beside the camp).
        self._drawing = self._drawing_now()
        try:
            # Beside the camp (from 200 columns) the box has no border: a step hands the
            # screen the spot's kept lines, not some 30 rows restyled anew.
            lines = plain_lines(self, crop)
            return super().render_lines(crop) if lines is None else lines
        finally:
            self._drawing = None
