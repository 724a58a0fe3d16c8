"""A container's arrangement worked out afresh ("settled_first_frame")."""

from __future__ import annotations

from textual._arrange import arrange
from textual.geometry import Size
from textual.layout import DockArrangeResult
from textual.widget import Widget


def fresh_arrangement(container: Widget, size: Size, viewport: Size) -> DockArrangeResult:
    """Where `container` places its children in `size` on a terminal of `viewport`, worked
    out now. Without the internals, `Widget.arrange`, which answers from the container's
    cache when its children did not change (what an auto-sized child holds may have) and
    takes the screen's size as the viewport."""
    from tui.textual_internals import enabled

    if not enabled("settled_first_frame"):
        return container.arrange(size)
    return arrange(container, list(container.children), size, viewport)
