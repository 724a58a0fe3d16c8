"""Two players in turn (hot-seat): the base game's two-player rules, none of the solo
page's changes, and a log both players read about each other."""

from __future__ import annotations

import re

import pytest

from engines.bonfire import ENGINE, content, scoring
from engines.bonfire.actions import BuildPath, Common, Council, End, Finish, Fulfil, GreatBonfire, Keep, Pass, TomTurn
from engines.bonfire.state import Guardian
from engines.core.errors import IllegalAction
from engines.core.match import Match, SeatSpec
from tests.bonfire.helpers import act, edit, events, fresh_two, task_of, texts


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


# -- setup: the base game's, none of the solo page's changes -----------------------------------
SEEDS = range(12)


def test_two_players_draw_20_tasks_of_any_colours_two_per_task_island():
    pairs_alike, colour_counts = 0, set()
    for seed in SEEDS:
        s = ENGINE.new_game(ENGINE.default_options(), 2, seed)
        dealt = [i.tasks for i, land in zip(s.islands, content.board().islands) if land.kind == "task"]
        assert [len(tasks) for tasks in dealt] == [2] * 10
        colours = [[content.tasks()[t].colour for t in tasks] for tasks in dealt]
        pairs_alike += sum(a == b for a, b in colours)
        colour_counts.add(tuple(sum(c.count(x) for c in colours) for x in ("blue", "red", "yellow")))
    assert pairs_alike, "the solo rule of two colours per island leaked into two players"
    assert colour_counts != {(7, 7, 6)}, "the solo mix of 7 blue, 7 red, 6 yellow leaked into two players"


def test_two_players_keep_the_gold_specialists_and_two_guardians_per_guardian_island():
    gold = {g.id for g in content.gnomes().specialists if g.resource == content.GOLD}
    assert len(gold) == 3
    s = ENGINE.new_game(ENGINE.default_options(), 2, 1)
    assert gold <= set(s.specialists + s.gnome_pile)
    assert len(s.specialists + s.gnome_pile) == len(content.gnomes().specialists)
    assert [i.guardians for i, land in zip(s.islands, content.board().islands) if land.kind == "guardian"] == [2] * 4


def test_two_players_may_find_two_alike_portals_on_a_great_bonfire_space():
    """All-different portals on a space is the solo page's change, not a base rule."""
    assert any(len(set(space)) < len(space)
               for seed in SEEDS for space in ENGINE.new_game(ENGINE.default_options(), 2, seed).great_bonfire)


def test_two_players_have_two_full_cities_and_no_tom():
    s = fresh_two(1)
    assert s.tom_pile == [] and s.tom_card == "" and s.phase == "turn"
    for p in s.players:
        assert [b.novice for b in p.bonfires] == [True] * 7 and p.novices == 0
        assert sum(p.tiles.values()) == 5 and p.tiles.get("wild") == 2
        assert p.resources == {r: 1 for r in content.RESOURCES}
        assert [(g.colour, g.where) for g in p.guardians] == [("own", 0)]
        assert len(p.fate_column) == 7 and sum(len(stack) for stack in p.offerings) == 10


def test_the_building_extension_is_dealt_at_random_and_its_holder_chooses_and_plays_first():
    starts = set()
    for seed in SEEDS:
        s = ENGINE.new_game(ENGINE.default_options(), 2, seed)
        starts.add(s.start)
        assert ENGINE.actors(s) == (s.start,) and s.phase == "setup"
        s = act(s, Keep(), seat=s.start)
        assert ENGINE.actors(s) == (1 - s.start,) and s.phase == "setup"
        s = act(s, Keep(), seat=1 - s.start)
        assert ENGINE.actors(s) == (s.start,) and s.phase == "turn"
    assert starts == {0, 1}


# -- turns -----------------------------------------------------------------------------------
def test_players_take_turns_in_order_each_on_their_own_city():
    s = fresh_two(1)
    first = s.current
    s = act(s, BuildPath("d1"), End(), seat=first)
    assert ENGINE.actors(s) == (1 - first,)
    assert len(s.players[first].path) == 1 and s.players[1 - first].path == []
    s = act(s, BuildPath("d1"), End(), seat=1 - first)
    assert ENGINE.actors(s) == (first,) and len(s.players[1 - first].path) == 1


def test_acting_out_of_turn_is_refused_naming_whose_turn_it_is():
    s = fresh_two(1)
    other = 1 - s.current
    assert ENGINE.legal_actions(s, other) == []
    with pytest.raises(IllegalAction, match=f"It is Player {s.current + 1}'s turn, not yours."):
        ENGINE.apply(s, other, BuildPath("d1"))
    setup = ENGINE.new_game(ENGINE.default_options(), 2, 1)
    with pytest.raises(IllegalAction, match="chooses their centre fate tile now"):
        ENGINE.apply(setup, 1 - setup.start, Keep())


def test_a_fulfilled_task_sends_that_players_novice_and_gives_them_the_space_bonus():
    s = edit(fresh_two(1))
    seat = s.current
    p = s.players[seat]
    tid = task_of("red", "resources")
    p.bonfires[0].task = tid
    p.resources = {"gold": 9}
    s = act(s, Fulfil(1), seat=seat)
    songs = next(n for n, sp in enumerate(content.board().council) if sp.points == 3 and not sp.tiles)
    s = act(s, Council(content.board().council[songs].id), seat=seat)
    assert s.council[songs] == f"seat{seat + 1}"
    assert s.players[seat].track == {"High Council": 3} and s.players[1 - seat].track == {}


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
        assert {l.label: l.points for l in scoring.breakdown(p)}["Common Tasks"] == 2


def test_the_first_great_bonfire_use_by_either_player_is_the_game_s_first():
    s = edit(fresh_two(1))
    first = s.current
    for p in s.players:
        p.tiles = {"bonfire": 3}
    s = act(s, GreatBonfire(content.board().great_bonfire[4].id, "tr"), End(), seat=first)
    assert s.figure == 4 and s.players[first].tiles.get("bonfire") == 2
    legal = texts(s, seat=1 - s.current) + texts(s, seat=s.current)
    assert f"bonfire {content.board().great_bonfire[5].id} tr" in legal  # 1 tile: one space on
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


# -- the end ---------------------------------------------------------------------------------
def about_to_trigger(seed: int = 1):
    """Six novices in the High Council, and the player to move can light a bonfire."""
    s = edit(fresh_two(seed))
    s.council = ["seat1", "seat2"] * 3 + [""] * 6
    p = s.players[s.current]
    p.bonfires[0].task = task_of("red", "resources")
    p.resources = {"gold": 9}
    return s


def test_the_seventh_novice_ends_the_game_after_five_countdown_turns_each_the_other_player_first():
    s = about_to_trigger()
    trigger = s.current
    s = act(s, Fulfil(1), Council(content.board().council[8].id), seat=trigger)
    assert s.triggered and s.countdown == 0 and ENGINE.actors(s) == (trigger,)  # the turn is finished first
    s = act(s, End(), seat=trigger)
    order = []
    while s.phase != "over":
        seat = s.current
        order.append((seat, s.countdown))
        assert "pass" in texts(s, seat=seat)
        s = act(s, Pass(), seat=seat)
    other = 1 - trigger
    assert order == [pair for k in range(1, 6) for pair in ((other, k), (trigger, k))]
    for p in s.players:
        assert p.track["Countdown passes"] == 1 + 2 + 3 + 4 + 5


def test_a_player_with_no_action_left_is_out_and_the_other_plays_on_until_both_are():
    s = edit(fresh_two(1))
    out = s.current
    stuck = s.players[out]
    stuck.tiles, stuck.fate_column = {}, []
    assert texts(s, seat=out) == ["finish"]
    s = act(s, Finish(), seat=out)
    assert s.players[out].out and ENGINE.actors(s) == (1 - out,) and s.phase == "turn"
    s = edit(s)
    s.flags.main_done = True
    s = act(s, End(), seat=1 - out)
    assert ENGINE.actors(s) == (1 - out,)  # the player who is out takes no more turns
    s = edit(s)
    s.players[1 - out].tiles, s.players[1 - out].fate_column = {}, []
    s = act(s, Finish(), seat=1 - out)
    assert s.phase == "over" and ENGINE.actors(s) == ()


def finished(points: tuple[int, int]):
    s = edit(fresh_two(1))
    for p, n in zip(s.players, points):
        p.track = {"High Council": n}
    s.phase = "over"
    return s


def test_the_higher_total_wins_two_players_with_both_breakdowns():
    outcome = ENGINE.outcome(finished((9, 4)))
    assert outcome.scores == [9, 4] and outcome.winners == [0] and outcome.rivals == []
    assert [sum(l.points for l in lines) for lines in outcome.breakdown] == [9, 4]
    assert outcome.reason == "Player 1 wins, 9 points to 4."


def test_a_tie_in_points_goes_to_more_lit_bonfires_then_guardians_in_bonfires_then_is_shared():
    s = finished((5, 5))
    assert ENGINE.outcome(s).winners == [0, 1]
    s.players[1].guardians.append(Guardian("amber", 12))
    s.players[1].track = {"High Council": 3}  # the guardian's 2 points keep the totals level
    assert ENGINE.outcome(s).winners == [1]
    tid = task_of("red", "lit")
    s.players[0].bonfires[0].task, s.players[0].bonfires[0].lit = tid, True
    s.players[0].track = {"High Council": 5 - content.tasks()[tid].points}
    outcome = ENGINE.outcome(s)
    assert [scoring.total(p) for p in s.players] == [5, 5]
    assert outcome.winners == [0] and "settled by more lit bonfires" in outcome.reason
