"""Every ready game at a remote table, generated from the registry: the seat due to act opens
the table in the app, sees the game's own board, and moves by keys."""

from __future__ import annotations

import random

import pytest

from engines.registry import load_engine, ready_games
from server.protocol import SeatRequest
from tests.matrix import press_action
from tests.remote.helpers import create, play_one
from tests.remote.helpers import remote_app
from tests.remote.test_lobby import ANA, BO, _until
from tui.opening import screen_class
from tui.remote.lobby import LobbyScreen
from tui.remote.screen import RemoteScreen
from tui.widgets.frame import ActionList

READY = [pytest.param(entry.id, id=entry.id) for entry in ready_games()]


@pytest.mark.parametrize("game_id", READY)
async def test_the_seat_due_to_act_opens_the_table_and_moves_by_keys(
    game_id, start_host, connect, tmp_path, monkeypatch
):
    if load_engine(game_id).info.max_seats < 2:
        pytest.skip("a table needs two seats")
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    await create(bo, game_id, [SeatRequest("open"), SeatRequest("me")])
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and len(app.screen.tables) == 1, "the table")
        await pilot.press("enter")
        await _until(pilot, lambda: isinstance(app.screen, RemoteScreen), "the table's screen")
        screen = app.screen
        await _until(pilot, lambda: screen.remote.seat == 0, "Ana in the first seat")
        assert isinstance(screen, screen_class(game_id)), f"{type(screen).__name__} is not the game's own screen"
        rng = random.Random(1)
        for _ in range(20):  # where Bo acts first, Bo moves until Ana is due
            if 0 in screen.remote.actors() or screen.remote.is_over():
                break
            version = screen.remote.version
            await play_one(bo, screen.remote.table_id, rng)
            await _until(pilot, lambda: screen.remote.version > version, "Ana's screen showing Bo's move")
        assert 0 in screen.remote.actors(), "Ana never came to act"
        before = screen.remote.version
        # A loaded machine may hand the seat over before the screen has composed its list.
        await _until(pilot, lambda: bool(screen.query(ActionList)), "the action list composed")
        screen.query_one(ActionList).focus()
        # Its first listed action by its number key (a turn played only on the board, such
        # as Bivouac's placements, goes through the screen as the board's Enter would).
        await press_action(app, pilot, screen, screen.remote.legal_actions(0)[0], listed_instead=True)
        await _until(pilot, lambda: screen.remote.version > before, "the table moving on after Ana's key")
        assert app.screen is screen or isinstance(app.screen, RemoteScreen)
