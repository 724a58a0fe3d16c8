"""The lobby pushed to every connection: a burst of changes ends with everyone holding the
whole list, and a table's line follows its game (worked out once per version)."""

from __future__ import annotations

import asyncio

from server.protocol import ListTables, SeatRequest, Tables, Watch
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


async def test_a_table_whose_game_ends_moves_to_the_finished_tables_in_every_lobby(tmp_path, start_host, connect):
    """Nothing but new tables, seats taken and closings pushed the lobby: a game's end left
    the table among the live ones, 'your turn' and all, in every other player's list."""
    from engines.core.match import SeatSpec
    from engines.registry import GAMES
    from tests.matrix import near_the_end
    from tests.remote.helpers import store_table

    entry = next(g for g in GAMES if g.id == "bivi")
    match = near_the_end(entry, [SeatSpec("Ana"), SeatSpec("Bo", "bot", "heuristic")], left=3)
    store_table(tmp_path / "root", "ending", match, "SHA256:ana", public=True)
    host = await start_host()
    ana = await connect(host, "SHA256:ana", "Ana")
    cy = await connect(host, "SHA256:cy", "Cy")
    ana.send(ListTables())
    await ana.wait_for(lambda r: isinstance(r, Tables) and r.tables)
    ana.send(Watch(table="ending"))
    for _ in range(20):  # Ana plays the first of her offers, the bot its own, to the end
        await settled(host, "ending", [ana])
        if host.tables["ending"].match.is_over():
            break
        await play_text(ana, "ending", ana.updates["ending"].legal[0].text)
    assert host.tables["ending"].match.is_over()
    listed = await cy.wait_for(lambda r: isinstance(r, Tables) and any(t.id == "ending" and t.over for t in r.tables))
    assert listed is not None


async def test_a_player_not_following_their_table_is_told_when_it_becomes_their_turn(start_host, connect):
    """The lobby's '> your turn' came from the table's Updates, which go only to those
    following it: a player who had stopped following saw no mark when their turn came."""
    from server.protocol import Join, Leave

    host = await start_host()
    bo = await connect(host, "SHA256:bo", "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("open")])
    ana = await connect(host, "SHA256:ana", "Ana")
    ana.send(Join(table=made.table))
    await settled(host, made.table, [bo, ana])
    ana.send(Leave(table=made.table))
    table = host.tables[made.table]
    async with asyncio.timeout(5):
        while any(w.seat == 1 for w in table.watchers.values()):
            await asyncio.sleep(0.01)
    assert table.match.actors() == (0,)
    await play_text(bo, made.table, bo.updates[made.table].legal[0].text)
    assert table.match.actors() == (1,)
    listed = await ana.wait_for(
        lambda r: isinstance(r, Tables) and any(t.id == made.table and t.your_turn for t in r.tables)
    )
    assert listed is not None


async def test_a_player_is_sent_the_lobby_only_when_their_own_turn_comes_or_goes(start_host, connect):
    """Every change of who acts sent the whole list to every seated player not following:
    a bot's move at a table of bots pushed every table of the host to its players, though
    none of their marks changed."""
    from server.protocol import Done, Join, Leave

    host = await start_host()
    bo = await connect(host, "SHA256:bo", "Bo")
    made = await create(bo, "bivi", [SeatRequest("me"), SeatRequest("bot", "random"), SeatRequest("open")])
    ana = await connect(host, "SHA256:ana", "Ana")
    ana.send(Join(table=made.table))
    await settled(host, made.table, [bo, ana])
    ana.send(Leave(table=made.table))
    await ana.wait_for(lambda r: isinstance(r, Done) and r.table == made.table and r.seat is None)
    table = host.tables[made.table]
    assert table.match.actors() == (0,)
    before = table.version
    await play_text(bo, made.table, bo.updates[made.table].legal[0].text)
    seen: list[Tables] = []

    def ana_to_play(reply) -> bool:
        if isinstance(reply, Tables):
            seen.append(reply)
            return any(t.id == made.table and t.your_turn for t in reply.tables)
        return False

    await ana.wait_for(ana_to_play)
    assert table.match.actors() == (2,)
    # Bo's turn ended and the bot's began: no list came to Ana for that.
    assert not [t for r in seen for t in r.tables if t.id == made.table and t.version > before and not t.your_turn]
