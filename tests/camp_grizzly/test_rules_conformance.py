"""The platform's conformance checks (tests/conformance.py) on seeded bot games, and the
seeded soak runs whose heuristic win rates are recorded in rules.md."""

from __future__ import annotations

import pytest

from engines.camp_grizzly.actions import CampOptions
from engines.camp_grizzly.engine import ENGINE, MAX_ROUNDS
from engines.core.match import Match, SeatSpec
from tests.conformance import play_checked


@pytest.mark.parametrize("setup", ["easy", "normal"])
@pytest.mark.parametrize("levels", [["random"], ["random", "random"], ["random", "heuristic", "random"]])
def test_random_games_pass_the_conformance_checks(setup, levels):
    match = play_checked(ENGINE, CampOptions(setup=setup), levels, seed=len(levels) * 10 + (setup == "normal"))
    assert match.state.round <= MAX_ROUNDS


@pytest.mark.parametrize("setup", ["easy", "normal"])
@pytest.mark.parametrize("seats", [1, 2, 3])
def test_heuristic_games_pass_the_conformance_checks(setup, seats):
    play_checked(ENGINE, CampOptions(setup=setup), ["heuristic"] * seats, seed=seats + 3)


def test_no_surprises_and_chosen_counselors():
    match = play_checked(
        ENGINE,
        CampOptions(setup="normal", surprises=False, counselors=(0, 1, 2, 1, 0, 0, 2)),
        ["heuristic", "random"],
        5,
    )
    assert match.state.order == ["wendy", "dexter", "rhonda", "curtis"]
    assert not any(q for _, q in match.state.questions if "stash" in q or "ambush" in q)


def run(setup: str, levels: list[str], seed: int) -> Match:
    match = Match(ENGINE, CampOptions(setup=setup), [SeatSpec(f"b{n}", "bot", lv) for n, lv in enumerate(levels)], seed)
    match.run_automatic()
    assert match.is_over()
    return match


@pytest.mark.soak
@pytest.mark.parametrize("setup", ["easy", "normal"])
def test_500_seeded_heuristic_games_all_end(setup):
    wins = sum(bool(ENGINE.outcome(run(setup, ["heuristic", "heuristic"], seed).state).winners) for seed in range(500))
    print(f"{setup}: heuristic won {wins}/500")
    assert 0 < wins < 500


@pytest.mark.soak
@pytest.mark.parametrize("setup", ["easy", "normal"])
def test_500_seeded_random_games_all_end(setup):
    for seed in range(500):
        run(setup, ["random"], seed)
