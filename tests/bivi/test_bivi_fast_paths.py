"""The engine's shortcuts answer exactly as the long way round: cube spots and the
end-of-game 'could anyone place' kept per river, and apply skipping the checks of a
placement or discard only when it is in the legal list just given for that very position."""

from __future__ import annotations

import random

import pytest

from engines.bivi import ENGINE
from engines.bivi.actions import Discard, Place
from engines.bivi.beaver_and_cubes import cube_spots
from engines.bivi.geometry import EMPTY, oriented_cells
from engines.bivi.placement_search import can_place
from engines.bivi.placing import any_tile_fits, placement_problem
from engines.bivi.state import river_layout, tile_shape
from engines.core.errors import IllegalAction
from tests.bivi.helpers import holding, refused
from tests.bivi.test_bivi_placement_search import positions


def scanned_cube_spots(lay, grid, beaver):
    """Free river cells with something under them, the beaver's cell excepted, in board order."""
    return [
        divmod(i, lay.width)
        for i in lay.river
        if grid[i] == EMPTY and divmod(i, lay.width) != beaver and lay.supports(grid, i)
    ]


@pytest.mark.parametrize("mode,seed", [("basic", 5), ("advanced", 6)])
def test_cube_spots_kept_per_river_equal_a_fresh_scan_whatever_a_caller_does_with_them(mode, seed):
    checked = 0
    for state in positions(mode, seed, every=3):
        lay = river_layout(state)
        for player in state.players:
            expected = scanned_cube_spots(lay, player.cells, player.beaver)
            spots = cube_spots(lay, player.cells, player.beaver)
            assert spots == expected
            spots.append((-1, -1))  # the caller's list is its own
            assert cube_spots(lay, player.cells, player.beaver) == expected
            checked += 1
    assert checked > 50


def test_any_tile_fits_agrees_with_can_place_tile_by_tile():
    answers = {True: 0, False: 0}
    for state in positions("basic", 7, every=2):
        lay = river_layout(state)
        tiles = frozenset(t for side in state.forest for t in side)
        for player in state.players:
            args = (player.beaver, player.bank, True)
            expected = any(can_place(lay, player.cells, tile_shape(t), t, *args) for t in tiles)
            assert any_tile_fits(lay, player.cells, tiles, *args) is expected
            answers[expected] += 1
    assert min(answers.values()) > 0  # both answers were put to the test


def hand_positions(count: int):
    """Positions where the actor holds a tile, from seeded random games."""
    found = []
    for seed in range(1, 40):
        found += [s for s in positions("basic", seed, every=1) if s.phase == "hand" and s.hand]
        if len(found) >= count:
            return found[:count]
    return found


def test_an_unlisted_placement_is_still_checked_after_the_legal_list_of_the_same_position():
    refusals = 0
    for state in hand_positions(40):
        seat = state.actor
        listed = ENGINE.legal_actions(state, seat)
        for row in range(0, 9, 2):
            place = Place(row, 1, 0, False)
            reason = placement_problem(state, seat, place)
            if place in listed or reason is None:
                continue
            with pytest.raises(IllegalAction) as refusal:
                ENGINE.apply(state, seat, place)
            assert str(refusal.value) == reason
            refusals += 1
    assert refusals > 20


def test_an_equivalent_form_of_a_listed_placement_applies_as_the_listed_form():
    tried = 0
    for state in hand_positions(60):
        seat = state.actor
        shape = tile_shape(state.hand)
        for place in [a for a in ENGINE.legal_actions(state, seat) if isinstance(a, Place)][:3]:
            cells = oriented_cells(shape, place.rotation, place.flipped)
            for rotation in range(4):
                for flipped in (False, True):
                    same = Place(place.row, place.col, rotation, flipped)
                    if same == place or oriented_cells(shape, rotation, flipped) != cells:
                        continue
                    ENGINE.legal_actions(state, seat)
                    assert ENGINE.apply(state, seat, same).state == ENGINE.apply(state, seat, place).state
                    tried += 1
    assert tried > 5


def test_the_foremans_discard_is_refused_after_the_legal_list_when_the_tile_fits():
    state = holding(1)
    assert Discard() not in ENGINE.legal_actions(state, 0)
    refused(state, 0, "discard", "must place")


def test_the_legal_list_of_another_position_lets_nothing_through():
    states = hand_positions(30)
    rng = random.Random(3)
    refusals = 0
    for state in states:
        other = rng.choice(states)
        if other.actor != state.actor:
            continue
        listed = [a for a in ENGINE.legal_actions(other, other.actor) if isinstance(a, Place)]
        for place in listed:
            reason = placement_problem(state, state.actor, place)
            if reason is None:
                continue
            ENGINE.legal_actions(other, other.actor)
            with pytest.raises(IllegalAction):
                ENGINE.apply(state, state.actor, place)
            refusals += 1
    assert refusals > 10
