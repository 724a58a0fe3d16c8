"""Small helpers shared by the Pilot tests."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from engines.registry import GAMES
from tui.widgets.pick_list import PickList

if TYPE_CHECKING:
    from tui.app import CampfireApp


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    """Settings and saves of a test never reach the user's folders: every test of a module
    that imports this fixture gets it (pytest finds fixtures among a module's names)."""
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


async def highlight_game(app, pilot, game_id: str) -> None:
    """Move the launcher's cursor to `game_id` with the down key, as a player would."""
    listing = app.screen.query_one("#game-list", PickList)
    for _ in range(len(GAMES)):
        if listing.highlighted_entry.id == game_id:
            return
        await pilot.press("down")
    raise AssertionError(f"{game_id} cannot be reached in the launcher")


async def settle(app, pilot) -> None:
    """Let bots think and the screen repaint."""
    await app.workers.wait_for_complete()
    await pilot.pause()


async def open_game(app, pilot, match) -> None:
    """Show `match` on its game screen (autosaved) and let bots move first if they must."""
    from tui.opening import open_match

    await pilot.pause()
    open_match(app, match, None)
    await settle(app, pilot)


async def open_setup_form(app, pilot, game_id: str):
    """From the launcher, the setup form of `game_id` (Enter on it), drawn."""
    from tui.screens.setup import SetupScreen

    await highlight_game(app, pilot, game_id)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    return app.screen


async def becomes(pilot, condition, timeout: float) -> bool:
    """Whether `condition()` holds within `timeout` seconds. Polls with a plain sleep rather
    than `pilot.pause()`, which walks every widget of the screen on each call; one pause
    after, so what the condition saw is drawn."""
    import asyncio

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() >= deadline:
            return False
        await asyncio.sleep(0.01)
    await pilot.pause()
    return True


async def wait_until(pilot, condition, what: str, timeout: float = 30.0) -> None:
    """Until `condition()` holds, bounded by `timeout` seconds (generous for a loaded
    machine); fails naming `what`."""
    if not await becomes(pilot, condition, timeout):
        raise AssertionError(f"{what} did not happen within {timeout:.0f} s")


def palette_prompts(app) -> list[str]:
    """The entries the open command palette lists, top first (none when it is not open)."""
    from textual.command import CommandList, CommandPalette

    if not isinstance(app.screen, CommandPalette):
        return []
    listing = app.screen.query_one(CommandList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def wait_for_palette_top(app, pilot, wanted: str, timeout: float = 30.0) -> None:
    """Until the command palette's first entry (the one Enter takes) contains `wanted`: its
    search adds results in batches, a quarter second apart."""
    await wait_until(
        pilot, lambda: wanted in next(iter(palette_prompts(app)), ""), f"{wanted!r} first in the palette", timeout
    )


async def type_text(app, pilot, text: str) -> None:
    """Type `text` into the focused Input as a burst of key presses (a fast typist, or a
    terminal delivering them at once): the same key events as `pilot.press`, without its
    wait for the app to go idle after each one (some 80 ms a key on the test machine, a
    command palette searching again on each). Returns once the Input holds `text`."""
    from textual import events
    from textual.widgets import Input

    await wait_until(pilot, lambda: isinstance(app.focused, Input), "an input focused for typing")
    field = app.focused
    start = field.value
    for char in text:
        app.post_message(events.Key(key_name(char), char))
    await wait_until(pilot, lambda: field.value == start + text, f"{text!r} typed")


def key_name(char: str) -> str:
    """The key a terminal reports for typing `char`, named as Textual (and Pilot's `press`)
    names it: "space", "colon", "left_square_bracket"; a letter or digit is itself."""
    import unicodedata

    from textual.keys import KEY_NAME_REPLACEMENTS

    if char.isalnum():
        return char
    try:
        name = unicodedata.name(char).lower().replace("-", "_").replace(" ", "_")
    except ValueError:
        return "tab" if char == "\t" else char
    return KEY_NAME_REPLACEMENTS.get(name, name)


async def searches_done(app) -> None:
    """Until no worker is left running (a command palette's search among them): a search
    cancelled by the next key typed counts as done."""
    from textual.worker import WorkerCancelled

    for _ in range(100):
        try:
            await app.workers.wait_for_complete()
            return
        except WorkerCancelled:
            continue


def make_app(tmp_path) -> CampfireApp:
    """The app saving into the test's folder, bots moving at once."""
    from tui.app import CampfireApp

    return CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)


@pytest.fixture(autouse=True)
def private_dirs_and_count_game(tmp_path, monkeypatch):
    """Private folders, and the tiny counting game registered as a game like the others."""
    import engines.registry as registry
    from tests.fake_engine import ENTRY

    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, ENTRY))
