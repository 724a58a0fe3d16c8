"""Nature trail attempts: 1 movement and a d6; 6 crosses, 1 gets you lost, 2-5 stay (4.1)."""

from __future__ import annotations

import pytest

from tests.camp_grizzly.rules_helpers import act, at, fresh, log, phase, refused, texts


def at_trail(counselors=(1,)):
    s = fresh(counselors=counselors)
    cid = s.order[0]
    for c in s.counselors.values():
        c.permanent = []  # no Orienteering Badge or the like from the opening draw
    s.counselors[cid].cell = at("B2")  # nature trail 1 runs B2 - F1
    s.moves_left = 3
    return s, cid


def test_a_six_crosses_and_the_turn_goes_on():
    s, cid = at_trail()
    s.forced = [6]
    s = act(s, "trail 1").state
    assert s.counselors[cid].cell == at("F1") and s.moves_left == 2 and phase(s) == "move"


@pytest.mark.parametrize("roll", [2, 3, 4, 5])
def test_two_to_five_stays_and_may_try_again(roll):
    s, cid = at_trail()
    s.forced = [roll]
    s = act(s, "trail 1").state
    assert s.counselors[cid].cell == at("B2") and s.moves_left == 2
    assert "trail 1" in texts(s)


def test_a_one_gets_you_lost_and_the_next_turn_is_in_the_woods():
    s, cid = at_trail(counselors=(1, 1))
    s.forced = [1]
    s = act(s, "trail 1").state
    c = s.counselors[cid]
    assert c.woods and c.cell is None and s.order[s.active] != cid, "the turn ends at once"
    # Play on to the lost counselor's next turn: Wendy draws, Otis stalks, then the Woods.
    while not (phase(s) == "woods"):
        options = texts(s)
        s = act(s, "draw" if "draw" in options else "end" if "end" in options else options[0]).state
    s.forced = [5, 3]  # Woods: cold spring; back by camp trail 3
    s = act(s, "woods").state
    assert not s.counselors[cid].woods and s.counselors[cid].cell == at("P4") and phase(s) == "end"


def test_trail_sense_succeeds_on_five_and_is_never_lost():
    s, cid = at_trail(counselors=(0, 0, 1))  # Dexter
    assert cid == "dexter"
    s.forced = [5]
    assert act(s, "trail 1").state.counselors[cid].cell == at("F1")
    s.forced = [1]
    after = act(s, "trail 1").state
    assert after.counselors[cid].cell == at("B2") and not after.counselors[cid].woods


def test_horrified_counselors_roll_one_less_on_nature_trails():
    s, cid = at_trail()
    s.counselors[cid].horrified = 1
    s.forced = [6]
    after = act(s, "trail 1").state
    assert after.counselors[cid].cell == at("B2"), "a 6 counts as 5: no crossing"
    s.forced = [2]
    after = act(s, "trail 1").state
    assert after.counselors[cid].woods, "a 2 counts as 1: lost"
    s.counselors[cid].equipped = ["headlamp"]  # succeeds on 5
    s.forced = [6]
    assert act(s, "trail 1").state.counselors[cid].cell == at("F1")


def test_a_nature_trail_whose_far_end_burns_cannot_be_crossed():
    """A burning space cannot be entered at all (rules.md, Movement; the Fire minis): not by
    a nature trail either, so the attempt is not offered while the far end burns."""
    s, cid = at_trail()
    s.fires = [at("F1")]  # the far end of nature trail 1
    assert "trail 1" not in texts(s)
    s.forced = [6]
    refused(s, "trail 1", "trail 1")
    s.fires = [at("B2")]  # standing in a fire that started here does not close the way out
    assert "trail 1" in texts(s)


def test_the_log_says_a_horrified_roll_counts_one_less():
    """'rolls 6: nature trail 1 leads nowhere' would read as a broken rule: the log says
    the 6 counts as 5 for a horrified counselor."""
    s, cid = at_trail()
    s.counselors[cid].horrified = 1
    s.forced = [6]
    said = log(act(s, "trail 1"))
    assert "rolls 6 (5, horrified)" in said and "leads nowhere" in said
