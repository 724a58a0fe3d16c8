"""The refusal probe: a remote seat asks why an action would be refused and gets the engine's
own sentence, the one a local match gives; probes are rate-limited."""

from __future__ import annotations

from engines.bivouac.actions import Place, Return
from server.protocol import Probe, ProbeAnswer, Refused, SeatRequest
from tests.remote.helpers import create, settled
from tests.remote.test_lobby import ANA


async def _bivouac_table(start_host, connect):
    host = await start_host()
    ana = await connect(host, ANA, "Ana")
    done = await create(ana, "bivouac", [SeatRequest("me"), SeatRequest("bot", level="random")])
    await settled(host, done.table, [ana])
    return host, ana, done.table


async def test_a_refused_spot_has_the_same_sentence_remotely_as_locally(start_host, connect) -> None:
    host, ana, table_id = await _bivouac_table(start_host, connect)
    match = host.tables[table_id].match
    seat = 0
    assert seat in match.actors()
    spots = [a.spot for a in match.legal_actions(seat) if isinstance(a, Place)]
    assert spots, "the opening has open spots"
    refused = Return(spots[0])  # bringing a worker back while workers are being placed
    local = match.refusal(seat, refused)
    assert local, "the engine refuses it locally"
    version = ana.updates[table_id].version
    ana.send(Probe(table=table_id, version=version, action=match.engine.format_action(refused)))
    answer = await ana.wait_for(lambda r: isinstance(r, ProbeAnswer))
    assert answer.reason == local
    ana.send(Probe(table=table_id, version=version, action=match.engine.format_action(Place(spots[0]))))
    allowed = await ana.wait_for(lambda r: isinstance(r, ProbeAnswer) and r is not answer)
    assert allowed.reason is None


async def test_a_flood_of_probes_is_slowed_down(start_host, connect) -> None:
    host, ana, table_id = await _bivouac_table(start_host, connect)
    version = ana.updates[table_id].version
    for _ in range(200):
        ana.send(Probe(table=table_id, version=version, action="place nowhere"))
    refusal = await ana.wait_for(lambda r: isinstance(r, Refused))
    assert "slow down" in refusal.reason
