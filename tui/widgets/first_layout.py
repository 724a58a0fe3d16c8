"""What a screen's first layout will do, worked out before its first frame.

Textual learns that a scrolling container overflows from the layout that draws it, then
shows its scrollbar (the text beside it wraps again to the narrower width) and anything
that depends on it (a key in the footer) a frame or two later: a new screen kept changing
after its first frame. A screen that calls these while it mounts draws the final look at
once. A board that picks what fits (how many rivers, how large their cells) asks the size
it will have. The arrangements asked for here are Textual's own (`arrange`), worked out
afresh, never from a container's cache (with the internals; `Widget.arrange`, which may
answer from its cache, without): what an auto-sized widget holds may have changed since.
The layout works them out again: for Bonfire's screen 3-5 ms of CPU, against a second
layout and two more frames.
"""

from __future__ import annotations

from textual.geometry import Region, Size
from textual.widget import Widget
from textual.widgets import OptionList

from tui.textual_internals.first_layout import fresh_arrangement


def _viewport(widget: Widget) -> Size:
    screen = widget.screen
    return screen.size if screen.size.area else widget.app.size


def _arranged(container: Widget, size: Size):
    return fresh_arrangement(container, size, _viewport(container))


def _scrollable_region(widget: Widget, region: Region) -> Region:
    """`region` less the scrollbars `widget` shows (or always keeps room for), as Textual
    lays them out."""
    vertical, horizontal = widget.scrollbars_enabled
    styles = widget.styles
    vertical_size, horizontal_size = styles.scrollbar_size_vertical, styles.scrollbar_size_horizontal
    vertical = bool(vertical and vertical_size) or styles.scrollbar_gutter == "stable"
    horizontal = bool(horizontal and horizontal_size)
    if horizontal and vertical:
        region = region.split(-vertical_size, -horizontal_size)[0]
    elif vertical:
        region = region.split_vertical(-vertical_size)[0]
    elif horizontal:
        region = region.split_horizontal(-horizontal_size)[0]
    return region


def region_at_first_layout(widget: Widget) -> Region | None:
    """The size and place, inside its container, the screen's next layout gives `widget`
    on a terminal of the app's size; None where it is not displayed."""
    chain = [node for node in reversed(widget.ancestors_with_self) if isinstance(node, Widget)]
    chain = chain[chain.index(widget.screen) :]
    region = _viewport(widget).region
    for container, child in zip(chain, chain[1:]):
        inside = region.shrink(container.styles.gutter)
        if container.is_scrollable:
            inside = _scrollable_region(container, inside)
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


def planned_child_sizes(container: Widget) -> dict[Widget, Size]:
    """The content size the screen's next layout gives each of `container`'s children: one
    arrangement for them all, where `planned_size` works each one's way down from the
    screen."""
    placed = region_at_first_layout(container)
    if placed is None:
        return {}
    inside = placed.shrink(container.styles.gutter)
    if container.is_scrollable:
        inside = _scrollable_region(container, inside)
    placements = _arranged(container, inside.size).placements
    return {p.widget: p.region.shrink(p.widget.styles.gutter).size for p in placements}


def _inside_and_foot(scroller: Widget) -> tuple[Region, int] | None:
    """The area inside `scroller`'s gutter at the next layout, and the bottom of its
    content laid out in its view; None where it is not displayed."""
    placed = region_at_first_layout(scroller)
    if placed is None:
        return None
    inside = placed.shrink(scroller.styles.gutter)
    view = _scrollable_region(scroller, inside).size
    if isinstance(scroller, OptionList):
        return inside, scroller.get_content_height(inside.size, _viewport(scroller), view.width)
    return inside, _arranged(scroller, view).spatial_map.total_region.bottom


def scrollbar_from_first_frame(scroller: Widget) -> Region | None:
    """Show the vertical scrollbar of `scroller` (a container or an OptionList) from the
    screen's first frame if its content will be taller than its view (as Textual's layout
    would decide, a frame late). Returns the view beside the scrollbar when it shows, else
    None."""
    planned = _inside_and_foot(scroller)
    if planned is None or planned[1] <= planned[0].height:
        return None
    inside, foot = planned
    view = _scrollable_region(scroller, inside)
    if isinstance(scroller, OptionList):
        # A ScrollView keeps its own virtual size through a layout (an OptionList sets it
        # as it draws, after the layout): the layout would hide the scrollbar again.
        scroller.set_reactive(Widget.virtual_size, Size(view.width, foot))
    scroller.set_reactive(Widget.show_vertical_scrollbar, True)
    return view


def scroll_end_from_first_frame(scroller: Widget) -> None:
    """Scroll `scroller` to the end of its content as the screen's next layout will lay
    it out, so its first frame shows the last lines. (Textual's anchor, set before that
    layout, scrolls from a view size it does not know yet: past the end; set after it,
    it scrolls a frame late.) Call after `scrollbar_from_first_frame`: the scrollbar
    narrows the view, and the content may wrap to more rows."""
    planned = _inside_and_foot(scroller)
    if planned is None:
        return
    inside, foot = planned
    end = max(0, foot - _scrollable_region(scroller, inside).height)
    scroller.set_reactive(Widget.scroll_y, end)
    scroller.set_reactive(Widget.scroll_target_y, end)
    scroller.vertical_scrollbar.position = end
