"""The heuristic seat plays the game: it receives tasks, lights bonfires and beats Tom."""

from __future__ import annotations

import pytest

from engines.bonfire import ENGINE, scoring
from engines.bonfire.state import YOU
from engines.core.match import Match, SeatSpec
from engines.core.sim import simulate, summarize


def _solo_game(seed: int) -> Match:
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Bot", "bot", "heuristic")], seed)
    match.run_automatic()
    return match


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_the_heuristic_lights_bonfires_from_tasks_it_received(seed):
    match = _solo_game(seed)
    you = match.state.players[YOU]
    lit = [b for b in you.bonfires if b.lit]
    assert len(lit) >= 1
    received = [e for e in match.journal if e.seat == YOU and e.action.startswith("receive")]
    assert len(received) >= len(lit)
    lines = {line.label: line.points for line in scoring.breakdown(you)}
    assert lines["Lit bonfires"] > 0


def test_across_ten_games_it_lights_two_bonfires_a_game_and_scores_mostly_by_playing():
    """It scores by lighting bonfires, not by passing through the countdown."""
    games = [_solo_game(seed) for seed in range(10, 20)]
    lit = sum(sum(b.lit for b in m.state.players[YOU].bonfires) for m in games)
    assert lit >= 2 * len(games)
    passes = sum(m.state.players[YOU].track.get("Countdown passes", 0) for m in games)
    total = sum(scoring.total(m.state.players[YOU]) for m in games)
    assert passes < 0.4 * total


@pytest.mark.soak
def test_the_heuristic_beats_tom_in_at_least_half_of_200_seeded_games():
    """`campfire sim bonfire --seats heuristic --games 200 --seed 1` (figures in rules.md)."""
    seats = [SeatSpec("Bot", "bot", "heuristic")]
    results = list(simulate(ENGINE, ENGINE.default_options(), seats, 1, 200))
    summary = summarize(ENGINE, seats, 1, results)
    assert summary["win_rate_by_seat"][0] >= 0.5
    assert summary["rival_wins"]["Tom"] + summary["wins_by_seat"][0] == 200
