"""What a screen's first layout will do, worked out before its first frame.

Textual learns that a scrolling container overflows from the layout that draws it, then
shows its scrollbar (the text beside it wraps again to the narrower width) and anything
that depends on it (a key in the footer) a frame or two later: a new screen kept changing
after its first frame. A screen that calls these while it mounts draws the final look at
once. The arrangements asked for here are Textual's own (`Widget.arrange`); the layout may
work them out again (text set just before drops its caches at the next idle): for
Bonfire's screen 3-5 ms of CPU, against a second layout and two more frames.
"""

from __future__ import annotations

from textual.geometry import Region
from textual.widget import Widget


def region_at_first_layout(widget: Widget) -> Region | None:
    """The size and place, inside its container, the screen's next layout gives `widget`
    on a terminal of the app's size; None where it is not displayed."""
    screen = widget.screen
    chain = [node for node in reversed(widget.ancestors_with_self) if isinstance(node, Widget)]
    chain = chain[chain.index(screen):]
    region = widget.app.size.region
    for container, child in zip(chain, chain[1:]):
        inside = region.shrink(container.styles.gutter)
        if container.is_scrollable:
            inside = container._get_scrollable_region(inside)
        placed = next((p.region for p in container.arrange(inside.size).placements if p.widget is child), None)
        if placed is None:
            return None
        region = placed
    return region


def scrollbar_from_first_frame(scroller: Widget) -> Region | None:
    """Show the vertical scrollbar of `scroller` from the screen's first frame if its
    content will be taller than its view (as Textual's layout would decide, a frame late).
    Returns the view beside the scrollbar when it shows, else None."""
    placed = region_at_first_layout(scroller)
    if placed is None:
        return None
    inside = placed.shrink(scroller.styles.gutter)
    foot = scroller.arrange(scroller._get_scrollable_region(inside).size).spatial_map.total_region.bottom
    if foot <= inside.height:
        return None
    scroller.set_reactive(Widget.show_vertical_scrollbar, True)
    return scroller._get_scrollable_region(inside)
