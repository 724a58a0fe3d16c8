"""The lobby pushed to every connection: a burst of changes ends with everyone holding the
whole list, and a table's line follows its game (worked out once per version)."""

from __future__ import annotations

import asyncio

from server.protocol import ListTables, SeatRequest, Tables
from tests.remote.helpers import create, play_text, settled


async def test_a_burst_of_new_tables_reaches_every_connection_in_full(start_host, connect):
    host = await start_host()
    watchers = [await connect(host, f"SHA256:w{n}", f"W{n}") for n in range(9)]
    maker = await connect(host, "SHA256:maker", "Maker")
    made = [(await create(maker, "bivi", [SeatRequest("me"), SeatRequest("open")])).table for _ in range(5)]
    for client in [*watchers, maker]:
        listed = await client.wait_for(lambda r: isinstance(r, Tables) and len(r.tables) == 5)
        assert sorted(t.id for t in listed.tables) == sorted(made)
    async with asyncio.timeout(5):
        while host._announcer is not None and not host._announcer.done():
            await asyncio.sleep(0.01)


async def test_a_tables_lobby_line_follows_its_game(start_host, connect):
    host = await start_host()
    ana = await connect(host, "SHA256:ana", "Ana")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")])
    table = host.tables[made.table]
    lines = []
    for action in ("bank left", None):
        ana.send(ListTables())
        [info] = (
            await ana.wait_for(lambda r: isinstance(r, Tables) and r.tables and r.tables[0].version == table.version)
        ).tables
        assert info.status == " ".join(table.match.engine.summary(table.match.state, None).status.split())[:120]
        lines.append(info.status)
        if action:
            await settled(host, made.table, [ana])
            await play_text(ana, made.table, action)
    assert lines[0] != lines[1]
