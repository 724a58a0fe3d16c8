"""Setup (1.1), the first player (step 8), cabin cards as the rulebook describes them (3.1:
cameos, Otis Strikes!, rumors, Foolin' Around, plot twists that last), survival and backpack
cards that would do nothing, "a counselor in your space", and the First Aid Station (3.3)."""

from __future__ import annotations

import pytest

from engines.camp_grizzly import content
from engines.camp_grizzly.actions import CampOptions
from engines.camp_grizzly.state import Cameo
from engines.core.errors import BadOptions
from tests.camp_grizzly.rules_helpers import ENGINE, act, at, fresh, log, phase, play, texts, to_stage

CAMPFIRE = at("H5")


# --- 1.1 Game Setup -----------------------------------------------------------------------


def test_setup_each_counselor_draws_two_survival_cards_and_plays_permanents_at_once():
    surv = content.survival_cards()
    saw_permanent = False
    for seed in range(1, 30):
        s = fresh(counselors=(1, 1, 1, 1, 1, 1, 1), seed=seed, bare=False)
        for c in s.counselors.values():
            assert len(c.survival) + len(c.permanent) == 2
            assert all(surv[x].kind == "permanent" for x in c.permanent), "permanent cards go face up at once"
            assert all(surv[x].kind == "single" for x in c.survival)
            saw_permanent = saw_permanent or bool(c.permanent)
    assert saw_permanent


def test_setup_everyone_starts_on_the_campfire_unhurt_and_otis_in_the_tool_shed():
    s = fresh(counselors=(1, 1, 1, 1, 1, 1, 1), bare=False)
    assert all(c.cell == CAMPFIRE and c.injuries == 0 and not c.horrified for c in s.counselors.values())
    assert s.otis == content.camp_map().places["tool_shed"] and s.round == 1


@pytest.mark.parametrize("setup,questions,body", [("easy", 10, 2), ("normal", 7, 5)])
def test_setup_question_cards_and_body_count_follow_the_camp_setup(setup, questions, body):
    s = fresh(setup=setup)
    chosen = content.setups()[setup]
    assert len(s.questions) == questions == len(chosen.question_spaces)
    assert sorted(cell for cell, _ in s.questions) == sorted(at(x) for x in chosen.question_spaces)
    assert s.body_count == body == chosen.body_count
    assert len(s.questions) + len(s.question_deck) == 21, "the rest wait in a pile"
    calm = fresh(setup=setup, surprises=False)
    minis = content.minis()
    assert not any(minis[m].surprise for m in [*calm.question_deck, *(m for _, m in calm.questions)])


@pytest.mark.parametrize("setup,stalk,attack", [("easy", 1, 4), ("normal", 3, 6)])
def test_setup_otis_starting_stats_follow_the_body_count_track(setup, stalk, attack):
    """Adaptation notes, Otis' starting stats: Stalk 1, d4, Damage 1 (1.1 step 9) is where
    the track starts; a setup that starts the body count higher starts him higher on it."""
    view = ENGINE.view(ENGINE.new_game(CampOptions(setup=setup), 1, 1), 0)
    assert (view.otis.stalk, view.otis.attack, view.otis.damage) == (stalk, attack, 1)
    start = content.otis_stats(0)
    assert (start.stalk, start.attack, start.damage) == (1, 4, 1), "the track starts where step 9 puts him"


def test_setup_the_players_choose_who_takes_the_first_turn():
    s = ENGINE.new_game(CampOptions(first="WP"), 2, 1)
    assert s.order == ["wendy", "mitch"] and s.order[s.active] == "wendy"
    assert ENGINE.actors(s) == (1,), "Wendy's player starts"
    s = ENGINE.new_game(CampOptions(counselors=(1, 1, 2), first="3"), 2, 1)
    assert s.order == ["dexter", "mitch", "wendy"], "play goes on round the roster from the first"
    assert ENGINE.new_game(CampOptions(), 2, 1).order == ["mitch", "wendy"], "default: roster order"
    with pytest.raises(BadOptions, match="not in this game"):
        ENGINE.new_game(CampOptions(first="JH"), 2, 1)
    with pytest.raises(BadOptions, match="initials"):
        ENGINE.new_game(CampOptions(first="ZZ"), 2, 1)
    with pytest.raises(BadOptions, match="roster number"):
        ENGINE.new_game(CampOptions(first="9"), 2, 1)


def test_setup_multiple_counselors_per_player_only_with_fewer_than_six_players():
    """1.1 step 1: a player may run several counselors only when fewer than 6 play."""
    for seats in range(1, 6):
        assignment = tuple(range(1, seats + 1)) + (1,)
        ENGINE.check_setup(CampOptions(counselors=assignment), seats)
    ENGINE.check_setup(CampOptions(counselors=(1, 2, 3, 4, 5, 6)), 6)
    ENGINE.check_setup(CampOptions(counselors=(1, 2, 0, 3, 4, 5, 6)), 6)
    with pytest.raises(BadOptions, match="six players"):
        ENGINE.check_setup(CampOptions(counselors=(1, 2, 3, 4, 5, 6, 1)), 6)


# --- 3.1 Cabin cards ----------------------------------------------------------------------


def drawing(*top, seats=2):
    s = to_stage(fresh(seats=seats), "draw")
    s.counselors["mitch"].cell = at("E7")
    s.counselors["wendy"].cell = at("A7")
    s.cabin_deck = [*top, *["softball_bat"] * 12]
    return s


def test_foolin_around_brings_a_chosen_counselor_to_your_space_then_the_card_goes_on():
    s = act(drawing("moonlight_picnic"), "draw").state
    assert phase(s) == "choice" and texts(s) == ["pick WP"]
    applied = act(s, "pick WP")
    s = applied.state
    assert s.counselors["wendy"].cell == at("E7")
    assert "Tempting fate: Softball Bat, Softball Bat" in log(applied), "then Tempt Fate (2)"
    assert s.strike is None and phase(s) == "end"


def test_a_drawn_cameo_is_placed_on_your_space_without_meeting_you():
    s = drawing("lunch_lady_doris")
    s.counselors["mitch"].injuries = 2
    s = act(s, "draw").state
    assert [(c.card, c.cell) for c in s.cameos] == [("lunch_lady_doris", at("E7"))]
    assert s.counselors["mitch"].injuries == 2


def test_walking_into_a_cameo_resolves_its_text():
    s = fresh()
    s.counselors["mitch"].cell = at("G5")
    s.counselors["mitch"].injuries = 3
    s.cameos, s.cameo_serial = [Cameo("lunch_lady_doris", CAMPFIRE, uid=1)], 1
    applied = act(s, "move H5")
    assert "meets Lunch Lady Doris" in log(applied)
    assert applied.state.counselors["mitch"].injuries == 1 and applied.state.cameos == []


def test_hunting_cameos_stalk_after_otis_and_resolve_on_arrival():
    s = to_stage(fresh(counselors=(1,)), "otis")
    s.counselors["mitch"].cell = at("H7")
    s.cameos, s.cameo_serial = [Cameo("grumpy_raccoon", CAMPFIRE, uid=1)], 1  # stalks 2
    s = act(s, "otis").state
    assert phase(s) == "cameos"
    applied = act(s, "cameos")
    assert "A Very Grumpy Raccoon finds Mitch Kowalski" in log(applied)
    assert applied.state.counselors["mitch"].injuries == 1 and applied.state.cameos == []


def test_cameos_killed_in_a_strike_add_one_to_the_body_count_each():
    s = drawing("behind_you")
    s.cameos, s.cameo_serial = [Cameo("lunch_lady_doris", at("F7"), uid=1)], 1  # same cabin
    before = s.body_count
    applied = act(s, "draw")
    assert applied.state.cameos == [] and applied.state.body_count == before + 1
    assert "Otis kills Lunch Lady Doris" in log(applied)


def test_an_otis_strikes_card_brings_a_lurking_otis_to_your_space():
    s = drawing("behind_you")
    s.otis = None
    s = act(s, "draw").state
    assert s.otis == at("E7") and phase(s) == "strike" and s.strike.danger == ["mitch"]


def test_otis_rumors_never_strike():
    s = drawing("seen_by_the_lake")
    lake = content.camp_map().places["lake_shore"]
    s.counselors["mitch"].cell = lake
    s = act(s, "draw").state
    assert s.otis == lake and s.strike is None and phase(s) == "end", "moved onto Mitch, yet no strike"
    s = drawing("another_missing")
    before = s.body_count
    s = act(s, "draw").state
    assert s.body_count == before + 1 and s.strike is None


def test_otis_put_on_a_counselors_space_strikes_there_when_his_stalk_begins():
    """Adaptation notes: Otis already on someone's space when his stalk begins strikes there
    without moving (a rumor put him there without a strike)."""
    s = drawing("seen_by_the_lake", seats=1)
    lake = content.camp_map().places["lake_shore"]
    s.counselors["mitch"].cell = s.counselors["wendy"].cell = lake
    s = play(s, "draw", "end", "draw", "end")
    assert phase(s) == "otis" and s.otis == lake and s.strike is None
    applied = act(s, "otis")
    assert applied.state.otis == lake and applied.state.last_stalk == []
    assert phase(applied.state) == "strike" and applied.state.strike.danger == ["mitch", "wendy"]


def test_tempt_fate_sets_red_cards_aside_for_the_strike_then_discards_them():
    s = act(drawing("truth_or_dare", "never_sleeps", seats=1), "draw").state
    assert s.aside == ["never_sleeps"] and "never_sleeps" not in s.cabin_discard
    s = play(s, "panic MK", "stay")
    assert s.strike is None and s.aside == [] and "never_sleeps" in s.cabin_discard


def through_round(s):
    """Play counselor turns (draw, end) and Otis until the next round's first move phase."""
    start = s.round
    while not (s.round > start and phase(s) == "move"):
        options = texts(s)
        s = act(s, next(x for x in ("draw", "end", "otis", "cameos") if x in options)).state
    return s


def test_thunderstorm_lasts_until_the_end_of_the_next_round():
    s = act(drawing("thunderstorm"), "draw").state
    s = act(s, "end").state
    assert s.order[s.active] == "wendy" and s.moves_left == 4, "Wendy (5) moves 1 less this round"
    s = through_round(s)
    assert s.round == 2 and s.order[s.active] == "mitch" and s.moves_left == 5, "and all of the next round"
    assert ENGINE.view(s, 0).lasting == ("Thunderstorm",)
    s = act(s, "draw").state
    s = act(s, "end").state
    assert s.moves_left == 4
    s = through_round(s)
    assert s.round == 3 and s.moves_left == 6, "over after the end of the next round"
    assert ENGINE.view(s, 0).lasting == ()


# --- 3.2 Survival cards and backpack items -------------------------------------------------


def test_cards_that_would_do_nothing_are_not_offered():
    s = fresh()
    m = s.counselors["mitch"]
    m.survival = ["bandage_up", "shortcut"]
    m.backpack = ["camp_map", "candy_bar"]
    offered = set(texts(s))
    assert {"use MK shortcut", "use MK camp_map", "use MK candy_bar"} <= offered, "movement in the move phase"
    assert "use MK bandage_up" not in offered, "no injury to heal"
    s = to_stage(s, "end")
    assert not {x for x in texts(s) if x.startswith("use")}, "no movement to gain in the end phase, nothing to heal"
    s.counselors["mitch"].injuries = 1
    offered = {x for x in texts(s) if x.startswith("use")}
    assert offered == {"use MK bandage_up", "use MK candy_bar"}, "a heal is useful; Candy Bar still heals"


def test_a_calming_card_only_calms_a_counselor_in_your_space():
    s = fresh(counselors=(1, 1, 1))
    s.counselors["mitch"].cell = at("E7")
    s.counselors["mitch"].survival = ["deep_breaths"]
    s.counselors["mitch"].backpack = ["smelling_salts"]
    s.counselors["wendy"].cell = at("A7")
    s.counselors["wendy"].horrified = 1
    s.counselors["dexter"].cell = at("F7")  # same cabin, another space
    s.counselors["dexter"].horrified = 1
    assert not [x for x in texts(s) if x.startswith("use")], "nobody horrified in Mitch's space"
    s.counselors["wendy"].cell = at("E7")
    assert {"use MK deep_breaths", "use MK smelling_salts"} <= set(texts(s))
    s = act(s, "use MK deep_breaths").state
    assert not s.counselors["wendy"].horrified and s.counselors["dexter"].horrified


# --- 3.3 First Aid Station --------------------------------------------------------------------


def test_first_aid_station_heals_up_to_two_at_the_end_of_a_turn_there():
    s = to_stage(fresh(seats=2), "draw")
    s.counselors["mitch"].cell = at("E7")
    s.questions = [(at("E7"), "first_aid_station"), (at("A8"), "oar")]
    s.counselors["mitch"].injuries = 3
    s = act(s, "reveal").state
    assert s.first_aid == at("E7") and s.questions == [(at("A8"), "oar")], "it stays on its space"
    s = act(s, "end").state
    assert s.counselors["mitch"].injuries == 1
    s = to_stage(s, "end")
    s.active = 0
    s = act(s, "end").state
    assert s.counselors["mitch"].injuries == 0, "up to 2: healed what was left"


def test_action_list_names_cards_as_printed():
    from engines.camp_grizzly import ENGINE
    from engines.camp_grizzly.actions import Equip, Trade, Use
    from engines.camp_grizzly.content import cabin_cards

    card_id, card = next(iter(cabin_cards().items()))
    assert ENGINE.describe_action(Equip(card_id)) == f"equip {card.name}"
    assert ENGINE.describe_action(Use("MK", card_id)) == f"MK: use {card.name}"
    assert ENGINE.describe_action(Trade("MK", card_id, "WP")) == f"trade: MK gives {card.name} to WP"


def test_starting_a_finale_names_it_as_printed():
    from engines.camp_grizzly import ENGINE
    from engines.camp_grizzly.actions import StartFinale

    assert ENGINE.describe_action(StartFinale("tower")) == "finale: The Ranger Tower"


def test_putting_peeked_cards_back_names_them_as_printed():
    """Gut Feeling's `order` choices list the cards by name, top first, never by id."""
    from engines.camp_grizzly import ENGINE
    from engines.camp_grizzly.actions import Order

    text = ENGINE.describe_action(Order(("cast_iron_skillet", "behind_you", "thunderstorm")))
    assert text == "put back, top first: Cast-Iron Skillet, Behind You!, Thunderstorm"
