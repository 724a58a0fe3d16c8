"""A table closed while a player has its screen open: the screen says so, and its action
list does not say the others are still to play."""

from __future__ import annotations

from server.protocol import Close, SeatRequest
from tests.tui_helpers import wait_until
from tests.remote.helpers import create, listed_lobby, remote_app
from tui.remote.screen import RemoteScreen

ANA, BO = "SHA256:ana", "SHA256:bo"


async def test_a_closed_tables_action_list_says_nobody_plays_on(start_host, connect, tmp_path, monkeypatch):
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("open")])
    table = host.tables[made.table]
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        await listed_lobby(app, pilot)
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
