"""Otis breaks one lock and stops (1.3 Locks); lurking Otis reappears at a rolled nature
trail, on the side of the closest target (1.3 Lurking); counselors need keys for locks (1.2)."""

from __future__ import annotations

from tests.camp_grizzly.rules_helpers import act, at, fresh, log, phase, refused, texts, to_stage


def test_otis_destroys_one_lock_in_his_path_and_stops():
    s = to_stage(fresh(), "otis")
    s.body_count = 3  # stalk 2: he would reach the counselor without the lock
    s.otis = at("D9")
    s.locks = [at("C9")]
    s.counselors["mitch"].cell = at("B9")
    s.counselors["wendy"].cell = at("B9")
    s = act(s, "otis").state
    assert s.otis == at("C9") and at("C9") not in s.locks
    assert s.strike is None and s.last_stalk[-1].broke_lock


def test_lurking_otis_appears_at_the_rolled_trail_end_nearest_a_target():
    s = to_stage(fresh(), "otis")
    s.otis = None
    s.counselors["mitch"].cell = at("I10")
    s.counselors["wendy"].cell = at("I10")
    s.forced = [3]  # nature trail 3: P5 - L10
    s = act(s, "otis").state
    assert s.last_stalk[0].appear and s.last_stalk[0].cell == "L10"
    assert s.otis != at("P5")


def test_lurking_otis_never_appears_in_a_fire():
    """A burning space cannot be entered, by Otis either: lurking, he appears on the trail's
    other end; with both ends burning he stays lurking this round."""
    s = to_stage(fresh(), "otis")
    s.otis = None
    s.counselors["mitch"].cell = s.counselors["wendy"].cell = at("B2")  # nature trail 1: B2 - F1
    s.fires = [at("B2")]
    s.forced = [1]
    after = act(s, "otis").state
    assert after.last_stalk[0].appear and after.last_stalk[0].cell == "F1"
    assert after.otis != at("B2") and after.strike is None
    s.fires = [at("B2"), at("F1")]
    s.forced = [1]
    applied = act(s, "otis")
    assert applied.state.otis is None and applied.state.strike is None
    assert "stays lurking" in log(applied)


def test_counselors_need_keys_to_enter_a_locked_space():
    s = fresh()
    s.counselors["mitch"].cell = at("D9")
    s.locks = [at("C9")]
    assert "move C9" not in texts(s)
    refused(s, "move C9", "not a legal action")
    s.counselors["mitch"].objectives = ["camp_keys"]
    assert "move C9" in texts(s)
    s = act(s, "move C9").state
    assert at("C9") not in s.locks and s.counselors["mitch"].cell == at("C9")


def test_crossing_paths_with_otis_stops_the_move_and_he_strikes():
    s = fresh()
    s.counselors["mitch"].cell = at("H5")
    s.otis = at("H4")
    s = act(s, "move H4").state
    assert phase(s) == "strike" and s.moves_left == 0
    s = act(s, "panic MK").state
    s = act(s, "stay").state
    assert phase(s) == "draw", "after the strike the counselor goes on to the cabin draw"
