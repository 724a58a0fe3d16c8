"""Seeded bot games: the platform's conformance checks, invariants, bot strength, and a soak."""

from __future__ import annotations

import pytest

from engines.bioviva.actions import BiovivaOptions
from engines.bioviva.engine import BiovivaState
from engines.core.match import Match, SeatSpec
from tests.bioviva.helpers import ENGINE
from tests.conformance import bot_seats, play_checked

LEVELS = ["random", "easy", "heuristic", "hard", "expert"]


def check_invariants(state: BiovivaState) -> None:
    assert len(state.scores) == state.seats
    assert all(sum(e) == s for e, s in zip(state.earned, state.scores))
    assert len(set(state.question_deck)) == len(state.question_deck)
    assert len(set(state.plus_deck)) == len(state.plus_deck)
    if state.phase == "localization":
        cells = [(p.row, p.col) for p in state.pawns]
        assert len(cells) == len(set(cells))
    if state.phase in ("clue", "guess"):
        assert len(state.tiles) <= 7
        used = [t.tile for t in state.tiles] + [t.under for t in state.tiles if t.under]
        assert len(used) == len(set(used))


def play(levels: list[str], seed: int, options: BiovivaOptions | None = None) -> Match:
    match = Match(ENGINE, options or BiovivaOptions(), bot_seats(ENGINE, levels), seed)
    while not match.is_over():
        check_invariants(match.state)
        match.act(*match.next_bot_or_auto())
    return match


@pytest.mark.parametrize(
    "levels,young,seed",
    [
        (["random", "random"], (), 1),
        (["heuristic", "expert"], (2,), 2),
        (["easy", "random", "heuristic"], (), 3),
        (["expert", "hard", "easy", "random"], (1, 3), 4),
        (["random"] * 5, (5,), 5),
        (["heuristic"] * 6, (), 6),
    ],
)
def test_conformance_checks_hold_in_bot_games(levels, young, seed):
    play_checked(ENGINE, BiovivaOptions(young=young), levels, seed)


def test_the_platform_conformance_defaults_pass():
    for seed in (1, 2, 3):
        play_checked(ENGINE, ENGINE.default_options(), ["random", "random"], seed)
    play_checked(ENGINE, ENGINE.default_options(), ["heuristic"] * 3, 7)


def test_bot_games_play_every_challenge_and_end_at_the_target():
    kinds = set()
    for seed in range(6):
        match = play(["heuristic", "expert", "easy"], seed)
        state = match.state
        assert max(state.scores) >= 12 or "turn limit" in state.end_reason
        kinds |= {e.action.split()[0] for e in match.journal}
    assert {"roll", "answer", "pawn", "tile", "guess", "pass"} <= kinds


def test_a_human_with_bots_gets_every_decision():
    seats = [SeatSpec("Ana"), SeatSpec("b", "bot", "heuristic"), SeatSpec("c", "bot", "expert")]
    match = Match(ENGINE, BiovivaOptions(), seats, 3)
    steps = 0
    while not match.is_over():
        match.run_automatic()
        if match.is_over():
            break
        assert 0 in match.actors()
        legal = match.legal_actions(0)
        assert legal
        # The human plays like a careful beginner: the first offer, or pass when guessing.
        choice = next((a for a in legal if ENGINE.format_action(a) in ("pass", "done")), legal[0])
        match.act(0, choice)
        steps += 1
        assert steps < 5000
    assert ENGINE.outcome(match.state).winners


def test_the_expert_beats_random_play():
    wins = {"expert": 0, "random": 0}
    for seed in range(12):
        levels = ["expert", "random"] if seed % 2 else ["random", "expert"]
        out = ENGINE.outcome(play(levels, 100 + seed).state)
        for w in out.winners:
            wins[levels[w]] += 1
    assert wins["expert"] > wins["random"]


def test_a_tiny_turn_limit_still_ends_the_game():
    match = play(["random", "random", "random"], 9, BiovivaOptions(turn_limit=2))
    assert match.state.turn == 2 and "turn limit" in match.state.end_reason


@pytest.mark.soak
def test_soak_500_seeded_bot_games_end_with_a_winner():
    import random

    chooser = random.Random(2024)
    for seed in range(500):
        seats = 2 + seed % 5
        levels = [chooser.choice(LEVELS) for _ in range(seats)]
        young = tuple(s for s in range(1, seats + 1) if chooser.random() < 0.2)
        match = play(levels, seed, BiovivaOptions(young=young))
        out = ENGINE.outcome(match.state)
        assert match.is_over() and out.winners and out.reason
        assert match.state.turn <= 100
