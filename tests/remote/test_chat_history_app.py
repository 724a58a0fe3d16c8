"""In the app: a player who comes back to a table on a new connection to the host (the lobby
closed and opened again, as after a dropped SSH connection) or after leaving it sees the
table's recent chat in its log, where it was said, as the others still do."""

from __future__ import annotations

from server.limits import HostLimits
from server.protocol import CHAT_LINES_KEPT, Chat, ChatLine, SeatRequest
from tests.remote.helpers import create, listed_lobby, remote_app
from tests.tui_helpers import wait_until
from tui.remote.lobby import LobbyScreen
from tui.remote.screen import RemoteScreen

ANA, BO = "SHA256:ana", "SHA256:bo"


async def _heard(client, table: str, text: str) -> None:
    await client.wait_for(lambda r: isinstance(r, ChatLine) and r.table == table and r.text == text)


async def _open_the_table(app, pilot) -> RemoteScreen:
    lobby = await listed_lobby(app, pilot)
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(app.screen, RemoteScreen) and app.screen.is_mounted, "the table")
    assert app.screen is not lobby
    return app.screen


async def test_the_lobby_opened_again_shows_what_was_said_at_the_table(start_host, connect, tmp_path, monkeypatch):
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("open")])
    table = host.tables[made.table]
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _open_the_table(app, pilot)
        bo.send(Chat(table=made.table, text="hello"))
        await wait_until(pilot, lambda: "Bo: hello" in screen.table.log, "Bo's hello on Ana's screen")
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), "back in the lobby")
        await pilot.press("escape")  # to the launcher: the lobby's connection to the host ends
        await wait_until(pilot, lambda: all(m.owner == BO for m in table.watchers), "Ana's connection gone")
        bo.send(Chat(table=made.table, text="are you there"))
        await _heard(bo, made.table, "are you there")

        screen = await _open_the_table(app, pilot)
        await wait_until(pilot, lambda: "Bo: are you there" in screen.table.log, "Bo's words on the new screen")
        log = screen.table.log
        assert log.index("Bo: hello") < log.index("Bo: are you there"), log


async def test_past_the_lines_kept_the_log_says_how_many_earlier_ones_were_not(
    start_host, connect, tmp_path, monkeypatch
):
    host = await start_host(limits=HostLimits(chat_per_second=1000.0, chat_burst=1000))
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("open")])
    said = CHAT_LINES_KEPT + 3
    for n in range(said):
        bo.send(Chat(table=made.table, text=f"line {n}"))
        await _heard(bo, made.table, f"line {n}")
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _open_the_table(app, pilot)
        await wait_until(pilot, lambda: f"Bo: line {said - 1}" in screen.table.log, "the chat on Ana's screen")
        log = screen.table.log
        assert log[0] == "-- 3 earlier chat lines were not kept", log[:2]
        assert log[1] == "Bo: line 3" and log[CHAT_LINES_KEPT] == f"Bo: line {said - 1}"


async def test_a_table_left_and_opened_again_shows_its_chat(start_host, connect, tmp_path, monkeypatch):
    """x (no longer follow), then Enter: the lobby forgot the table's chat as it left it."""
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("open")])
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _open_the_table(app, pilot)
        bo.send(Chat(table=made.table, text="hello"))
        await wait_until(pilot, lambda: "Bo: hello" in screen.table.log, "Bo's hello on Ana's screen")
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), "back in the lobby")
        lobby = app.screen
        await pilot.press("x")
        await wait_until(pilot, lambda: not lobby._leaving, "the host heard the leave")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, RemoteScreen) and app.screen.is_mounted, "the table")
        screen = app.screen
        await wait_until(pilot, lambda: "Bo: hello" in screen.table.log, "Bo's hello, kept by the host")
        assert screen.table.log.count("Bo: hello") == 1
