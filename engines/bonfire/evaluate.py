"""What a Bonfire position is worth to each seat when the search stops a playout early.

A two-player playout from the start is some eighty choices of heuristic play, too many for
a useful number of them in a second: the search plays a few turns, then scores
the position as if the game ended there, each city's points as they stand (lit bonfires,
guardians, portals, crystals, Common Tasks, Elders, the track) and half the points of each
task waiting on its bonfires, and squashes each seat's margin as `margin_rewards` does.
"""

from __future__ import annotations

import math
from typing import Any

from engines.bonfire import content, scoring
from engines.bonfire.state import BonfireState, is_solo, is_tom

#: What a task received but not yet lit is worth, as a share of its points.
HELD_SHARE = 0.5


def estimate(s: BonfireState, who: int) -> float:
    """Player `who`'s points if the game ended now, with half of each task they hold."""
    p = s.players[who]
    points = float(scoring.total(p))
    if not is_tom(s, who):
        points += HELD_SHARE * sum(content.tasks()[b.task].points for b in p.bonfires if b.task and not b.lit)
    return points


def position_rewards(scale: float) -> Any:
    """Per seat: half for being ahead, half the margin over the best other player squashed
    by a logistic of `margin / scale`. Solo playouts are short enough to play to the end
    (and Tom scores in his own way): None, so they do."""

    def evaluate(engine: Any, state: BonfireState) -> list[float] | None:
        if is_solo(state):
            return None
        worth = [estimate(state, n) for n in range(len(state.players))]
        out = []
        for seat in range(state.seats):
            margin = worth[seat] - max(w for n, w in enumerate(worth) if n != seat)
            out.append(0.5 * (margin > 0) + 0.5 / (1.0 + math.exp(-margin / scale)))
        return out

    return evaluate
