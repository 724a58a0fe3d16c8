"""A Line-API widget's lines for the screen, without Textual's per-line styling when its
styles add nothing to a line.

Textual hands every line a widget repaints through its `StylesCache`, which builds a new
strip for it (borders, padding, tint, opacity) even when the styles add nothing, so every
cache the strip carries (line filters, crops, divisions at the screen's cuts, terminal
bytes) starts empty on every repaint: a Bivì ghost step spent most of its time redoing
them for the same few rows. A widget whose content strips last (a board's rows, a text's
wrapped lines) gets here the very strips `StylesCache.render_widget` would give, built
from its own strips, so a row drawn before comes back with those caches full.
"""

from __future__ import annotations

from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


# Kept: key to repaint at 200x60, the median without it over the median with it (the rest of
# the internals on), bench/run.py internals (its goal row, CAMPFIRE_TEXTUAL_INTERNALS=on,
# -plain_lines), two runs of 48 keys a side at load average 5-7 on 2 cores: Bivouac camp
# cursor 1.39x and 1.56x (its spot detail hands over some 30 kept rows a step), Bivì ghost
# 1.30x and 1.26x; Camp Grizzly and Bioviva 1.10-1.17x, Bonfire 1.08x.
def plain_lines(widget: Widget, crop: Region) -> list[Strip] | None:
    """The lines `widget._styles_cache.render_widget(widget, crop)` renders, or None when
    the widget's styles add to its lines (border, padding, outline, tint, opacity,
    text-opacity, hatch) and only the `StylesCache` draws them; None always without the
    internals (Textual's own path)."""
    from tui.textual_internals import enabled

    if not enabled("plain_lines"):
        return None
    styles = widget.styles
    if (
        widget.BLANK
        or any(styles.gutter)  # border and padding
        or any(edge for edge, _ in styles.outline)
        or styles.tint.a
        or styles.text_opacity != 1.0
        or widget.opacity != 1.0
        or styles.has_rule("hatch")
    ):
        return None
    width, height = widget.region.size
    base_background, background = widget.background_colors
    inner = widget._styles_cache.get_inner_outer(base_background, background)[0].rich_style
    filters = widget.get_line_filters()
    render_line = widget.render_line
    strips: list[Strip] = []
    for y in crop.line_range:
        line = render_line(y) if y < height else Strip.blank(width, inner)
        line = line.adjust_cell_length(width, inner)
        for line_filter in filters:
            line = line.apply_filter(line_filter, background)
        strips.append(line)
    if crop.column_span != (0, width):
        x1, x2 = crop.column_span
        strips = [strip.crop(x1, x2) for strip in strips]
    hover_style = widget.hover_style
    if widget.auto_links and hover_style._link_id and hover_style._meta and "@click" in hover_style.meta:
        link_style_hover = widget.link_style_hover
        if link_style_hover:
            strips = [strip.style_links(hover_style.link_id, link_style_hover) for strip in strips]
    return strips
