"""A table's life: live, then finished (over by the rules, or closed by its host or the
operator), listed apart, replayable from the store, and out of every cap."""

from __future__ import annotations

import asyncio
import sqlite3

from server.host import HostLimits
from server.protocol import Act, ChatLine, Close, CreateTable, Done, Join, ListTables, Refused, SeatRequest, Tables
from server.store import STORE_NAME
from tests.remote.helpers import create

ANA, BO = "SHA256:ana-key", "SHA256:bo-key"


async def _reply(client, table_id: str):
    return await client.wait_for(lambda r: isinstance(r, (Done, Refused)) and getattr(r, "table", "") == table_id)


async def _listing(client) -> Tables:
    client.send(ListTables())
    reply = await client.wait_for(lambda r: isinstance(r, Tables))
    assert isinstance(reply, Tables)
    return reply


async def test_the_host_closes_a_table_and_nobody_else_may(start_host, connect):
    host = await start_host(limits=HostLimits(tables_per_identity=1))
    ana, bo = await connect(host, ANA, "Ana"), await connect(host, BO, "Bo")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")])
    bo.send(Join(table=made.table))
    assert isinstance(await _reply(bo, made.table), Done)

    bo.send(Close(table=made.table))
    refused = await _reply(bo, made.table)
    assert isinstance(refused, Refused) and refused.reason == "Only the player who started this table may close it."
    assert not host.tables[made.table].closed

    ana.send(Close(table=made.table))
    assert isinstance(await _reply(ana, made.table), Done)
    told = await bo.wait_for(lambda r: isinstance(r, ChatLine) and r.table == made.table)
    assert told.text == "This table was closed by the player who started it." and told.name == ""
    update = await bo.wait_for(lambda r: getattr(r, "table", "") == made.table and hasattr(r, "legal"))
    assert update.over and update.legal == [] and update.actors == [] and update.outcome is None
    assert "closed" in update.summary.status

    version = host.tables[made.table].version
    bo.send(Act(table=made.table, version=version, action="anything"))
    refused = await _reply(bo, made.table)
    assert isinstance(refused, Refused) and "closed" in refused.reason
    assert host.tables[made.table].version == version

    [info] = (await _listing(bo)).tables
    assert info.over and info.closed and not info.your_turn and not info.hosted
    [mine] = (await _listing(ana)).tables
    assert mine.hosted
    ana.send(Close(table=made.table))
    refused = await _reply(ana, made.table)
    assert isinstance(refused, Refused) and "already finished" in refused.reason
    # A closed table counts toward no cap: a new one may be started at once.
    await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")])


async def test_the_operator_closes_a_table_which_stays_closed_and_exportable_after_a_restart(
    start_host, connect, tmp_path
):
    host = await start_host()
    ana = await connect(host, ANA, "Ana")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("bot", "random")])
    assert host.close_table("nope42", "operator") == "There is no table nope42."
    assert host.close_table(made.table, "operator") is None
    told = await ana.wait_for(lambda r: isinstance(r, ChatLine) and r.table == made.table)
    assert told.text == "This table was closed by the server's operator."
    version = host.tables[made.table].version
    await ana.close()
    await host.close()

    again = await start_host()
    table = again.tables[made.table]
    assert table.closed and table.finished and table.version == version
    exported = again.store.export(made.table, tmp_path / "closed.json")
    assert exported.is_file()
    await asyncio.sleep(0.05)  # a closed table's bots never move again (would bump the version)
    assert table.version == version


async def test_a_table_that_cannot_be_replayed_is_kept_aside_and_named(start_host, connect):
    host = await start_host()
    ana = await connect(host, ANA, "Ana")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")])
    await ana.close()
    await host.close()
    db = sqlite3.connect(host.data_root / STORE_NAME)
    # A journal whose first action the engine refuses (a store edited by hand, or a rules change).
    db.execute("INSERT INTO journal VALUES (?, 0, 0, 'not an action', 0)", (made.table,))
    db.execute("UPDATE tables SET version = 1 WHERE id = ?", (made.table,))
    db.commit()
    db.close()

    again = await start_host()
    assert made.table not in again.tables and made.table in again.unrestorable
    assert "could not be replayed" in (again.close_table(made.table, "operator") or "")


async def test_the_store_of_an_older_server_gains_the_closed_column(tmp_path, start_host):
    root = tmp_path / "root"
    root.mkdir()
    db = sqlite3.connect(root / STORE_NAME)
    db.execute(
        "CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,"
        " public INTEGER NOT NULL, invite TEXT NOT NULL, owner TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 0,"
        " created TEXT NOT NULL DEFAULT '')"
    )
    db.commit()
    db.close()
    host = await start_host()
    assert host.store is not None and list(host.store.all()) == []


async def test_a_closed_table_is_not_joined(start_host, connect):
    host = await start_host()
    ana, bo = await connect(host, ANA, "Ana"), await connect(host, BO, "Bo")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")])
    ana.send(Close(table=made.table))
    assert isinstance(await _reply(ana, made.table), Done)
    bo.send(Join(table=made.table))
    refused = await _reply(bo, made.table)
    assert isinstance(refused, Refused) and "closed" in refused.reason
    assert host.tables[made.table].stored.seats[1].kind == "open"
    bo.send(CreateTable(game="bivi", seats=[SeatRequest("me"), SeatRequest("open")]))
    assert isinstance(await bo.wait_for(lambda r: isinstance(r, (Done, Refused))), Done)


async def test_a_table_closed_while_a_bot_waits_its_turn_stays_still(start_host, connect):
    host = await start_host(bot_delay=0.3)
    ana = await connect(host, ANA, "Ana")
    made = await create(ana, "bivi", [SeatRequest("bot", "random"), SeatRequest("bot", "random")])
    table = host.tables[made.table]
    woke = asyncio.Event()
    act_automatically = table._act_automatically

    def watched() -> None:
        act_automatically()
        woke.set()

    table._act_automatically = watched  # type: ignore[method-assign]
    assert host.close_table(made.table, "operator") is None  # the first bot is waiting its delay
    version = table.version
    await asyncio.wait_for(woke.wait(), 10)  # the wait begun before the close has run out
    assert table.version == version
