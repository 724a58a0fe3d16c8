"""The Woods and death off the map (4.1 Lost, Death), Hopeless pulling everyone in (2.3),
panicking (2.1), who can fight, horrified on every roll (4.1), finale steps (1.4) and trades
that both sides agree to (1.2)."""

from __future__ import annotations

import msgspec

from engines.camp_grizzly import content
from tests.camp_grizzly.rules_helpers import ENGINE, act, at, fresh, log, phase, play, refused, texts, to_stage

CAMPFIRE = at("H5")
M = content.camp_map()


def lost(counselors=(1,), seats=1):
    s = to_stage(fresh(counselors=counselors, seats=seats), "woods")
    s.counselors["mitch"].cell, s.counselors["mitch"].woods = None, True
    return s


# --- the Woods -----------------------------------------------------------------------------


def test_death_in_the_woods_leaves_the_body_at_the_campfire():
    s = lost(counselors=(1, 1))
    s.counselors["mitch"].injuries = 5  # one from the skull
    s.counselors["mitch"].equipped = ["tire_iron"]
    s.counselors["mitch"].objectives = ["gas_can"]
    s.forced = [1]  # the ravine: 2 injuries
    s = act(s, "woods").state
    m = s.counselors["mitch"]
    assert m.dead and m.cell == CAMPFIRE and not m.woods
    assert {(g.cell, g.id) for g in s.ground} >= {(CAMPFIRE, "tire_iron"), (CAMPFIRE, "gas_can")}


def test_blazed_trees_let_you_choose_the_camp_trail_home():
    s = lost()
    s.forced = [6]
    s = act(s, "woods").state
    assert phase(s) == "choice" and texts(s) == [f"return {n}" for n in range(1, 7)]
    s = act(s, "return 2").state
    assert s.counselors["mitch"].cell == M.camp_trails[2] and not s.counselors["mitch"].woods
    assert phase(s) == "end", "then the end phase"


def test_a_strike_during_a_woods_turn_comes_before_the_end_phase():
    s = lost()
    s.otis = M.camp_trails[3]
    s.forced = [5, 3]  # Cold Spring; back by camp trail 3, right where Otis stands
    applied = act(s, "woods")
    s = applied.state
    assert "lands right in front of Otis" in log(applied)
    assert phase(s) == "strike" and s.strike.danger == ["mitch"]
    s = play(s, "panic MK", "stay")
    assert phase(s) == "end" and s.counselors["mitch"].injuries == 1


def test_hopeless_pulls_in_lost_counselors_too():
    s = to_stage(fresh(seats=2), "draw")
    s.counselors["mitch"].cell = at("E7")
    s.counselors["wendy"].cell, s.counselors["wendy"].woods = None, True
    s.body_count = 12
    s.cabin_deck = ["another_missing", *s.cabin_deck]
    s = act(s, "draw").state
    w = s.counselors["wendy"]
    assert s.hopeless and w.cell == CAMPFIRE and not w.woods and "wendy" in s.strike.danger


# --- 2.1: panicking ------------------------------------------------------------------------


def test_panicking_counselors_cannot_unlock_or_trade():
    s = to_stage(fresh(seats=1), "draw")
    s.locks = [at("C9")]
    for cid in ("mitch", "wendy"):
        s.counselors[cid].cell = at("D9")  # next to the locked Camp Office
    s.counselors["mitch"].objectives = ["camp_keys"]
    s.counselors["wendy"].objectives = ["gas_can"]
    s.cabin_deck = ["behind_you", *s.cabin_deck]
    s = play(s, "draw", "panic MK")
    assert phase(s) == "panic"
    assert "move C9" not in texts(s) and not [x for x in texts(s) if x.startswith(("trade", "pickup"))]
    refused(s, "move C9", "not a legal action")


# --- who can fight --------------------------------------------------------------------------


def test_a_fight_that_can_never_be_won_is_not_offered():
    s = to_stage(fresh(counselors=(1,)), "draw")
    s.counselors["mitch"].cell = at("E7")
    s.counselors["mitch"].campers = ["karate_tina"]  # +1, no dice (Varsity Swing needs a weapon)
    s.cabin_deck = ["behind_you", *s.cabin_deck]
    s = act(s, "draw").state
    assert texts(s) == ["panic MK"], "a total of 1 never beats Otis (1 or more, ties to him)"
    s.strike.bonus = -1  # as in the Barn's hay drop
    assert "fight MK" in texts(s)
    s.strike.bonus = 0
    s.counselors["mitch"].permanent = ["older_brothers"]  # +2: beats a 1
    assert "fight MK" in texts(s)


# --- 4.1: horrified ---------------------------------------------------------------------------


def test_horrified_is_minus_one_on_fight_rolls_until_the_end_of_your_next_turn():
    s = to_stage(fresh(counselors=(1,)), "draw")
    s.counselors["mitch"].cell = at("E7")
    s.counselors["mitch"].equipped = ["tire_iron"]
    s.counselors["mitch"].horrified = 1
    s.cabin_deck = ["behind_you", *s.cabin_deck]
    s = act(s, "draw").state
    s.forced = [3, 3]  # 3 + 1 (Varsity Swing) - 1 (horrified) = 3 against 3: Otis wins
    s = act(s, "fight MK").state
    assert phase(s) == "panic"
    s = to_stage(fresh(counselors=(1,)), "draw")
    s.counselors["mitch"].cell = at("E7")
    s.counselors["mitch"].equipped = ["tire_iron"]
    s.cabin_deck = ["behind_you", *s.cabin_deck]
    s = act(s, "draw").state
    s.forced = [3, 3]  # the same dice unshaken: 4 against 3
    s = act(s, "fight MK").state
    assert s.strike is None and s.otis is None


def test_horror_takes_one_off_a_fights_total_however_many_dice_are_rolled():
    """Rulebook 2.1 (subtract if horrified) and the design's "minus 1 if horrified": once
    on the total, not once a die (rules.md, Injuries and death; Adaptation notes)."""
    s = to_stage(fresh(counselors=(1,)), "draw")
    s.counselors["mitch"].cell = at("E7")
    s.counselors["mitch"].equipped = ["tire_iron", "croquet_mallet"]
    s.counselors["mitch"].horrified = 1
    s.cabin_deck = ["behind_you", *s.cabin_deck]
    s = act(s, "draw").state
    s.forced = [3, 3, 6]  # 3 + 3 + 1 (Varsity Swing) - 1 = 6 against 6; a die each would be 5
    applied = act(s, "fight MK")
    assert "for a total of 6" in log(applied)


def test_the_horror_texts_take_one_off_a_fights_total_not_one_off_each_die():
    """The Horrified marker, rules.md's Injuries and death and its Adaptation notes say what
    the fight does (the test above): 1 off the total, never "every die"."""
    from engines.core.rules import load_rules

    rules = load_rules("camp_grizzly")
    marker = next(m for m in content.minis().values() if m.kind == "horrified")
    injuries = rules.section("injuries-and-death").body
    horrified = injuries[injuries.index("**Horrified**") :]
    notes = rules.section("adaptation-notes").body
    note = next(x for x in notes.split("\n- ") if x.startswith("**Horrified** lasts"))
    for text in (marker.text, horrified, note):
        flat = " ".join(text.split())
        assert "every die" not in flat and "total" in flat, flat


def test_the_horrified_rule_names_the_woods_roll_it_leaves_alone():
    """Injuries and death says every roll counts one less; the d6 that picks the camp trail
    home is read as rolled (the test of the way home above), so the rule must say so there
    too, not only in the Adaptation notes."""
    from engines.core.rules import load_rules

    injuries = load_rules("camp_grizzly").section("injuries-and-death").body
    horrified = " ".join(injuries[injuries.index("**Horrified**") :].split())
    assert "camp trail home" in horrified, horrified


# --- 1.4: finale steps -----------------------------------------------------------------------


def at_the_tower():
    s = fresh(counselors=(1, 1))
    for cid in s.order:
        s.counselors[cid].cell = M.site_cells["tower"]
    s.counselors["mitch"].objectives = ["radio", "battery", "flare_gun"]
    return act(s, "finale tower").state


def test_finale_each_rolls_are_made_by_every_counselor_for_themself():
    s = at_the_tower()
    assert s.finale.participants == ["mitch", "wendy"] and texts(s) == ["roll"]
    s.forced = [2, 1]  # Mitch climbs; Wendy slips (1 injury) but the step goes on
    s = act(s, "roll").state
    assert s.counselors["wendy"].injuries == 1 and s.counselors["mitch"].injuries == 0
    assert ENGINE.view(s, 0).finale.step_id == "splice" and texts(s) == ["roll MK", "roll WP"]


def test_finale_choice_steps_let_the_team_pick_the_way():
    s = at_the_tower()
    s.forced = [2, 2, 5]
    s = play(s, "roll", "roll WP")
    assert phase(s) == "finale" and texts(s) == ["choose Radio", "choose Flare"]
    s = act(s, "choose Flare").state
    assert ENGINE.view(s, 0).finale.step_id == "fire_flare"
    radio = at_the_tower()
    radio.forced = [2, 2, 5]
    radio = act(play(radio, "roll", "roll WP"), "choose Radio").state
    assert phase(radio) == "strike" and radio.strike.bonus == 2, "holding the hatch: a fight at +2"


def test_finale_team_rolls_add_up_everyone_still_in(monkeypatch):
    van = content.finales()["van"]
    team = msgspec.structs.replace(van.steps[0], roller="team", target=7, tries=2)
    monkeypatch.setitem(content.finales(), "van", msgspec.structs.replace(van, steps=(team, *van.steps[1:])))
    s = fresh(counselors=(1, 1))
    for cid in s.order:
        s.counselors[cid].cell = M.site_cells["van"]
    s.counselors["mitch"].objectives = ["camp_keys", "gas_can", "battery"]
    s = act(s, "finale van").state
    assert texts(s) == ["roll"]
    s.forced = [3, 3]  # 6 < 7: a miss, and both of the team take the miss
    s = act(s, "roll").state
    assert s.finale.tries == 1 and [s.counselors[c].injuries for c in ("mitch", "wendy")] == [1, 1]
    s.forced = [4, 3]
    s = act(s, "roll").state
    assert ENGINE.view(s, 0).finale.step_kind == "fight"


def test_otis_keeps_his_space_during_a_finale_until_he_attacks_it():
    s = fresh(counselors=(1,))
    s.counselors["mitch"].cell = M.site_cells["van"]
    s.counselors["mitch"].objectives = ["camp_keys", "gas_can", "battery"]
    otis = s.otis
    s = act(s, "finale van").state
    assert s.otis == otis, "nobody stalks while the finale plays"
    s.forced = [3]
    s = act(s, "roll MK").state
    assert phase(s) == "strike" and s.strike.kind == "finale" and s.otis is None


# --- 1.2: trades need both sides --------------------------------------------------------------


def side_by_side(seats):
    s = fresh(seats=seats, counselors=(1, seats))
    for cid in s.order:
        s.counselors[cid].cell = at("E7")
    s.counselors["wendy"].objectives = ["gas_can"]
    return s


def test_a_trade_with_another_players_counselor_needs_their_consent():
    s = act(side_by_side(2), "trade WP gas_can->MK").state
    assert phase(s) == "offer" and ENGINE.actors(s) == (1,) and texts(s) == ["accept", "refuse"]
    assert ENGINE.view(s, 1).offer == "WP Gas Can -> MK" and "accept or refuse" in ENGINE.summary(s, 0).status
    refusedstate = act(s, "refuse").state
    assert refusedstate.counselors["wendy"].objectives == ["gas_can"] and phase(refusedstate) == "move"
    assert "trade WP gas_can->MK" not in texts(refusedstate), "asked once per turn"
    agreed = act(s, "accept").state
    assert agreed.counselors["mitch"].objectives == ["gas_can"] and phase(agreed) == "move"
    assert ENGINE.actors(agreed) == (0,)


def test_one_player_running_both_counselors_trades_without_asking():
    s = act(side_by_side(1), "trade WP gas_can->MK").state
    assert phase(s) == "move" and s.counselors["mitch"].objectives == ["gas_can"]


def test_the_woods_log_says_which_row_a_horrified_roll_counts_as():
    s = lost()
    s.counselors["mitch"].horrified = 1
    s.forced = [4, 1]  # a 4 counts as 3 (Glowing Eyes), then camp trail 1 home
    said = log(act(s, "woods"))
    assert "rolls 4 (3, horrified) in the Woods: Glowing Eyes" in said


def test_horror_takes_one_off_the_woods_roll_but_not_the_roll_for_the_way_home():
    """rules.md, Adaptation notes (Horrified): the Woods table roll counts one less; the d6
    that picks the camp trail home only names a trail, so it is read as rolled."""
    s = lost()
    s.counselors["mitch"].horrified = 2
    s.forced = [5, 1]  # Cold Spring read as 4 (Abandoned Campsite); camp trail 1 home
    applied = act(s, "woods")
    assert "Abandoned Campsite" in log(applied)
    assert applied.state.counselors["mitch"].cell == M.camp_trails[1]
