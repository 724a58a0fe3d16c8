"""A save another session is playing: look at it read-only, take it over, or go back."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from saves.limits import printable
from tui.key_hints import with_keys


class InUseScreen(ModalScreen[str | None]):
    """Dismissed with "view", "take" or None (back)."""

    BINDINGS = [
        Binding("v", "choose('view')", "View read-only", id="in_use.view"),
        Binding("t", "choose('take')", "Take over", id="in_use.take"),
        Binding("escape", "choose('')", "Back", id="in_use.back"),
    ]

    def __init__(self, file_name: str) -> None:
        super().__init__()
        self.file_name = printable(file_name)

    def compose(self) -> ComposeResult:
        with Vertical(id="in-use-box"):
            yield Static(
                f"{self.file_name} is being played in another Campfire session.", classes="title", markup=False
            )
            yield Static(
                with_keys(
                    self,
                    "{in_use.view}: look at it read-only (nothing you do here is saved)\n"
                    "{in_use.take}: take it over (the other session stops saving and says so)\n"
                    "{in_use.back}: back",
                ),
                id="in-use-text",
                markup=False,
            )
        yield Footer()

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice or None)
