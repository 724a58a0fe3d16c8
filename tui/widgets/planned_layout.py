"""The size a widget will have once its screen is laid out, known before that layout.

A game screen draws its first table when it mounts, before any layout has sized its board;
a board that picks what fits (how many rivers, how large their cells) guessed the board's
size from the terminal's, guessed wrong at some sizes, and was drawn a second time after the
first layout. Textual's own arrangement, run from the screen down to the widget on the
styles as they stand (breakpoint classes included), gives the size that layout will give.
"""

from __future__ import annotations

from textual._arrange import arrange
from textual.geometry import Size
from textual.widget import Widget


def planned_size(widget: Widget) -> Size:
    """The size of `widget`'s content area as its screen's next layout will make it: Size(0, 0)
    when it will not be shown. Widgets sized by their content (auto heights) count with the
    content they hold now, and scrollbars a container may add are not counted."""
    screen = widget.screen
    viewport = screen.size if screen.size.area else screen.app.size
    size = viewport
    path = list(reversed(widget.ancestors_with_self))
    parent = screen
    for child in path[path.index(screen) + 1 :]:
        # Arranged afresh, never from the parent's cache: what an auto-sized widget holds
        # may still change before the layout.
        placements = arrange(parent, list(parent._nodes), size, viewport).placements
        region = next((placement.region for placement in placements if placement.widget is child), None)
        if region is None:
            return Size(0, 0)
        size = region.shrink(child.styles.gutter).size
        parent = child
    return size
