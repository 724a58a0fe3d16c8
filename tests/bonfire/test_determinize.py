"""Bonfire's determinizer (engines/bonfire/determinize.py), solo and with two players, at
every decision of whole seeded games: a sample gives each seat exactly its view and its
legal actions, keeps every card and tile in the game exactly once, and draws what nobody
sees anew (the generic checks for every searchable game are in tests/test_search_bots.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from engines.bonfire import ENGINE, content
from engines.bonfire.bots import HeuristicBot
from engines.bonfire.state import BonfireState, is_solo
from engines.core.ismcts import SearchBot
from engines.core.match import Match, SeatSpec
from engines.core.protocol import AUTO, BotContext
from engines.core.rng import Rng, seed_state


def decisions(seats: int, seed: int) -> Iterator[BonfireState]:
    """Every state of a seeded heuristic game where a seat must choose."""
    state = ENGINE.new_game(ENGINE.default_options(), seats, seed)
    rng = Rng(seed_state(seed))
    bot = HeuristicBot()
    while not ENGINE.is_over(state):
        seat = ENGINE.actors(state)[0]
        if seat == AUTO:
            state = ENGINE.apply(state, AUTO, ENGINE.auto_action(state)).state
            continue
        yield state
        legal = ENGINE.legal_actions(state, seat)
        view = ENGINE.view(state, seat)
        state = ENGINE.apply(state, seat, bot.choose(BotContext(ENGINE, seat, view, legal, rng))).state


def path_tiles(s: BonfireState) -> Counter[str]:
    found = Counter(s.path_display)
    for pile in s.path_piles:
        found.update(pile)
    for p in s.players:
        found.update(p.path)
    return found


def specialists(s: BonfireState) -> Counter[str]:
    found = Counter(s.specialists + s.gnome_pile + s.gnome_discard)
    for p in s.players:
        found.update(g for g in p.gnomes if content.elder(g) is None)
    return found


@pytest.mark.parametrize("seats", [1, 2])
def test_every_sample_along_a_game_gives_each_seat_its_view_and_legal_actions(seats: int) -> None:
    rng = Rng(5)
    checked = 0
    for state in decisions(seats, 12):
        for seat in range(seats):
            view = ENGINE.view(state, seat)
            sample = ENGINE.determinize(view, seat, rng)
            assert ENGINE.view(sample, seat) == view
            assert ENGINE.legal_actions(sample, seat) == ENGINE.legal_actions(state, seat)
            assert path_tiles(sample) == path_tiles(state)
            assert specialists(sample) == specialists(state)
            assert Counter(sample.tom_pile + sample.tom_discard) == Counter(state.tom_pile + state.tom_discard)
            for mine, real in zip(sample.players, state.players):
                assert [len(stack) for stack in mine.offerings] == [len(stack) for stack in real.offerings]
                kept = Counter(r for stack in mine.offerings for r in stack)
                assert all(kept[r] <= 2 for r in content.PLAIN_RESOURCES) and set(kept) <= set(content.PLAIN_RESOURCES)
            checked += 1
    assert checked > 30


@pytest.mark.parametrize("seats", [1, 2])
def test_what_nobody_sees_is_drawn_anew(seats: int) -> None:
    """Mid-game, samples differ from one another in each hidden part: the path piles, the
    Gnome Pile, the Tom Pile (solo), the offerings under the tops, and the generator."""
    state = list(decisions(seats, 7))[12]
    view = ENGINE.view(state, 0)
    samples = [ENGINE.determinize(view, 0, Rng(n)) for n in range(12)]
    hidden = {
        "path piles": {str(s.path_piles) for s in samples},
        "gnome pile": {str(s.gnome_pile) for s in samples},
        "offerings": {str([p.offerings for p in s.players]) for s in samples},
        "generator": {s.rng for s in samples},
    }
    if is_solo(state):
        hidden["tom pile"] = {str(s.tom_pile) for s in samples}
    assert all(len(found) > 1 for found in hidden.values()), hidden
    # The same generator gives the same sample.
    assert ENGINE.determinize(view, 0, Rng(3)) == samples[3]


@pytest.mark.parametrize("seats", [1, 2])
def test_a_sample_plays_on_to_the_end(seats: int) -> None:
    """A sampled state is a state the rules can carry on from: the heuristic (and Tom, in
    solo) play it to the end."""
    state = list(decisions(seats, 9))[20]
    seat = ENGINE.actors(state)[0]
    sample = ENGINE.determinize(ENGINE.view(state, seat), seat, Rng(1))
    rng, bot = Rng(2), HeuristicBot()
    while not ENGINE.is_over(sample):
        actor = ENGINE.actors(sample)[0]
        if actor == AUTO:
            action = ENGINE.auto_action(sample)
        else:
            legal = ENGINE.legal_actions(sample, actor)
            action = bot.choose(BotContext(ENGINE, actor, ENGINE.view(sample, actor), legal, rng))
        sample = ENGINE.apply(sample, actor, action).state
    assert ENGINE.outcome(sample).reason


def test_the_expert_level_plays_a_two_player_game_to_the_end() -> None:
    """The level's own playouts, guide and margin reward, on a test's budget, in a seat
    against the heuristic (the registry-wide tests play solo, Bonfire's usual table)."""
    match = Match(
        ENGINE,
        ENGINE.default_options(),
        [SeatSpec("Search", "bot", "expert"), SeatSpec("Heuristic", "bot", "heuristic")],
        4,
    )
    searcher = ENGINE.bots["expert"]()
    assert isinstance(searcher, SearchBot)
    searcher.iterations, searcher.seconds = 2, None
    heuristic = ENGINE.bots["heuristic"]()
    while not match.is_over():
        seat = match.actors()[0]
        action = match.bot_choice(seat, searcher if seat == 0 else heuristic)
        assert action in match.legal_actions(seat)
        match.act(seat, action)
    assert len(ENGINE.outcome(match.state).scores) == 2
