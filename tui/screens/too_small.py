"""Shown instead of anything else while the terminal is smaller than Campfire needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class TooSmallScreen(ModalScreen[None]):
    def compose(self) -> ComposeResult:
        with Vertical(id="too-small-box"):
            yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.update_size(*self.app.size)

    def update_size(self, width: int, height: int) -> None:
        from tui.app import MIN_HEIGHT, MIN_WIDTH

        self.query_one("#too-small-text", Static).update(
            f"Campfire needs a terminal of at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
            f"This one is {width}x{height}: please enlarge it.\n"
            "Your game is safe; it continues as soon as there is room."
        )
