"""Closing the app while a game screen is still being built (a player quitting as a game
opens, a Pilot test ending): widgets torn down under the screen's first drawing are noise,
never a crash report. For every ready game in the registry."""

from __future__ import annotations

import asyncio

import pytest

from engines.core.match import Match, SeatSpec
from engines.registry import load_engine, ready_games
from tui.app import CampfireApp
from tui.crash import LOG_DIR_ENV
from tui.opening import open_match

GAMES = [pytest.param(entry.id, id=entry.id) for entry in ready_games()]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("steps", [0, 2, 4])
async def test_closing_the_app_as_a_game_screen_is_built_is_no_crash(game, steps, tmp_path, monkeypatch):
    monkeypatch.setenv(LOG_DIR_ENV, str(tmp_path / "log"))
    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        engine = load_engine(game)
        match = Match(engine, engine.default_options(), [SeatSpec("Ana"), SeatSpec("Bo")], 3)
        open_match(app, match, None)
        for _ in range(steps):  # let the build get that far before the app closes
            await asyncio.sleep(0)
    assert app.crash_log is None and not (tmp_path / "log").exists()
    assert not app.return_code
