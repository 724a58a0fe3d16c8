"""The engine's shortcuts answer exactly as the long way round: affordability without
working out the payment, open fate strips kept per grid, and apply reusing the legal list
just given only for that very position."""

from __future__ import annotations

import random

import pytest

from engines.bonfire import ENGINE, city, gnomes
from engines.bonfire.actions import Recruit
from engines.bonfire.content import SYMBOLS, WILD
from engines.bonfire.state import Player, acting, copy_state
from engines.core.errors import IllegalAction
from tests.bonfire.helpers import fresh


def player(tiles: dict[str, int]) -> Player:
    return Player(tiles=tiles, resources={}, fate_column=[], grid=[], offerings=[[], []], bonfires=[])


def test_can_pay_tiles_agrees_with_pay_tiles_on_many_hands_and_prices():
    rng = random.Random(5)
    kinds = (*SYMBOLS, WILD)
    both = {True: 0, False: 0}
    for _ in range(4000):
        hand = {k: n for k in kinds if (n := rng.choice((0, 0, 0, 1, 1, 2, 3, 5)))}
        need = {k: rng.randint(1, 4) for k in rng.sample(SYMBOLS, rng.choice((1, 1, 1, 2)))}
        if rng.random() < 0.05:
            need[WILD] = 1
        wild_double = rng.random() < 0.3
        expected = city.pay_tiles(player(hand), need, wild_double) is not None
        assert city.can_pay_tiles(player(hand), need, wild_double) is expected, (hand, need, wild_double)
        if len(need) == 1:
            [(kind, count)] = need.items()
            assert city.tile_budget(player(hand), wild_double)(kind, count) is expected, (hand, need, wild_double)
        both[expected] += 1
    assert min(both.values()) > 300  # both answers were put to the test many times


def test_open_strips_kept_per_grid_equal_a_fresh_scan_and_follow_the_grid():
    state = fresh(3)
    grid = acting(state).grid
    assert city.open_strips(grid) == city._scan_open_strips(grid)
    row, col, direction = city.open_strips(grid)[0]
    placed = city.place(grid, city.strip_cells(row, col, direction), ["ship", "path", "gnome"])
    assert (row, col, direction) not in city.open_strips(placed)
    assert city.open_strips(placed) == city._scan_open_strips(placed)
    assert (row, col, direction) in city.open_strips(grid)


def test_open_strips_equal_a_fresh_scan_along_random_fillings_of_the_fate_area():
    rng = random.Random(8)
    for seed in range(30):
        grid = list(acting(fresh(seed)).grid)
        while True:
            strips = city.open_strips(grid)
            assert strips == city._scan_open_strips(grid)
            if not strips:
                break
            grid = city.place(grid, city.strip_cells(*rng.choice(strips)), [rng.choice(SYMBOLS) for _ in range(3)])


def test_recruits_offered_are_exactly_the_gnomes_with_a_price():
    rng = random.Random(2)
    for seed in range(40):
        s = copy_state(fresh(seed))
        p = acting(s)
        p.tiles = {k: rng.choice((0, 1, 2)) for k in (*SYMBOLS, WILD)}
        p.resources = {k: rng.choice((0, 0, 1)) for k in ("flowers", "fruits", "herbs", "shells", "roots", "gold")}
        offered = gnomes.legal_recruits(s)
        priced = [Recruit(g) for g in s.specialists + s.elders if gnomes.price(p, g) is not None]
        assert offered == priced


def test_an_action_listed_then_the_position_edited_in_place_is_refused():
    state = fresh(1)
    listed = ENGINE.legal_actions(state, 0)
    recruit = next(a for a in listed if isinstance(a, Recruit))
    acting(state).tiles = {}
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, recruit)


def test_an_action_listed_for_one_position_is_refused_in_another():
    state = fresh(1)
    other = copy_state(state)
    acting(other).tiles = {}
    recruit = next(a for a in ENGINE.legal_actions(state, 0) if isinstance(a, Recruit))
    with pytest.raises(IllegalAction):
        ENGINE.apply(other, 0, recruit)
    assert recruit.gnome in acting(ENGINE.apply(state, 0, recruit).state).gnomes


def test_the_list_handed_out_can_be_changed_without_harm():
    state = fresh(1)
    listed = ENGINE.legal_actions(state, 0)
    action = listed[0]
    listed.clear()
    ENGINE.apply(state, 0, action)
