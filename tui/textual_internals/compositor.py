"""A compositor that repaints only the widgets and rows a refresh touched.

Textual's compositor answers a partial refresh by rendering, in full, every widget that
overlaps the rectangle around all the refreshed regions: a cursor step that repaints a
cell of the board and the text under it renders the screen, every container and every
panel between them, row after row (15 of a Bivouac screen's 23 widgets at 200x60), to
keep a few cells of two of them. This one renders a widget only on the rows where it
shows through a refreshed region, front to back: a container hidden there by the widgets
it holds is not rendered at all. A full update goes the same way, the whole screen being
refreshed. The update is the same either way: the compositor keeps
the front widget's cells of a refreshed row and leaves every other row out.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual._compositor import ChopsUpdate, Compositor, LayoutUpdate
from textual.geometry import Region
from textual.strip import Strip

Spans = dict[int, list[tuple[int, int]]]


def use_refreshed_rows(screen: Any) -> None:
    """Give `screen` the compositor below (with the internals; Textual's own without)."""
    from tui.textual_internals import enabled

    if enabled("compositor"):
        screen._compositor = RefreshedRowsCompositor()


# Kept: key to repaint at 200x60, the median without it over the median with it (the rest of
# the internals on), bench/run.py internals (its goal row, CAMPFIRE_TEXTUAL_INTERNALS=on,
# -compositor), 48 keys a side per board at load average 5-7 on 2 cores: Bivì ghost 1.61x,
# Bonfire ghost 1.56x, Bivouac camp 1.54x, Bioviva map 1.46x, Camp Grizzly map 1.43x.
# tests/test_tui_compositor.py checks that every frame paints the cells Textual's would.
class RefreshedRowsCompositor(Compositor):
    def __init__(self) -> None:
        super().__init__()
        # Per screen row, the refreshed (start, end) columns of the partial update being
        # rendered that no widget in front has covered yet (a row leaves once covered);
        # None outside of one.
        self._uncovered: Spans | None = None

    def render_full_update(self, simplify: bool = False) -> LayoutUpdate:
        # The whole screen is refreshed: a container hidden by the widgets it holds (the
        # screen itself, mostly) is not rendered at all.
        width, height = self.size
        self._uncovered = {row: [(0, width)] for row in range(height)}
        try:
            return super().render_full_update(simplify)
        finally:
            self._uncovered = None

    def render_partial_update(self) -> ChopsUpdate | None:
        uncovered: Spans = {}
        for x, y, width, height in self._dirty_regions:
            for row in range(y, y + height):
                uncovered.setdefault(row, []).append((x, x + width))
        self._uncovered = uncovered
        try:
            return super().render_partial_update()
        finally:
            self._uncovered = None

    def _get_renders(self, crop: Region | None = None) -> Iterable[tuple[Region, Region, list[Strip]]]:
        uncovered = self._uncovered
        if uncovered is None:
            yield from super()._get_renders(crop)
            return
        for widget, (region, clip) in self.visible_widgets.items():  # front to back
            if not uncovered:
                break  # every refreshed cell has its widget
            left, top, width, height = region.intersection(clip)
            right, bottom = left + width, top + height
            rows = [y for y in sorted(uncovered) if top <= y < bottom and _cover(uncovered, y, left, right)]
            if rows:
                # Whole rows of what shows of the widget: the update is cut where widgets
                # start and end, so what a widget hands over must start and end there too.
                band = Region(left, rows[0], width, rows[-1] + 1 - rows[0])
                yield region, band, widget.render_lines(band.translate(-region.offset))


def _cover(uncovered: Spans, y: int, left: int, right: int) -> bool:
    """Take columns left..right of row `y` out of what is still uncovered; whether any of
    them was."""
    spans = uncovered[y]
    kept: list[tuple[int, int]] = []
    hit = False
    for start, end in spans:
        if end <= left or start >= right:
            kept.append((start, end))
            continue
        hit = True
        if start < left:
            kept.append((start, left))
        if end > right:
            kept.append((right, end))
    if hit:
        if kept:
            uncovered[y] = kept
        else:
            del uncovered[y]
    return hit
