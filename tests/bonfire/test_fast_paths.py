"""The engine's shortcuts answer exactly as the long way round: affordability without
working out the payment (tiles, resources, island actions, recruits, tasks), open fate
strips and fate placements kept per grid, counts read without loops, whether a guardian can
walk asked once, and apply judging an action against the part of the legal list that could
offer it, for the very position it is given."""

from __future__ import annotations

import random

import pytest

from engines.bonfire import ENGINE, city, content, council, gnomes, islands, processions, tasks
from engines.bonfire.actions import Fate, Finish, GreatBonfire, Recruit, Sail
from engines.bonfire.content import RESOURCES, SYMBOLS, WILD
from engines.bonfire.state import Bonfire, Guardian, Player, acting, copy_state, portal_board
from engines.core.errors import IllegalAction
from engines.core.grid import components, neighbours4
from engines.core.match import Match, SeatSpec
from engines.core.protocol import AUTO
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
            assert (count <= city.tile_limit(player(hand), kind, wild_double)) is expected, (hand, need, wild_double)
        both[expected] += 1
    assert min(both.values()) > 300  # both answers were put to the test many times


def test_tile_limit_asks_for_the_twinmaker_itself_as_the_caller_would():
    """Left to find out whether the hand's owner has the Twinmaker, `tile_limit` answers as
    when told, with and without the Twinmaker and wild tiles."""
    rng = random.Random(6)
    kinds = (*SYMBOLS, WILD)
    doubled = 0
    for _ in range(2000):
        p = player({k: n for k in kinds if (n := rng.choice((0, 0, 1, 2, 3)))})
        p.gnomes = rng.choice(([], [_gnome_with("wild_double")], [_gnome_with("task_any_two")]))
        for kind in SYMBOLS:
            told = city.tile_limit(p, kind, city.has(p, "wild_double"))
            assert city.tile_limit(p, kind) == told, (p.tiles, p.gnomes, kind)
            doubled += told != city.tile_limit(p, kind, False)
    assert doubled > 100  # the Twinmaker changed the answer many times


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


def fate_gain_by_components(grid: list[str], cells, symbols) -> dict[str, int]:
    """The rule read plainly: 1 per symbol, plus the size of every area of that symbol
    (among all the grid's areas) that touches the symbol's cell."""
    n = city.size()
    gain: dict[str, int] = {}
    for cell, symbol in zip(cells, symbols):
        gain[symbol] = gain.get(symbol, 0) + 1
        same = [(r, c) for r in range(n) for c in range(n) if grid[r * n + c] == symbol]
        touching = set(neighbours4(cell))
        for area in components(same):
            if touching.intersection(area):
                gain[symbol] += len(area)
    return gain


def test_fate_gain_equals_the_areas_read_plainly_along_random_fillings():
    rng = random.Random(5)
    bigger = 0
    for seed in range(30):
        grid = list(acting(fresh(seed)).grid)
        while strips := city.open_strips(grid):
            cells = city.strip_cells(*rng.choice(strips))
            symbols = [rng.choice(SYMBOLS[:3]) for _ in range(3)]  # few symbols: large areas
            gain = city.fate_gain(grid, cells, symbols)
            assert gain == fate_gain_by_components(grid, cells, symbols)
            bigger += sum(gain.values()) > 3
            grid = city.place(grid, cells, symbols)
    assert bigger > 50  # areas were touched and counted many times


def test_recruits_offered_are_exactly_the_gnomes_with_a_price():
    """Hands, purses and the Twinmaker or Gnome Broker varied at random: the recruits
    offered are the cards `price` can pay for."""
    rng = random.Random(2)
    offered_some = 0
    for seed in range(300):
        s = copy_state(fresh(seed % 40))
        p = acting(s)
        p.tiles = {k: n for k in (*SYMBOLS, WILD) if (n := rng.choice((0, 0, 1, 2)))}
        p.resources = {k: n for k in RESOURCES if (n := rng.choice((0, 0, 0, 1, 2)))}
        p.gnomes = rng.choice(([], [], [_gnome_with("wild_double")], [_gnome_with("gnome_any_resource")]))
        offered = gnomes.legal_recruits(s)
        priced = [Recruit(g) for g in s.specialists + s.elders if gnomes.price(p, g) is not None]
        assert offered == priced, (p.tiles, p.resources, p.gnomes)
        offered_some += 0 < len(offered) < len(s.specialists + s.elders)
    assert offered_some > 30  # the cards were told apart many times


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


def seeded_positions(levels: tuple[str, ...], seed: int) -> list:
    """(state, seat due) at every decision of a seat in a seeded bot game."""
    match = Match(
        ENGINE, ENGINE.default_options(), [SeatSpec(f"Bot {n}", "bot", lv) for n, lv in enumerate(levels)], seed
    )
    out = []
    while (step := match.next_bot_or_auto()) is not None:
        if step[0] != AUTO:
            out.append((match.state, step[0]))
        match.act(*step)
    return out


@pytest.mark.parametrize(
    "levels,seed", [(("random",), 4), (("heuristic",), 2), (("random", "random"), 6), (("heuristic", "random"), 1)]
)
def test_apply_accepts_exactly_the_listed_actions(levels, seed):
    """Every action offered anywhere in a seeded game (legal there, often illegal here) is
    tried in positions of that game: apply refuses it exactly when the list leaves it out."""
    positions = seeded_positions(levels, seed)
    offered = {a: None for state, seat in positions for a in ENGINE.legal_actions(state, seat)}
    offered[Finish()] = None
    assert len(positions) > 30 and len(offered) > 100
    for state, seat in positions[::2]:
        listed = ENGINE.legal_actions(state, seat)
        for action in offered:
            try:
                ENGINE.apply(state, seat, action)
                accepted = True
            except IllegalAction:
                accepted = False
            assert accepted == (action in listed), (ENGINE.format_action(action), accepted)


def test_a_turn_with_nothing_to_do_but_finish_is_judged_as_listed():
    """Positions where the list is only the Common Tasks and Finish (rare in play) are
    found by clearing a hand, and apply follows the list there too."""
    checked = 0
    for seed in range(30):
        for state, seat in seeded_positions(("random",), seed)[::3]:
            if state.phase != "turn" or state.pending or state.flags.main_done or state.countdown:
                continue
            bare = copy_state(state)
            acting(bare).tiles = {}
            acting(bare).fate_column = []
            listed = ENGINE.legal_actions(bare, seat)
            if Finish() not in listed:
                continue
            checked += 1
            for action in [*ENGINE.legal_actions(state, seat), Finish()]:
                try:
                    ENGINE.apply(bare, seat, action)
                    accepted = True
                except IllegalAction:
                    accepted = False
                assert accepted == (action in listed), (ENGINE.format_action(action), accepted)
        if checked >= 20:
            break
    assert checked >= 20


def _long_way_solo_digest_bytes(state) -> bytes:
    import msgspec

    from engines.bonfire.state import TWO_PLAYER_DEFAULTS

    data = msgspec.to_builtins(state)
    for name in TWO_PLAYER_DEFAULTS:
        del data[name]
    return msgspec.json.encode(data)


def test_a_solo_digest_cuts_the_same_bytes_as_encoding_the_state_without_two_player_fields():
    from engines.bonfire.engine import solo_digest_bytes

    checked = 0
    for seed in range(3):
        match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana", "bot", "random")], seed)
        while True:
            assert solo_digest_bytes(match.state) == _long_way_solo_digest_bytes(match.state)
            checked += 1
            step = match.next_bot_or_auto()
            if step is None:
                break
            match.act(*step)
    assert checked > 100
    # A solo state whose two-player fields are not at their defaults takes the long way.
    odd = copy_state(match.state)
    odd.countdown_turns = [2]
    assert solo_digest_bytes(odd) == _long_way_solo_digest_bytes(odd)


def test_can_pay_resources_agrees_with_pay_resources_on_many_purses_and_prices():
    rng = random.Random(9)
    both = {True: 0, False: 0}
    for _ in range(4000):
        purse = {k: n for k in RESOURCES if (n := rng.choice((0, 0, 0, 1, 1, 2, 3)))}
        need: dict[str, int] = {}
        for kind in rng.sample(RESOURCES, rng.choice((1, 1, 2))):
            need[kind] = rng.randint(1, 2)
        p = Player(tiles={}, resources=purse, fate_column=[], grid=[], offerings=[[], []], bonfires=[])
        expected = city.pay_resources(p, need) is not None
        assert city.can_pay_resources(p, need) is expected, (purse, need)
        both[expected] += 1
    assert min(both.values()) > 300  # both answers were put to the test many times


def test_island_affordability_agrees_with_working_out_the_price():
    """At island positions of seeded games, with the hand and purse varied at random and
    sometimes the Twinmaker or the task Barterer recruited: `affordable` answers as the price."""
    rng = random.Random(12)
    kinds = (*SYMBOLS, WILD)
    both = {True: 0, False: 0}
    for levels, seed in ((("heuristic",), 2), (("random",), 4), (("heuristic", "random"), 1)):
        for state, _ in seeded_positions(levels, seed)[::3]:
            for n, island in enumerate(content.board().islands):
                p = copy_state(state).players[state.current]
                p.tiles = {k: c for k in kinds if (c := rng.choice((0, 0, 1, 1, 2)))}
                p.resources = {k: c for k in RESOURCES if (c := rng.choice((0, 0, 0, 1, 2)))}
                p.gnomes = rng.choice(([], [], [_gnome_with("wild_double")], [_gnome_with("task_any_two")]))
                for stack in (0, 1):
                    price = islands.task_price if island.kind == "task" else islands.island_price
                    expected = price(p, island, stack) is not None
                    assert islands.affordable(p, island, stack) is expected, (p, island.id, stack)
                    both[expected] += 1
                expected_stacks = [stack for stack in (0, 1) if islands.affordable(p, island, stack)]
                assert islands.affordable_stacks(p, island) == expected_stacks, (p, island.id)
    assert min(both.values()) > 100  # both answers were put to the test many times


def _gnome_with(ability: str) -> str:
    return next(s.id for s in content.gnomes().specialists if s.ability == ability)


def test_fate_placements_kept_per_grid_equal_the_plain_list_along_random_fillings():
    """Kept per taken cells and column length: the placements listed (and the first open
    strip's alone, for whether any is left) are those of a fresh scan, in its order."""
    from engines.bonfire.engine import fate_placements

    rng = random.Random(13)
    for seed in range(20):
        state = fresh(seed)
        p = acting(state)
        p.tiles = {}
        while True:
            for column in (p.fate_column[:1], p.fate_column[:2] or ["f-1", "f-2"]):
                p.fate_column = column
                ends = ["top"] if len(column) == 1 else ["top", "bottom"]
                strips = city._scan_open_strips(p.grid)
                assert fate_placements(state) == [Fate(e, *strip) for e in ends for strip in strips]
                assert fate_placements(state, ignore_limit=True) == [
                    Fate(e, *strip) for e in ends for strip in strips[:1]
                ]
            if not strips:
                break
            p.grid = city.place(p.grid, city.strip_cells(*rng.choice(strips)), [rng.choice(SYMBOLS) for _ in range(3)])


def test_counts_and_a_hands_totals_equal_the_plain_reading_across_seeded_games():
    """The counts Common Tasks and Elders ask for, and the symbol tiles a hand holds, as
    the rules read them, at every position of seeded bot games (solo and two players)."""
    plain = {
        "guardians": lambda p: sum(g.colour != "own" for g in p.guardians),
        "portals": lambda p: sum(1 for x in p.portals if x),
        "lit": lambda p: sum(b.lit for b in p.bonfires),
    }
    seen = {kind: set() for kind in plain}
    for levels, seed in ((("heuristic",), 2), (("heuristic", "heuristic"), 3), (("random",), 4)):
        for state, _ in seeded_positions(levels, seed):
            for p in state.players:
                for kind, count in plain.items():
                    assert city.counts(p, kind) == count(p), (kind, p)
                    seen[kind].add(count(p))
                assert city._symbol_tiles(p.tiles) == sum(n for k, n in p.tiles.items() if k in SYMBOLS)
                assert all(n > 0 for n in (*p.tiles.values(), *p.resources.values()))  # what the sums rely on
    assert all(len(values) > 1 for values in seen.values())  # each count was put to the test


def test_can_fulfil_agrees_with_working_out_the_payment():
    """Every task, at positions of seeded games with the hand and purse varied at random:
    `can_fulfil` answers as `payment` does."""
    rng = random.Random(21)
    both = {True: 0, False: 0}
    for levels, seed in ((("heuristic",), 2), (("heuristic", "heuristic"), 5)):
        for state, _ in seeded_positions(levels, seed)[::4]:
            s = copy_state(state)
            p = s.players[s.current]
            for task in content.tasks().values():
                p.tiles = {k: n for k in (*SYMBOLS, WILD) if (n := rng.choice((0, 0, 1, 2, 3)))}
                p.resources = {k: n for k in RESOURCES if (n := rng.choice((0, 0, 1, 2, 3)))}
                p.gnomes = rng.choice(([], [], [_gnome_with("wild_double")]))
                expected = not isinstance(tasks.payment(s, s.current, task), str)
                assert tasks.can_fulfil(s, s.current, task) is expected, (task.id, p.tiles, p.resources)
                both[expected] += 1
    assert min(both.values()) > 100  # both answers were put to the test many times


def test_whether_a_guardian_can_walk_is_the_same_for_any_number_of_steps():
    """legal_processions asks once, for 1 step, by `can_step`: at every position of seeded
    games, and with the guardians scattered at random, the answer for 1 to 4 steps agrees,
    and `can_step` answers as `movable` for 1 step, with and without crowded paths."""
    rng = random.Random(30)
    both = {True: 0, False: 0}
    crowding = {True: 0, False: 0}
    for levels, seed in ((("heuristic",), 2), (("heuristic", "heuristic"), 5), (("random",), 4)):
        for state, _ in seeded_positions(levels, seed):
            p = copy_state(state).players[state.current]
            for placing in ("as played", "scattered", "queued", "by a lit bonfire"):
                if placing == "scattered":
                    for g in p.guardians:
                        g.where = rng.choice(
                            [*range(len(p.path) + 1), *(processions.IN_BONFIRE + k for k in range(1, 8))]
                        )
                elif placing == "queued":  # 2 to 4, one behind the other, the first at the path's end
                    count = rng.randint(2, 4)
                    p.guardians = [Guardian("own", max(0, len(p.path) - count + 1 + n)) for n in range(count)]
                elif placing == "by a lit bonfire":  # her way in through its portal, perhaps taken
                    here = len(p.path)
                    p.portals = [rng.choice(("", "x")) for _ in p.portals]
                    p.bonfires = [Bonfire(lit=rng.random() < 0.5) for _ in p.bonfires]
                    p.guardians = [
                        Guardian("own", here),
                        Guardian("own", rng.choice((here, processions.IN_BONFIRE + here + 1))),
                    ]
                answers = {processions.movable(p, steps) for steps in range(1, 5)}
                assert len(answers) == 1, (p.guardians, p.path, p.portals)
                held, walks = p.gnomes, []
                for line_up in ([], [_gnome_with("crowded_paths")]):
                    p.gnomes = line_up
                    walks.append(processions.movable(p, 1))
                    assert processions.can_step(p) is walks[-1], (p.guardians, p.path, p.portals, line_up)
                p.gnomes = held
                crowding[walks[0] != walks[1]] += 1
                both[answers.pop()] += 1
    assert min(both.values()) > 30  # both answers were put to the test many times
    assert crowding[True] > 10  # crowded paths changed the answer many times


def test_sails_kept_per_ship_and_limit_equal_those_the_costs_allow():
    """With the ship anywhere and the hand varied at random: the sails listed are the
    moves `sail_cost` allows within the ship tiles the hand can pay, in island order."""
    rng = random.Random(31)
    state = fresh(3)
    p = acting(state)
    seen = set()
    for _ in range(600):
        p.tiles = {k: n for k in (*SYMBOLS, WILD) if (n := rng.choice((0, 0, 1, 2, 3)))}
        p.gnomes = rng.choice(([], [_gnome_with("wild_double")]))
        p.ship = rng.randrange(-1, len(content.board().islands))
        limit = city.tile_limit(p, "ship", city.has(p, "wild_double"))
        expected = [
            Sail(island.id) for n, island in enumerate(content.board().islands) if 0 < islands.sail_cost(p, n) <= limit
        ]
        assert islands.legal_sails(state) == expected, (p.ship, p.tiles, p.gnomes)
        seen.add(len(expected))
    assert len(seen) > 3  # lists of many lengths were put to the test


def test_great_bonfire_spaces_kept_per_figure_and_limit_equal_the_plain_list():
    """At positions of seeded games, with the hand, the portals taken and the figure
    varied at random: the Great Bonfire actions listed are, space by space, those whose
    turn the hand can pay, with a portal pick where `portal_for` finds one."""
    rng = random.Random(32)
    spaces = content.board().great_bonfire
    seen = set()
    for levels, seed in ((("heuristic",), 2), (("heuristic", "random"), 1)):
        for state, _ in seeded_positions(levels, seed)[::3]:
            s = copy_state(state)
            p = s.players[s.current]
            for _ in range(4):
                p.tiles = {k: n for k in (*SYMBOLS, WILD) if (n := rng.choice((0, 0, 1, 2, 3)))}
                p.gnomes = rng.choice(([], [_gnome_with("wild_double")]))
                p.portals = [rng.choice(("", "", "taken")) for _ in p.portals]
                s.figure = rng.randrange(-1, len(spaces))
                board = portal_board(s.current)
                expected = [
                    GreatBonfire(space.id, pick)
                    for n, space in enumerate(spaces)
                    if (cost := council.turn_cost(s.figure, n))
                    and city.can_pay_tiles(p, {"bonfire": cost}, city.has(p, "wild_double"))
                    for pick in council.PICKS
                    if "p" not in pick or council.portal_for(p, s.great_bonfire[n], board)
                ]
                assert council.legal_great_bonfire(s) == expected, (s.figure, p.tiles, p.portals)
                seen.add((len(expected), any(a.pick == "tp" for a in expected)))
    assert len(seen) > 6  # lists of many lengths, with and without portals, were put to the test


def test_a_generator_made_on_first_use_leaves_the_states_one_made_for_every_action_leaves(monkeypatch):
    """`Ctx` makes the generator only when an action draws, and stores it back only then:
    seeded random games (solo and two players) pass through the very same states as with
    the generator made for every action and always stored back."""
    from engines.bonfire.state import Ctx, encode_state
    from engines.core.rng import Rng

    def states_along_games() -> list[bytes]:
        out = []
        for seats, seed in ((1, 3), (1, 8), (2, 5)):
            state = ENGINE.new_game(ENGINE.default_options(), seats, seed)
            rng = Rng(seed)
            while actors := ENGINE.actors(state):
                seat = actors[0]
                action = ENGINE.auto_action(state) if seat == AUTO else rng.choice(ENGINE.legal_actions(state, seat))
                state = ENGINE.apply(state, seat, action).state
                out.append(encode_state(state))
        return out

    on_first_use = states_along_games()
    made_at_once = Ctx.__init__

    def made_for_every_action(self, state):
        made_at_once(self, state)
        self._rng = Rng(state.rng)

    def always_stored(self):
        self.state.rng = self._rng.state
        return self.state

    monkeypatch.setattr(Ctx, "__init__", made_for_every_action)
    monkeypatch.setattr(Ctx, "finish", always_stored)
    assert states_along_games() == on_first_use
    assert len(on_first_use) > 150
