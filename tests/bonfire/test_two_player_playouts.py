"""Seeded two-player bot games: the platform's conformance checks, and a soak."""

from __future__ import annotations

import pytest

from engines.bonfire import ENGINE
from engines.core.match import Match, SeatSpec
from tests.conformance import play_checked

PAIRINGS = [("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic"), ("random", "random")]


@pytest.mark.parametrize("levels", PAIRINGS, ids="-".join)
def test_two_player_games_pass_the_conformance_checks(levels):
    match = play_checked(ENGINE, ENGINE.default_options(), list(levels), 31)
    outcome = ENGINE.outcome(match.state)
    assert len(outcome.scores) == 2 and outcome.rivals == [] and outcome.winners
    assert all("Tom" not in line for line in match.log_lines(None))


def play(levels: tuple[str, str], seed: int) -> Match:
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec(level, "bot", level) for level in levels], seed)
    match.run_automatic()
    assert match.is_over(), (levels, seed)
    return match


def test_ten_seeded_two_player_games_finish_and_the_heuristic_outscores_random():
    ahead = 0
    for seed in range(10):
        levels = PAIRINGS[seed % 2]
        outcome = ENGINE.outcome(play(levels, seed).state)
        heuristic = levels.index("heuristic")
        ahead += outcome.scores[heuristic] > outcome.scores[1 - heuristic]
    assert ahead >= 8


@pytest.mark.soak
@pytest.mark.parametrize("levels", PAIRINGS, ids="-".join)
def test_soak_200_seeded_two_player_games_finish(levels):
    for seed in range(200):
        match = play(levels, seed)
        outcome = ENGINE.outcome(match.state)
        assert len(outcome.breakdown) == 2 and 1 <= len(outcome.winners) <= 2
