"""The footer every Campfire screen shows: the keys that work now, rebuilt only when they
change."""

from __future__ import annotations

from typing import Any, Self, TypeVar

from textual.app import ComposeResult
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from tui.textual_internals import (
    enabled,
    footer_key_compact_now,
    footer_keys_ready,
    is_footer_key,
    resize_without_second_layout,
    running_as,
    set_footer_keys_ready,
)

W = TypeVar("W", bound=Widget)


class SteadyFooter(Footer):
    """Textual's footer rebuilds every key on every bindings refresh, and a move asks for
    several (the table, the focus, the board); this one rebuilds at most once per repaint,
    and only when the keys it shows changed."""

    def __init__(self, *args: Any, keys_at_once: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._keys_shown: tuple[Any, ...] | None = None
        self._check_pending = False
        # Textual's footer leaves its keys for after the screen's first frame, which took
        # another frame or four (40-100 ms on a loaded machine) before a new screen looked
        # as it does. `keys_at_once` builds them with the screen, in its first frame (rebuilt
        # only if the focus changes them), for screens whose `check_action` can answer
        # before they are mounted: a game screen's asks widgets and a table not there yet.
        # (With Textual's internals only: without, the keys come as Textual's footer has them.)
        if keys_at_once and enabled("first_frame"):
            set_footer_keys_ready(self)

    def _keys_now(self) -> tuple[Any, ...]:
        palette = self.app.COMMAND_PALETTE_BINDING
        keys = tuple(
            (
                key,
                binding.action,
                binding.description,
                binding.group,
                self.app.get_key_display(binding),
                enabled,
                tooltip,
            )
            for key, (_, binding, enabled, tooltip) in self.screen.active_bindings.items()
            if binding.show or key == palette
        )
        return keys, self.show_command_palette, self.combine_groups

    def compose(self) -> ComposeResult:
        if not enabled("steady_repaints"):
            yield from super().compose()
            return
        self._keys_shown = self._keys_now() if footer_keys_ready(self) else None
        for widget in super().compose():
            if is_footer_key(widget):
                # A key starts compact and was styled so when it mounted, then styled again
                # when it took the footer's setting (the keys bound to it): set up front.
                footer_key_compact_now(self, widget)
            yield painted_once(widget)

    async def show_keys(self) -> None:
        """Build the keys now, from the screen's bindings as they stand. A screen whose
        `check_action` needs what its mount sets up (a game's first table, the focus)
        awaits this at the end of its mount, so its first frame shows them (with Textual's
        internals; without, the keys come a frame or more later, as Textual's footer has
        them)."""
        if not enabled("first_frame"):
            return
        set_footer_keys_ready(self)
        with running_as(self):  # as when the footer runs it itself: its keys bind to it
            await self.recompose()

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        # The footer draws nothing of its own under its keys: a layout that places them
        # again repaints every key that moved, and the footer's own repaint would resend the
        # whole row a frame later.
        if layout and not regions:
            repaint = False
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def bindings_changed(self, screen: Screen) -> None:
        if not enabled("steady_repaints"):
            super().bindings_changed(screen)
            return
        set_footer_keys_ready(self)
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._check_pending:
            self._check_pending = True
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        self._check_pending = False
        if self.is_attached and self._keys_now() != self._keys_shown:
            await self.recompose()


def painted_once(widget: W) -> W:
    """A widget whose size changes is painted by the layout that resizes it; Textual's
    default then asks for another layout (through `virtual_size`), which resends the whole
    widget on the next frame. For widgets that do not scroll (keys the footer builds,
    containers sized by their content) that second layout is only a second paint. Works on
    widgets built elsewhere, such as Textual's own footer keys."""
    resize_without_second_layout(widget)
    return widget
