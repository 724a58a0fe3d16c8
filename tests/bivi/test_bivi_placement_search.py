"""The fast placement search finds exactly what checking every spot one by one finds."""

from __future__ import annotations

import random

import pytest

from engines.bivi import content
from engines.bivi import ENGINE
from engines.bivi.state import flip_allowed, river_layout
from engines.bivi.geometry import absolute, check_placement, orientations
from engines.bivi.placement_search import can_place, legal_placements, placement_keys
from engines.bivi.placing import placement_actions, placements
from engines.core.protocol import AUTO


def every_spot_checked(lay, grid, shape, tile_id, beaver, bank, allow_flip):
    """The slow truth: every orientation at every anchor, judged by the rules' own checks."""
    found = []
    for rotation, flipped, rel in orientations(shape, allow_flip):
        for row in range(-4, lay.height + 1):
            for col in range(-4, lay.width + 1):
                cells = absolute(rel, row, col)
                if not all(0 <= r < lay.height and 0 <= c < lay.width for r, c in cells):
                    continue
                problem, spots = check_placement(lay, grid, cells, tile_id, beaver, bank)
                if problem is None:
                    found.append((row, col, rotation, flipped, spots))
    return sorted(found, key=lambda p: (p[0], p[1], p[2], p[3]))


def positions(mode: str, seed: int, every: int = 9):
    """Rivers met along a seeded random game, with the tiles still in play."""
    options = ENGINE.options_type(mode=mode)
    state = ENGINE.new_game(options, 2, seed)
    rng = random.Random(seed)
    step = 0
    while ENGINE.actors(state):
        if step % every == 0:
            yield state
        seat = ENGINE.actors(state)[0]
        action = ENGINE.auto_action(state) if seat == AUTO else rng.choice(ENGINE.legal_actions(state, seat))
        state = ENGINE.apply(state, seat, action).state
        step += 1


@pytest.mark.parametrize("mode,seed", [("basic", 1), ("basic", 2), ("advanced", 3), ("expert", 4)])
def test_fast_search_agrees_with_checking_every_spot(mode, seed):
    checked = 0
    for state in positions(mode, seed):
        lay = river_layout(state)
        allow_flip = flip_allowed(state.options.mode)
        tile_ids = {state.hand} if state.hand else set()
        tile_ids |= {t for side in state.forest for t in side}
        for player in state.players:
            for tile_id in sorted(tile_ids):
                shape = tuple(tuple(x) for x in content.tile(tile_id).cells)
                args = (lay, player.cells, shape, tile_id, player.beaver, player.bank, allow_flip)
                expected = every_spot_checked(*args)
                assert legal_placements(*args) == expected
                assert can_place(*args) == bool(expected)
                # The legal list's search, without the beaver spots, finds the same placements.
                assert placement_keys(lay, player.cells, shape, player.beaver, player.bank, allow_flip) == [
                    found[:4] for found in expected
                ]
                checked += 1
        if state.phase == "hand":
            assert list(placement_actions(state, state.actor)) == [place for place, _ in placements(state, state.actor)]
    assert checked > 20
