"""The word-association race is fair: where a guesser sits relative to the guide does not
decide who finds the animal (sealed rounds, a turning reveal order; rules.md, Adaptation
notes). Measured over many seeded games between copies of one player, so every seat plays
alike and only the seat's position could make a difference."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from engines.bioviva.actions import BiovivaOptions
from engines.bioviva.bots import ScholarBot
from engines.core.match import Match
from engines.core.protocol import AUTO, Bot
from tests.bioviva.helpers import ENGINE
from tests.conformance import bot_seats

GAMES = 500
SEATS = 4


def finders_by_position(player: Callable[[], Bot], games: int = GAMES) -> Counter:
    """How often the finder sat 1, 2, 3... seats to the guide's left, over `games` games
    with a `player()` at every seat."""
    found: Counter = Counter()
    for seed in range(games):
        # A shorter race to 8 points keeps 500 games quick and still holds ~2 finds a game.
        # Bot seats by name only: every move below is asked of `players`.
        match = Match(ENGINE, BiovivaOptions(target=8), bot_seats(ENGINE, ["random"] * SEATS), seed)
        players = [player() for _ in range(SEATS)]
        last = None
        while not match.is_over():
            actors = match.actors()
            if actors == (AUTO,):
                match.act(AUTO, ENGINE.auto_action(match.state))
            else:
                match.act(actors[0], match.bot_choice(actors[0], players[actors[0]]))
            result = match.state.last
            if result is not last and result is not None:
                last = result
                if result.kind == "association" and result.winners:
                    found[(result.winners[0] - result.guide) % SEATS] += 1
    return found


def assert_no_position_favoured(found: Counter) -> None:
    total = sum(found.values())
    share = total / (SEATS - 1)
    assert total > 500, "too few animals found to judge"
    assert set(found) == {1, 2, 3}
    for position, count in sorted(found.items()):
        assert count <= 1.5 * share, f"{position} seat(s) left of the guide found {count} of {total}"
        assert count >= share / 1.5, f"{position} seat(s) left of the guide found only {count} of {total}"


def test_no_seat_position_finds_the_animal_more_than_one_and_a_half_times_its_share():
    # Players who know 80% of the facts (the model the expert level answers by: every guess
    # and pass of a search bot is its model's, engines/bioviva/search.py) most often all find
    # the animal in the same round, so the tie rule decides: the most telling level (a reveal
    # order always starting at the guide's left gave the first seat there more than twice the
    # finds of the last). The model alone, not the search: the search plays for a wall-clock
    # budget a move, so its games change with the machine's load, and 500 of them took minutes.
    assert_no_position_favoured(finders_by_position(ScholarBot))


@pytest.mark.soak
def test_no_seat_position_favoured_between_expert_search_bots():
    """The same between the expert level itself, whose search plans the guide's clues and
    replies (about a second a move)."""
    assert_no_position_favoured(finders_by_position(ENGINE.bots["expert"]))
