"""The table host without SSH: clients on its socket create, join, watch and play tables;
the host alone decides what is applied and what each seat may see."""

from __future__ import annotations

import asyncio
import os
import random
import stat

import pytest

from saves.store import load_save
from server.client import TableClient
from server.protocol import (
    MAX_REQUEST_BYTES,
    Act,
    Chat,
    ChatLine,
    CreateTable,
    Done,
    Join,
    Leave,
    ListTables,
    Refused,
    SeatRequest,
    Stale,
    Tables,
    Update,
    Watch,
)
from server.host import HostLimits
from server.protocol import INVITE_LENGTH
from tests.remote.helpers import create, play_one, settled

ANA, BO, CY = "SHA256:ana-key", "SHA256:bo-key", "SHA256:cy-key"
#: Scripted clients act far faster than people; the rate limits have their own test.
SCRIPTED = HostLimits(requests_per_second=10_000, request_burst=10_000)


async def test_the_socket_is_private_and_needs_a_token(start_host):
    host = await start_host()
    assert stat.S_IMODE(os.stat(host.socket_path).st_mode) == 0o600
    with pytest.raises(ConnectionError):
        await TableClient.connect(str(host.socket_path), "not-a-token", timeout=5)


async def test_a_revoked_token_no_longer_connects(start_host):
    host = await start_host()
    token = host.issue_token(ANA, "Ana")
    host.revoke_token(token)
    with pytest.raises(ConnectionError):
        await TableClient.connect(str(host.socket_path), token, timeout=5)


async def test_an_oversized_request_ends_the_connection(start_host, connect):
    host = await start_host()
    ana = await connect(host, ANA, "Ana")
    ana._writer.write((MAX_REQUEST_BYTES + 1).to_bytes(4, "big") + b"x" * 64)
    async with asyncio.timeout(5):
        while ana.connected:
            await asyncio.sleep(0.01)


async def test_create_join_and_list(start_host, connect):
    host = await start_host()
    ana, bo = await connect(host, ANA, "Ana"), await connect(host, BO, "Bo")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")])
    assert made.seat == 0
    bo.send(ListTables())
    listed = await bo.wait_for(lambda r: isinstance(r, Tables))
    [info] = listed.tables
    assert info.id == made.table and info.game == "bivi"
    assert [(s.name, s.kind) for s in info.seats] == [("Ana", "human"), ("Open seat 2", "open")]
    bo.send(Join(table=made.table))
    joined = await bo.wait_for(lambda r: isinstance(r, (Done, Refused)))
    assert joined == Done(table=made.table, seat=1)
    seen = await ana.wait_for(lambda r: isinstance(r, Update) and r.seats[1].kind == "human")
    assert [s.name for s in seen.seats] == ["Ana", "Bo"]
    await settled(host, made.table, [ana, bo])
    assert ana.updates[made.table].legal and not bo.updates[made.table].legal


async def test_a_private_table_needs_its_invite_code(start_host, connect):
    host = await start_host()
    ana, bo = await connect(host, ANA, "Ana"), await connect(host, BO, "Bo")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")], public=False)
    invite = host.tables[made.table].stored.invite
    assert len(invite) == INVITE_LENGTH == 6 and invite.isalpha()
    bo.send(ListTables())
    assert (await bo.wait_for(lambda r: isinstance(r, Tables))).tables == []
    bo.send(Join(table=made.table, invite="ZZZZZZ" if invite != "ZZZZZZ" else "YYYYYY"))
    assert isinstance(await bo.wait_for(lambda r: isinstance(r, (Done, Refused))), Refused)
    bo.send(Join(table=made.table, invite=invite.lower()))
    assert await bo.wait_for(lambda r: isinstance(r, (Done, Refused))) == Done(table=made.table, seat=1)
    ana.send(ListTables())
    [info] = (await ana.wait_for(lambda r: isinstance(r, Tables))).tables
    assert info.invite == invite


async def test_a_private_table_watched_by_its_code_is_listed_to_its_spectator_while_followed(start_host, connect):
    """A spectator who came by the code can open the table again from the lobby (and see the
    chat kept for it there), chat and leave it (the host refused both without the code);
    nobody else without the code sees it."""
    host = await start_host()
    ana, bo, cy = await connect(host, ANA, "Ana"), await connect(host, BO, "Bo"), await connect(host, CY, "Cy")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")], public=False)
    invite = host.tables[made.table].stored.invite
    bo.send(Watch(table=made.table, invite=invite))
    listed = await bo.wait_for(lambda r: isinstance(r, Tables) and r.tables)
    assert [t.id for t in listed.tables] == [made.table]
    bo.send(ListTables())
    assert [t.id for t in (await bo.wait_for(lambda r: isinstance(r, Tables))).tables] == [made.table]
    cy.send(ListTables())
    assert (await cy.wait_for(lambda r: isinstance(r, Tables))).tables == []
    bo.send(Chat(table=made.table, text="nice move"))
    said = await bo.wait_for(lambda r: isinstance(r, (ChatLine, Refused)))  # spectators hear spectators
    assert said == ChatLine(table=made.table, name="Bo", text="nice move", spectator=True)
    bo.send(Leave(table=made.table))
    assert (await bo.wait_for(lambda r: isinstance(r, Tables))).tables == []


async def test_the_code_of_a_private_table_with_every_seat_taken_lets_a_friend_watch_it(start_host, connect):
    """Joining by the code alone where no seat is free watches the table (a friend with the
    code was refused, 'No seat is free', and had no way to see it); the code of a table with
    a free seat still seats them."""
    host = await start_host()
    ana, bo = await connect(host, ANA, "Ana"), await connect(host, BO, "Bo")
    full = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("bot", "random")], public=False)
    invite = host.tables[full.table].stored.invite
    bo.send(Join(table="", invite=invite))
    update = await bo.wait_for(lambda r: isinstance(r, (Update, Refused)))
    assert isinstance(update, Update) and update.table == full.table and update.seat is None
    listed = await bo.wait_for(lambda r: isinstance(r, Tables) and r.tables)
    assert [t.id for t in listed.tables] == [full.table]
    assert [s.kind for s in host.tables[full.table].stored.seats] == ["human", "bot"]

    free = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")], public=False)
    bo.send(Join(table="", invite=host.tables[free.table].stored.invite))
    assert await bo.wait_for(lambda r: isinstance(r, (Done, Refused))) == Done(table=free.table, seat=1)


async def test_two_actions_on_one_version_apply_exactly_once(start_host, connect):
    host = await start_host()
    ana = await connect(host, ANA, "Ana")
    second = await connect(host, ANA, "Ana")  # the same player from a second connection
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("bot", "random")])
    second.send(Watch(table=made.table))
    await settled(host, made.table, [ana, second])
    update = ana.updates[made.table]
    first_action, other_action = update.legal[0].text, update.legal[-1].text
    ana.send(Act(table=made.table, version=update.version, action=first_action))
    second.send(Act(table=made.table, version=update.version, action=other_action))
    answers = [await client.wait_for(lambda r: isinstance(r, (Done, Refused, Stale))) for client in (ana, second)]
    assert sorted(type(a).__name__ for a in answers) == ["Done", "Stale"]
    journal = host.tables[made.table].match.journal
    assert journal[update.version].action == first_action
    assert host.store.load(made.table).version == host.tables[made.table].version
    await settled(host, made.table, [ana, second])
    assert second.updates[made.table].version == host.tables[made.table].version


async def test_an_illegal_action_is_refused_with_a_reason_and_changes_nothing(start_host, connect):
    host = await start_host()
    ana = await connect(host, ANA, "Ana")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("bot", "random")])
    await settled(host, made.table, [ana])
    version = ana.updates[made.table].version
    ana.send(Act(table=made.table, version=version, action="fly to the moon"))
    refused = await ana.wait_for(lambda r: isinstance(r, (Done, Refused)))
    assert isinstance(refused, Refused) and "is not a Bivì action" in refused.reason
    assert host.tables[made.table].version == version


async def test_another_key_cannot_act_for_a_seat_and_the_owner_resumes_it(start_host, connect):
    host = await start_host()
    ana = await connect(host, ANA, "Ana")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("bot", "random")])
    await settled(host, made.table, [ana])
    action = ana.updates[made.table].legal[0].text
    version = ana.updates[made.table].version
    await ana.close()

    mallory = await connect(host, "SHA256:mallory", "Ana")
    mallory.send(Watch(table=made.table))
    await settled(host, made.table, [mallory])
    assert mallory.updates[made.table].seat is None and mallory.updates[made.table].legal == []
    mallory.send(Act(table=made.table, version=version, action=action))
    assert isinstance(await mallory.wait_for(lambda r: isinstance(r, (Done, Refused))), Refused)

    back = await connect(host, ANA, "Ana")
    back.send(Watch(table=made.table))
    await settled(host, made.table, [back])
    assert back.updates[made.table].seat == 0
    assert back.updates[made.table].legal[0].text == action
    await play_one(back, made.table, random.Random(1))
    assert host.tables[made.table].version > version


async def test_chat_is_one_clean_line_and_spectators_talk_among_themselves(start_host, connect):
    host = await start_host()
    ana, bo, cy = await connect(host, ANA, "Ana"), await connect(host, BO, "Bo"), await connect(host, CY, "Cy")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")])
    bo.send(Join(table=made.table))
    cy.send(Watch(table=made.table))
    await settled(host, made.table, [ana, bo, cy])
    ana.send(Chat(table=made.table, text="good\x1b[31m luck\n" + "!" * 500))
    heard = [await c.wait_for(lambda r: isinstance(r, ChatLine)) for c in (ana, bo, cy)]
    assert {line.text for line in heard} == {("good [31m luck " + "!" * 500)[:200]}
    assert all(line.name == "Ana" and not line.spectator for line in heard)
    cy.send(Chat(table=made.table, text="psst"))
    whisper = await cy.wait_for(lambda r: isinstance(r, ChatLine))
    assert whisper.spectator and whisper.text == "psst"
    ana.send(Chat(table=made.table, text="and you?"))
    assert (await bo.wait_for(lambda r: isinstance(r, ChatLine))).text == "and you?"


async def test_chat_beyond_its_rate_is_refused(start_host, connect):
    host = await start_host()
    ana = await connect(host, ANA, "Ana")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")])
    for number in range(6):
        ana.send(Chat(table=made.table, text=f"line {number}"))
    refused = await ana.wait_for(lambda r: isinstance(r, Refused))
    assert "slow down" in refused.reason


async def test_tables_per_identity_are_capped(start_host, connect):
    host = await start_host(limits=HostLimits(tables_per_identity=2))
    ana = await connect(host, ANA, "Ana")
    for _ in range(2):
        await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")])
    ana.send(CreateTable(game="bivi", seats=[SeatRequest("me"), SeatRequest("open")]))
    refused = await ana.wait_for(lambda r: isinstance(r, (Done, Refused)))
    assert isinstance(refused, Refused) and "2 unfinished tables" in refused.reason
    assert len(host.tables) == 2


async def test_finished_tables_do_not_count_toward_the_cap(start_host, connect):
    host = await start_host(limits=HostLimits(tables_per_identity=1))
    ana = await connect(host, ANA, "Ana")
    made = await create(ana, "bivi", [SeatRequest("bot", "random"), SeatRequest("bot", "random")])
    async with asyncio.timeout(60):
        while not host.tables[made.table].match.is_over():
            await asyncio.sleep(0.01)
    again = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")])
    ana.send(CreateTable(game="bivi", seats=[SeatRequest("me"), SeatRequest("open")]))
    refused = await ana.wait_for(lambda r: isinstance(r, (Done, Refused)))
    assert isinstance(refused, Refused) and "1 unfinished table:" in refused.reason
    assert set(host.tables) == {made.table, again.table}


async def test_wrong_invite_codes_are_limited_per_identity_even_across_connections(start_host, connect):
    host = await start_host(limits=HostLimits(wrong_codes_burst=3, wrong_codes_per_second=1e-6))
    ana = await connect(host, ANA, "Ana")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")], public=False)
    invite = host.tables[made.table].stored.invite
    wrong = "ZZZZZZ" if invite != "ZZZZZZ" else "YYYYYY"
    bo = await connect(host, BO, "Bo")
    for _ in range(3):
        bo.send(Join(table="", invite=wrong))
        refused = await bo.wait_for(lambda r: isinstance(r, (Done, Refused)))
        assert isinstance(refused, Refused) and "No table has" in refused.reason
    bo_again = await connect(host, BO, "Bo")  # a new connection buys no new guesses
    bo_again.send(Join(table="", invite=invite))  # even the right code waits now
    refused = await bo_again.wait_for(lambda r: isinstance(r, (Done, Refused)))
    assert isinstance(refused, Refused) and "Too many wrong invite codes" in refused.reason
    cy = await connect(host, CY, "Cy")  # another player keeps their own budget
    cy.send(Join(table="", invite=invite))
    assert await cy.wait_for(lambda r: isinstance(r, (Done, Refused))) == Done(table=made.table, seat=1)


async def test_a_table_with_bad_seats_is_not_created(start_host, connect):
    host = await start_host()
    ana = await connect(host, ANA, "Ana")
    ana.send(CreateTable(game="bivi", seats=[SeatRequest("me")]))
    refused = await ana.wait_for(lambda r: isinstance(r, (Done, Refused)))
    assert isinstance(refused, Refused) and "2 to 4" in refused.reason
    ana.send(CreateTable(game="bivi", seats=[SeatRequest("me"), SeatRequest("bot", "genius")]))
    refused = await ana.wait_for(lambda r: isinstance(r, (Done, Refused)))
    assert isinstance(refused, Refused) and "genius" in refused.reason
    assert host.tables == {}


async def test_a_full_game_against_a_bot_exports_to_a_save_that_replays(start_host, connect, tmp_path):
    host = await start_host(limits=SCRIPTED)
    ana, bo = await connect(host, ANA, "Ana"), await connect(host, BO, "Bo")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open"), SeatRequest("bot", "heuristic")])
    bo.send(Join(table=made.table))
    rng = random.Random(5)
    clients = [ana, bo]
    for _ in range(2000):
        await settled(host, made.table, clients)
        if ana.updates[made.table].over:
            break
        for client in clients:
            if client.updates[made.table].legal:
                await play_one(client, made.table, rng)
                break
    final = [client.updates[made.table] for client in clients]
    assert all(update.over for update in final)
    assert final[0].outcome == final[1].outcome
    path = host.store.export(made.table, tmp_path / "exported.json")
    loaded = load_save(path)
    assert loaded.match.engine.outcome(loaded.match.state) == final[0].outcome
    assert [s.name for s in loaded.save.seats] == ["Ana", "Bo", "Normal bot 3"]


async def test_a_private_table_is_joined_by_its_code_alone_and_the_lobby_is_pushed(start_host, connect):
    host = await start_host()
    ana, bo = await connect(host, ANA, "Ana"), await connect(host, BO, "Bo")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")], public=False)
    invite = host.tables[made.table].stored.invite
    bo.send(Join(table="", invite=f" {invite.lower()} "))
    assert await bo.wait_for(lambda r: isinstance(r, (Done, Refused))) == Done(table=made.table, seat=1)
    # Ana did not ask: the lobby arrives because a seat at her table was taken.
    pushed = await ana.wait_for(lambda r: isinstance(r, Tables) and r.tables and r.tables[0].seats[1].kind == "human")
    assert pushed.tables[0].seats[1].name == "Bo"


async def test_an_undecodable_request_ends_the_connection(start_host, connect):
    host = await start_host()
    ana = await connect(host, ANA, "Ana")
    ana._writer.write((5).to_bytes(4, "big") + b"\xc1\xc1\xc1\xc1\xc1")
    async with asyncio.timeout(5):
        while ana.connected:
            await asyncio.sleep(0.01)


async def test_a_failing_bot_leaves_the_table_answering(start_host, connect, monkeypatch):
    from engines.core.match import Match

    host = await start_host()
    ana = await connect(host, ANA, "Ana")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("bot", "random")])
    await settled(host, made.table, [ana])

    def broken(self):
        raise RuntimeError("a bot bug")

    monkeypatch.setattr(Match, "next_bot_or_auto", broken)
    table = host.tables[made.table]
    while 0 in table.match.actors():
        await play_one(ana, made.table, random.Random(4))
    ana.send(Chat(table=made.table, text="still there?"))
    assert (await ana.wait_for(lambda r: isinstance(r, ChatLine))).text == "still there?"
    assert table._task is not None and not table._task.done()
