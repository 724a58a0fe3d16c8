"""The launcher: every game with its pitch, and the ways into a game.

Playable games come first. Continue names the game it would open (the latest unfinished
save in which someone has already acted); on a first run in a terminal that looks limited,
the launcher offers the ASCII glyph set.
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from engines.registry import GAMES, GameEntry, find_game
from tui.key_hints import key, with_keys
from tui.screens.styled import StyledOnOpen
from tui.textual_internals import rename_binding
from tui.textual_internals.compositor import use_refreshed_rows
from tui.widgets.pick_list import PickEntry, PickList
from tui.widgets.title_bar import TitleBar

#: Set by `campfire serve` (server.child.GUEST_VARIABLE) for a client without a key.
GUEST_VARIABLE = "CAMPFIRE_GUEST"
GUEST_NOTICE = (
    "Playing as a guest: your games are removed when you disconnect. "
    "Connect with an SSH key to find them again next time."
)

if TYPE_CHECKING:
    # The save store (and the engines and save format behind it) is first needed when the
    # launcher looks for a game to continue, after its first frame.
    from textual import getters

    from saves.store import SaveInfo
    from tui.app import CampfireApp


def game_prompt(entry: GameEntry) -> str:
    noun = "player" if entry.players == "1" else "players"
    state = f"{entry.players} {noun}" if entry.ready else "coming soon"
    return f"{entry.title:<14} {state}"


def launcher_order() -> list[GameEntry]:
    """Playable games first, each group in the registry's order."""
    return sorted(GAMES, key=lambda entry: not entry.ready)


_prefetched: set[str] = set()


def prefetch_game(game_id: str, app: Any = None) -> None:
    """Import what entering `game_id` needs (its engine, the option meanings the setup
    form shows, its screen, the version the first autosave writes) in a background thread
    while the player reads the launcher: Enter and Start then find it done. Python's import lock keeps a key press that comes first correct (it waits for the
    import under way); any failure is left for that press to report."""
    if game_id in _prefetched:
        return
    _prefetched.add(game_id)

    def work() -> None:
        try:
            from engines.registry import load_engine
            from saves.format import app_version
            from tui.opening import screen_class
            from tui.screens.setup import option_fields

            option_fields(load_engine(game_id).options_type)
            screen_class(game_id)
            app_version()  # the first autosave writes it
        except Exception:  # noqa: BLE001 - reported by the key press that needs it
            pass

    threading.Thread(target=work, name=f"prefetch-{game_id}", daemon=True).start()


def continue_target(save_dir) -> SaveInfo | None:
    """The game Continue opens: the most recent readable, unfinished save in which at least
    one action was played (a game opened and left at once is not worth resuming)."""
    from saves.store import list_saves

    for info in list_saves(save_dir):
        if info.error is None and not info.over and info.actions > 0:
            return info
    return None


class LauncherScreen(StyledOnOpen, Screen[None]):
    if TYPE_CHECKING:  # Textual's way to tell a type checker the app's class; no run-time check
        app = getters.app(CampfireApp)
    BINDINGS = [
        Binding("enter", "new_game", "New game", id="launcher.new", show=True),
        Binding("c", "continue_game", "Continue", id="launcher.continue"),
        Binding("l", "load_game", "Load", id="launcher.load"),
        Binding("r", "rules", "Rules", id="launcher.rules"),
        Binding("s", "settings", "Settings", id="launcher.settings"),
        Binding("t", "tables", "Tables", id="launcher.tables"),
        Binding("q", "app.quit", "Quit", id="launcher.quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        # The first frame renders no container under the panels (the screen, the body);
        # a move renders only the changed rows of the list and the details.
        use_refreshed_rows(self)

    def compose(self) -> ComposeResult:
        order = launcher_order()
        first_ready = next((i for i, g in enumerate(order) if g.ready), 0)
        yield TitleBar(icon="*")
        # Side by side (the screen's layout is horizontal): no container for the two to
        # lay out, mount and style.
        yield PickList(
            [PickEntry(g.id, game_prompt(g), disabled=not g.ready) for g in order],
            highlighted=first_ready,
            select_label="New game",
            id="game-list",
        )
        yield Static(id="game-details")
        # The footer's row, empty in the first frame as Textual's footer drew it (its keys
        # came a frame later anyway); the footer itself, its module and its stylesheet
        # were a tenth of what the first paint cost beyond a bare Textual app.
        yield Widget(id="footer-row")

    def on_mount(self) -> None:
        games = self.query_one("#game-list", PickList)
        games.focus()
        if self.selected is not None:
            self._show_details(self.selected)  # Continue's part follows (on_screen_resume)
        self.call_after_refresh(self._mount_footer)
        self.call_after_refresh(self._offer_ascii)

    async def _mount_footer(self) -> None:
        """Right after the first paint, the footer into its row, its keys built as it mounts
        (`check_action` answers from the start), all in the next frame: no frame is drawn
        while the keys are still mounting."""
        from tui.widgets.footer import SteadyFooter

        # Hidden under the setup form, Textual's footer still rebuilt its keys when the form
        # opened (some 20 ms before the form's own keys); this one rebuilds only changed keys.
        with self.app.batch_update():
            await self.query_one("#footer-row").mount(SteadyFooter(keys_at_once=True))

    def on_screen_resume(self) -> None:
        if not self.is_current:
            return  # passed through (the setup form gave way to the game): nothing to show
        if self._looked_for_saves:
            self._find_continue_target()  # back from a game, left unfinished or not
        else:
            # Finding the target replays the saves (and imports their engines): after the
            # first paint, not before it.
            self.call_after_refresh(self._find_continue_target)

    #: The game Continue opens, read from the save folder when the launcher shows (the
    #: footer asks `check_action` on every refresh: no folder scan there).
    continue_info: SaveInfo | None = None
    _looked_for_saves = False

    def _find_continue_target(self) -> None:
        first_time = not self._looked_for_saves
        before = self.continue_info
        self.continue_info = continue_target(getattr(self.app, "save_dir", None))
        self._looked_for_saves = True
        if first_time and self.selected is not None and self.selected.ready:
            entry = self.selected
            call_when_drawn = getattr(self.app, "call_when_drawn", None)
            if call_when_drawn is not None:
                call_when_drawn(lambda: prefetch_game(entry.id, self.app))
        if self.continue_info != before:  # each footer refresh rebuilds all its keys
            self._name_continue_key(self.continue_info)
        if self.selected is not None:
            self._show_details(self.selected)

    @property
    def selected(self) -> GameEntry | None:
        highlighted = self.query_one("#game-list", PickList).highlighted_entry
        return None if highlighted is None else find_game(highlighted.id)

    def on_pick_list_highlighted(self, event: PickList.Highlighted) -> None:
        entry = find_game(event.entry.id)
        self._show_details(entry)
        if entry.ready and self._looked_for_saves:  # after the first paint
            prefetch_game(entry.id, self.app)

    def on_pick_list_selected(self, event: PickList.Selected) -> None:
        event.stop()
        self.action_new_game()

    def _show_details(self, entry: GameEntry) -> None:
        ready = "Ready to play. {launcher.new}: new game   {launcher.rules}: rules"
        status = with_keys(self, ready) if entry.ready else "Coming soon: not playable yet."
        resume = self.continue_info
        if not self._looked_for_saves:
            continuing = ""
        elif resume is None:
            continuing = "No unfinished game to continue yet."
        else:
            continue_key = key(self, "launcher.continue")
            continuing = f"{continue_key}: continue {resume.title} (turn {resume.turn}, {resume.players})"
        others = "{launcher.load}: load a saved game   {launcher.settings}: settings   {launcher.quit}: quit   {app.keys}: every key"
        details = Text.assemble(
            (entry.title, "bold"),
            f"\n\n{entry.pitch}\n\nPlayers: {entry.players}\n\n{status}\n\n{continuing}\n{with_keys(self, others)}",
        )
        if os.environ.get(GUEST_VARIABLE) == "1":  # set by campfire serve for a keyless client
            details.append(f"\n\n{GUEST_NOTICE}")
        self.query_one("#game-details", Static).update(details)

    def _name_continue_key(self, resume: SaveInfo | None) -> None:
        """The footer's Continue names the game it opens."""
        label = f"Continue {resume.title}" if resume is not None else "Continue"
        if rename_binding(self, "launcher.continue", label):  # only with Textual's internals
            self.refresh_bindings()

    def action_new_game(self) -> None:
        entry = self.selected
        if entry is None or not entry.ready:
            self.notify("That game is coming soon and cannot be played yet.", severity="warning")
            return
        from tui.screens.setup import SetupScreen

        self.app.push_screen(SetupScreen(entry.id))

    def action_continue_game(self) -> None:
        from tui.opening import open_file

        info = self.continue_info
        if info is None:  # only through a stale key press: the footer hides the key
            self.notify("There is no unfinished game to continue.", severity="warning")
            return
        open_file(self.app, info.path)

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

    # -- first run -------------------------------------------------------------------
    def _offer_ascii(self) -> None:
        """On a first run (no settings file yet) in a terminal that often lacks Unicode
        box and block characters, ask once whether to use plain ASCII."""
        from tui.glyphs import looks_limited
        from tui.settings import settings_path

        term = os.environ.get("TERM", "")
        if settings_path().exists() or not looks_limited(term) or self.app.settings.glyphs == "ascii":
            return
        from tui.screens.question import QuestionScreen

        self.app.push_screen(
            QuestionScreen(
                f"This terminal (TERM={term}) may not draw lines and blocks well.\n"
                "Use plain ASCII characters for borders, bars and marks?\n"
                "(You can change this later in Settings.)",
                yes="Use ASCII",
                no="Keep Unicode",
            ),
            self._ascii_answered,
        )

    def _ascii_answered(self, use_ascii: bool | None) -> None:
        from tui.settings import save_settings

        glyphs = "ascii" if use_ascii else "unicode"
        settings = self.app.settings.replace(glyphs=glyphs)
        try:
            save_settings(settings)  # so the question is asked only once
        except OSError as error:
            self.notify(f"Could not save the settings: {error.strerror}", severity="warning")
        self.app.settings = settings
        self.app.use_glyphs(glyphs)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_game":
            return self.continue_info is not None
        if action == "tables":
            # Only `campfire serve` hosts tables shared with other players.
            from server.client import remote_configured

            return remote_configured()
        return True

    def action_tables(self) -> None:
        from tui.remote.lobby import LobbyScreen

        self.app.push_screen(LobbyScreen())
