"""The footer every Campfire screen shows: the keys that work now, rebuilt only when they
change."""

from __future__ import annotations

from typing import Any, Self

from textual.app import ComposeResult
from textual.geometry import Region
from textual.widgets import Footer

from tui.textual_internals import enabled, running_as, set_footer_keys_ready


class SteadyFooter(Footer):
    """Textual's footer rebuilds every key on every bindings refresh, and a move asks for
    several (the table, the focus, the board); this one rebuilds only when the keys it
    shows changed."""

    def __init__(self, *args: Any, keys_at_once: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._keys_shown: tuple[Any, ...] | None = None
        # Textual's footer leaves its keys for after the screen's first frame, which took
        # another frame or four (40-100 ms on a loaded machine) before a new screen looked
        # as it does. `keys_at_once` builds them with the screen, in its first frame (rebuilt
        # only if the focus changes them), for screens whose `check_action` can answer
        # before they are mounted: a game screen's asks widgets and a table not there yet.
        # (With Textual's internals only: without, the keys come as Textual's footer has them.)
        if keys_at_once and enabled("settled_first_frame"):
            set_footer_keys_ready(self)

    def on_mount(self) -> None:
        # A footer mounted after its screen's bindings were announced (the launcher's, into
        # its row after the first paint) hears of them only at the next change: ask, once
        # Textual's footer has subscribed to hear the answer (its on_mount runs after this).
        if not enabled("settled_first_frame"):
            self.call_after_refresh(self.screen.refresh_bindings)

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
        keys = list(super().compose())
        # Textual's footer yields nothing until its keys are ready: only then are they shown.
        self._keys_shown = self._keys_now() if keys else None
        yield from keys

    async def recompose(self) -> None:
        """Textual asks again on every bindings refresh (a move asks for several): rebuild
        only when the keys to show changed."""
        if self._keys_shown is not None and self.is_attached and self._keys_now() == self._keys_shown:
            return
        await super().recompose()

    async def show_keys(self) -> None:
        """Build the keys now, from the screen's bindings as they stand. A screen whose
        `check_action` needs what its mount sets up (a game's first table, the focus)
        awaits this at the end of its mount, so its first frame shows them (with Textual's
        internals; without, the keys come a frame or more later, as Textual's footer has
        them)."""
        if not enabled("settled_first_frame"):
            self.screen.refresh_bindings()  # Textual's footer then builds them, a frame later
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
