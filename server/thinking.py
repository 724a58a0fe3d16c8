"""A table's bot that thinks for wall time (a search), asked in a worker thread so the
table host's event loop goes on serving every table (and this one's chat, probes and
joins) meanwhile.

What the bot may know is taken on the loop, at once, before the thread starts: the match
may move on while it thinks. The choice comes back as a `BotDecided` through the table's
own inbox, with what it was asked about (the match object, its version, the bot itself),
and the table applies it only if it is still current. One bot thinks at a time per table.
A thread cannot be stopped: at shutdown a search runs to its end and its choice is dropped.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec

from engines.core.match import Match

log = logging.getLogger("campfire.tables")


class BotDecided(msgspec.Struct, frozen=True):
    """A thinking bot's choice, back from its worker thread."""

    seat: int
    version: int
    match: Any
    bot: Any
    action: Any = None
    failed: bool = False


class BotThinker:
    def __init__(self, table_id: str, deliver: Callable[[BotDecided], Awaitable[None]]) -> None:
        self.table_id = table_id
        self.deliver = deliver  # queues the decision in the table's inbox
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
        ctx = match.bot_context(seat)
        version = len(match.journal)
        self._asked = (seat, version)
        decision = BotDecided(seat=seat, version=version, match=match, bot=bot)
        self._task = asyncio.create_task(self._think(decision, ctx), name=f"table {self.table_id} bot")

    async def _think(self, decision: BotDecided, ctx: Any) -> None:
        try:
            action = await asyncio.to_thread(decision.bot.choose, ctx)
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
