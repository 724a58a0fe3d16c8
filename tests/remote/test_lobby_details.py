"""The lobby's details of a table: what a player reads there after playing at it names the
players as the table does, and says where the game stands now."""

from __future__ import annotations

import asyncio

from server.protocol import SOCKET_VARIABLE, TOKEN_VARIABLE, SeatRequest
from tests.remote.helpers import create, settled
from tui.app import CampfireApp
from tui.remote.lobby import LobbyScreen
from tui.remote.screen import RemoteScreen
from tui.widgets.table import name_seats

ANA, BO = "SHA256:ana", "SHA256:bo"


async def _until(pilot, condition, what: str, timeout: float = 10.0) -> None:
    try:
        async with asyncio.timeout(timeout):
            while not condition():
                await pilot.pause(0.02)
    except TimeoutError:
        raise AssertionError(f"{what} never happened; the screen is {pilot.app.screen!r}") from None


def _details(lobby: LobbyScreen) -> str:
    return str(lobby.query_one("#table-details").render())


async def test_the_details_name_the_players_and_follow_the_game_played_since(
    start_host, connect, tmp_path, monkeypatch
):
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("open"), SeatRequest("me")])
    table = host.tables[made.table]
    monkeypatch.setenv(SOCKET_VARIABLE, str(host.socket_path))
    monkeypatch.setenv(TOKEN_VARIABLE, host.issue_token(ANA, "Ana"))
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables, "the table is listed")
        lobby = app.screen
        before = _details(lobby)
        assert "Player 1" not in before and "Player 2" not in before, before
        assert "Ana" in before or "Bo" in before
        await pilot.press("enter")  # Ana takes the open seat and plays her first action
        await _until(pilot, lambda: isinstance(app.screen, RemoteScreen), "the game screen")
        screen = app.screen
        await _until(pilot, lambda: screen.table is not None and screen.table.acting, "Ana's turn")
        version = table.version
        await pilot.press("1")
        await _until(pilot, lambda: table.version > version, "Ana's action applied")
        await settled(host, made.table, [bo])
        status = " ".join(table.match.engine.summary(table.match.state, None).status.split())
        now = name_seats(status, [seat.name for seat in table.stored.seats])
        assert now.startswith("Bo"), now  # Bo's turn now
        await pilot.press("escape")
        await _until(pilot, lambda: app.screen is lobby, "back in the lobby")
        await _until(
            pilot,
            lambda: now in " ".join(_details(lobby).split()),
            f"the details say where the game stands now ({now!r}), not {_details(lobby)!r}",
        )
        assert "Player 1" not in _details(lobby) and "Player 2" not in _details(lobby), _details(lobby)
