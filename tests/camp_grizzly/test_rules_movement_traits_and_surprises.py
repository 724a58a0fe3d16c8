"""Rules the other rule tests left unproved: movement is health and never below 1, injuries
leave panic alone (1.2, 4.1 Injured); the setup's keys and locks (1.1 step 5); weapon
traits (3.1); the surprise '?' cards (3.3); keys from the supply."""

from __future__ import annotations

import pytest

from engines.camp_grizzly import content
from tests.camp_grizzly.rules_helpers import ENGINE, act, at, fresh, log, phase, texts, to_stage


# --- 1.2 Move phase, 4.1 Injured -------------------------------------------------------


def test_movement_is_current_health_and_never_drops_below_one():
    s = fresh(counselors=(1,))
    mitch = content.counselors()["mitch"]
    for injuries, expected in ((0, mitch.health), (2, mitch.health - 2), (mitch.health - 1, 1)):
        s.counselors["mitch"].injuries = injuries
        assert ENGINE.view(s, 0).counselors[0].movement == expected, injuries
    s.counselors["mitch"].permanent = ["hay_fever"]  # -1 movement, never below 1
    assert ENGINE.view(s, 0).counselors[0].movement == 1


def test_a_turn_starts_with_movement_equal_to_current_health():
    s = fresh(counselors=(1, 1), bare=True)
    s.counselors["wendy"].injuries = 2
    s = act(s, "draw").state
    while phase(s) != "move" or s.order[s.active] != "wendy":
        options = texts(s)
        s = act(s, "end" if "end" in options else "draw" if "draw" in options else options[0]).state
    assert s.moves_left == content.counselors()["wendy"].health - 2


def test_injuries_do_not_change_the_panic_distance():
    s = fresh(counselors=(1,))
    before = ENGINE.view(s, 0).counselors[0].panic
    s.counselors["mitch"].injuries = 4
    assert ENGINE.view(s, 0).counselors[0].panic == before == content.counselors()["mitch"].panic


# --- 1.1 step 5: keys and locks --------------------------------------------------------


@pytest.mark.parametrize("setup", ["easy", "normal"])
def test_setup_places_the_keys_and_locks_of_the_camp_setup(setup):
    s = fresh(setup=setup)
    chosen = content.setups()[setup]
    keys = sorted(g.cell for g in s.ground if g.kind == "mini" and content.minis()[g.id].kind == "key")
    assert keys == sorted(at(x) for x in chosen.keys)
    assert sorted(s.locks) == sorted(at(x) for x in chosen.locks)
    assert s.key_supply == content.minis()["camp_keys"].copies - len(chosen.keys)


def test_key_under_the_mat_takes_keys_from_the_supply_while_any_are_left():
    s = fresh(counselors=(1,))
    s.counselors["mitch"].survival = ["key_under_the_mat"]
    s.key_supply = 1
    s = act(s, "use MK key_under_the_mat").state
    assert s.key_supply == 0 and "camp_keys" in s.counselors["mitch"].objectives
    s.counselors["mitch"].survival = ["key_under_the_mat"]
    assert "use MK key_under_the_mat" not in texts(s), "no keys left: the card would do nothing"


# --- 3.1 weapon traits -----------------------------------------------------------------


def struck(*equipped):
    s = to_stage(fresh(counselors=(1,)), "draw")
    s.counselors["mitch"].cell = at("E7")
    s.counselors["mitch"].equipped = list(equipped)
    s.cabin_deck = ["behind_you", *s.cabin_deck]
    return act(s, "draw").state


def test_a_thrown_weapon_is_gone_after_the_fight_even_a_won_one():
    s = struck("lawn_darts")
    s.forced = [8, 1]
    s = act(s, "fight MK").state
    assert s.otis is None and "lawn_darts" not in s.counselors["mitch"].equipped
    assert "lawn_darts" in s.cabin_discard


@pytest.mark.parametrize("roll,broken", [(1, True), (2, False), (10, False)])
def test_a_fragile_weapon_breaks_when_its_die_shows_one(roll, broken):
    s = struck("firewood_maul")
    s.forced = [roll, 1]
    s = act(s, "fight MK").state
    assert ("firewood_maul" not in s.counselors["mitch"].equipped) == broken
    assert ("firewood_maul" in s.cabin_discard) == broken


# --- 3.3 surprises -----------------------------------------------------------------------


def revealing(mini):
    s = to_stage(fresh(counselors=(1,)), "draw")
    s.counselors["mitch"].cell = at("E7")
    s.questions = [(at("E7"), mini), *s.questions]
    return s


def test_surprise_spare_keys_are_keys_and_an_objective():
    s = act(revealing("spare_keys"), "reveal").state
    assert "spare_keys" in s.counselors["mitch"].objectives
    door = content.camp_map().walk_neighbours(at("E7"))[0]
    s.locks = [door]
    s.stage = "move"
    s.moves_left = 2
    assert f"move {content.label(door)}" in texts(s), "spare keys open locks"
    s.counselors["mitch"].objectives = []
    assert f"move {content.label(door)}" not in texts(s)


def test_surprise_missing_camper_raises_the_body_count():
    s = revealing("missing_camper")
    before = s.body_count
    s = act(s, "reveal").state
    assert s.body_count == before + 1 and phase(s) == "end"


def test_surprise_hidden_stash_draws_a_survival_card():
    s = revealing("hidden_stash")
    applied = act(s, "reveal")
    mitch = applied.state.counselors["mitch"]
    assert len(mitch.survival) + len(mitch.permanent) == 1
    assert "survival card" in log(applied)


def test_surprise_ambush_brings_otis_to_strike_your_space():
    s = revealing("ambush")
    s.otis = None
    s = act(s, "reveal").state
    assert s.otis == at("E7") and phase(s) == "strike" and s.strike.danger == ["mitch"]


def test_drawing_cool_head_while_horrified_ends_the_horror():
    """Cool Head: "You can never be horrified." A horrified counselor who draws it is
    horrified no more (no -1 on the following rolls)."""
    s = revealing("hidden_stash")
    s.counselors["mitch"].horrified = 1
    s.survival_deck = ["cool_head", *[x for x in s.survival_deck if x != "cool_head"]]
    applied = act(s, "reveal")
    mitch = applied.state.counselors["mitch"]
    assert mitch.permanent == ["cool_head"] and not mitch.horrified
    assert "calms down" in log(applied)
