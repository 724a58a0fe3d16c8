"""Policy rollout with common random numbers: a search for games whose heuristic is a good
model of every player, and whose sampled futures vary more than two moves' results do.

The tree search (engines/core/ismcts.py) plays out one action per sampled state, so two
actions are told apart only through the noise of different samples (hidden cards, later
draws), and below the root it tries moves for the other players that the heuristic they
are modelled by would not make. Here (Tesauro and Galperin's rollout improvement of a base
policy, 1996) each sample is a determinization and a playout generator, and the guide's
favourite actions at the root are each played out from that same sample with that same
generator: where two actions lead to the same future, their results are the same, and a
difference that recurs over samples is the action's own. The guide's choice is kept unless
another beats it by over `margin` standard errors of the paired differences, so a handful
of samples never overrules the guide by luck.

Budget: `iterations` counts playouts (one per candidate per sample), as the tree search
counts its iterations, and is never exceeded (a budget under one sample plays out fewer
candidates); `seconds` is a wall time, checked after each sample.
"""

from __future__ import annotations

import math
import time
from typing import Any

from engines.core.ismcts import SearchBot, _Node
from engines.core.protocol import Bot, BotContext, Engine
from engines.core.rng import Rng

#: The guide's favourite actions played out from each sample.
CANDIDATES = 5
#: Standard errors of the paired differences by which another action must beat the guide's.
MARGIN = 2.0
#: Samples before any action may overrule the guide's (a spread from fewer is unreliable).
MIN_SAMPLES = 3


class PairedSearchBot(SearchBot):
    """A search bot that plays out the guide's `candidates` favourite actions from each
    sampled state with the same playout generator and keeps the guide's choice unless
    another is clearly better over the samples (see the module's docstring). Needs a guide;
    the other options are SearchBot's (rollout, reward, budget)."""

    name = "paired search"

    def __init__(self, *args: Any, candidates: int = CANDIDATES, margin: float = MARGIN, **options: Any) -> None:
        super().__init__(*args, **options)
        if self.guide is None:
            raise ValueError("A paired search needs a guide: its favourite actions are the candidates.")
        self.candidates = candidates
        self.margin = margin

    def choose(self, ctx: BotContext) -> Any:
        legal = list(ctx.legal)
        if len(legal) == 1:
            return legal[0]
        engine: Engine[Any, Any] = ctx.engine
        rng = Rng(ctx.rng.next_u64())
        ranked = self.ranked(engine, ctx, legal, rng)
        if self.iterations is not None:  # a budget under one sample: fewer candidates
            ranked = ranked[: max(1, self.iterations)]
        width = len(ranked)
        results: list[list[float]] = [[] for _ in ranked]
        started = time.perf_counter()
        deadline = None if self.seconds is None else started + self.seconds
        longest = 0.0
        last = started
        done = 0
        while True:
            sample = engine.determinize(ctx.view, ctx.seat, rng)
            playouts = rng.next_u64()
            for action, found in zip(ranked, results):
                state = engine.apply(sample, ctx.seat, action).state
                state, reward = self._roll_out(engine, state, Rng(playouts))
                if reward is None:
                    reward = self.reward(engine, state)
                found.append(0.5 if reward is None else reward[ctx.seat])
            done += width
            if self.iterations is not None and done + width > self.iterations:
                break
            if deadline is not None:
                now = time.perf_counter()
                longest, last = max(longest, now - last), now
                if now + longest >= deadline:  # one more sample as long as the longest would overrun
                    break
        self.last_root = _root(engine, ctx.seat, ranked, results)
        return ranked[self.best_index(results)]

    def ranked(self, engine: Engine[Any, Any], ctx: BotContext, legal: list[Any], rng: Rng) -> list[Any]:
        """The guide's `candidates` favourite legal actions, its choice first: asked again
        among the actions it has not yet named."""
        guide: Bot | None = self.guide
        assert guide is not None
        left, out = list(legal), list[Any]()
        while left and len(out) < self.candidates:
            pick = guide.choose(BotContext(engine=engine, seat=ctx.seat, view=ctx.view, legal=left, rng=rng))
            out.append(pick)
            left.remove(pick)
        return out

    def best_index(self, results: list[list[float]]) -> int:
        """The candidate whose paired differences with the guide's choice (index 0) have
        the highest mean, when that mean is over `margin` standard errors above nothing
        after at least MIN_SAMPLES samples; else 0, the guide's choice."""
        best, best_mean = 0, 0.0
        guide = results[0]
        if len(guide) < MIN_SAMPLES:
            return 0
        n = len(guide)
        for k, found in enumerate(results[1:], start=1):
            diffs = [mine - theirs for mine, theirs in zip(found, guide)]
            mean = sum(diffs) / n
            spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
            if mean > self.margin * spread and mean > best_mean:
                best, best_mean = k, mean
        return best


def _root(engine: Engine[Any, Any], seat: int, ranked: list[Any], results: list[list[float]]) -> _Node:
    """The candidates' statistics as a root node (SearchBot.last_root) for tests and
    benchmarks: each candidate's playouts and total reward, in the guide's order."""
    root = _Node(seat)
    for action, found in zip(ranked, results):
        child = _Node(seat)
        child.visits, child.total = len(found), sum(found)
        root.children[engine.format_action(action)] = child
    return root


__all__ = ["PairedSearchBot"]
