"""A widget's styled rows kept per spot ("spot_styles"): Textual's `StylesCache`, which
styles a widget's rows (background, border, colour filter), taught to keep them for each
spot the widget shows."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from textual._styles_cache import StylesCache
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


def keep_styled_rows(widget: Widget, spot: Callable[[], Hashable | None]) -> KeptStyledRows | None:
    """Have Textual style `widget`'s rows through a `KeptStyledRows` keyed by `spot`, and
    return it; None without the internals (Textual's own cache styles them, anew each
    time)."""
    from tui.textual_internals import enabled

    if not enabled("spot_styles"):
        return None
    cache = KeptStyledRows(spot)
    widget._styles_cache = cache
    return cache


class KeptStyledRows(StylesCache):
    """Textual's cache of a widget's styled rows (one per row, styled again when the row is
    refreshed) that also keeps each spot's rows once styled: a step to a spot shown before
    styled every row of it again (background, border, colour filter: a third of a cursor
    step's CPU at 200x60, Bivouac's spot detail). `spot` names the spot drawn now, or None
    when its rows must be styled anew. Textual clears the cache on any change of style or
    width, and the widget (`SpotDetail.forget`) on a new state."""

    def __init__(self, spot: Callable[[], Hashable | None]) -> None:
        super().__init__()
        self._spot = spot
        self._styled: dict[Hashable, Strip] = {}

    def clear(self) -> None:
        super().clear()
        self._styled.clear()

    def render_line(
        self,
        styles: Any,
        y: int,
        size: Any,
        content_size: Any,
        padding: Any,
        base_background: Any,
        background: Any,
        render_content_line: Callable[[int], Strip],
        *rest: Any,
    ) -> Strip:
        spot = self._spot()
        if spot is None:
            return super().render_line(
                styles, y, size, content_size, padding, base_background, background, render_content_line, *rest
            )
        key = (spot, y, size, content_size, padding, base_background, background, *rest)
        line = self._styled.get(key)
        if line is None:
            line = self._styled[key] = super().render_line(
                styles, y, size, content_size, padding, base_background, background, render_content_line, *rest
            )
        return line

    def style_aside(self, widget: Widget) -> None:
        """Style every row `widget` would draw now into the kept rows, leaving the rows
        Textual keeps for the screen as they are."""
        aside = KeptStyledRows(self._spot)
        aside._styled, aside._width = self._styled, widget.region.width  # a new width would clear them
        aside.render_widget(widget, Region(0, 0, *widget.outer_size))
