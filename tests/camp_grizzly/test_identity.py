"""Speed work on the engine changes no behaviour: seeded bot games (one to six counselors,
random and heuristic) digest, step by step, to what the engine gave before that work
(fixtures/identity_digests.json, recorded by tests/camp_grizzly/identity.py), and apply
never changes the state it is given."""

from __future__ import annotations

import json

import pytest

from tests.camp_grizzly.identity import DIGESTS, game_key, planned_games, play_digest

RECORDED = json.loads(DIGESTS.read_text())
GAMES = planned_games()


def test_the_recorded_digests_cover_the_whole_plan():
    assert sorted(RECORDED) == sorted(game_key(levels, seed) for levels, seed in GAMES)


@pytest.mark.parametrize("levels,seed", GAMES[::4], ids=lambda v: "+".join(v) if isinstance(v, tuple) else str(v))
def test_a_seeded_game_digests_as_recorded_and_apply_stays_pure(levels, seed):
    assert play_digest(levels, seed, check_purity=True) == RECORDED[game_key(levels, seed)]


@pytest.mark.soak
@pytest.mark.parametrize("levels,seed", GAMES, ids=lambda v: "+".join(v) if isinstance(v, tuple) else str(v))
def test_every_planned_game_digests_as_recorded(levels, seed):
    assert play_digest(levels, seed, check_purity=True) == RECORDED[game_key(levels, seed)]
