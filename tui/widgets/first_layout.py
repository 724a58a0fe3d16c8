"""What a screen's first layout will do, worked out before its first frame.

Textual learns that a scrolling container overflows from the layout that draws it, then
shows its scrollbar (the text beside it wraps again to the narrower width) and anything
that depends on it (a key in the footer) a frame or two later: a new screen kept changing
after its first frame. A screen that calls these while it mounts draws the final look at
once. A board that picks what fits (how many rivers, how large their cells) asks the size
it will have. The arrangements asked for here are Textual's own (`arrange`), worked out
afresh, never from a container's cache: what an auto-sized widget holds may have changed
since. The layout works them out again: for Bonfire's screen 3-5 ms of CPU, against a
second layout and two more frames.
"""

from __future__ import annotations

from textual._arrange import arrange
from textual.geometry import Region, Size
from textual.widget import Widget


def _viewport(widget: Widget) -> Size:
    screen = widget.screen
    return screen.size if screen.size.area else widget.app.size


def _arranged(container: Widget, size: Size):
    return arrange(container, list(container._nodes), size, _viewport(container))


def region_at_first_layout(widget: Widget) -> Region | None:
    """The size and place, inside its container, the screen's next layout gives `widget`
    on a terminal of the app's size; None where it is not displayed."""
    chain = [node for node in reversed(widget.ancestors_with_self) if isinstance(node, Widget)]
    chain = chain[chain.index(widget.screen):]
    region = _viewport(widget).region
    for container, child in zip(chain, chain[1:]):
        inside = region.shrink(container.styles.gutter)
        if container.is_scrollable:
            inside = container._get_scrollable_region(inside)
        placements = _arranged(container, inside.size).placements
        placed = next((p.region for p in placements if p.widget is child), None)
        if placed is None:
            return None
        region = placed
    return region


def planned_size(widget: Widget) -> Size:
    """The size of `widget`'s content area as its screen's next layout will make it;
    Size(0, 0) when it will not be shown."""
    placed = region_at_first_layout(widget)
    return Size(0, 0) if placed is None else placed.shrink(widget.styles.gutter).size


def scrollbar_from_first_frame(scroller: Widget) -> Region | None:
    """Show the vertical scrollbar of `scroller` from the screen's first frame if its
    content will be taller than its view (as Textual's layout would decide, a frame late).
    Returns the view beside the scrollbar when it shows, else None."""
    placed = region_at_first_layout(scroller)
    if placed is None:
        return None
    inside = placed.shrink(scroller.styles.gutter)
    view = scroller._get_scrollable_region(inside).size
    foot = _arranged(scroller, view).spatial_map.total_region.bottom
    if foot <= inside.height:
        return None
    scroller.set_reactive(Widget.show_vertical_scrollbar, True)
    return scroller._get_scrollable_region(inside)
