"""`python -m server.export`: a table of a running server becomes a save `campfire load` opens."""

from __future__ import annotations

import random

from saves.store import verify
from server import export
from server.protocol import SeatRequest
from tests.remote.helpers import create, play_one, settled


async def test_a_table_lists_and_exports_to_a_verified_save(start_host, connect, tmp_path, capsys):
    host = await start_host()
    ana = await connect(host, "SHA256:ana", "Ana")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("bot", "random")])
    rng = random.Random(2)
    for _ in range(3):
        await settled(host, made.table, [ana])
        await play_one(ana, made.table, rng)
    await settled(host, made.table, [ana])
    assert export.main([str(host.data_root)]) == 0
    listed = capsys.readouterr().out
    assert made.table in listed and "Ana, Random bot 2" in listed
    target = tmp_path / "out" / "table.json"
    assert export.main([str(host.data_root), made.table, str(target)]) == 0
    result = verify(target)
    assert result.ok and len(result.save.journal) == host.tables[made.table].version
    assert export.main([str(host.data_root), "nosuch", str(target)]) == 1
