"""A refused action is told why in a sentence that is true of the position: the reason the
engine refused it, not a reason that would hold elsewhere (refusals.py against the checks
in legal.py, legal_gear.py and legal_cards.py)."""

from __future__ import annotations

import pytest

from engines.camp_grizzly.actions import Drop, Equip, Pickup, StartFinale
from engines.camp_grizzly.engine import MAX_TURN_ACTIONS
from engines.camp_grizzly.state import Ground
from engines.core.errors import IllegalAction
from tests.camp_grizzly.rules_helpers import ENGINE, at, fresh, phase, to_stage


def reason(state, action) -> str:
    with pytest.raises(IllegalAction) as refusal:
        ENGINE.apply(state, ENGINE.actors(state)[0], action)
    return refusal.value.reason


def test_dropping_outside_the_move_and_end_phases_is_refused_for_the_phase_not_for_the_card():
    s = to_stage(fresh(), "draw")  # after crossing paths with Otis: the draw is due
    s.counselors["mitch"].backpack = ["tire_iron"]
    told = reason(s, Drop("tire_iron"))
    assert "carry no such" not in told, "Mitch does carry the Tire Iron"
    assert "draw a cabin card" in told


def test_equipping_or_picking_up_outside_the_move_and_end_phases_names_the_phase():
    s = to_stage(fresh(), "draw")
    s.counselors["mitch"].backpack = ["tire_iron"]
    assert "draw a cabin card" in reason(s, Equip("tire_iron"))
    s.ground = [Ground(s.counselors["mitch"].cell, "card", "softball_bat")]
    s.handled = ["drop:softball_bat"]
    assert "draw a cabin card" in reason(s, Pickup("softball_bat"))


def test_handling_past_the_action_cap_is_refused_for_the_cap():
    s = fresh()
    s.counselors["mitch"].backpack = ["tire_iron"]
    s.actions_this_turn = MAX_TURN_ACTIONS
    for action in (Equip("tire_iron"), Drop("tire_iron")):
        told = reason(s, action)
        assert f"{MAX_TURN_ACTIONS} actions" in told and "too many hands" not in told and "no such" not in told


def test_a_finale_that_failed_is_refused_as_gone_not_as_missing_objectives():
    s = fresh()
    s.counselors["mitch"].cell = at("C10")  # the Van's red arrow
    s.counselors["mitch"].objectives = ["camp_keys", "gas_can", "battery"]
    s.failed_finales = ["van"]
    assert phase(s) == "move"
    told = reason(s, StartFinale("van"))
    assert "failed" in told and "needs its three objectives" not in told


def test_a_counselor_handed_the_decision_who_cannot_fight_is_told_so_not_to_fight():
    from engines.camp_grizzly.actions import Fight, NextUp

    s = to_stage(fresh(seats=2), "draw")
    s.counselors["mitch"].equipped = ["tire_iron"]  # Wendy, unarmed, cannot beat even a 1
    s.cabin_deck = ["behind_you", *s.cabin_deck]
    s = ENGINE.apply(s, 0, ENGINE.parse_action(s, 0, "draw")).state
    s = ENGINE.apply(s, 0, NextUp("WP")).state
    assert ENGINE.actors(s) == (1,)
    told = reason(s, Fight("WP"))
    assert "cannot fight" in told and "fight WP or panic WP" not in told


def test_a_thing_stowed_or_put_down_is_refused_for_this_turn_only_and_never_said_to_stay_longer():
    """Stowing blocks equipping again and dropping blocks picking up again this turn, no
    more (rules.md, Counselor turn): the stowed thing may still be dropped, and the dropped
    one picked up by the next counselor. The reasons must not say otherwise."""
    from tests.camp_grizzly.rules_helpers import play, texts

    s = fresh()
    s.counselors["mitch"].backpack = ["tire_iron"]
    s = play(s, "equip tire_iron", "unequip tire_iron")
    told = reason(s, Equip("tire_iron"))
    assert "this turn" in told and "stays in the backpack" not in told, told
    assert "drop tire_iron" in texts(s), "a stowed thing can still leave the backpack"
    s = play(s, "drop tire_iron")
    told = reason(s, Pickup("tire_iron"))
    assert "this turn" in told and "until your next turn" not in told, told
    s = play(to_stage(s, "end"), "end")
    assert "pickup tire_iron" in texts(s), "Wendy picks it up before Mitch's next turn"
