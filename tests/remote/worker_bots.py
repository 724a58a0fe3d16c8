"""The counting game with two thinking levels for the search workers' tests: `expert`
takes the first legal action, `hard` raises, naming the process it ran in. A module of its
own and small, since a worker process imports it to unpickle the engine."""

from __future__ import annotations

import os

from engines.core.protocol import Bot, BotContext
from engines.registry import GameEntry
from tests.fake_engine import ENTRY, CountEngine


class FirstBot(Bot):
    name = "expert"
    thinks = True

    def choose(self, ctx: BotContext):
        return ctx.legal[0]


class FailingBot(Bot):
    name = "hard"
    thinks = True

    def choose(self, ctx: BotContext):
        raise RuntimeError(f"a bug in the bot, in process {os.getpid()}")


class WorkerCount(CountEngine):
    bots = {**CountEngine.bots, "hard": FailingBot, "expert": FirstBot}


WORKER_COUNT = WorkerCount()

WORKER_ENTRY = GameEntry(
    id=ENTRY.id,
    title=ENTRY.title,
    pitch=ENTRY.pitch,
    players=ENTRY.players,
    engine="tests.remote.worker_bots:WORKER_COUNT",
    ready=True,
)
