"""The lobby and the remote game screen in the app (Pilot), against a real table host."""

from __future__ import annotations


import asyncio
import random

from server.protocol import SOCKET_VARIABLE, Chat, ChatLine, CreateTable, Join, SeatRequest, Watch
from tests.remote.helpers import create, play_one, remote_app
from tests.test_import_hygiene import forbidden_in, modules_after_import
from tui.app import CampfireApp
from tui.remote.lobby import MISSED_CHAT_LINES, LobbyScreen, RemoteReply
from tui.remote.screen import RemoteScreen

ANA, BO = "SHA256:ana", "SHA256:bo"


def test_the_table_host_imports_no_interface():
    loaded = modules_after_import("server.host", "server.tables", "server.store", "server.client")
    assert forbidden_in(loaded) == []
    assert "sqlite3" in loaded and "asyncssh" not in loaded


async def _until(pilot, condition, what: str, timeout: float = 10.0) -> None:
    try:
        async with asyncio.timeout(timeout):
            while not condition():
                await pilot.pause(0.02)
    except TimeoutError:
        raise AssertionError(f"{what} never happened; the screen is {pilot.app.screen!r}") from None


async def test_without_serve_the_launcher_offers_no_tables(tmp_path, monkeypatch):
    monkeypatch.delenv(SOCKET_VARIABLE, raising=False)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert not isinstance(app.screen, LobbyScreen)


async def test_create_a_table_in_the_lobby_and_play_against_a_friend(start_host, connect, tmp_path, monkeypatch):
    host = await start_host()
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.client is not None, "lobby")
        lobby = app.screen
        await pilot.press("n")
        await pilot.pause()
        seats = app.screen.query_one("#create-seats")
        seats.value = "me,open,heuristic"
        app.screen.query_one("#create-options").value = "first_player=1"  # Bivouac draws who starts
        seats.focus()
        await pilot.press("enter")
        await _until(pilot, lambda: len(host.tables) == 1, "table created")
        [table] = host.tables.values()
        assert [s.kind for s in table.stored.seats] == ["human", "open", "bot"]
        await _until(pilot, lambda: isinstance(app.screen, RemoteScreen), "game screen")
        screen = app.screen

        bo = await connect(host, BO, "Bo")
        bo.send(Join(table=table.id))
        await _until(pilot, lambda: "Bo" in screen.table.seat_names, "Bo sits down (pushed)")

        version = table.version
        assert screen.table.acting
        await pilot.press("enter")  # a worker on the camp board's first location
        await _until(pilot, lambda: table.version > version, "Ana's action applied on the server")
        # The server pushes the result: no key pressed, the screen updates.
        await _until(pilot, lambda: screen.remote.version == table.version, "the screen catches up")
        assert table.match.journal[version].seat == 0

        await pilot.press("escape")
        await _until(pilot, lambda: isinstance(app.screen, LobbyScreen), "back in the lobby")
        assert "Ana (you)" in str(lobby.query_one("#table-list").get_option_at_index(0).prompt)


async def test_a_player_votes_a_bot_into_an_absent_friends_seat_by_key(start_host, connect, tmp_path, monkeypatch):
    from server.host import HostLimits

    host = await start_host(limits=HostLimits(away_seconds=0))
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("open"), SeatRequest("me")])
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables, "the table is listed")
        await pilot.press("enter")
        await _until(pilot, lambda: isinstance(app.screen, RemoteScreen), "game screen")
        screen = app.screen
        assert screen.check_action("vote_bot", ()) is False  # Bo is here
        await bo.close()
        await _until(pilot, lambda: screen.remote.absent_seat() == 1, "Bo is away")
        assert "Bo away" in screen.table.summary.status
        assert screen.check_action("vote_bot", ()) is True
        await pilot.press("v")
        table = host.tables[made.table]
        await _until(pilot, lambda: table.stored.seats[1].kind == "bot", "a bot plays for Bo")
        await _until(pilot, lambda: any("plays for Bo" in line for line in screen.table.log), "the table says so")


async def test_camp_grizzly_and_bioviva_keep_their_own_boards_at_a_remote_table(
    start_host, connect, tmp_path, monkeypatch
):
    from tui.games.bioviva import BiovivaScreen
    from tui.games.camp_grizzly import CampGrizzlyScreen

    host = await start_host()
    bo = await connect(host, BO, "Bo")
    await create(bo, "camp_grizzly", [SeatRequest("me"), SeatRequest("open")])
    await create(bo, "bioviva", [SeatRequest("me"), SeatRequest("open")])
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and len(app.screen.tables) == 2, "two tables")
        lobby = app.screen
        for position, board in enumerate((CampGrizzlyScreen, BiovivaScreen)):
            lobby.query_one("#table-list").highlighted = position
            await pilot.press("enter")
            # Mounted: its table is set only then (a loaded run read `table.view` of None).
            await _until(pilot, lambda: isinstance(app.screen, RemoteScreen) and app.screen.is_mounted, "the screen")
            assert isinstance(app.screen, board)
            assert app.screen.table.view is not None and app.screen.table.seat_names == ["Bo", "Ana"]
            await pilot.press("escape")
            await _until(pilot, lambda: app.screen is lobby, "back in the lobby")


async def _lobby(app, pilot) -> LobbyScreen:
    await pilot.press("t")
    await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.client is not None, "the lobby")
    return app.screen


async def test_a_new_tables_screen_opens_when_a_waiting_table_speaks_first(start_host, connect, tmp_path, monkeypatch):
    """Ana left a table still waiting for a friend (nothing played: every Update of it sends
    the whole, empty log) and asks for a new one; an Update of the waiting table (a friend
    sitting down, a bot thinking) reaches the lobby first. The new table's screen opens, not
    the waiting one's (that one took the new table's place and its screen never opened)."""
    host = await start_host()
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    seats = [SeatRequest("me"), SeatRequest("open")]
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await _lobby(app, pilot)
        lobby._ask_to_open(CreateTable(game="bivi", seats=seats))
        await _until(pilot, lambda: isinstance(app.screen, RemoteScreen), "the first table's screen")
        waiting_id = app.screen.remote.table_id
        await pilot.press("escape")
        await _until(pilot, lambda: app.screen is lobby, "back in the lobby")
        waiting = lobby.client.updates[waiting_id]
        assert waiting.log_from == 0 and not waiting.log
        lobby._ask_to_open(CreateTable(game="bivi", seats=seats))
        lobby.post_message(RemoteReply(waiting))  # before the host can answer
        # Mounted, not only pushed: the app must not close under a screen still building.
        await _until(
            pilot,
            lambda: len(host.tables) == 2 and isinstance(app.screen, RemoteScreen) and app.screen.is_mounted,
            "a table's screen",
        )
        [new_id] = set(host.tables) - {waiting_id}
        assert app.screen.remote.table_id == new_id


async def test_joining_by_code_a_table_already_watched_opens_its_screen(start_host, connect, tmp_path, monkeypatch):
    """The host names the table in its Done before the Update: a table the lobby already had
    Updates for (watched, its screen left) opens from that Update all the same."""
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("open")], public=False)
    code = host.tables[made.table].stored.invite
    assert code
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await _lobby(app, pilot)
        lobby._ask_to_open(Watch(table=made.table, invite=code), made.table)
        await _until(pilot, lambda: isinstance(app.screen, RemoteScreen), "the table's screen, watching")
        assert app.screen.remote.seat is None
        await pilot.press("escape")
        await _until(pilot, lambda: app.screen is lobby, "back in the lobby")
        lobby._ask_to_open(Join(table="", invite=code))
        await _until(pilot, lambda: isinstance(app.screen, RemoteScreen), "the table's screen, seated")
        assert app.screen.remote.table_id == made.table
        await _until(pilot, lambda: app.screen.remote.seat == 1 and app.screen.is_mounted, "Ana in the free seat")


async def test_the_code_of_a_full_table_typed_in_the_lobby_opens_it_to_watch(
    start_host, connect, tmp_path, monkeypatch
):
    """j, then the code of a private table whose seats are all taken: its screen opens with
    Ana watching (the host said 'No seat is free' and nothing opened); back in the lobby the
    table is listed, so Enter opens it again."""
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("bot", "random")], public=False)
    code = host.tables[made.table].stored.invite
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await _lobby(app, pilot)
        await pilot.press("j")
        await _until(pilot, lambda: app.screen is not lobby, "the code prompt")
        await pilot.press(*code.lower(), "enter")
        await _until(
            pilot, lambda: isinstance(app.screen, RemoteScreen) and app.screen.is_mounted, "the table, watching"
        )
        assert app.screen.remote.table_id == made.table and app.screen.remote.seat is None
        await pilot.press("escape")
        await _until(pilot, lambda: app.screen is lobby and [t.id for t in lobby.tables] == [made.table], "it listed")
        await pilot.press("enter")
        await _until(pilot, lambda: isinstance(app.screen, RemoteScreen) and app.screen.is_mounted, "the table again")


async def _open_the_listed_table(app, pilot) -> LobbyScreen:
    """Into the lobby, then Enter on its one table until that table's screen is built."""
    lobby = await _lobby(app, pilot)
    await _until(pilot, lambda: lobby.tables, "the table is listed")
    await pilot.press("enter")
    await _until(pilot, lambda: isinstance(app.screen, RemoteScreen) and app.screen.is_mounted, "the table")
    return lobby


async def _bo_has_a_seat_open_for_ana(start_host, connect, tmp_path, monkeypatch):
    """A host, Bo at his public Bivì table with the other seat open, and Ana's app (not yet
    run): the start of the chat tests."""
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("open")])
    return host, bo, made, remote_app(host, monkeypatch, tmp_path, ANA, "Ana")


async def test_chat_said_while_a_tables_screen_is_closed_waits_for_it(start_host, connect, tmp_path, monkeypatch):
    """Ana backs out to the lobby; what Bo says meanwhile is counted on the table's line and
    shown in the log when she opens the table again (it was lost), where it was said: before
    the move Bo made after it (it came after every line, as if said last). What she had
    seen before she left stays too (each opening built a screen without it)."""
    host, bo, made, app = await _bo_has_a_seat_open_for_ana(start_host, connect, tmp_path, monkeypatch)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await _open_the_listed_table(app, pilot)
        bo.send(Chat(table=made.table, text="hello"))  # seen: it stays when the table opens again
        await _until(pilot, lambda: "Bo: hello" in app.screen.table.log, "Bo's hello on the open screen")
        await pilot.press("escape")
        await _until(pilot, lambda: app.screen is lobby, "back in the lobby")
        bo.send(Chat(table=made.table, text="back in five"))
        listing = lobby.query_one("#table-list")
        await _until(pilot, lambda: "(1 new in chat)" in str(listing.get_option_at_index(0).prompt), "the count")
        assert not host.tables[made.table].match.log  # said before any move
        await play_one(bo, made.table, random.Random(1))
        await pilot.press("enter")
        await _until(pilot, lambda: isinstance(app.screen, RemoteScreen) and app.screen.is_mounted, "the table again")
        screen = app.screen
        await _until(pilot, lambda: "Bo: back in five" in screen.table.log, "Bo's words in the log")
        assert "new in chat" not in str(listing.get_option_at_index(0).prompt)
        assert screen.table.log[:2] == ["Bo: hello", "Bo: back in five"] and len(screen.table.log) > 2, screen.table.log


async def test_more_chat_than_is_kept_for_a_closed_screen_is_counted_and_said(
    start_host, connect, tmp_path, monkeypatch
):
    """Past the lines kept for a closed screen, the table's line still counts every line said
    (it stopped at the number kept) and the log says how many of the first were not kept."""
    host, bo, made, app = await _bo_has_a_seat_open_for_ana(start_host, connect, tmp_path, monkeypatch)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await _open_the_listed_table(app, pilot)
        await pilot.press("escape")
        await _until(pilot, lambda: app.screen is lobby, "back in the lobby")
        said = MISSED_CHAT_LINES + 3
        for n in range(said):
            lobby.post_message(RemoteReply(ChatLine(table=made.table, name="Bo", text=f"line {n}")))
        listing = lobby.query_one("#table-list")
        await _until(
            pilot, lambda: f"({said} new in chat)" in str(listing.get_option_at_index(0).prompt), "every line counted"
        )
        await pilot.press("enter")
        await _until(pilot, lambda: isinstance(app.screen, RemoteScreen) and app.screen.is_mounted, "the table again")
        log = app.screen.table.log
        assert log[0] == "-- 3 earlier chat lines came while this table was closed (not kept)", log[:2]
        assert log[1] == "Bo: line 3" and log[-1] == f"Bo: line {said - 1}"


async def test_chat_racing_a_closing_screen_or_a_leave_is_neither_lost_nor_left_counted(
    start_host, connect, tmp_path, monkeypatch
):
    """A line the host sent, still queued at the lobby as Ana closes the table's screen, is
    kept for her (it went to the closed screen and was lost). One still on its way as she
    leaves the table is for a table she no longer follows (its count stuck on the list)."""
    host, bo, made, app = await _bo_has_a_seat_open_for_ana(start_host, connect, tmp_path, monkeypatch)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await _open_the_listed_table(app, pilot)
        lobby.post_message(RemoteReply(ChatLine(table=made.table, name="Bo", text="see you")))
        app.screen.dismiss(None)  # Escape, with the line already queued at the lobby
        await _until(pilot, lambda: app.screen is lobby, "back in the lobby")
        await pilot.pause()
        listing = lobby.query_one("#table-list")
        assert "(1 new in chat)" in str(listing.get_option_at_index(0).prompt)

        lobby.action_leave()
        lobby.post_message(RemoteReply(ChatLine(table=made.table, name="Bo", text="late")))  # sent before the Leave
        await pilot.pause()
        assert "new in chat" not in str(listing.get_option_at_index(0).prompt)
