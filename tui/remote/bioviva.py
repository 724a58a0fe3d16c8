"""Bioviva's own screen at a remote table: a typed guess or tile goes to the server as text,
which reads it against the state only it holds."""

from __future__ import annotations

from textual.widgets import Input

from tui.games.bioviva import BiovivaScreen
from tui.remote.screen import REMOTE_BINDINGS, RemoteScreen


class RemoteBiovivaScreen(RemoteScreen, BiovivaScreen):
    BINDINGS = REMOTE_BINDINGS

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id not in ("guess-input", "tile-input"):
            return
        # The local screen reads the text against its state; here the server does.
        event.prevent_default()
        text = event.value.strip()
        if not text or self.viewer is None:
            return
        verb = "guess" if event.input.id == "guess-input" else "tile"
        event.input.value = ""
        self.query_one("#actions").focus()
        self.choose_action(f"{verb} {text}")
