"""The hot-seat privacy curtain: hides everything secret until the next player is ready."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class CurtainScreen(ModalScreen[str]):
    BINDINGS = [
        Binding("enter,space", "ready", "I am ready", id="curtain.ready"),
        Binding("escape", "menu", "Menu", id="curtain.menu"),
    ]

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical(id="curtain-box"):
            yield Static(f"Pass the keyboard to {self.player}.", classes="title", markup=False)
            yield Static(f"{self.player}, press Enter when nobody else is looking.", id="curtain-text", markup=False)

    def action_ready(self) -> None:
        self.dismiss("ready")

    def action_menu(self) -> None:
        self.dismiss("menu")
