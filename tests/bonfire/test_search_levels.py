"""Bonfire's search levels (engines/bonfire/search.py): the heuristic's playouts read the
sampled state itself, which is sound only while it reads nothing the view hides; the paired
search with two players, the tree search solo."""

from __future__ import annotations

from typing import Any

import pytest

from engines.bonfire import ENGINE
from engines.bonfire.bots import HeuristicBot
from engines.bonfire.search import BonfireSearchBot
from engines.core.ismcts import SearchBot
from engines.core.protocol import AUTO, BotContext
from engines.core.rng import Rng


def _heuristic_states(seats: int, seed: int) -> list[Any]:
    """Every state of a seeded heuristic game where a seat has a choice."""
    state = ENGINE.new_game(ENGINE.default_options(), seats, seed)
    bot, rng, kept = HeuristicBot(), Rng(seed), []
    while not ENGINE.is_over(state):
        seat = ENGINE.actors(state)[0]
        if seat == AUTO:
            state = ENGINE.apply(state, AUTO, ENGINE.auto_action(state)).state
            continue
        legal = ENGINE.legal_actions(state, seat)
        if len(legal) > 1:
            kept.append(state)
        view = ENGINE.view(state, seat)
        state = ENGINE.apply(state, seat, bot.choose(BotContext(ENGINE, seat, view, legal, rng))).state
    return kept


@pytest.mark.parametrize("seats", [1, 2])
def test_the_heuristic_chooses_the_same_from_the_state_as_from_its_view(seats: int) -> None:
    states = _heuristic_states(seats, 5) + _heuristic_states(seats, 6)
    assert len(states) > 60
    bot = HeuristicBot()
    for n, state in enumerate(states):
        seat = next(s for s in ENGINE.actors(state) if s != AUTO)
        legal = ENGINE.legal_actions(state, seat)
        seen = bot.choose(BotContext(ENGINE, seat, ENGINE.view(state, seat), legal, Rng(n)))
        assert bot.choose(BotContext(ENGINE, seat, state, legal, Rng(n))) == seen


class _Counting:
    def __init__(self) -> None:
        self.samples = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(ENGINE, name)

    def determinize(self, *args: Any) -> Any:
        self.samples += 1
        return ENGINE.determinize(*args)


@pytest.mark.parametrize(("seats", "samples"), [(1, 10), (2, 2)])
def test_two_players_get_the_paired_search_and_solo_the_tree(seats: int, samples: int) -> None:
    """Ten playouts: the tree search draws a sample for each, the paired search one for
    each five candidates."""
    bot = ENGINE.bots["expert"]()
    assert isinstance(bot, BonfireSearchBot) and isinstance(bot, SearchBot)
    bot.iterations, bot.seconds = 10, None
    state = next(s for s in _heuristic_states(seats, 3)[10:] if len(ENGINE.legal_actions(s, s.current)) >= 5)
    seat = state.current
    legal = ENGINE.legal_actions(state, seat)
    counting = _Counting()
    assert bot.choose(BotContext(counting, seat, ENGINE.view(state, seat), legal, Rng(1))) in legal
    assert counting.samples == samples
