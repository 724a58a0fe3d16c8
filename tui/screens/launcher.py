"""The launcher: every game with its pitch, and the ways into a game."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from engines.registry import GAMES, GameEntry, find_game


def game_prompt(entry: GameEntry) -> str:
    state = f"{entry.players} players" if entry.ready else "coming soon"
    return f"{entry.title:<14} {state}"


class LauncherScreen(Screen[None]):
    BINDINGS = [
        Binding("enter", "new_game", "New game", id="launcher.new", show=True),
        Binding("c", "continue_game", "Continue", id="launcher.continue"),
        Binding("l", "load_game", "Load", id="launcher.load"),
        Binding("r", "rules", "Rules", id="launcher.rules"),
        Binding("s", "settings", "Settings", id="launcher.settings"),
        Binding("t", "tables", "Tables", id="launcher.tables"),
        Binding("q", "app.quit", "Quit", id="launcher.quit"),
    ]

    def compose(self) -> ComposeResult:
        yield Header(icon="*")
        with Horizontal(id="launcher-body"):
            yield OptionList(
                *(Option(game_prompt(g), id=g.id, disabled=not g.ready) for g in GAMES),
                id="game-list",
            )
            yield Static(id="game-details")
        yield Footer()

    def on_mount(self) -> None:
        games = self.query_one("#game-list", OptionList)
        first_ready = next((i for i, g in enumerate(GAMES) if g.ready), 0)
        games.highlighted = first_ready
        games.focus()
        self._show_details(GAMES[first_ready])

    @property
    def selected(self) -> GameEntry | None:
        games = self.query_one("#game-list", OptionList)
        if games.highlighted is None:
            return None
        return find_game(games.get_option_at_index(games.highlighted).id or "")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_details(find_game(event.option.id or ""))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_new_game()

    def _show_details(self, entry: GameEntry) -> None:
        status = (
            "Ready to play. Enter: new game   r: rules"
            if entry.ready
            else "Coming soon: not playable yet."
        )
        self.query_one("#game-details", Static).update(
            f"[b]{entry.title}[/b]\n\n{entry.pitch}\n\nPlayers: {entry.players}\n\n{status}\n\n"
            "c: continue your last game   l: load a saved game   s: settings   q: quit"
        )

    def action_new_game(self) -> None:
        entry = self.selected
        if entry is None or not entry.ready:
            self.notify("That game is coming soon and cannot be played yet.", severity="warning")
            return
        from tui.screens.setup import SetupScreen

        self.app.push_screen(SetupScreen(entry.id))

    def action_continue_game(self) -> None:
        from tui.opening import continue_latest

        continue_latest(self.app)

    def action_load_game(self) -> None:
        from tui.screens.load import LoadScreen

        self.app.push_screen(LoadScreen())

    def action_rules(self) -> None:
        entry = self.selected
        if entry is None or not entry.ready:
            self.notify("Rules arrive with the game.", severity="warning")
            return
        from tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(entry.id))

    def action_settings(self) -> None:
        from tui.screens.settings import SettingsScreen

        self.app.push_screen(SettingsScreen())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "tables":
            # Only `campfire serve` hosts tables shared with other players.
            from server.client import remote_configured

            return remote_configured()
        return True

    def action_tables(self) -> None:
        from tui.remote.lobby import LobbyScreen

        self.app.push_screen(LobbyScreen())
