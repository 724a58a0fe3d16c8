"""Two players in turn (hot-seat): the base game's two-player rules, none of the solo
page's changes, and a log both players read about each other."""

from __future__ import annotations

import re

import pytest

from engines.bonfire import ENGINE
from engines.bonfire.actions import Pass, TomTurn
from engines.core.errors import IllegalAction
from engines.core.match import Match, SeatSpec
from tests.bonfire.helpers import edit, events, fresh_two


def two_player_log(levels: tuple[str, str], seed: int) -> list[str]:
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana", "bot", levels[0]), SeatSpec("Ben", "bot", levels[1])], seed)
    match.run_automatic()
    assert match.is_over()
    return match.log_lines(None)


@pytest.mark.parametrize("levels", [("heuristic", "heuristic"), ("random", "heuristic")])
@pytest.mark.parametrize("seed", [0, 1])
def test_the_shared_log_tells_of_each_player_in_the_third_person(levels, seed):
    for line in two_player_log(levels, seed):
        assert not re.search(r"\b[Yy]our?\b", line), line
        # "Player 1 places a fate tile ... and gains": both verbs agree with the player.
        assert not re.search(r"^Player \d \w+s\b[^:]* and (gain|put|take|score)\b", line), line


def countdown_turn(seed: int = 1, turn: int = 3):
    s = edit(fresh_two(seed))
    s.triggered = True
    s.countdown_turns = [turn, turn]
    s.countdown = turn
    return s


def test_a_countdown_pass_is_told_as_that_player_passing_and_scoring():
    s = countdown_turn(turn=3)
    told = events(s, Pass(), seat=s.current)
    assert told[0] == f"Player {s.current + 1} passes and scores 3 points from countdown tile 3."


def test_tom_plays_only_solo_and_a_two_player_game_refuses_his_turn_saying_so():
    s = fresh_two(1)
    with pytest.raises(IllegalAction, match="Tom plays only in a solo game"):
        ENGINE.apply(s, s.current, TomTurn())
