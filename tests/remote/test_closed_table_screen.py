"""A table closed while a player has its screen open: the screen says so, and its action
list does not say the others are still to play."""

from __future__ import annotations

from server.protocol import SOCKET_VARIABLE, TOKEN_VARIABLE, Close, SeatRequest
from tests.tui_helpers import wait_until
from tests.remote.helpers import create
from tui.app import CampfireApp
from tui.remote.lobby import LobbyScreen
from tui.remote.screen import RemoteScreen

ANA, BO = "SHA256:ana", "SHA256:bo"


async def test_a_closed_tables_action_list_says_nobody_plays_on(start_host, connect, tmp_path, monkeypatch):
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("open")])
    table = host.tables[made.table]
    monkeypatch.setenv(SOCKET_VARIABLE, str(host.socket_path))
    monkeypatch.setenv(TOKEN_VARIABLE, host.issue_token(ANA, "Ana"))
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        await wait_until(
            pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables, "the table is listed"
        )
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, RemoteScreen), "the game screen")
        screen = app.screen
        await wait_until(pilot, lambda: screen.table is not None and "Ana" in screen.table.seat_names[1], "seated")
        actions = screen.query_one("#actions")
        bo.send(Close(table=made.table))
        await wait_until(pilot, lambda: table.closed and screen.remote.is_over(), "the table closed")
        await wait_until(pilot, lambda: "closed" in str(screen.table.summary.status), "the status says it is closed")
        listed = str(actions.get_option_at_index(0).prompt)
        assert "waiting" not in listed, listed
        assert "closed" in listed, listed
