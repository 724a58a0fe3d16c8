"""`apply` judges an action by `_allows`, which works out only the part of the legal list
that could offer the action's kind. Over many seeded random games, at every decision, every
action offered anywhere in that game is allowed exactly when the full list holds it."""

from __future__ import annotations

import random

import pytest

from engines.camp_grizzly.engine import ENGINE
from engines.camp_grizzly.shared import phase
from engines.core.protocol import AUTO

SEEDS = range(1, 41)


def positions_and_offers(seed: int, seats: int):
    state = ENGINE.new_game(ENGINE.default_options(), seats, seed)
    rng = random.Random(seed)
    positions, offered = [], {}
    while actors := ENGINE.actors(state):
        seat = actors[0]
        if seat == AUTO:
            action = ENGINE.auto_action(state)
        else:
            listed = ENGINE.legal_actions(state, seat)
            positions.append((state, seat, listed))
            offered.update(dict.fromkeys(listed))
            action = rng.choice(listed)
        state = ENGINE.apply(state, seat, action).state
    return positions, list(offered)


@pytest.mark.parametrize("seed", SEEDS)
def test_allows_answers_as_the_full_list_at_every_decision(seed):
    positions, offered = positions_and_offers(seed, 1 + seed % 4)
    phases = set()
    for state, seat, listed in positions:
        p = phase(state)
        phases.add(p)
        for action in offered:
            assert ENGINE._allows(state, seat, action, p) == (action in listed), (p, ENGINE.format_action(action))
    assert {"move", "end", "strike"} <= phases
