"""The lobby's details of a table: what a player reads there after playing at it names the
players as the table does, and says where the game stands now."""

from __future__ import annotations

from server.protocol import SeatRequest
from tests.tui_helpers import wait_until
from tests.remote.helpers import create, listed_lobby, remote_app, settled
from tui.remote.lobby import LobbyScreen
from tui.remote.screen import RemoteScreen
from tui.widgets.table import name_seats

ANA, BO = "SHA256:ana", "SHA256:bo"


def _details(lobby: LobbyScreen) -> str:
    return str(lobby.query_one("#table-details").render())


async def test_the_details_name_the_players_and_follow_the_game_played_since(
    start_host, connect, tmp_path, monkeypatch
):
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("open"), SeatRequest("me")])
    table = host.tables[made.table]
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await listed_lobby(app, pilot)
        before = _details(lobby)
        assert "Player 1" not in before and "Player 2" not in before, before
        assert "Ana" in before or "Bo" in before
        await pilot.press("enter")  # Ana takes the open seat and plays her first action
        await wait_until(pilot, lambda: isinstance(app.screen, RemoteScreen), "the game screen")
        screen = app.screen
        await wait_until(pilot, lambda: screen.table is not None and screen.table.acting, "Ana's turn")
        version = table.version
        await pilot.press("1")
        await wait_until(pilot, lambda: table.version > version, "Ana's action applied")
        await settled(host, made.table, [bo])
        status = " ".join(table.match.engine.summary(table.match.state, None).status.split())
        now = name_seats(status, [seat.name for seat in table.stored.seats])
        assert now.startswith("Bo"), now  # Bo's turn now
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is lobby, "back in the lobby")
        await wait_until(
            pilot,
            lambda: now in " ".join(_details(lobby).split()),
            f"the details say where the game stands now ({now!r}), not {_details(lobby)!r}",
        )
        assert "Player 1" not in _details(lobby) and "Player 2" not in _details(lobby), _details(lobby)


async def test_enter_alone_does_not_close_a_table_only_y_does(start_host, tmp_path, monkeypatch):
    """Closing a table ends it for every player: the question takes y, not the Enter a
    player may press out of habit."""
    from tui.screens.question import QuestionScreen

    host = await start_host()
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.client is not None, "lobby")
        lobby = app.screen
        ana = lobby.client
        from tests.remote.helpers import create as create_table

        made = await create_table(ana, "bivi", [SeatRequest("me"), SeatRequest("open")])
        await wait_until(pilot, lambda: any(t.id == made.table for t in lobby.tables), "the table is listed")
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, QuestionScreen), "the question")
        hint = " ".join(str(s.render()) for s in app.screen.query("Static"))
        assert "Enter" not in hint, hint
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, QuestionScreen) and not host.tables[made.table].closed
        await pilot.press("y")
        await wait_until(pilot, lambda: host.tables[made.table].closed, "the table closed by y")
