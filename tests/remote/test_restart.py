"""A table host killed with SIGKILL mid-game comes back, on restart, with every table at
its last committed action: the journal row and the version bump share one transaction."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import sys

from server.client import TableClient
from server.protocol import Act, Join, SeatRequest, Update
from tests.remote.helpers import create, play_one

ANA, BO = "SHA256:ana", "SHA256:bo"


async def _host_process(root):
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.remote.host_process",
        str(root),
        ANA,
        BO,
        stdout=asyncio.subprocess.PIPE,
    )
    line = await asyncio.wait_for(process.stdout.readline(), 30)
    return process, json.loads(line)


async def _my_turn(client: TableClient, table_id: str) -> Update:
    """The next update that hands this client's seat the move (bots have finished)."""
    update = client.updates.get(table_id)
    while update is None or not (update.legal or update.over):
        await client.wait_for(lambda r: isinstance(r, Update) and r.table == table_id)
        update = client.updates[table_id]
    return update


async def test_sigkill_then_restart_restores_every_table_at_its_last_commit(tmp_path, start_host, connect):
    root = tmp_path / "root"
    process, started = await _host_process(root)
    clients: list[TableClient] = []
    try:
        ana = await TableClient.connect(started["socket"], started["tokens"][0], timeout=10)
        bo = await TableClient.connect(started["socket"], started["tokens"][1], timeout=10)
        clients += [ana, bo]
        rng = random.Random(3)
        quiet = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("bot", "heuristic")])
        busy = await create(ana, "bioviva", [SeatRequest("me"), SeatRequest("open"), SeatRequest("bot", "random")])
        bo.send(Join(table=busy.table))
        for _ in range(6):
            await asyncio.wait_for(_my_turn(ana, quiet.table), 10)
            await play_one(ana, quiet.table, rng)
        settled = await asyncio.wait_for(_my_turn(ana, quiet.table), 10)
        # On the other table, actions still in flight when the host dies.
        in_flight = 0
        for _ in range(40):
            for client in (ana, bo):
                update = client.updates.get(busy.table)
                if update is not None and update.legal:
                    client.send(Act(table=busy.table, version=update.version, action=update.legal[0].text))
                    in_flight += 1
            await asyncio.sleep(0.002)
        acknowledged = max(c.updates[busy.table].version for c in (ana, bo))
    finally:
        process.send_signal(signal.SIGKILL)
        await asyncio.wait_for(process.wait(), 10)
        for client in clients:
            await client.close()
    assert in_flight > 0 and acknowledged > 0

    host = await start_host("root")
    assert host.unrestorable == {}
    restored = host.tables[quiet.table]
    assert restored.version == settled.version
    assert restored.match.engine.view(restored.match.state, 0) == _decoded_view(restored, settled)
    assert host.tables[busy.table].version >= acknowledged
    # The restored tables play on, and their seats still belong to the same keys.
    again = await connect(host, ANA, "ana")
    again.send(Join(table=quiet.table))
    update = await asyncio.wait_for(_my_turn(again, quiet.table), 10)
    assert update.seat == 0 and update.version == settled.version
    await play_one(again, quiet.table, rng)


def _decoded_view(table, update: Update):
    import msgspec

    view_type = type(table.match.engine.view(table.match.state, 0))
    return msgspec.msgpack.decode(update.view, type=view_type)
