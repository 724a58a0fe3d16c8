"""The whole game's log as the current viewer may read it, in a screen of its own (`L`)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from tui.key_hints import with_keys


class LogScreen(Screen[None]):
    BINDINGS = [
        Binding("escape,L", "close", "Back to game", id="log.close"),
    ]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        count = len(self.lines)
        yield Static(
            Text(
                f"{self.title_text}: the whole log, {count} line{'s' if count != 1 else ''}   "
                # The scrolling keys are Textual's own (no binding id remaps them).
                + with_keys(self, "(arrows, PageUp/PageDown, Home/End; {log.close} back)")
            ),
            classes="title",
        )
        with VerticalScroll(id="whole-log"):
            yield Static(Text("\n".join(self.lines) or "Nothing has happened yet."), id="whole-log-text")
        yield Footer()

    def on_mount(self) -> None:
        scroller = self.query_one("#whole-log", VerticalScroll)
        scroller.focus()
        # Open at the newest lines, as the log on the game screen shows them.
        self.call_after_refresh(scroller.scroll_end, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
