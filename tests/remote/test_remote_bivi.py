"""Bivì at a remote table keeps its board: the ghost tile moves by keys, is judged from the
seat's view and the server's legal list (red with the engine's own reason where the rules
refuse it), and Enter on the river places it on the server."""

from __future__ import annotations

import asyncio

from engines.core.errors import IllegalAction
from server.protocol import SOCKET_VARIABLE, TOKEN_VARIABLE, SeatRequest
from tests.remote.helpers import create
from tests.remote.test_lobby import _until
from tui.app import CampfireApp
from tui.games.bivi import BiviScreen, RiverBoard
from tui.remote.lobby import LobbyScreen
from tui.remote.screen import RemoteScreen

ANA, BO = "SHA256:ana", "SHA256:bo"
OPPOSITE = {"left": "right", "right": "left", "up": "down", "down": "up"}


def _engine_refusal(table, seat: int, action) -> str | None:
    try:
        table.match.engine.apply(table.match.state, seat, action)
    except IllegalAction as refusal:
        return refusal.reason
    return None


async def test_a_remote_bivi_player_places_a_tile_with_the_ghost(start_host, connect, tmp_path, monkeypatch):
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("open"), SeatRequest("bot", "heuristic")])
    table = host.tables[made.table]
    monkeypatch.setenv(SOCKET_VARIABLE, str(host.socket_path))
    monkeypatch.setenv(TOKEN_VARIABLE, host.issue_token(ANA, "Ana"))
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables, "the table is listed")
        await pilot.press("enter")
        await _until(pilot, lambda: isinstance(app.screen, RemoteScreen), "the table's screen")
        screen = app.screen
        assert isinstance(screen, BiviScreen)

        # Bank, then the foreman's take, from the list, until Ana holds a tile.
        while table.match.state.phase != "hand" or table.match.actors() != (0,):
            await _until(
                pilot,
                lambda: screen.remote.version == table.version and table.match.actors() == (0,),
                "Ana's turn on her screen",
            )
            if table.match.state.phase == "hand":
                break
            version = table.version
            await pilot.press("1")
            await _until(pilot, lambda: table.version > version, "the listed action applied")
        await _until(pilot, lambda: screen.remote.version == table.version and screen._mode() == "tile", "the ghost")

        river = screen.query_one("#active-river", RiverBoard)
        assert screen.focused is river
        listed = [text for text, _ in screen.table.actions]
        assert not any(text.startswith("place") for text in listed), listed  # on the board instead
        assert screen._problem is None  # a new tile starts where it fits

        # Walk the ghost off its legal spot: red, with the reason the engine gives.
        for key in ("left", "up", "right", "down"):
            await pilot.press(key)
            if screen._problem is not None:
                break
        else:
            raise AssertionError("every step kept the tile legal")
        ghost = screen._ghost_action("tile")
        assert screen._problem == _engine_refusal(table, 0, ghost)
        assert screen._problem in screen.query_one("#hand").render().plain

        await pilot.press(OPPOSITE[key])
        assert screen._problem is None
        placed = screen._ghost_action("tile")
        assert _engine_refusal(table, 0, placed) is None
        version = table.version
        await pilot.press("enter")
        await _until(pilot, lambda: table.version > version, "the tile placed on the server")
        entry = table.match.journal[version]
        # The listed form of the ghost's placement, as the local screen would journal it.
        assert entry.seat == 0 and entry.action == table.match.engine.format_action(placed)


async def test_a_reply_reaching_a_table_screen_before_it_is_built_is_shown_once_it_is(start_host, connect, tmp_path):
    """The lobby pushes a table's screen and hands replies on to it at once: one that lands
    before the screen has its widgets waits for them instead of ending the session."""
    from engines.registry import load_engine
    from tests.remote.helpers import play_one
    from tui.remote.match import RemoteMatch
    from tui.remote.screen import remote_screen_class
    import random

    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("bot", "heuristic")])
    first = bo.updates[made.table]
    await play_one(bo, made.table, random.Random(1))
    later = bo.updates[made.table]
    assert later.version != first.version
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = remote_screen_class("bivi")(RemoteMatch(load_engine("bivi"), bo, first))
        app.push_screen(screen)
        screen.receive(later)  # before the screen has composed its board
        assert not screen.is_mounted
        await _until(pilot, lambda: screen.remote.version == later.version, "the later update applied")
        await pilot.pause()
        assert app.screen is screen and app.return_code is None
        assert screen.query_one(RiverBoard).is_mounted


async def test_replies_reaching_a_table_screen_as_it_is_built_are_shown_in_the_order_sent(
    start_host, connect, tmp_path
):
    """One reply waits for the screen's widgets; the next lands the moment they are there,
    before the waiting one has been shown: the screen ends on the newer, not the older (a
    remote seat once sat on a bot's finished turn, the board refusing every spot)."""
    from engines.registry import load_engine
    from tests.remote.helpers import play_one, settled
    from tui.remote.match import RemoteMatch
    from tui.remote.screen import remote_screen_class
    import random

    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("bot", "heuristic")])
    updates = [bo.updates[made.table]]
    for _ in range(2):
        await play_one(bo, made.table, random.Random(1))
        await settled(host, made.table, [bo])
        updates.append(bo.updates[made.table])
    first, middle, latest = updates
    assert first.version < middle.version < latest.version
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = remote_screen_class("bivi")(RemoteMatch(load_engine("bivi"), bo, first))
        app.push_screen(screen)
        screen.receive(middle)
        assert not screen.is_mounted
        async with asyncio.timeout(10):
            while not screen.is_mounted:
                await asyncio.sleep(0)
        screen.receive(latest)  # the moment the widgets are there
        handled = asyncio.Event()
        screen.call_later(handled.set)  # after whatever the screen had queued before it
        await asyncio.wait_for(handled.wait(), 10)
        assert screen.remote.version == latest.version
        assert screen.remote.actors() == tuple(latest.actors)
