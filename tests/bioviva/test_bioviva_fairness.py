"""The word-association race is fair: where a guesser sits relative to the guide does not
decide who finds the animal (sealed rounds, a turning reveal order; rules.md, Adaptation
notes). Measured over many seeded games between copies of one bot, so every seat plays
alike and only the seat's position could make a difference."""

from __future__ import annotations

from collections import Counter

from engines.bioviva.actions import BiovivaOptions
from engines.core.match import Match
from tests.bioviva.helpers import ENGINE
from tests.conformance import bot_seats

GAMES = 500
SEATS = 4


def finders_by_position(level: str) -> Counter:
    """How often the finder sat 1, 2, 3... seats to the guide's left, over GAMES games."""
    found: Counter = Counter()
    for seed in range(GAMES):
        # A shorter race to 8 points keeps 500 games quick and still holds ~2 finds a game.
        match = Match(ENGINE, BiovivaOptions(target=8), bot_seats(ENGINE, [level] * SEATS), seed)
        last = None
        while not match.is_over():
            match.act(*match.next_bot_or_auto())
            result = match.state.last
            if result is not last and result is not None:
                last = result
                if result.kind == "association" and result.winners:
                    found[(result.winners[0] - result.guide) % SEATS] += 1
    return found


def test_no_seat_position_finds_the_animal_more_than_one_and_a_half_times_its_share():
    # Experts most often all find the animal in the same round, so the tie rule decides:
    # the most telling level (a reveal order always starting at the guide's left gave the
    # first seat there more than twice the finds of the last).
    found = finders_by_position("expert")
    total = sum(found.values())
    share = total / (SEATS - 1)
    assert total > 500, "too few animals found to judge"
    assert set(found) == {1, 2, 3}
    for position, count in sorted(found.items()):
        assert count <= 1.5 * share, f"{position} seat(s) left of the guide found {count} of {total}"
        assert count >= share / 1.5, f"{position} seat(s) left of the guide found only {count} of {total}"
