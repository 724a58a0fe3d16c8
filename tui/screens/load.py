"""Load: the saved games, newest first, with game, players, turn and date."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from saves.store import SaveInfo, list_saves
from tui.key_hints import fixed_key, with_keys


def save_line(info: SaveInfo, setup: str = "") -> str:
    when = info.updated.strftime("%Y-%m-%d %H:%M")
    if info.error:
        return info.error  # a sentence that starts with the file's name
    state = "finished" if info.over else f"turn {info.turn}"
    if info.in_use:
        state += " (in use)"
    line = f"{info.title:<13} {state:<9} {when}  {info.players}"
    return f"{line}\n    {setup}" if setup else line


def save_setup(info: SaveInfo) -> str:
    """The game's first option (its main variant: a mode, a setup), any
    other option changed from its default, and the seed once it gives nothing away (a
    finished game, or one with no secrets), so saves can be told apart."""
    import msgspec

    from engines.core.errors import BadOptions
    from engines.registry import load_engine
    from saves.errors import SaveError
    from saves.store import read_save

    try:
        save = read_save(info.path)
        defaults = msgspec.to_builtins(load_engine(save.game).options_type())
    except (SaveError, BadOptions, ImportError):  # the line then says less, never fails
        return ""
    main = next(iter(defaults), None)
    chosen = [
        f"{name.replace('_', ' ')} {_word(value)}"
        for name, value in save.options.items()
        if name == main or (defaults.get(name) != value and value not in ("", [], None))
    ]
    if info.seed is not None:
        chosen.append(f"seed {info.seed}")
    return ", ".join(chosen)


def _word(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list):
        return ",".join(map(str, value))
    return str(value)


class LoadScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="load.back"),
        Binding("r", "review", "Review", id="load.review"),
    ]

    def compose(self) -> ComposeResult:
        # Enter is the list's own key (Textual's OptionList): no binding id remaps it.
        hint = f"Load a saved game   ({fixed_key(self, 'enter')}: load, {{load.review}}: review, {{load.back}}: back)"
        yield Static(with_keys(self, hint), classes="title", markup=False)
        yield OptionList(id="save-table", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.infos = list_saves(getattr(self.app, "save_dir", None))
        listing = self.query_one("#save-table", OptionList)
        if not self.infos:
            listing.add_option(Option("No saved games yet.", disabled=True))
        for info in self.infos:
            setup = "" if info.error else save_setup(info)
            listing.add_option(Option(Text(save_line(info, setup)), disabled=info.error is not None))
        # The first save that opens is under the cursor, so Enter loads it at once (an
        # option list starts with nothing highlighted, and Enter did nothing).
        readable = [n for n, info in enumerate(self.infos) if info.error is None]
        if readable:
            listing.highlighted = readable[0]
        listing.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from tui.opening import open_file

        info = self.infos[event.option_index]
        self.app.pop_screen()
        open_file(self.app, info.path)

    def action_review(self) -> None:
        """Step through the highlighted save in the replay viewer (nothing is written)."""
        from tui.screens.replay import open_replay_file

        index = self.query_one("#save-table", OptionList).highlighted
        index = 0 if index is None and self.infos else index
        if index is None or index >= len(self.infos) or self.infos[index].error is not None:
            self.notify("Highlight a saved game to review it.", severity="warning")
            return
        open_replay_file(self.app, self.infos[index].path)
