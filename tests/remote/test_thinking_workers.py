"""Where a remote table's search bot decides (server/thinking.py): what a worker process is
sent pickles for every game's thinking levels; a bot that raises there is a logged failure
and the table goes on; a broken pool is replaced; shutdown drops a choice still pending.
One test starts a real worker process, the others run the same path in threads."""

from __future__ import annotations

import logging
import os
import pickle
from concurrent.futures import BrokenExecutor, ThreadPoolExecutor

import pytest

import engines.registry as registry
import server.host
from engines.core.levels import bot_thinks, level_keys, make_bot
from engines.core.match import Match, SeatSpec
from engines.core.protocol import AUTO
from server.protocol import Chat, ChatLine, SeatRequest, Update
from server.thinking import SearchWorkers, worker_processes
from tests.remote.helpers import create, play_text, until
from tests.remote.worker_bots import WORKER_COUNT, WORKER_ENTRY
from tests.thinking_bot import THINKING_ENTRY, HeldBot

ANA, BO = "SHA256:ana-key", "SHA256:bo-key"


@pytest.fixture
def worker_game(monkeypatch):
    games = (*registry.GAMES, WORKER_ENTRY)
    monkeypatch.setattr(registry, "GAMES", games)
    monkeypatch.setattr(server.host, "GAMES", games)


def _thinking_levels():
    for entry in registry.GAMES:
        engine = registry.load_engine(entry.id)
        for level in level_keys(engine):
            if bot_thinks(make_bot(engine, level)):
                yield entry.id, level


@pytest.mark.parametrize(("game", "level"), list(_thinking_levels()))
def test_what_a_worker_is_sent_pickles_and_means_the_same(game, level):
    engine = registry.load_engine(game)
    match = Match(engine, engine.decode_options({}), [SeatSpec(f"Bot {n}", "bot", level) for n in range(2)], 7)
    while match.actors() == (AUTO,):
        match.act(AUTO, engine.auto_action(match.state))
    seat = match.actors()[0]
    ctx = match.bot_context(seat)
    sent_level, sent = pickle.loads(pickle.dumps((match.seats[seat].level, ctx)))
    # The worker decides from the same view, legal actions and generator ...
    assert sent.view == ctx.view and list(sent.legal) == list(ctx.legal) and sent.seat == seat
    assert sent.rng.state == ctx.rng.state
    # ... with a bot of the seat's level made from the engine it was sent.
    assert type(make_bot(sent.engine, sent_level)) is type(match.bot_of(seat))
    assert pickle.loads(pickle.dumps(ctx.legal[-1])) == ctx.legal[-1]  # the choice comes back


async def test_a_worker_process_decides_and_its_bot_s_failure_comes_back():
    """The real thing, once: a worker process (not this one) decides, and a bot raising
    there raises here."""
    match = Match(WORKER_COUNT, WORKER_COUNT.decode_options({}), [SeatSpec("Bot", "bot", "expert")], 3)
    workers = SearchWorkers(worker_processes)
    try:
        assert await workers.decide("expert", match.bot_context(0)) == match.bot_context(0).legal[0]
        with pytest.raises(RuntimeError, match="a bug in the bot") as failure:
            await workers.decide("hard", match.bot_context(0))
        assert f"in process {os.getpid()}" not in str(failure.value)
    finally:
        workers.shutdown()


async def test_a_bot_that_raises_is_a_logged_failure_and_the_host_goes_on(worker_game, start_host, connect, caplog):
    host = await start_host()
    ana, bo = await connect(host, ANA, "Ana"), await connect(host, BO, "Bo")
    with caplog.at_level(logging.ERROR, logger="campfire.tables"):
        failing = await create(ana, "count", [SeatRequest("bot", "hard"), SeatRequest("me")])
        await until(lambda: any("failed to decide" in r.getMessage() for r in caplog.records), "the failure logged")
    table = host.tables[failing.table]
    await until(lambda: table.thinking_seat() is None, "the bot no longer thinking")
    assert table.version == 0
    update = await ana.wait_for(lambda r: isinstance(r, Update) and r.table == failing.table and r.thinking is None)
    assert update.version == 0
    # The table still answers, and another table's thinking bot decides and play goes on.
    ana.send(Chat(table=failing.table, text="never mind"))
    await ana.wait_for(lambda r: isinstance(r, ChatLine) and r.text == "never mind")
    other = await create(bo, "count", [SeatRequest("me"), SeatRequest("bot", "expert")])
    await play_text(bo, other.table, "add 1")
    await until(lambda: host.tables[other.table].version == 2, "the expert bot's move")
    assert host.tables[other.table].match.journal[1].seat == 1


async def test_a_broken_pool_is_replaced_for_the_next_search():
    made: list[ThreadPoolExecutor] = []

    def broken_first() -> ThreadPoolExecutor:
        def die() -> None:
            raise RuntimeError("the worker could not start")

        made.append(ThreadPoolExecutor(1, initializer=die if not made else None))
        return made[-1]

    match = Match(WORKER_COUNT, WORKER_COUNT.decode_options({}), [SeatSpec("Bot", "bot", "expert")], 3)
    workers = SearchWorkers(broken_first)
    try:
        with pytest.raises(BrokenExecutor):
            await workers.decide("expert", match.bot_context(0))
        assert await workers.decide("expert", match.bot_context(0)) == match.bot_context(0).legal[0]
        assert len(made) == 2
    finally:
        workers.shutdown()


async def test_shutdown_drops_a_pending_choice(start_host, connect, monkeypatch):
    games = (*registry.GAMES, THINKING_ENTRY)
    monkeypatch.setattr(registry, "GAMES", games)
    monkeypatch.setattr(server.host, "GAMES", games)
    HeldBot.reset()
    try:
        host = await start_host()
        ana = await connect(host, ANA, "Ana")
        held = await create(ana, "count", [SeatRequest("bot", "hard"), SeatRequest("me")])
        await until(lambda: HeldBot.threads, "the bot starting to think")
        table = host.tables[held.table]
        await host.close()  # while the bot thinks
    finally:
        HeldBot.go.set()
    with pytest.raises(RuntimeError, match="shutting down"):
        await host.search_workers.decide("hard", table.match.bot_context(0))
    assert table.version == 0 and table.thinking_seat() == 0  # never delivered, never applied
