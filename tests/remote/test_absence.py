"""A player away longer than the table's limit: the others may vote a bot into the seat,
and the player takes it back on return."""

from __future__ import annotations

import asyncio

from server.host import HostLimits
from server.protocol import ChatLine, Done, EarlierChat, Join, Refused, SeatRequest, Update, VoteBot, decode_reply
from tests.remote.helpers import create, settled

ANA, BO, CY = "SHA256:ana", "SHA256:bo", "SHA256:cy"


async def _table_of_three(host, connect):
    ana, bo, cy = await connect(host, ANA, "Ana"), await connect(host, BO, "Bo"), await connect(host, CY, "Cy")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open"), SeatRequest("open")])
    for client in (bo, cy):
        client.send(Join(table=made.table))
        assert isinstance(await client.wait_for(lambda r: isinstance(r, (Done, Refused))), Done)
    return made.table, ana, bo, cy


async def test_the_others_vote_a_bot_in_and_the_player_takes_the_seat_back(start_host, connect):
    host = await start_host(limits=HostLimits(away_seconds=0))
    table_id, ana, bo, cy = await _table_of_three(host, connect)
    table = host.tables[table_id]
    await cy.close()
    async with asyncio.timeout(10):
        while table.away_for(2) == 0:  # until the host has seen Cy's connection close
            await asyncio.sleep(0.01)

    ana.send(VoteBot(table=table_id, seat=2))
    assert isinstance(await ana.wait_for(lambda r: isinstance(r, (Done, Refused))), Done)
    tally = await bo.wait_for(lambda r: isinstance(r, ChatLine))
    assert tally.name == "" and "1 of 2" in tally.text
    assert table.stored.seats[2].kind == "human"

    bo.send(VoteBot(table=table_id, seat=2))
    assert isinstance(await bo.wait_for(lambda r: isinstance(r, (Done, Refused))), Done)
    handed = await ana.wait_for(lambda r: isinstance(r, Update) and r.seats[2].kind == "bot")
    assert handed.seats[2].standing_in and handed.seats[2].name == "Cy"
    assert host.store.load(table_id).seats[2].kind == "bot"

    back = await connect(host, CY, "Cy", record=True)
    back.send(Join(table=table_id))
    assert await back.wait_for(lambda r: isinstance(r, (Done, Refused))) == Done(table=table_id, seat=2)
    # Everyone is told, Cy too (the line went only to those already watching), before the Done:
    # Cy as the last line of the table's earlier chat, sent as he follows it again, and once.
    told = await ana.wait_for(lambda r: isinstance(r, ChatLine) and "is back" in r.text)
    assert told.name == "" and told.text == "Cy is back and plays again."
    heard = [decode_reply(body) for body in back.transcript]
    [earlier] = [r for r in heard if isinstance(r, EarlierChat)]
    assert earlier.said[-1][1] == told and heard.index(earlier) < heard.index(Done(table=table_id, seat=2))
    assert told not in heard
    assert table.stored.seats[2].kind == "human" and table.match.seats[2].is_bot is False
    await settled(host, table_id, [ana, bo, back])
    assert back.updates[table_id].seats[2].yours


async def test_no_vote_before_the_limit_nor_from_someone_without_a_seat(start_host, connect):
    host = await start_host(limits=HostLimits(away_seconds=3600))
    table_id, ana, bo, cy = await _table_of_three(host, connect)
    await cy.close()
    ana.send(VoteBot(table=table_id, seat=2))
    refused = await ana.wait_for(lambda r: isinstance(r, (Done, Refused)))
    assert isinstance(refused, Refused) and "3600 seconds" in refused.reason
    stranger = await connect(host, "SHA256:dee", "Dee")
    stranger.send(VoteBot(table=table_id, seat=2))
    refused = await stranger.wait_for(lambda r: isinstance(r, (Done, Refused)))
    assert isinstance(refused, Refused) and "other players" in refused.reason
    bo.send(VoteBot(table=table_id, seat=0))  # Ana is here
    assert isinstance(await bo.wait_for(lambda r: isinstance(r, (Done, Refused))), Refused)
    assert host.tables[table_id].stored.seats[2].kind == "human"
