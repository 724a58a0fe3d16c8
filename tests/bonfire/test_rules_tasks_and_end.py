"""Fulfilling tasks, the High Council, Common Tasks, the end trigger, the countdown and
final scoring."""

from __future__ import annotations

import pytest

from engines.bonfire import ENGINE, content, scoring
from engines.bonfire.actions import Common, Council, End, Fulfil, Pass
from engines.bonfire.state import TOM, YOU, Guardian
from engines.core.errors import IllegalAction
from tests.bonfire.helpers import act, edit, fresh, task_of, texts, tom_turn


def with_task(kind: str, colour: str = "blue", space: int = 1):
    s = edit(fresh(1))
    tid = task_of(colour, kind)
    s.players[YOU].bonfires[space - 1].task = tid
    return s, content.tasks()[tid]


def test_a_resource_task_is_paid_then_lit_and_its_novice_goes_to_the_council():
    s, task = with_task("resources")
    r = task.requirement
    s.players[YOU].resources = {r.what: r.count}
    s = act(s, Fulfil(1))
    you = s.players[YOU]
    assert you.bonfires[0].lit and not you.bonfires[0].novice and you.resources == {}
    assert s.pending[0].kind == "council"
    space = content.board().council[3]  # 3 points
    s = act(s, Council(space.id))
    assert s.council[3] == "you" and s.players[YOU].track == {"High Council": space.points}


def test_an_unmet_task_is_refused_with_its_requirement():
    s, task = with_task("paths")
    with pytest.raises(IllegalAction, match="not met yet"):
        ENGINE.apply(s, YOU, Fulfil(1))


def test_a_checked_requirement_is_not_spent():
    s, task = with_task("paths")
    r = task.requirement
    s.players[YOU].path = [t.id for t in content.board().path_tiles if t.crystal == r.what][: r.count]
    after = act(s, Fulfil(1))
    assert after.players[YOU].path == s.players[YOU].path and after.players[YOU].bonfires[0].lit


def test_council_space_taken_is_not_offered_again():
    s, task = with_task("resources")
    s.players[YOU].resources = {"gold": 9}
    s.council[0] = "tom"
    s = act(s, Fulfil(1))
    assert f"council {content.board().council[0].id}" not in texts(s)


def test_common_task_sends_its_neutral_novice_once_and_scores_for_each_player():
    s = edit(fresh(1))
    s.players[YOU].gnomes = s.gnome_pile[:3]
    s = act(s, Common("gnome-moot"))
    assert s.pending and s.pending[0].source == "common"
    s = act(s, Council(content.board().council[0].id))
    assert s.council[0] == "neutral" and s.common_novices == [True, True, True, False, True]
    assert "common gnome-moot" not in texts(s)
    assert dict((line.label, line.points) for line in scoring.breakdown(s.players[YOU]))["Common Tasks"] == 2


def test_common_task_without_its_novice_still_scores_but_sends_nobody():
    s = edit(fresh(1))
    s.common_novices[3] = False
    s.players[YOU].gnomes = s.gnome_pile[:3]
    s = act(s, Common("gnome-moot"))
    assert not s.pending and s.players[YOU].common == ["gnome-moot"]


def triggered_state():
    s = edit(fresh(1))
    s.council = ["tom"] * 6 + [""] * 6
    s.players[YOU].resources = {"gold": 9}
    tid = task_of("red", "resources")
    s.players[YOU].bonfires[0].task = tid
    return s


def test_seventh_novice_triggers_the_countdown_after_the_round():
    s = act(triggered_state(), Fulfil(1), Council(content.board().council[8].id))
    assert s.triggered and s.countdown == 0
    s = act(s, End())
    while s.phase != "turn":
        s = tom_turn(s) if s.phase == "tom" else act(s, ENGINE.legal_actions(s, YOU)[0])
    assert s.countdown == 1 and "pass" in texts(s)


def test_a_seventh_novice_sent_in_toms_turn_starts_the_countdown_and_the_log_says_so():
    from engines.bonfire.state import Pending

    s = edit(fresh(1))
    s.council = ["tom"] * 6 + [""] * 6
    s.phase = "tomwait"
    s.flags.tom_checked = True
    s.pending = [Pending("council", TOM, "task", [sp.id for sp in content.board().council[6:]])]
    told = [e.text for e in ENGINE.apply(s, YOU, Council(content.board().council[6].id)).events]
    assert told[-2:] == [
        "7 novices sit in the High Council: the countdown begins now: you have 5 more turns, each followed by one of Tom's.",
        "Countdown turn 1 of 5: you may pass for 1 point.",
    ]


def test_countdown_passes_score_the_current_tile_and_the_game_ends_after_five():
    s = act(triggered_state(), Fulfil(1), Council(content.board().council[8].id), End())
    passed = 0
    while s.phase != "over":
        if s.phase == "tom":
            s = tom_turn(s)
        elif s.phase == "turn" and not s.pending:
            s = act(s, Pass())
            passed += 1
        else:
            s = act(s, ENGINE.legal_actions(s, YOU)[0])
    assert passed == 5
    assert s.players[YOU].track["Countdown passes"] == 1 + 2 + 3 + 4 + 5


def test_pass_is_only_for_the_countdown():
    with pytest.raises(IllegalAction, match="countdown"):
        ENGINE.apply(fresh(1), YOU, Pass())


def test_final_scoring_counts_every_category():
    s = edit(fresh(1))
    p = s.players[YOU]
    blue = task_of("blue", "lit")
    p.bonfires[1].task, p.bonfires[1].lit = blue, True
    p.path = [next(t.id for t in content.board().path_tiles if t.crystal == "blue")]  # beside bonfire 2
    p.portals[1] = "moon"
    p.guardians = [Guardian("own", 12)]
    p.common = ["gnome-moot"]
    p.gnomes = ["elder-of-embers"]
    p.track = {"Great Bonfire": 2}
    lines = {line.label: line.points for line in scoring.breakdown(p)}
    assert lines == {
        "Lit bonfires": content.tasks()[blue].points,
        "Guardians in bonfires": 2,
        "Portals at lit bonfires": 2,
        "Crystal matches": 2,
        "Common Tasks": 2,
        "Elders": 2,
        "Great Bonfire": 2,
    }
    assert scoring.total(p) == sum(lines.values())


def test_you_must_score_more_than_tom_so_a_tie_in_points_is_toms():
    """The solo page's goal is to score more points than Tom: no tie-break can turn equal
    points into your win, not even more lit bonfires."""
    s = edit(fresh(1))
    tid = task_of("yellow", "lit")
    s.players[YOU].bonfires[0].task, s.players[YOU].bonfires[0].lit = tid, True
    s.players[YOU].bonfires[1].task, s.players[YOU].bonfires[1].lit = task_of("blue", "lit"), True
    s.players[TOM].track = {"x": scoring.total(s.players[YOU])}
    assert scoring.total(s.players[YOU]) == scoring.total(s.players[TOM])
    assert scoring.you_win(s) == (False, " (a tie: you must score more than Tom)")
    s.players[YOU].track = {"x": 1}
    assert scoring.you_win(s) == (True, "")


def test_outcome_gives_your_breakdown_and_tom_as_a_rival_with_his_own():
    s = edit(fresh(1))
    s.players[YOU].track = {"x": 9}
    s.players[TOM].track = {"High Council": 4}
    s.phase = "over"
    outcome = ENGINE.outcome(s)
    assert outcome.scores == [9] and outcome.winners == [0]
    assert [(r.name, r.score, r.won) for r in outcome.rivals] == [("Tom", 4, False)]
    assert sum(line.points for line in outcome.rivals[0].breakdown) == 4
    assert outcome.reason == "You beat Tom, 9 points to 4."


def test_when_tom_wins_nobody_at_the_table_wins_and_tom_is_the_winning_rival():
    """Tom holds no seat: his win leaves `winners` empty, he is the outcome's winning rival,
    the reason names him first, and his points never count in your score."""
    s = edit(fresh(1))
    s.players[YOU].track = {"High Council": 3}
    s.players[TOM].track = {"High Council": 4, "Special case 1": 3}
    s.phase = "over"
    outcome = ENGINE.outcome(s)
    assert outcome.winners == []
    assert outcome.reason == "Tom wins with 7 points to your 3."
    assert outcome.scores == [3] == [sum(line.points for line in outcome.breakdown[0])]
    assert [(r.name, r.score, r.won) for r in outcome.rivals] == [("Tom", 7, True)]


def test_a_tie_in_points_is_told_as_toms_win():
    s = edit(fresh(1))
    s.players[YOU].track = {"x": 5}
    s.players[TOM].track = {"x": 5}
    s.phase = "over"
    outcome = ENGINE.outcome(s)
    assert outcome.winners == []
    assert outcome.reason == "Tom wins: a tie at 5 points is his (you must score more than Tom)."


def test_countdown_triggered_in_your_turn_leaves_tom_one_more_turn_and_the_log_says_so():
    """Solo: Tom acts after each of your turns, so when your novice triggers the countdown
    he has the turn that ends this round plus one after each of your 5 countdown turns."""
    from engines.bonfire.actions import TomTurn
    from engines.core.protocol import AUTO

    s = edit(fresh(3))
    s.council = ["tom"] * 6 + [""] * 6
    p = s.players[YOU]
    p.bonfires[0].task = task_of("blue", "resources")
    p.resources = {r: 9 for r in content.RESOURCES}
    s = act(s, Fulfil(1))
    told = [e.text for e in ENGINE.apply(s, YOU, Council(content.board().council[6].id)).events]
    assert told[-1] == (
        "7 novices sit in the High Council: the countdown begins after Tom's coming turn. Then you have 5 more "
        "turns, each followed by one of Tom's (6 more for Tom, counting the coming one)."
    )
    s = act(s, Council(content.board().council[6].id), End())
    yours = toms = 0
    while s.phase != "over":
        if s.phase == "tom":
            s, toms = ENGINE.apply(s, AUTO, TomTurn()).state, toms + 1
        elif s.pending:
            s = act(s, ENGINE.legal_actions(s, YOU)[0])
        else:
            s, yours = act(s, Pass()), yours + 1
    assert (yours, toms) == (5, 6)


def test_a_seventh_novice_in_toms_turn_with_a_choice_still_waiting_starts_the_countdown_now():
    """Tom's task sends his novice as the seventh and lights his third bonfire, so his bonus
    action then asks where the Common Task's neutral novice lies: the countdown begins with
    this round's end, which is his turn's, and the log must not promise him a coming turn."""
    from engines.bonfire.actions import TomTurn
    from engines.bonfire.state import Bonfire
    from engines.core.protocol import AUTO
    from tests.bonfire.test_rules_tom import islands_of, toms_turn

    s = toms_turn("task_high", "herbs")
    s.council = ["you"] * 6 + [""] * 6
    a, b = islands_of("herbs")
    s.islands[a].tasks, s.islands[b].tasks = ["forge-vow"], []
    s.players[TOM].bonfires[:2] = [Bonfire("ember-rite", True, False), Bonfire("sun-song", True, False)]
    s = tom_turn(s)
    assert s.pending[0].source == "tom"
    told = [e.text for e in ENGINE.apply(s, YOU, Council(content.board().council[6].id)).events]
    assert told[-1] == (
        "7 novices sit in the High Council: the countdown begins now: you have 5 more turns, each followed by one of Tom's."
    )
    s = act(s, Council(content.board().council[6].id))
    assert s.pending[0].source == "neutral"
    s = act(s, Council(content.board().council[7].id))
    assert s.phase == "turn" and s.countdown == 1
    yours = toms = 0
    while s.phase != "over":
        if s.phase == "tom":
            s, toms = ENGINE.apply(s, AUTO, TomTurn()).state, toms + 1
        elif s.pending:
            s = act(s, ENGINE.legal_actions(s, YOU)[0])
        else:
            s, yours = act(s, Pass()), yours + 1
    assert (yours, toms) == (5, 5)
