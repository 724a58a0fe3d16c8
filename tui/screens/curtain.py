"""The hot-seat privacy curtain: hides everything secret until the next player is ready.

One curtain at most covers a game (see `tui/screens/handover.py`); when who must act
changes while it is up, the game renames it with `show_player` instead of raising another.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from tui.key_hints import key


class CurtainScreen(ModalScreen[str]):
    BINDINGS = [
        Binding("enter,space", "ready", "I am ready", id="curtain.ready"),
        Binding("escape", "menu", "Menu", id="curtain.menu"),
    ]

    def __init__(self, player: str, over: Screen | None = None) -> None:
        super().__init__()
        self.player = player
        #: The game screen this curtain hides.
        self.over = over

    def compose(self) -> ComposeResult:
        with Vertical(id="curtain-box"):
            yield Static(self._title(), classes="title", markup=False)
            yield Static(self._text(), id="curtain-text", markup=False)

    def _title(self) -> str:
        return f"Pass the keyboard to {self.player}."

    def _text(self) -> str:
        return f"{self.player}, press {key(self, 'curtain.ready')} when nobody else is looking."

    def show_player(self, player: str) -> None:
        """Name another player: whose screen comes next changed while the curtain was up."""
        if player == self.player:
            return
        self.player = player
        if self.is_mounted:
            self.query_one(".title", Static).update(self._title())
            self.query_one("#curtain-text", Static).update(self._text())

    def action_ready(self) -> None:
        self.dismiss("ready")

    def action_menu(self) -> None:
        self.dismiss("menu")
