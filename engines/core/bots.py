"""Bots every game can use."""

from __future__ import annotations

from typing import Any

from engines.core.protocol import Bot, BotContext


class RandomBot(Bot):
    """Any legal action, uniformly: the baseline every heuristic must beat."""

    name = "random"

    def choose(self, ctx: BotContext) -> Any:
        return ctx.rng.choice(list(ctx.legal))
