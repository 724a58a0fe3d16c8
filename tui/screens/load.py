"""Load: the saved games, newest first, with game, players, turn and date."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from saves.store import SaveInfo, list_saves


def save_line(info: SaveInfo) -> str:
    when = info.updated.strftime("%Y-%m-%d %H:%M")
    if info.error:
        return info.error  # a sentence that starts with the file's name
    state = "finished" if info.over else f"turn {info.turn}"
    if info.in_use:
        state += " (in use)"
    line = f"{info.title:<13} {state:<9} {when}  {info.players}"
    # The seed only once it gives nothing away (a finished game, or one with no secrets).
    return line if info.seed is None or not info.over else f"{line}  (seed {info.seed})"


class LoadScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="load.back")]

    def compose(self) -> ComposeResult:
        yield Static("Load a saved game   (Enter: load, Esc: back)", classes="title")
        yield OptionList(id="save-table")
        yield Footer()

    def on_mount(self) -> None:
        self.infos = list_saves(getattr(self.app, "save_dir", None))
        listing = self.query_one("#save-table", OptionList)
        if not self.infos:
            listing.add_option(Option("No saved games yet.", disabled=True))
        for info in self.infos:
            listing.add_option(Option(Text(save_line(info)), disabled=info.error is not None))
        listing.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from tui.opening import open_file

        info = self.infos[event.option_index]
        self.app.pop_screen()
        open_file(self.app, info.path)
