"""Tempt Fate (X): draw X cabin cards, ignore their text; a red card makes Otis strike, each
further red card adds 1 to his attack roll in that fight (4.1)."""

from __future__ import annotations

from tests.camp_grizzly.rules_helpers import act, at, fresh, phase, to_stage


def drawing(*top):
    s = to_stage(fresh(counselors=(1,)), "draw")
    s.counselors["mitch"].cell = at("E7")
    s.cabin_deck = [*top, *[c for c in s.cabin_deck if c not in top]]
    return s


def test_no_red_card_no_strike_and_the_cards_are_discarded():
    s = act(drawing("truth_or_dare", "softball_bat"), "draw").state
    assert s.strike is None and s.otis != at("E7")
    assert "softball_bat" in s.cabin_discard and "softball_bat" not in s.counselors["mitch"].backpack


def test_one_red_card_otis_strikes_without_its_text():
    s = act(drawing("truth_or_dare", "never_sleeps"), "draw").state
    assert phase(s) == "strike" and s.otis == at("E7") and s.strike.bonus == 0
    assert not s.otis_mods, "the rumor's own text is ignored"


def test_each_extra_red_card_adds_one_to_otis_roll():
    s = act(drawing("moonlight_picnic", "behind_you", "never_sleeps"), "draw").state
    assert phase(s) == "strike" and s.strike.bonus == 1
    s.counselors["mitch"].equipped = ["tire_iron"]
    s.forced = [4, 4]  # Mitch 4 + 1 (armed) = 5; Otis 4 + 1 = 5: a tie, Otis wins
    s = act(s, "fight MK").state
    assert s.counselors["mitch"].injuries == 1
