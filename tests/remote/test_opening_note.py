"""Between the key that opens a table and the table's screen, a loaded host may take seconds:
the lobby says it is opening that table, so the player knows the key was taken. The note
goes when the screen opens or when the host refuses (its reason is shown), and the key
pressed again meanwhile sends nothing more."""

from __future__ import annotations

import asyncio

from server.protocol import CreateTable, Join, Refused, SeatRequest, Watch
from tests.remote.helpers import create, listed_lobby, remote_app, until
from tests.tui_helpers import wait_until
from tui.remote.lobby import LobbyScreen, RemoteReply
from tui.remote.screen import RemoteScreen

ANA, BO, CY = "SHA256:ana", "SHA256:bo", "SHA256:cy"
OPENING = (Join, Watch, CreateTable)


def _slow_host_for(host, owner: str) -> asyncio.Event:
    """The host takes `owner`'s requests that open a table as a loaded server would: not
    before the returned event is set (the others' go on as usual)."""
    release = asyncio.Event()
    dispatch = host._dispatch

    async def slow(member, request):
        if member.owner == owner and isinstance(request, OPENING):
            await release.wait()
        await dispatch(member, request)

    host._dispatch = slow
    return release


def _sent_by(lobby: LobbyScreen) -> list:
    """Every request the lobby sends from now on."""
    sent: list = []
    send = lobby.client.send

    def recorded(message) -> None:
        sent.append(message)
        send(message)

    lobby.client.send = recorded
    return sent


def _note(lobby: LobbyScreen) -> str:
    note = lobby.query_one("#lobby-note")
    return str(note.render()) if note.display else ""


def _remote_screens(app) -> list:
    return [s for s in app.screen_stack if isinstance(s, RemoteScreen)]


async def test_enter_says_the_table_is_opening_and_twice_sends_one_request(start_host, connect, tmp_path, monkeypatch):
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    await create(bo, "bivi", [SeatRequest("me"), SeatRequest("open")])
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await listed_lobby(app, pilot)
        title = lobby.tables[0].title
        release = _slow_host_for(host, ANA)
        sent = _sent_by(lobby)
        await pilot.press("enter")
        await wait_until(pilot, lambda: _note(lobby) == f"Opening {title}…", "the note")
        await pilot.press("enter")
        await pilot.press("w")
        await pilot.pause()
        assert [type(m) for m in sent] == [Join], sent
        assert app.screen is lobby and _note(lobby) == f"Opening {title}…"

        release.set()
        await wait_until(pilot, lambda: isinstance(app.screen, RemoteScreen) and app.screen.is_mounted, "the table")
        assert _note(lobby) == ""
        assert len(_remote_screens(app)) == 1 and [type(m) for m in sent] == [Join]


async def test_a_refusal_takes_the_note_away_and_is_shown(start_host, connect, tmp_path, monkeypatch):
    """Cy takes the one free seat while Ana's Enter waits at the host: she is told no seat
    is free, and the lobby no longer says it is opening the table."""
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("open")])
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        lobby = await listed_lobby(app, pilot)
        release = _slow_host_for(host, ANA)
        await pilot.press("enter")
        await wait_until(pilot, lambda: _note(lobby).startswith("Opening "), "the note")
        cy = await connect(host, CY, "Cy")
        cy.send(Join(table=made.table))
        await until(lambda: made.table in cy.updates, "Cy seated")
        release.set()
        await wait_until(pilot, lambda: any("No seat is free" in n.message for n in app._notifications), "told")
        assert _note(lobby) == "" and app.screen is lobby and not _remote_screens(app)
        await pilot.press("w")  # the lobby takes the next key as usual: Ana watches
        await wait_until(pilot, lambda: isinstance(app.screen, RemoteScreen) and app.screen.is_mounted, "watching")


async def test_a_new_table_says_it_is_opening_too(start_host, tmp_path, monkeypatch):
    host = await start_host()
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.client, "the lobby")
        lobby = app.screen
        release = _slow_host_for(host, ANA)
        lobby._ask_to_open(CreateTable(game="bivi", seats=[SeatRequest("me"), SeatRequest("open")]))
        await wait_until(pilot, lambda: _note(lobby) == "Opening a new Bivì table…", "the note")
        release.set()
        await wait_until(pilot, lambda: isinstance(app.screen, RemoteScreen) and app.screen.is_mounted, "the table")
        assert _note(lobby) == ""


async def test_the_code_of_a_full_table_already_watched_opens_it_again(start_host, connect, tmp_path, monkeypatch):
    """j and the code of a private table whose seats are all taken, watched already (its
    screen left): the host answers with the table's Update alone, which the lobby took for
    another table's, so nothing opened and the note would have stayed."""
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("bot", "random")], public=False)
    code = host.tables[made.table].stored.invite
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.client, "the lobby")
        lobby = app.screen
        for _ in range(2):
            lobby._ask_to_open(Join(table="", invite=code))
            await wait_until(pilot, lambda: isinstance(app.screen, RemoteScreen) and app.screen.is_mounted, "the table")
            assert app.screen.remote.table_id == made.table and app.screen.remote.seat is None
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.screen is lobby, "back in the lobby")
            assert _note(lobby) == ""


async def test_a_refusal_is_shown_as_the_host_said_it(start_host, tmp_path, monkeypatch):
    """A refusal's words may quote what a player typed (an option's name): shown verbatim,
    never read as markup (a stray closing tag took the app down instead of showing it)."""
    host = await start_host()
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    reason = "These options do not work for Bivì: unknown field `[/x]` (see [b]rules[/b])."  # as the host words it
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.client, "the lobby")
        lobby = app.screen
        lobby.post_message(RemoteReply(Refused(reason=reason)))
        await wait_until(pilot, lambda: any(n.message == reason for n in app._notifications), "the refusal")
        await pilot.pause()
        assert app.is_running and app.screen is lobby
