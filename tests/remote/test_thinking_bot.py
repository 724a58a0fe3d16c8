"""A bot that thinks (a search) decides off the table host's event loop: while one table's
bot is held thinking, other tables keep playing and the thinking table still chats; every
Update names the thinking seat; a choice the table has moved past is dropped."""

from __future__ import annotations

import threading

import pytest

import engines.registry as registry
import server.host
from server.protocol import Chat, ChatLine, SeatRequest, Update
from tests.remote.helpers import create, play_text, until
from tests.thinking_bot import THINKING, THINKING_ENTRY, HeldBot
from tui.remote.match import RemoteMatch
from tui.screens.game import thinking_status

ANA, BO, CY = "SHA256:ana-key", "SHA256:bo-key", "SHA256:cy-key"


@pytest.fixture(autouse=True)
def thinking_game(monkeypatch):
    games = (*registry.GAMES, THINKING_ENTRY)
    monkeypatch.setattr(registry, "GAMES", games)
    monkeypatch.setattr(server.host, "GAMES", games)
    HeldBot.reset()
    yield
    HeldBot.go.set()  # never leave a worker thread waiting


async def test_other_tables_keep_moving_while_a_bot_thinks(start_host, connect):
    host = await start_host()
    ana, bo, cy = await connect(host, ANA, "Ana"), await connect(host, BO, "Bo"), await connect(host, CY, "Cy")
    held = await create(ana, "count", [SeatRequest("bot", "hard"), SeatRequest("me")])
    await until(lambda: HeldBot.threads, "the bot starting to think")
    thinking = await ana.wait_for(lambda r: isinstance(r, Update) and r.table == held.table and r.thinking == 0)
    assert thinking.version == 0 and thinking.seats[0].level == "hard"
    # The remote game screen reads it through SeatMatch, as the local one does.
    remote = RemoteMatch(THINKING, ana, thinking)
    assert remote.thinking_seat() == 0
    assert thinking_status(remote.seats[0]) == "Hard bot 1 (hard bot) is thinking…"

    # Two other tables, each a person against the normal bot, play on meanwhile.
    tables = [
        (bo, await create(bo, "count", [SeatRequest("me"), SeatRequest("bot", "normal")])),
        (cy, await create(cy, "count", [SeatRequest("me"), SeatRequest("bot", "heuristic")])),
    ]
    for _ in range(3):
        for client, made in tables:
            await until(lambda: 0 in client.updates[made.table].actors, "the person's turn")
            await play_text(client, made.table, "add 1")
    for client, made in tables:
        assert host.tables[made.table].version >= 3 and client.updates[made.table].thinking is None
    # The thinking table answers too: a chat line goes round at once.
    ana.send(Chat(table=held.table, text="take your time"))
    await ana.wait_for(lambda r: isinstance(r, ChatLine) and r.text == "take your time")
    assert host.tables[held.table].version == 0 and host.tables[held.table].thinking_seat() == 0

    HeldBot.go.set()
    done = await ana.wait_for(lambda r: isinstance(r, Update) and r.table == held.table and r.version == 1)
    assert done.thinking is None and host.tables[held.table].match.journal[0].seat == 0
    remote.receive(done)
    assert remote.thinking_seat() is None
    assert HeldBot.threads[0] is not threading.main_thread()  # it thought in a worker thread


async def test_a_choice_the_table_moved_past_is_dropped(start_host, connect):
    host = await start_host()
    ana = await connect(host, ANA, "Ana")
    held = await create(ana, "count", [SeatRequest("bot", "hard"), SeatRequest("me")])
    await until(lambda: HeldBot.threads, "the bot starting to think")
    table = host.tables[held.table]
    assert host.close_table(held.table, "host") is None  # the table ends while the bot thinks
    HeldBot.go.set()
    await until(lambda: table.thinking_seat() is None, "the choice coming back")
    assert table.version == 0 and table.match.journal == []  # dropped: the table had ended
