"""Opening a game on screen: new, continued, loaded, or asked for on the command line.

The one place that binds a match to its autosave file and picks the game's screen.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App

from engines.core.errors import BadOptions
from engines.core.levels import default_level
from engines.core.match import Match, SeatSpec
from saves.errors import SaveError
from saves.store import Autosaver, SaveInUse, latest, load_save

if TYPE_CHECKING:
    from tui.screens.game import GameScreen


def screen_class(game_id: str) -> type[GameScreen]:
    """The screen the game's registry entry names, or the shared frame."""
    from engines.registry import find_game, load_named

    entry = find_game(game_id)
    if not entry.screen:
        from tui.screens.game import GameScreen

        return GameScreen
    cls: type[GameScreen] = load_named(entry.screen)
    return cls


_rehearsed: set[str] = set()


def rehearse_start(game_id: str) -> None:
    """While the player reads the setup form, do once in the background what the first Start
    of `game_id` in this process would otherwise do before its first frame: set up a match
    with the game's default options, draw its table's parts and build its first save (the
    engine's content read, its caches filled, the state digest's hashing loaded: 4-18 ms
    of the Start). The match is dropped and nothing is written; any failure is left for
    Start to report."""
    if game_id in _rehearsed:
        return
    _rehearsed.add(game_id)
    threading.Thread(target=_rehearse, args=(game_id,), name=f"rehearse-{game_id}", daemon=True).start()


def _rehearse(game_id: str) -> None:
    from engines.registry import load_engine
    from saves.format import encode, envelope

    try:
        screen_class(game_id)
        engine = load_engine(game_id)
        bot = default_level(engine) or ""
        seats = [
            SeatSpec("Player 1"),
            *(
                SeatSpec(f"Bot {n}", "bot", bot) if bot else SeatSpec(f"Player {n}")
                for n in range(2, engine.info.min_seats + 1)
            ),
        ]
        match = Match(engine, engine.decode_options(None), seats, 1)
        for viewer in (0, None):
            match.view(viewer), match.summary(viewer), match.log_lines(viewer)
        if 0 in match.actors():
            for action in match.legal_actions(0):
                match.describe(action)
        encode(envelope(match))
    except Exception:  # noqa: BLE001 - Start reports whatever goes wrong for real
        pass


def open_match(app: App, match: Match, path: Path | None, *, replace: bool = False) -> None:
    """Show `match` and autosave it after every action (to `path` when it came from one).
    With `replace`, the game takes the place of the screen on top (the setup form), so the
    screen under it (the launcher) is not shown, laid out and given its footer keys again
    for the moment between the two."""
    save_dir = getattr(app, "save_dir", None)
    try:
        if path is None:
            saver = Autosaver.start(match, save_dir)
        else:
            saver = Autosaver(match, path)
    except SaveError as error:
        app.notify(f"{error} The game will not be saved.", severity="error", timeout=10, markup=False)
        saver = None
    screen = screen_class(match.game_id)(match, saver)
    if replace:
        app.switch_screen(screen)
    else:
        app.push_screen(screen)


def open_file(app: App, path: Path | str) -> bool:
    """Open a save and keep autosaving into it; a save another session is playing asks
    first whether to look at it read-only or take it over. False when it cannot open."""
    try:
        loaded = load_save(path)
    except SaveError as error:
        app.notify(str(error), severity="error", timeout=10, markup=False)
        return False
    try:
        saver = Autosaver.resume(loaded)
    except SaveInUse:
        from tui.screens.in_use import InUseScreen

        app.push_screen(InUseScreen(loaded.path.name), lambda choice: _in_use_chosen(app, loaded.path, choice))
        return True
    except SaveError as error:
        app.notify(f"{error} The game will not be saved.", severity="error", timeout=10, markup=False)
        saver = None
    app.push_screen(screen_class(loaded.match.game_id)(loaded.match, saver))
    return True


def _in_use_chosen(app: App, path: Path, choice: str | None) -> None:
    if choice is None:
        return
    try:
        # Read again: the other session may have moved since the question was asked.
        loaded = load_save(path)
        if choice == "take":
            saver = Autosaver.resume(loaded, take_over=True)
        else:
            saver = Autosaver.viewer(loaded)
    except SaveError as error:
        app.notify(str(error), severity="error", timeout=10, markup=False)
        return
    if saver.read_only:
        app.notify(
            f"Read-only: {saver.path.name} is being played elsewhere; nothing done here is saved.",
            severity="warning",
            timeout=10,
            markup=False,
        )
    app.push_screen(screen_class(loaded.match.game_id)(loaded.match, saver))


def continue_latest(app: App) -> None:
    info = latest(getattr(app, "save_dir", None))
    if info is None:
        app.notify("There is no unfinished game to continue.", severity="warning")
        return
    open_file(app, info.path)


def open_start_request(app: App, start: Any) -> None:
    """Open what `campfire play`, `load` or `replay` asked for (already validated)."""
    if getattr(start, "replay", None):
        from tui.screens.replay import open_replay_file

        open_replay_file(app, start.replay, start.seat)
        return
    if getattr(start, "load", None):
        open_file(app, start.load)
        return
    from engines.registry import load_engine

    try:
        engine = load_engine(start.game)
        options = engine.decode_options(start.options or None)
        match = Match(engine, options, start.seats, start.seed)
    except (BadOptions, ValueError) as error:
        app.notify(str(error), severity="error", timeout=10, markup=False)
        return
    open_match(app, match, None)
