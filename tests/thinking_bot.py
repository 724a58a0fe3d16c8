"""A test game whose `hard` bot thinks (as a search would: `Bot.thinks`) until the test lets
it go, so tests of what happens while a bot thinks depend on no clock."""

from __future__ import annotations

import threading

from engines.core.protocol import Bot, BotContext
from engines.registry import GameEntry
from tests.fake_engine import ENTRY, CountEngine


class HeldBot(Bot):
    """Thinks until `go` is set; notes the thread it thought on. `reset()` before a test,
    `go.set()` after it, so no worker is left waiting."""

    name = "hard"
    thinks = True
    go = threading.Event()
    threads: list[threading.Thread] = []

    @classmethod
    def reset(cls) -> None:
        cls.go = threading.Event()
        cls.threads = []

    def choose(self, ctx: BotContext):
        HeldBot.threads.append(threading.current_thread())
        assert HeldBot.go.wait(60), "the test never let the bot decide"
        return ctx.legal[0]


class ThinkingCount(CountEngine):
    bots = {**CountEngine.bots, "hard": HeldBot}


THINKING = ThinkingCount()

#: The counting game, registered with the thinking bot among its levels.
THINKING_ENTRY = GameEntry(
    id=ENTRY.id,
    title=ENTRY.title,
    pitch=ENTRY.pitch,
    players=ENTRY.players,
    engine="tests.thinking_bot:THINKING",
    ready=True,
)
