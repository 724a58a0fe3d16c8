"""Solo games recorded before two-player play was added replay exactly as they did: the
same positions (state digests, which save files check on load), log and outcome. So solo
saves written before it still load, and the same seed still gives the same solo game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.bonfire import ENGINE
from engines.core.match import Match, SeatSpec

GAMES = json.loads((Path(__file__).resolve().parent / "fixtures" / "solo_games.json").read_text())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g['level']}-{g['seed']}")
def test_a_recorded_solo_game_replays_to_the_same_positions_log_and_outcome(game):
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("You")], game["seed"])
    seen = {"0": match.digest()} if "0" in game["positions"] else {}
    for index, (seat, text) in enumerate(game["journal"], start=1):
        match.act_text(seat, text)
        if str(index) in game["positions"]:
            seen[str(index)] = match.digest()
    assert seen == game["positions"]
    assert match.is_over()
    outcome = ENGINE.outcome(match.state)
    assert [outcome.scores[0], outcome.rivals[0].score] == game["scores"]
    assert outcome.reason == game["reason"]
    log = match.log_lines(0)
    assert [log[n] for n in range(0, len(log), 7)] == game["log"]
