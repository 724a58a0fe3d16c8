"""Work meant to change no behaviour (the engine's split by concern, its speed work) changes
none: seeded bot games in every mode, with two to four seats, random and heuristic, digest
step by step to what the engine gave before that work (fixtures/identity_digests.json,
recorded by tests/bivi/identity.py), and apply never changes the state it is given."""

from __future__ import annotations

import json

import pytest

from tests.bivi.identity import DIGESTS, game_key, planned_games, play_digest

RECORDED = json.loads(DIGESTS.read_text())
GAMES = planned_games()


def _game_id(game: tuple[str, tuple[str, ...], int]) -> str:
    return game_key(*game)


def test_the_recorded_digests_cover_the_whole_plan():
    assert sorted(RECORDED) == sorted(game_key(*game) for game in GAMES)


@pytest.mark.parametrize("game", GAMES[::4], ids=_game_id)
def test_a_seeded_game_digests_as_recorded_and_apply_stays_pure(game):
    assert play_digest(*game, check_purity=True) == RECORDED[game_key(*game)]


@pytest.mark.soak
@pytest.mark.parametrize("game", GAMES, ids=_game_id)
def test_every_planned_game_digests_as_recorded(game):
    assert play_digest(*game, check_purity=True) == RECORDED[game_key(*game)]
