"""The lobby lists finished tables apart from live ones, and the host closes a table by key."""

from __future__ import annotations

from server.protocol import SeatRequest
from tests.remote.helpers import create
from tests.remote.helpers import remote_app
from tests.remote.test_lobby import ANA, BO, _until
from tui.remote.lobby import LobbyScreen
from tui.remote.screen import RemoteScreen
from tui.screens.question import QuestionScreen


def _lines(lobby: LobbyScreen) -> list[str]:
    from textual.widgets import OptionList

    listing = lobby.query_one("#table-list", OptionList)
    return [str(listing.get_option_at_index(n).prompt) for n in range(listing.option_count)]


async def test_the_host_closes_a_table_which_moves_to_the_finished_group(start_host, connect, tmp_path, monkeypatch):
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    theirs = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("open")])
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.client is not None, "lobby")
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        ana = lobby.client
        assert ana is not None
        mine = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")])
        await _until(pilot, lambda: len(lobby.tables) == 2, "both tables listed")
        assert not any("Finished" in line for line in _lines(lobby))

        # Not the host of Bo's table: the key does nothing there.
        while lobby.selected is None or lobby.selected.id != theirs.table:
            await pilot.press("down")
        assert lobby.check_action("close_table", ()) is False
        await pilot.press("c")
        assert not isinstance(app.screen, QuestionScreen)

        while lobby.selected is None or lobby.selected.id != mine.table:
            await pilot.press("up")
        assert lobby.check_action("close_table", ()) is True
        await pilot.press("c")
        await _until(pilot, lambda: isinstance(app.screen, QuestionScreen), "asked first")
        await pilot.press("y")
        await _until(pilot, lambda: host.tables[mine.table].closed, "closed on the server")
        await _until(pilot, lambda: any("Finished tables" in line for line in _lines(lobby)), "a finished group")
        lines = _lines(lobby)
        assert lines[0] == "Live tables" and "Finished tables" in lines[2]
        assert "[closed]" in lines[3] and "[closed]" not in lines[1]
        assert [t.id for t in lobby.tables] == [theirs.table, mine.table]

        # A finished table is there to look at again: Enter opens its last position.
        while lobby.selected is None or lobby.selected.id != mine.table:
            await pilot.press("down")
        await pilot.press("enter")
        await _until(pilot, lambda: isinstance(app.screen, RemoteScreen), "the closed table opened")
        screen = app.screen
        assert isinstance(screen, RemoteScreen)
        assert screen.remote.is_over() and "closed" in screen.remote.summary(None).status
        assert not screen.table.actions
