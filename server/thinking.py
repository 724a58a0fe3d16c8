"""A table's bot that thinks for wall time (a search), asked in a worker process so the
table host's event loop goes on serving every table (and this one's chat, probes and
joins) meanwhile.

Why a process and not a thread: a search is pure Python and holds the interpreter lock
while it runs, and the loop waits for that lock after every socket write and every wake-up.
Measured by `bench/remote_tables.py --thinking 4` (bench/README.md, "Search bots thinking
beside the tables"): four tables of expert bots thinking in threads beside 50 tables of
people took those people's p95 from an action to the others' screens from 15-16 ms to
650-760 ms (the goal is 150 ms) and the median from 4 ms to 190-270 ms; with the searches
in worker processes the p95 went from 16-21 ms to 36-39 ms, and the median hardly moved.

The workers (`SearchWorkers`) belong to the table host: as many as the machine has cores,
started at the first search (fresh interpreters, not forks of the host's threads), at a
lower priority than the host so its loop wins the CPU, replaced if one dies, shut down
with the host, and gone within a second if the host is killed. Like every process
started this way, a worker imports the host's main module under another name, so that
module must do nothing on import (`campfire serve`'s does nothing).

A bot does not pickle (a search's playout policy is a closure), so a worker makes the
seat's level afresh (a bot holds only its settings) and asks it with the `BotContext`,
which does: the engine, the seat's view, its legal actions and its generator. With more
tables thinking than cores, a search waits for a free worker, and its wall time starts
then.

What the bot may know is taken on the loop, at once, before the worker starts: the match
may move on while it thinks. The choice comes back as a `BotDecided` through the table's
own inbox, with what it was asked about (the match object, its version, the bot itself),
and the table applies it only if it is still current. One bot thinks at a time per table.
A bot that raises, or a worker that dies, is a logged failure: the table waits for its
next request, as after any bot's failure. A search under way cannot be stopped: at
shutdown it runs to its end in its worker and its choice is dropped.

Tests run the same path in a thread pool (`SearchWorkers(in_threads)`): no process to
start, and a test's bot can be held thinking by an event.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import msgspec

from engines.core.levels import make_bot
from engines.core.match import Match
from engines.core.protocol import BotContext

log = logging.getLogger("campfire.tables")

#: How much less a worker's search weighs with the kernel than the host's loop (nice(2)):
#: a search spends wall time, so on a busy machine it does fewer iterations, and the
#: tables' updates are not delayed behind it.
WORKER_NICENESS = 5


def decide(level: str, ctx: BotContext) -> Any:
    """In a worker: the choice of a new bot of `level` (any name `make_bot` takes) from
    `ctx`. A bot holds only its settings, so a new one decides as the table's own would."""
    return make_bot(ctx.engine, level).choose(ctx)


#: Seconds between a worker's looks at whether the host is still there.
HOST_CHECK_EVERY = 1.0


def _worker_started(host: int) -> None:
    os.nice(WORKER_NICENESS)
    # Ctrl+C at the server's terminal reaches its whole process group: the host shuts the
    # workers down itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_leave_with_host, args=(host,), name="host watch", daemon=True).start()


def _leave_with_host(host: int) -> None:
    """A worker waits for its next search forever, even once the host is gone (killed,
    it never shuts its workers down): leave when this process is no longer the host's."""
    while os.getppid() == host:
        time.sleep(HOST_CHECK_EVERY)
    os._exit(0)


def worker_processes() -> Executor:
    """One worker process per core, each a fresh interpreter (never a fork of the host,
    whose other threads may hold locks) at a lower priority."""
    return ProcessPoolExecutor(
        max_workers=os.cpu_count() or 1,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_worker_started,
        initargs=(os.getpid(),),
    )


def in_threads() -> Executor:
    """The same path in threads of this process (tests): nothing to pickle or start."""
    return ThreadPoolExecutor(thread_name_prefix="bot")


class SearchWorkers:
    """Where a host's thinking bots decide: an executor made at the first search by `make`,
    made anew after it breaks (a worker that died), shut down with the host."""

    def __init__(self, make: Callable[[], Executor] = worker_processes) -> None:
        self._make = make
        self._executor: Executor | None = None
        self._closed = False

    async def decide(self, level: str, ctx: BotContext) -> Any:
        """The choice of a bot of `level` from `ctx`, made off the loop; the bot's own
        exception if it raised, BrokenExecutor if its worker died."""
        if self._closed:
            raise RuntimeError("the host is shutting down")
        if self._executor is None:
            self._executor = self._make()
        executor = self._executor
        try:
            return await asyncio.wrap_future(executor.submit(decide, level, ctx))
        except BrokenExecutor:
            if self._executor is executor:  # the next search gets new workers
                self._executor = None
                executor.shutdown(wait=False, cancel_futures=True)
            raise

    def shutdown(self) -> None:
        """No more searches; those queued are dropped, one under way ends in its worker."""
        self._closed = True
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


class BotDecided(msgspec.Struct, frozen=True):
    """A thinking bot's choice, back from its worker."""

    seat: int
    version: int
    match: Any
    bot: Any
    action: Any = None
    failed: bool = False


class BotThinker:
    def __init__(self, table_id: str, deliver: Callable[[BotDecided], Awaitable[None]], workers: SearchWorkers) -> None:
        self.table_id = table_id
        self.deliver = deliver  # queues the decision in the table's inbox
        self.workers = workers
        self._asked: tuple[int, int] | None = None  # (seat, version) being thought about
        self._task: asyncio.Task[None] | None = None

    @property
    def busy(self) -> bool:
        return self._asked is not None

    def seat(self, version: int) -> int | None:
        """The seat whose bot is thinking about `version` of the table, if one is."""
        if self._asked is None or self._asked[1] != version:
            return None
        return self._asked[0]

    def start(self, match: Match, seat: int) -> None:
        bot = match.bot_of(seat)
        assert bot is not None, "only a bot's seat thinks"
        level = match.seats[seat].level
        ctx = match.bot_context(seat)
        version = len(match.journal)
        self._asked = (seat, version)
        decision = BotDecided(seat=seat, version=version, match=match, bot=bot)
        self._task = asyncio.create_task(self._think(decision, level, ctx), name=f"table {self.table_id} bot")

    async def _think(self, decision: BotDecided, level: str, ctx: BotContext) -> None:
        try:
            action = await self.workers.decide(level, ctx)
            decision = msgspec.structs.replace(decision, action=action)
        except Exception:
            log.exception("table %s: the bot of seat %d failed to decide", self.table_id, decision.seat)
            decision = msgspec.structs.replace(decision, failed=True)
        await self.deliver(decision)

    def settle(self, decision: BotDecided, match: Match) -> bool:
        """The decision is back: whether it still applies to `match` as it stands (the
        same match, version and bot in that seat, and that seat due to act)."""
        self._asked = None
        self._task = None
        return (
            decision.match is match
            and decision.version == len(match.journal)
            and match.bot_of(decision.seat) is decision.bot
            and decision.seat in match.actors()
        )

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
