"""The host keeps each table's recent chat: whoever starts to follow a table (a player back
on a new connection, one who left it and comes back, a spectator arriving) first gets the
lines their side of the table heard, the last CHAT_LINES_KEPT of them, and how many earlier
ones were not kept. Players never get the spectators' lines; a private table's chat goes
only to those who may watch it."""

from __future__ import annotations

import random

from server.limits import HostLimits
from server.protocol import (
    CHAT_LINES_KEPT,
    Chat,
    ChatLine,
    EarlierChat,
    Join,
    Leave,
    Refused,
    SeatRequest,
    Update,
    VoteBot,
    Watch,
)
from tests.remote.helpers import create, play_one, until

ANA, BO, CY = "SHA256:ana", "SHA256:bo", "SHA256:cy"


def _texts(earlier: EarlierChat) -> list[str]:
    return [f"{line.name}: {line.text}" if line.name else f"-- {line.text}" for _, line in earlier.said]


async def _heard(client, table: str, text: str) -> None:
    await client.wait_for(lambda r: isinstance(r, ChatLine) and r.table == table and r.text == text)


async def _earlier_then_update(client, table: str) -> EarlierChat:
    """The EarlierChat the host sends a new follower, which comes before the table's first Update."""
    reply = await client.wait_for(lambda r: isinstance(r, (EarlierChat, Update)) and r.table == table)
    assert isinstance(reply, EarlierChat), f"the table's Update came with no earlier chat before it: {reply!r}"
    await client.wait_for(lambda r: isinstance(r, Update) and r.table == table and r.log_from == 0)
    return reply


async def test_a_player_back_on_a_new_connection_gets_what_was_said(start_host, connect):
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("open")])
    ana = await connect(host, ANA, "Ana")
    ana.send(Join(table=made.table))
    await until(lambda: made.table in ana.updates, "Ana seated")
    ana.send(Chat(table=made.table, text="hi Bo"))
    await _heard(bo, made.table, "hi Bo")
    rng = random.Random(1)
    await play_one(bo if 0 in host.tables[made.table].match.actors() else ana, made.table, rng)
    moves = len(host.tables[made.table].match.log)
    bo.send(Chat(table=made.table, text="your move"))
    await _heard(bo, made.table, "your move")
    await ana.close()  # the SSH connection dropped
    bo.send(Chat(table=made.table, text="still there?"))
    await _heard(bo, made.table, "still there?")

    back = await connect(host, ANA, "Ana")
    back.send(Watch(table=made.table))
    earlier = await _earlier_then_update(back, made.table)
    assert _texts(earlier) == ["Ana: hi Bo", "Bo: your move", "Bo: still there?"]
    # Each line with how many of the game's lines came before it, to be shown among them.
    assert [at for at, _ in earlier.said] == [0, moves, moves]
    assert earlier.dropped == 0


async def test_one_who_left_the_table_and_follows_it_again_gets_it_once(start_host, connect):
    """Leave, then Watch on the same connection: the recent chat again. A second Watch while
    following sends none (the lobby kept what it was sent)."""
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("open")])
    bo.send(Chat(table=made.table, text="anyone?"))
    await _heard(bo, made.table, "anyone?")
    bo.send(Leave(table=made.table))
    bo.send(Watch(table=made.table))
    assert _texts(await _earlier_then_update(bo, made.table)) == ["Bo: anyone?"]
    bo.send(Watch(table=made.table))
    again = await bo.wait_for(lambda r: isinstance(r, (EarlierChat, Update)) and r.table == made.table)
    assert isinstance(again, Update), "the chat was sent twice to one follower"


async def test_past_the_lines_kept_the_newcomer_is_told_how_many_were_not(start_host, connect):
    host = await start_host(limits=HostLimits(chat_per_second=1000.0, chat_burst=1000))
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("open")])
    said = CHAT_LINES_KEPT + 3
    for n in range(said):
        bo.send(Chat(table=made.table, text=f"line {n}"))
        await _heard(bo, made.table, f"line {n}")
    ana = await connect(host, ANA, "Ana")
    ana.send(Join(table=made.table))
    earlier = await _earlier_then_update(ana, made.table)
    assert len(earlier.said) == CHAT_LINES_KEPT and earlier.dropped == 3
    assert _texts(earlier)[0] == "Bo: line 3" and _texts(earlier)[-1] == f"Bo: line {said - 1}"


async def test_players_never_get_the_spectators_lines_and_spectators_get_both(start_host, connect):
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("open")])
    cy = await connect(host, CY, "Cy")
    cy.send(Watch(table=made.table))
    await until(lambda: made.table in cy.updates, "Cy watching")
    bo.send(Chat(table=made.table, text="welcome"))
    await _heard(cy, made.table, "welcome")
    cy.send(Chat(table=made.table, text="Bo should cut"))
    await _heard(cy, made.table, "Bo should cut")

    ana = await connect(host, ANA, "Ana")
    ana.send(Join(table=made.table))
    assert _texts(await _earlier_then_update(ana, made.table)) == ["Bo: welcome"]
    dee = await connect(host, "SHA256:dee", "Dee")
    dee.send(Watch(table=made.table))
    earlier = await _earlier_then_update(dee, made.table)
    assert _texts(earlier) == ["Bo: welcome", "Cy: Bo should cut"]
    assert [line.spectator for _, line in earlier.said] == [False, True]


async def test_a_private_tables_chat_goes_only_to_those_who_may_watch_it(start_host, connect):
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("open")], public=False)
    bo.send(Chat(table=made.table, text="the code is for Ana only"))
    await _heard(bo, made.table, "the code is for Ana only")
    cy = await connect(host, CY, "Cy")
    cy.send(Watch(table=made.table))
    refused = await cy.wait_for(lambda r: isinstance(r, (Refused, EarlierChat, Update)))
    assert isinstance(refused, Refused)
    cy.send(Watch(table=made.table, invite=host.tables[made.table].stored.invite))
    assert _texts(await _earlier_then_update(cy, made.table)) == ["Bo: the code is for Ana only"]


async def test_a_player_back_from_away_hears_the_bot_hand_the_seat_back_once(start_host, connect):
    """The table's notice that the returning player plays again is in the earlier chat, after
    the notice that a bot took the seat, and not sent a second time on its own."""
    host = await start_host(limits=_short_away())
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("open"), SeatRequest("me")])
    ana = await connect(host, ANA, "Ana")
    ana.send(Join(table=made.table))
    await until(lambda: made.table in ana.updates, "Ana seated")
    await ana.close()
    table = host.tables[made.table]
    await until(lambda: table.away_for(0) > 0, "Ana away")
    bo.send(VoteBot(table=made.table, seat=0))
    await bo.wait_for(lambda r: isinstance(r, ChatLine) and "bot plays for Ana" in r.text)
    back = await connect(host, ANA, "Ana")
    back.send(Watch(table=made.table))
    earlier = await _earlier_then_update(back, made.table)
    texts = _texts(earlier)
    assert texts[-2].endswith("bot plays for Ana until they return.") and texts[-1] == "-- Ana is back and plays again."
    await _heard(bo, made.table, "Ana is back and plays again.")
    back.send(Chat(table=made.table, text="thanks"))
    after = await back.wait_for(lambda r: isinstance(r, ChatLine) and r.table == made.table)
    assert after.text == "thanks", f"{after.text!r} came again on its own"


def _short_away() -> HostLimits:
    return HostLimits(away_seconds=0.0)


async def test_the_lines_kept_are_the_plain_text_everyone_read(start_host, connect):
    """Control and escape characters were dropped as the line was said; markup stays words."""
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("open")])
    bo.send(Chat(table=made.table, text="[b]hi[/b]\x1b[2J\x07 there"))
    heard = await bo.wait_for(lambda r: isinstance(r, ChatLine) and r.table == made.table)
    ana = await connect(host, ANA, "Ana")
    ana.send(Join(table=made.table))
    earlier = await _earlier_then_update(ana, made.table)
    assert [line for _, line in earlier.said] == [heard] and heard.text == "[b]hi[/b] [2J there"
