"""Request and chat rates are budgets per identity: shared by all of a key's connections,
separate from every other identity's, and chat has its own, so a noisy player slows only
themselves. The budgets here barely refill (one token in a thousand seconds), so what is
counted is what the burst allows, whatever the machine's speed."""

from __future__ import annotations

import random

from server.host import HostLimits
from server.protocol import Act, Chat, ListTables, Refused, SeatRequest, Tables
from tests.remote.helpers import create, play_one, settled

ANA, BO = "SHA256:ana", "SHA256:bo"
SLOW = 0.001


async def _answers(client, count: int) -> list[str]:
    """The kinds of the next `count` answers to listings (a table list or a refusal)."""
    kinds = []
    for _ in range(count):
        reply = await client.wait_for(lambda r: isinstance(r, (Tables, Refused)))
        kinds.append("refused" if isinstance(reply, Refused) else "served")
    return kinds


async def test_an_identitys_connections_share_one_budget_and_others_keep_theirs(start_host, connect):
    host = await start_host(limits=HostLimits(requests_per_second=SLOW, request_burst=4))
    ana_one, ana_two = await connect(host, ANA, "Ana"), await connect(host, ANA, "Ana")
    bo = await connect(host, BO, "Bo")
    for _ in range(3):
        ana_one.send(ListTables())
    assert await _answers(ana_one, 3) == ["served"] * 3
    for _ in range(3):
        ana_two.send(ListTables())
    # A second connection of the same key finds the budget the first one left.
    assert await _answers(ana_two, 3) == ["served", "refused", "refused"]
    for _ in range(4):
        bo.send(ListTables())
    assert await _answers(bo, 4) == ["served"] * 4


async def test_a_noisy_player_at_one_table_does_not_slow_a_player_at_another(start_host, connect):
    host = await start_host(limits=HostLimits(requests_per_second=SLOW, request_burst=12))
    ana, bo = await connect(host, ANA, "Ana"), await connect(host, BO, "Bo")
    noisy = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("bot", "random")])
    quiet = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("bot", "random")])
    for _ in range(40):  # stale actions as fast as the socket takes them
        ana.send(Act(table=noisy.table, version=-1, action="bank left"))
    for _ in range(40 - 11):  # after the table, eleven stale answers; the rest refused
        await ana.wait_for(lambda r: isinstance(r, Refused) and "slow down" in r.reason)
    rng = random.Random(3)
    for _ in range(8):  # Bo plays on, every action applied
        await settled(host, quiet.table, [bo])
        await play_one(bo, quiet.table, rng)
    assert host.tables[quiet.table].version >= 8


async def test_chat_has_its_own_budget_and_never_eats_the_one_for_playing(start_host, connect):
    host = await start_host(
        limits=HostLimits(requests_per_second=SLOW, request_burst=4, chat_per_second=SLOW, chat_burst=2)
    )
    ana = await connect(host, ANA, "Ana")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("bot", "random")])
    for number in range(10):
        ana.send(Chat(table=made.table, text=f"line {number}"))
    for _ in range(8):  # two lines said, eight refused
        refusal = await ana.wait_for(lambda r: isinstance(r, Refused))
        assert "slow down" in refusal.reason
    # One request was the table; three are left for playing, chat or not.
    rng = random.Random(1)
    for _ in range(3):
        await settled(host, made.table, [ana])
        await play_one(ana, made.table, rng)
    ana.send(ListTables())
    assert await _answers(ana, 1) == ["refused"]
