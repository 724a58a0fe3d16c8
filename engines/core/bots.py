"""Bots every game can use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.protocol import Bot, BotContext


class RandomBot(Bot):
    """Any legal action, uniformly: the baseline every heuristic must beat."""

    name = "random"

    def choose(self, ctx: BotContext) -> Any:
        return ctx.rng.choice(list(ctx.legal))


class NoisyBot(Bot):
    """Another bot that now and then (a `noise` share of its decisions) plays any legal
    action instead: the `easy` level, a heuristic that makes mistakes a player can use."""

    name = "easy"

    def __init__(self, inner: Bot, noise: float = 0.3) -> None:
        self.inner = inner
        self.noise = noise

    def choose(self, ctx: BotContext) -> Any:
        if ctx.rng.below(1_000) < self.noise * 1_000:
            return ctx.rng.choice(list(ctx.legal))
        return self.inner.choose(ctx)


def noisy(make: Callable[[], Bot], noise: float = 0.3) -> Callable[[], Bot]:
    """A factory of `NoisyBot`s around the bots `make` makes, for an engine's `bots`."""

    def easy() -> Bot:
        return NoisyBot(make(), noise)

    return easy
