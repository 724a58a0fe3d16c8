"""Table chat has a key of its own: no game screen binds it, so at a remote table it never
shadows a game's key (Bonfire's `t` turns its panes), and pressing it opens the chat line.
What is said stays in the table's log panel as the game's lines come and go."""

from __future__ import annotations

import asyncio

from msgspec.structs import replace

import engines.registry as registry
from server.protocol import SOCKET_VARIABLE, TOKEN_VARIABLE, ChatLine, SeatRequest
from tests.remote.helpers import create
from tui.app import CampfireApp
from tui.remote.lobby import LobbyScreen
from tui.remote.match import RemoteMatch
from tui.remote.screen import ChatPrompt, RemoteScreen
from tui.settings import DEFAULT_KEYS, _screen

ANA, BO = "SHA256:ana", "SHA256:bo"


def _keys(binding_id: str) -> set[str]:
    return set(DEFAULT_KEYS[binding_id].split(","))


def test_no_game_screen_or_board_uses_the_chat_key():
    chat = _keys("remote.chat")
    on_game_screens = [b for b in DEFAULT_KEYS if _screen(b) in ("game", "app") and not b.startswith("remote.")]
    assert "bonfire.switch_pane" in on_game_screens and "board.place" in on_game_screens
    for other in on_game_screens:
        assert not chat & _keys(other), f"the chat key is also {other}"
    assert not chat & _keys("remote.vote_bot")


async def test_the_chat_key_opens_the_line_and_the_table_hears_it(start_host, connect, tmp_path, monkeypatch):
    host = await start_host()
    bo = await connect(host, BO, "Bo", record=True)
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("open")])
    monkeypatch.setenv(SOCKET_VARIABLE, str(host.socket_path))
    monkeypatch.setenv(TOKEN_VARIABLE, host.issue_token(ANA, "Ana"))
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        async with asyncio.timeout(10):
            while not (isinstance(app.screen, LobbyScreen) and app.screen.tables):
                await pilot.pause(0.02)
            await pilot.press("enter")
            while not isinstance(app.screen, RemoteScreen):
                await pilot.pause(0.02)
        await pilot.press("apostrophe")
        await pilot.pause()
        assert isinstance(app.screen, ChatPrompt)
        await pilot.press("h", "i", "space", "b", "o", "enter")
        heard = await bo.wait_for(lambda r: isinstance(r, ChatLine) and r.table == made.table)
        assert (heard.name, heard.text) == ("Ana", "hi bo")


async def test_chat_lines_stay_when_the_log_is_sent_again_or_its_end_taken_back(start_host, connect):
    host = await start_host()
    ana = await connect(host, ANA, "Ana")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")])
    update = ana.updates[made.table]
    remote = RemoteMatch(registry.load_engine("bivi"), ana, replace(update, log_from=0, log=["Ana sets out"]))
    remote.add_chat("Ana: hi")
    remote.receive(replace(update, log_from=1, log=["Bo sits down", "Ana cuts"]))
    said = ["Ana sets out", "Ana: hi", "Bo sits down", "Ana cuts"]
    assert remote.log_lines(0) == said
    # The whole log again, unchanged (a second Join on one connection, a failed store write).
    remote.receive(replace(update, log_from=0, log=["Ana sets out", "Bo sits down", "Ana cuts"]))
    assert remote.log_lines(0) == said
    # An undo rewrites the end: the line taken back goes, the chat said after it stays.
    remote.add_chat("Bo: oops")
    remote.receive(replace(update, log_from=2, log=["Ana rests"]))
    assert remote.log_lines(0) == ["Ana sets out", "Ana: hi", "Bo sits down", "Bo: oops", "Ana rests"]
