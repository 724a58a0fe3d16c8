"""Two players in turn (hot-seat): the log both players read about each other, no Tom, and
the parts of the table both players share (Common Tasks and their neutral novices, the
Great Bonfire's figure, the guardian islands)."""

from __future__ import annotations

import re

import pytest

from engines.bonfire import ENGINE, content, scoring
from engines.bonfire.actions import Common, Council, Discard, End, Finish, GreatBonfire, Pass, Sail, TomTurn
from engines.core.errors import IllegalAction
from engines.core.match import Match, SeatSpec
from engines.core.rules import load_rules
from tests.bonfire.helpers import act, edit, events, fresh_two, texts


def two_player_log(levels: tuple[str, str], seed: int) -> list[str]:
    match = Match(
        ENGINE, ENGINE.default_options(), [SeatSpec("Ana", "bot", levels[0]), SeatSpec("Ben", "bot", levels[1])], seed
    )
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


# -- the shared table: what one player does, the other finds done ---------------------------
def test_the_first_player_to_a_common_task_sends_its_neutral_novice_the_second_only_scores_it():
    s = edit(fresh_two(1))
    first = s.current
    for p in s.players:
        p.gnomes = s.gnome_pile[:3]
    s = act(s, Common("gnome-moot"), seat=first)
    s = act(s, Council(content.board().council[0].id), seat=first)
    assert s.council[0] == "neutral" and s.players[first].tiles.get("wild") == 3  # Seat of Dawn: 1 wild
    s = edit(s)
    s.flags.main_done = True
    s = act(s, End(), seat=first)
    s = act(s, Common("gnome-moot"), seat=1 - first)
    assert not s.pending and s.players[1 - first].common == ["gnome-moot"]
    for p in s.players:
        assert {line.label: line.points for line in scoring.breakdown(p)}["Common Tasks"] == 2


def test_the_first_great_bonfire_use_by_either_player_is_the_game_s_first():
    s = edit(fresh_two(1))
    first = s.current
    for p in s.players:
        p.tiles = {"bonfire": 3}
    s = act(s, GreatBonfire(content.board().great_bonfire[4].id, "tr"), End(), seat=first)
    assert s.figure == 4 and s.players[first].tiles.get("bonfire") == 2
    assert f"bonfire {content.board().great_bonfire[5].id} tr" in texts(s, seat=1 - first)  # 1 tile: one space on
    s = act(s, GreatBonfire(content.board().great_bonfire[6].id, "tr"), seat=1 - first)
    assert s.players[1 - first].tiles.get("bonfire", 0) == 1  # 2 tiles for two spaces clockwise


def test_each_player_may_take_one_guardian_of_a_colour_from_its_island():
    s = edit(fresh_two(1))
    n = next(k for k, land in enumerate(content.board().islands) if land.kind == "guardian")
    colour = content.board().islands[n].guardian
    for p in s.players:
        p.ship, p.tiles, p.resources = n, {"island": 2}, {"gold": 6}
    first = s.current
    take = next(a for a in ENGINE.legal_actions(s, first) if ENGINE.format_action(a).startswith("guardian"))
    s = act(s, take, End(), seat=first)
    take = next(a for a in ENGINE.legal_actions(s, 1 - first) if ENGINE.format_action(a).startswith("guardian"))
    s = act(s, take, seat=1 - first)
    assert s.islands[n].guardians == 0
    assert [g.colour for g in s.players[0].guardians] == [g.colour for g in s.players[1].guardians] == ["own", colour]


def test_a_neutral_novice_is_named_as_such_and_the_log_says_who_takes_its_bonus():
    s = edit(fresh_two(1))
    seat = s.current
    s.players[seat].gnomes = s.gnome_pile[:3]
    s = act(s, Common("gnome-moot"), seat=seat)
    assert ENGINE.summary(s, None).status == f"Player {seat + 1}: choose the High Council space for the neutral novice."
    dawn = content.board().council[0]
    assert events(s, Council(dawn.id), seat=seat) == [
        f"Player {seat + 1} sends the neutral novice to the {dawn.name}: 1 wild tile."
    ]


def test_each_ships_first_move_costs_one_tile_to_any_island_and_the_rules_say_so():
    """Not only the game's first move: each player's ship leaves the harbour for 1 ship tile."""
    s = edit(fresh_two(1))
    first = s.current
    isles = content.board().islands
    for p in s.players:
        p.tiles = {"ship": 1}
    s = act(s, Sail(isles[0].id), End(), seat=first)
    s = act(s, Sail(isles[7].id), seat=1 - first)  # seven islands from the other ship
    assert s.players[1 - first].ship == 7 and not s.players[1 - first].tiles.get("ship")
    assert "Your ship's first move" in load_rules("bonfire").section("move-your-ship").body


def test_a_discard_refused_when_only_finish_is_left_says_finish_takes_you_out_not_ends_the_game():
    s = edit(fresh_two(1))
    me = s.current
    p = s.players[me]
    p.fate_column, p.tiles, p.resources = [], {"gnome": 1}, {}
    s.specialists, s.elders = [], []
    assert texts(s, seat=me) == ["finish"]
    with pytest.raises(IllegalAction) as refusal:
        ENGINE.apply(s, me, Discard("gnome"))
    assert "no more turns" in str(refusal.value) and "end the game" not in str(refusal.value)


def test_with_the_other_player_already_out_a_refused_discard_says_finish_ends_the_game():
    """When the other player has finished before you, nobody plays on after your `finish`:
    the game ends, and the reason must not say the other player plays on."""
    s = edit(fresh_two(1))
    me = s.current
    s.players[1 - me].out = True
    p = s.players[me]
    p.fate_column, p.tiles, p.resources = [], {"gnome": 1}, {}
    s.specialists, s.elders = [], []
    assert texts(s, seat=me) == ["finish"]
    with pytest.raises(IllegalAction) as refusal:
        ENGINE.apply(s, me, Discard("gnome"))
    assert "plays on" not in str(refusal.value) and "the game ends" in str(refusal.value)
    assert ENGINE.apply(s, me, Finish()).state.phase == "over"
