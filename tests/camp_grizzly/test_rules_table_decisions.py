"""Decisions the rulebook gives to the players themselves: who faces Otis first and each
counselor's own fight-or-panic (2.1), leaving items on a space, looking at cabin cards (Gut
Feeling), meetings with cameos after a panic run or a teleport, horrified markers, and the
per-turn action cap."""

from __future__ import annotations

import pytest

from engines.camp_grizzly.actions import Equip, Fight, PanicNow, Pickup
from engines.camp_grizzly.engine import MAX_TURN_ACTIONS
from engines.camp_grizzly.state import Cameo
from engines.core.errors import IllegalAction
from tests.camp_grizzly.rules_helpers import ENGINE, act, at, fresh, log, phase, play, refused, texts, to_stage


def mess_hall_strike(seats: int = 2):
    """Mitch (Player 1) draws Behind You! in the Mess Hall, where Wendy (Player 2) stands."""
    s = to_stage(fresh(seats=seats), "draw")
    s.counselors["mitch"].cell = at("E7")
    s.counselors["wendy"].cell = at("F7")
    s.counselors["mitch"].equipped = ["tire_iron"]
    s.counselors["wendy"].equipped = ["canoe_paddle"]
    s.cabin_deck = ["behind_you", *s.cabin_deck]
    return act(s, "draw").state


# --- 2.1: the players choose who fights first; each player decides for their own counselor


def test_the_players_choose_who_fights_first_and_each_decides_fight_or_panic_for_their_own():
    s = mess_hall_strike()
    assert phase(s) == "strike" and set(s.strike.danger) == {"mitch", "wendy"}
    # The player whose counselor's turn it is proposes who goes next ...
    assert ENGINE.actors(s) == (0,)
    assert texts(s) == ["fight MK", "panic MK", "next WP"]
    # ... but never decides fight-or-panic for another player's counselor.
    with pytest.raises(IllegalAction, match="Only WP's own player decides"):
        ENGINE.apply(s, 0, Fight("WP"))
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, PanicNow("WP"))
    s = act(s, "next WP").state
    assert ENGINE.actors(s) == (1,) and texts(s) == ["fight WP", "panic WP"]
    assert ENGINE.view(s, 1).strike.up == "wendy"
    assert "Wendy Park faces Otis" in ENGINE.summary(s, 1).status
    s.forced = [1, 4]  # Wendy's paddle shows 1, Otis rolls 4: she loses and panics
    s = act(s, "fight WP", seat=1).state
    assert phase(s) == "panic" and ENGINE.actors(s) == (1,), "Wendy's player runs her panic"
    s = act(s, "stay").state
    # Only Mitch is left: his own player decides.
    assert ENGINE.actors(s) == (0,) and texts(s) == ["fight MK", "panic MK"]
    s.forced = [6, 2]
    s = act(s, "fight MK").state
    assert s.otis is None and s.strike is None and phase(s) == "end"


def test_after_otis_stalk_the_rounds_last_player_proposes_who_faces_him_first():
    """rules.md, Otis strikes: after Otis' stalk, who took the round's last turn counts as
    the current counselor (if in danger); otherwise the first in danger in turn order."""
    s = to_stage(fresh(seats=2), "otis")
    s.active = 1  # Wendy played the round's last turn
    s.counselors["mitch"].cell = at("E7")
    s.counselors["wendy"].cell = at("F7")
    s.otis = at("E7")  # he strikes the Mess Hall without moving
    struck = act(s, "otis").state
    assert phase(struck) == "strike" and set(struck.strike.danger) == {"mitch", "wendy"}
    assert ENGINE.actors(struck) == (1,) and ENGINE.view(struck, 1).strike.chooser == "wendy"
    s.counselors["wendy"].cell = at("A7")  # not in danger: the first in turn order leads
    struck = act(s, "otis").state
    assert struck.strike.danger == ["mitch"] and ENGINE.actors(struck) == (0,)


def test_one_player_running_every_counselor_in_danger_decides_for_all_of_them():
    s = mess_hall_strike(seats=1)
    assert texts(s) == ["fight MK", "fight WP", "panic MK", "panic WP"]


def test_after_roll_cards_are_offered_to_the_player_who_holds_them():
    s = mess_hall_strike()
    s.counselors["wendy"].survival = ["lucky_break"]
    s.forced = [1, 4]  # Mitch loses the roll ...
    s = act(s, "fight MK").state
    # ... and Wendy's player, not Mitch's, may make Otis roll again.
    assert phase(s) == "after_roll" and ENGINE.actors(s) == (1,)
    assert texts(s) == ["use WP lucky_break", "accept"]
    s.forced = [1]
    applied = act(s, "use WP lucky_break", seat=1)
    assert "Otis rolls again: 1" in log(applied) and applied.state.otis is None


def test_declining_an_after_roll_card_loses_the_fight():
    s = mess_hall_strike()
    s.counselors["wendy"].survival = ["lucky_break"]
    s.forced = [1, 4]
    s = act(s, "fight MK").state
    s = act(s, "accept", seat=1).state
    assert phase(s) == "panic" and s.panic.counselor == "mitch"
    assert s.counselors["wendy"].survival == ["lucky_break"]


# --- leaving items on a space (the rulebook lets campers alone never be dropped)


def test_drop_leaves_an_item_on_your_space_for_anyone_to_pick_up_later():
    s = to_stage(fresh(), "end")
    mitch = s.counselors["mitch"]
    mitch.cell = at("H2")
    mitch.equipped = ["canoe_paddle"]
    mitch.objectives = ["oar"]
    mitch.campers = ["karate_tina"]
    options = texts(s)
    assert {"drop canoe_paddle", "drop oar"} <= set(options)
    assert "drop karate_tina" not in options, "campers may be traded but never dropped"
    s = play(s, "drop canoe_paddle", "drop oar")
    assert mitch.cell == at("H2") and s.counselors["mitch"].equipped == [] and s.counselors["mitch"].objectives == []
    assert {(g.cell, g.id) for g in s.ground} >= {(at("H2"), "canoe_paddle"), (at("H2"), "oar")}
    assert {"H2"} <= {t.cell for t in ENGINE.view(s, 0).things if t.id == "oar"}
    # Put down this turn, it stays down until a later turn.
    refused(s, "pickup oar", "not a legal action")
    with pytest.raises(IllegalAction, match="put down this turn"):
        ENGINE.apply(s, 0, Pickup("oar"))
    s = act(s, "end").state
    assert s.order[s.active] == "wendy"
    s.counselors["wendy"].cell = at("H2")
    s = play(s, "pickup oar", "pickup canoe_paddle")
    assert s.counselors["wendy"].objectives == ["oar"] and s.counselors["wendy"].backpack == ["canoe_paddle"]


def test_no_gear_loop_can_fill_a_turn():
    """Stowing, dropping or handing something over cannot be undone in the same turn, so
    nobody walks into the per-turn action cap by accident."""
    s = fresh()
    s.counselors["wendy"].cell = s.counselors["mitch"].cell
    s.counselors["mitch"].backpack = ["tire_iron"]
    s = play(s, "equip tire_iron", "unequip tire_iron")
    assert "equip tire_iron" not in texts(s)
    with pytest.raises(IllegalAction, match="stowed this turn"):
        ENGINE.apply(s, 0, Equip("tire_iron"))
    s = act(s, "trade MK tire_iron->WP").state
    assert not any(t.startswith("trade WP tire_iron") for t in texts(s)), "no handing it straight back"


def test_the_action_cap_is_told_on_the_status_line():
    s = fresh()
    s.actions_this_turn = MAX_TURN_ACTIONS
    assert "the limit" in ENGINE.summary(s, 0).status
    assert ENGINE.view(s, 0).capped
    assert all(t.startswith(("move", "trail", "draw", "reveal")) for t in texts(s))


# --- Gut Feeling: "look at the top 3 cabin cards and put them back in any order"


def gut_feeling():
    s = fresh(seats=2)
    s.counselors["mitch"].survival = ["gut_feeling"]
    s.cabin_deck = ["behind_you", "softball_bat", "thunderstorm", *s.cabin_deck[3:]]
    return s


def test_gut_feeling_shows_the_top_cards_to_its_player_alone_who_may_reorder_them():
    applied = act(gut_feeling(), "use MK gut_feeling")
    s = applied.state
    assert phase(s) == "choice" and ENGINE.actors(s) == (0,)
    orders = texts(s)
    assert len(orders) == 6 and orders[0] == "order behind_you softball_bat thunderstorm"
    assert ENGINE.view(s, 0).peek == ("Behind You!", "Softball Bat", "Thunderstorm")
    assert ENGINE.view(s, 1).peek == () and ENGINE.view(s, None).peek == ()
    own = "\n".join(e.for_viewer(0) for e in applied.events)
    other = "\n".join(e.for_viewer(1) for e in applied.events)
    assert "Behind You!" in own and "Behind You!" not in other and "looks at the top 3" in other
    assert ENGINE.secrets(s) == {0: ["Top of the cabin deck: 1. Behind You!, 2. Softball Bat, 3. Thunderstorm."]}
    s = act(s, "order softball_bat thunderstorm behind_you").state
    assert s.cabin_deck[:3] == ["softball_bat", "thunderstorm", "behind_you"]
    assert phase(s) == "move" and ENGINE.secrets(s) == {}
    s = act(s, "draw").state
    assert "softball_bat" in s.counselors["mitch"].backpack


def test_gut_feeling_with_identical_cards_asks_nothing():
    s = gut_feeling()
    s.cabin_deck = ["behind_you", "behind_you", *s.cabin_deck[3:]][:2]
    s = act(s, "use MK gut_feeling").state
    assert phase(s) == "move"


# --- cameos are met wherever a counselor ends up: a panic run's end, a teleport


def test_a_panic_run_that_ends_on_a_cameo_meets_it():
    s = to_stage(fresh(), "draw")
    s.counselors["mitch"].cell = at("H5")
    s.counselors["mitch"].injuries = 2
    s.cameo_serial = 1
    s.cameos = [Cameo("lunch_lady_doris", at("H4"), uid=1)]
    s.cabin_deck = ["behind_you", *s.cabin_deck]
    s = play(s, "draw", "panic MK")
    assert s.counselors["mitch"].injuries == 3 and phase(s) == "panic"
    applied = act(s, "move H4")
    s = applied.state
    assert "meets Lunch Lady Doris" in log(applied)
    assert s.counselors["mitch"].injuries == 1 and s.cameos == []


def test_a_panic_run_that_stops_early_on_a_cameo_meets_it():
    s = to_stage(fresh(counselors=(0, 1)), "draw")  # Wendy alone: panic 2
    s.counselors["wendy"].cell = at("H5")
    s.counselors["wendy"].injuries = 3
    s.cameo_serial = 1
    s.cameos = [Cameo("lunch_lady_doris", at("H4"), uid=1)]
    s.cabin_deck = ["behind_you", *s.cabin_deck]
    s = play(s, "draw", "panic WP", "move H4")
    assert phase(s) == "panic" and s.counselors["wendy"].injuries == 4, "passing is not meeting"
    applied = act(s, "stay")
    assert "meets Lunch Lady Doris" in log(applied) and applied.state.counselors["wendy"].injuries == 2


def test_a_teleport_onto_a_cameo_meets_it():
    s = fresh()
    mitch = s.counselors["mitch"]
    mitch.cell = at("G5")
    mitch.injuries = 2
    s.cameo_serial = 2
    s.cameos = [Cameo("lunch_lady_doris", at("H5"), uid=1), Cameo("hermit_pruitt", at("F5"), uid=2)]
    applied = act(s, "move F5")  # Hermit Pruitt leads Mitch to the Campfire, where Doris waits
    s = applied.state
    text = log(applied)
    assert "meets Hermit Pruitt" in text and "meets Lunch Lady Doris" in text
    assert s.counselors["mitch"].cell == at("H5") and s.counselors["mitch"].injuries == 0
    assert s.cameos == [], "each cameo leaves after its own meeting"


# --- horrified markers are bookkeeping


def test_horrified_markers_track_the_state_and_never_run_out():
    s = to_stage(fresh(counselors=(1, 1, 1, 1, 1, 1, 1)), "draw")
    for c in s.counselors.values():
        c.cell = at("E7")
    s.cabin_deck = ["scream_in_the_night", *s.cabin_deck]
    s = act(s, "draw").state
    horrified = [cid for cid, c in s.counselors.items() if c.horrified]
    assert len(horrified) == 6 and "jolene" not in horrified, "six counselors, five markers: all six horrified"


# --- the Normal camp setup


def test_normal_setup_starts_otis_one_space_faster():
    s = fresh(setup="normal")
    assert s.body_count == 5 and len(s.locks) == 5 and len(s.questions) == 7
    view = ENGINE.view(s, 0)
    assert view.otis.stalk == 3 and view.otis.attack == 6, "body count 5: stalk 2 and d6, plus 1 for Normal"
    assert view.otis.modifiers == ("stalk +1 (Normal camp)",)
    assert ENGINE.view(fresh(setup="easy"), 0).otis.stalk == 1


def test_a_cameo_that_sends_you_to_its_own_space_is_met_once():
    s = fresh()
    s.counselors["mitch"].cell = at("G5")
    s.cameo_serial = 1
    s.cameos = [Cameo("hermit_pruitt", at("H5"), uid=1)]  # drawn at the Campfire
    applied = act(s, "move H5")
    assert log(applied).count("meets Hermit Pruitt") == 1
    assert applied.state.counselors["mitch"].cell == at("H5") and applied.state.cameos == []
