"""What the Camp Grizzly search levels add to the shared search: an evaluation of the
team's chances from a position, so a playout can stop after a few choices.

The search's guide and playouts are the planner (planner.py: the heuristic with its whole
move, loadout and finale planned). A playout of a whole game costs tens of milliseconds
here (the bots read a full view at every choice), so `hard` (0.3 s) would get a handful of
iterations and play as its guide. With a horizon the playout stops after `HORIZON` seat
choices and `survival` scores the position: a logistic of a few features of the state (who
is alive and how hurt, the body count, how far the team is towards a finale's three
objectives, the '?' spaces left, the round), with weights fitted to the outcomes of seeded
planner games (Normal and Easy, 2 seats) from positions along them, since the planner is
what plays the rest (bench/camp_grizzly_fit.py).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from typing import Any

from engines.camp_grizzly import content
from engines.camp_grizzly.content_base import HOPELESS
from engines.camp_grizzly.shared import MAX_ROUNDS
from engines.camp_grizzly.state import CampState
from engines.camp_grizzly.view import CampView
from engines.core.ismcts import SearchBot, bot_rollout, search_levels
from engines.core.protocol import Bot, BotContext, Engine

#: Seat choices a playout makes before the evaluation scores it.
HORIZON = 24

#: The features `features` returns, in order (the weights below follow it).
FEATURES = ("bias", "alive", "health", "body_count", "objectives", "questions", "round", "finale", "failed")

#: Fitted by logistic regression (Newton's method, a small ridge: bench/camp_grizzly_fit.py)
#: on 24,261 positions, every fourth seat choice outside finales, of 400 Normal and 100 Easy
#: two-seat planner games (seeds 1000 on): a feature's weight is how much it moves the
#: log-odds of surviving. The fit's log loss is 0.468 against 0.572 for a constant guess (the
#: weights fitted on heuristic games before the planner scored 0.575 on these positions).
WEIGHTS = (-0.19, -0.05, 3.75, -6.30, 0.32, -0.60, 4.81, 0.00, -0.01)


def features(state: CampState) -> tuple[float, ...]:
    """The position in numbers, each about in [0, 1]: see FEATURES."""
    s = state
    minis = content.minis()
    living = [c for c in s.counselors.values() if not c.dead]
    alive = len(living) / len(s.counselors) if s.counselors else 0.0
    roster = content.counselors()
    health = sum(max(0, roster[c.id].health - c.injuries) / roster[c.id].health for c in living)
    health /= max(1, len(s.counselors))
    pool: Counter[str] = Counter()
    for c in living:
        for mid in c.objectives:
            pool[minis[mid].objective] += 1
    best = 0.0
    for site, fin in content.finales().items():
        if site in s.failed_finales:
            continue
        need = Counter(fin.requires)
        have = sum(min(pool[k], n) for k, n in need.items())
        best = max(best, have / len(fin.requires))
    questions = len(s.questions) / 10.0
    return (
        1.0,
        alive,
        health,
        min(s.body_count, HOPELESS) / HOPELESS,
        best,
        questions,
        min(s.round, MAX_ROUNDS) / MAX_ROUNDS,
        1.0 if s.finale is not None else 0.0,
        len(s.failed_finales) / 3.0,
    )


def chance(state: CampState, weights: tuple[float, ...] = WEIGHTS) -> float:
    """The team's estimated chance of surviving from `state`, in (0, 1)."""
    z = sum(w * x for w, x in zip(weights, features(state), strict=True))
    z = max(-30.0, min(30.0, z))
    return 1.0 / (1.0 + math.exp(-z))


def survival(engine: Engine[Any, Any], state: CampState) -> list[float] | None:
    """The evaluation the search levels stop their playouts with: the team's chance for
    every seat (co-operative: one result for all); None for a finished game, which the
    search scores by its result, and during a finale, which is played out (its dice decide
    the game within a few choices)."""
    if state.stage == "over" or state.finale is not None:
        return None
    return [chance(state)] * state.seats


def worth_searching(view: CampView) -> bool:
    """Whether the search levels search this decision or follow their guide's plan at once.
    The planner plans a whole move, so the search weighs the move's first step (where the
    move's course is set) and the planner walks the rest; the end phase (equip, hand over,
    end) is the planner's loadout. Everything else is searched: strikes, panic runs, finale
    steps, trades asked of the team. A second a decision on every step made a two-counselor
    game some 200 decisions (over three minutes of thinking); this leaves about 55."""
    if view.phase == "end":
        return False
    if view.phase == "move":
        me = next((c for c in view.counselors if c.active), None)
        return me is None or me.moves_left >= me.movement
    return True


class CampSearch(SearchBot):
    """The search, overruling its guide (the planner) only when its pick did clearly
    better: most actions hardly change the team's chances over a round, and then the
    guide's plan (pool the objectives, keep out of Otis' reach, walk to the finale) is worth
    more than the noise of the dice in a few hundred playouts."""

    def choose(self, ctx: BotContext) -> Any:
        if self.guide is not None and not worth_searching(ctx.view):
            return self.guide.choose(ctx)
        searched = super().choose(ctx)
        if self.guide is None or len(ctx.legal) == 1:
            return searched
        planned = self.guide.choose(ctx)
        return searched if self.clearly_better(ctx.engine, searched, planned) else planned


def search_level(level: str, guide: Callable[[], Bot]) -> Callable[[], Bot]:
    """A factory of `level`'s search bot (`hard` or `expert`): playouts by `guide` stopped
    at the horizon and scored by `survival`, the guide's choice kept unless clearly beaten."""
    seconds = search_levels()[level]().seconds  # type: ignore[attr-defined]
    assert isinstance(seconds, float)

    def make() -> Bot:
        return CampSearch(
            seconds=seconds, rollout=bot_rollout(guide()), guide=guide(), horizon=HORIZON, evaluate=survival
        )

    return make


__all__ = [
    "FEATURES",
    "HORIZON",
    "WEIGHTS",
    "CampSearch",
    "chance",
    "features",
    "search_level",
    "survival",
    "worth_searching",
]
