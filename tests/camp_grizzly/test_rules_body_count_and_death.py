"""Death, the body count and Hopeless (2.3, 4.1)."""

from __future__ import annotations

from tests.camp_grizzly.rules_helpers import act, at, fresh, phase, texts, to_stage


def test_death_leaves_gear_on_the_body_kills_campers_and_counts_bodies():
    s = to_stage(fresh(seats=2), "draw")
    m = s.counselors["mitch"]
    m.cell = at("E7")
    m.injuries = 5  # one from the skull
    m.campers = ["karate_tina"]
    m.equipped = ["tire_iron"]
    m.objectives = ["gas_can"]
    m.survival = ["bandage_up"]
    before = s.body_count
    s.cabin_deck = ["grease_fire", *s.cabin_deck]
    s = act(s, "draw").state
    m = s.counselors["mitch"]
    assert m.dead and s.body_count == before + 2
    assert {(g.cell, g.id) for g in s.ground} >= {(at("E7"), "tire_iron"), (at("E7"), "gas_can")}
    assert "karate_tina" in s.cabin_discard and "bandage_up" in s.survival_discard
    assert s.order[s.active] == "wendy", "a dead counselor's turn is over"
    s.counselors["wendy"].cell = at("E7")
    assert {"pickup tire_iron", "pickup gas_can"} <= set(texts(s))


def test_everyone_dead_is_a_loss():
    s = to_stage(fresh(counselors=(1,)), "draw")
    s.counselors["mitch"].injuries = 5
    s.counselors["mitch"].cell = at("E7")
    s.cabin_deck = ["grease_fire", *s.cabin_deck]
    s = act(s, "draw").state
    assert s.stage == "over" and s.result == "loss"
    from tests.camp_grizzly.rules_helpers import ENGINE

    out = ENGINE.outcome(s)
    assert out.winners == [] and out.scores == [0] and "Otis wins" in out.reason


def test_otis_grows_with_the_body_count():
    from engines.camp_grizzly.fights import otis_now

    s = fresh()
    assert (otis_now(s).stalk, otis_now(s).attack, otis_now(s).damage) == (1, 4, 1)
    s.body_count = 6
    assert otis_now(s).attack == 8


def hopeless_state():
    s = to_stage(fresh(seats=2), "draw")
    s.body_count = 12
    s.counselors["mitch"].survival = ["bandage_up"]
    s.counselors["mitch"].permanent = ["older_brothers"]
    s.counselors["wendy"].cell = at("A7")
    s.cabin_deck = ["another_missing", *s.cabin_deck]
    return act(s, "draw").state


def test_hopeless_at_thirteen_is_one_last_fight_at_the_campfire():
    s = hopeless_state()
    fire = at("H5")
    assert s.hopeless and phase(s) == "strike" and s.strike.kind == "hopeless"
    assert s.otis == fire and all(c.cell == fire for c in s.counselors.values())
    assert not s.counselors["mitch"].survival
    assert not s.counselors["mitch"].permanent, "permanent survival cards go too (rules.md, Body count)"
    s = act(s, "panic MK").state
    assert s.counselors["mitch"].dead, "panicking in the last fight is death"
    s = act(s, "panic WP").state
    assert s.stage == "over" and s.result == "loss"


def test_winning_the_last_fight_wins_the_game():
    s = hopeless_state()
    s.counselors["wendy"].equipped = ["archery_bow"]
    s.forced = [8, 1]
    s = act(s, "next WP").state  # Mitch's player hands the fight to Wendy's player
    s = act(s, "fight WP").state
    assert s.stage == "over" and s.result == "win"
    from tests.camp_grizzly.rules_helpers import ENGINE

    out = ENGINE.outcome(s)
    assert out.winners == [0, 1] and out.scores[0] == 2


def test_horrified_ends_the_turn_and_costs_one_on_rolls():
    s = to_stage(fresh(seats=2), "draw")
    s.counselors["mitch"].cell = at("E7")
    s.cabin_deck = ["scream_in_the_night", *s.cabin_deck]
    s = act(s, "draw").state
    assert s.counselors["mitch"].horrified and s.order[s.active] == "wendy"
    # -1 on rolls until the end of Mitch's next turn: a Woods roll of 2 counts as 1 (the ravine).
    s = to_stage(s, "woods")
    s.active = 0
    s.counselors["mitch"].cell, s.counselors["mitch"].woods = None, True
    s.forced = [2, 3]
    s = act(s, "woods").state
    assert s.counselors["mitch"].injuries == 2, "2 - 1 = 1: the ravine, not the bramble patch"
    s = act(s, "end").state
    assert not s.counselors["mitch"].horrified, "gone at the end of his next turn"
