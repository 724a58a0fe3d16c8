"""Every ready game passes the platform's conformance checks (platform.md, Tests)."""

from __future__ import annotations

import pytest

from engines.registry import load_engine, ready_games
from tests.conformance import play_checked

READY = [g.id for g in ready_games()]


@pytest.mark.parametrize("game_id", READY)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_bots_play_a_checked_game_to_the_end(game_id: str, seed: int) -> None:
    engine = load_engine(game_id)
    seats = max(engine.info.min_seats, 2) if engine.info.max_seats >= 2 else 1
    play_checked(engine, engine.default_options(), ["random"] * seats, seed)


@pytest.mark.parametrize("game_id", READY)
def test_heuristic_bots_play_a_checked_game_to_the_end(game_id: str) -> None:
    engine = load_engine(game_id)
    assert "heuristic" in engine.bots, "every game offers a heuristic bot"
    seats = min(engine.info.max_seats, 3)
    play_checked(engine, engine.default_options(), ["heuristic"] * seats, 7)


@pytest.mark.parametrize("game_id", READY)
def test_game_has_rules_reference_with_adaptation_notes(game_id: str) -> None:
    from engines.core.rules import load_rules

    book = load_rules(game_id)
    anchors = {s.anchor for s in book.sections}
    assert {"setup", "scoring", "adaptation-notes"} <= anchors
