"""Opening a game on screen: new, continued, loaded, or asked for on the command line.

The one place that binds a match to its autosave file and picks the game's screen.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from textual.app import App

from engines.core.errors import BadOptions
from engines.core.match import Match
from saves.errors import SaveError
from saves.store import Autosaver, SaveInUse, latest, load_save


def screen_class(game_id: str) -> type:
    """The game's own screen (`tui.games.<id>.SCREEN`), or the shared frame."""
    try:
        module = importlib.import_module(f"tui.games.{game_id}")
    except ModuleNotFoundError:
        from tui.screens.game import GameScreen

        return GameScreen
    return module.SCREEN


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
            severity="warning", timeout=10, markup=False,
        )
    app.push_screen(screen_class(loaded.match.game_id)(loaded.match, saver))


def continue_latest(app: App) -> None:
    info = latest(getattr(app, "save_dir", None))
    if info is None:
        app.notify("There is no unfinished game to continue.", severity="warning")
        return
    open_file(app, info.path)


def open_start_request(app: App, start: Any) -> None:
    """Open what `campfire play` or `campfire load` asked for (already validated)."""
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
