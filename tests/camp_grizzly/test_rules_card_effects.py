"""Card effects and adaptation decisions no other test proved: reroll abilities, healing
abilities, armor and panic cards, panic distance, the in-cabin bonus, extra fight dice,
Otis' rumors and how long they last, keys, fires, Wrong Turn and Rummage, who rolls in a
finale, and the safety cap on rounds (rules.md: Card glossary and Adaptation notes)."""

from __future__ import annotations

from engines.camp_grizzly.engine import MAX_ROUNDS
from engines.camp_grizzly.fights import fight_bonus, otis_now
from tests.camp_grizzly.rules_helpers import act, at, fresh, log, phase, play, texts, to_stage


def struck(*equipped: str, seats: int = 1):
    """Mitch alone at the Campfire draws an Otis Strikes! card (Wendy stands next door)."""
    s = to_stage(fresh(seats=seats), "draw")
    s.counselors["wendy"].cell = at("H4")
    s.counselors["mitch"].equipped = list(equipped)
    s.cabin_deck = ["behind_you", *s.cabin_deck]
    s = act(s, "draw").state
    assert phase(s) == "strike" and s.strike.danger == ["mitch"]
    return s


# --- fights


def test_a_reroll_ability_rerolls_the_lowest_die_when_it_shows_less_than_half():
    s = struck("slingshot", "tire_iron")  # a d4 with a reroll, and a d6
    s.forced = [1, 5, 4, 4]  # 1 on the d4 is below half: rerolled to 4; Otis rolls 4
    applied = act(s, "fight MK")
    assert [d.result for d in applied.state.dice] == [1, 5, 4, 4]
    assert "4+5 for a total of 10" in log(applied), "the reroll replaces the die (+1 Varsity Swing)"
    s.forced = [2, 5, 3]  # 2 on a d4 is half: kept, no reroll
    assert [d.result for d in act(s, "fight MK").state.dice] == [2, 5, 3]


def test_extra_fight_dice_from_a_card_are_rolled_with_the_weapons():
    s = struck("whittling_knife")
    s.counselors["mitch"].backpack = ["firecrackers"]
    s = act(s, "use MK firecrackers").state
    assert s.strike.extra == [("mitch", 6)] and "firecrackers" in s.cabin_discard
    s.forced = [1, 6, 4]
    applied = act(s, "fight MK")
    assert "1+6 for a total of 8" in log(applied) and applied.state.otis is None


def test_the_tent_mallet_adds_one_inside_a_cabin_only():
    s = fresh()
    s.counselors["mitch"].equipped = ["tent_mallet"]  # armed: Varsity Swing +1 everywhere
    assert fight_bonus(s, "mitch", at("E7")) == 2, "the Mess Hall is a cabin"
    assert fight_bonus(s, "mitch", at("H5")) == 1, "the Campfire is outside"


# --- panic


def test_armor_takes_one_injury_off_a_panic_but_never_below_one():
    s = struck("letterman_jacket")
    assert otis_now(s).damage == 1
    s = act(s, "panic MK").state
    assert s.counselors["mitch"].injuries == 1, "never below 1"
    s = struck("letterman_jacket")
    s.body_count = 6  # damage 2
    s = act(s, "panic MK").state
    assert s.counselors["mitch"].injuries == 1


def test_a_panic_card_takes_injuries_off_after_armor():
    s = struck("letterman_jacket")
    s.body_count = 6  # damage 2, armor 1: 1 injury, then Grit Your Teeth takes 1 more off
    s.counselors["mitch"].survival = ["grit_your_teeth"]
    s = play(s, "use MK grit_your_teeth", "panic MK")
    assert s.counselors["mitch"].injuries == 0 and "grit_your_teeth" in s.survival_discard


def test_campers_and_permanents_add_to_the_panic_distance():
    s = struck()
    s.counselors["mitch"].campers = ["wiggins_twins"]
    s.counselors["mitch"].permanent = ["born_sprinter"]
    s = act(s, "panic MK").state
    assert s.panic.steps == 1 + 2, "Mitch's panic 1, +1 each"


# --- healing


def test_a_healing_ability_heals_the_most_injured_other_counselor_in_your_space_at_the_end_of_your_turn():
    s = to_stage(fresh(counselors=(1, 1, 1)), "end")  # Mitch, Wendy (First Responder), Dexter
    s.active = s.order.index("wendy")
    s.counselors["mitch"].injuries = 1
    s.counselors["dexter"].injuries = 2
    s.counselors["wendy"].injuries = 3  # her own injuries are not hers to heal
    s = act(s, "end").state
    assert [s.counselors[x].injuries for x in ("mitch", "dexter", "wendy")] == [1, 1, 3]


def test_a_candy_bar_heals_and_gives_one_more_space_this_turn():
    s = fresh()
    s.counselors["mitch"].injuries = 2
    s.counselors["mitch"].backpack = ["candy_bar"]
    left = s.moves_left
    s = act(s, "use MK candy_bar").state
    assert s.counselors["mitch"].injuries == 1 and s.moves_left == left + 1


# --- Otis' rumors


def otis_turn(s):
    """Run Otis' stalk (nobody near him) and the start of the next round."""
    s = to_stage(s, "otis")
    s = act(s, "otis").state
    assert s.strike is None and phase(s) == "move"
    return s


def drawn(card: str):
    s = to_stage(fresh(), "draw")
    s.cabin_deck = [card, *s.cabin_deck]
    return act(s, "draw").state


def test_twice_as_strong_and_the_legend_grows_last_until_his_next_stalk_is_over():
    s = drawn("twice_as_strong")
    assert otis_now(s).attack == 6, "one die size up from d4"
    assert otis_now(otis_turn(s)).attack == 4
    s = drawn("legend_grows")
    assert otis_now(s).damage == 2
    assert otis_now(otis_turn(s)).damage == 1


def test_power_outage_lasts_one_stalk_and_relentless_the_whole_game():
    s = drawn("power_outage")
    assert otis_now(s).stalk == 2
    assert otis_now(otis_turn(s)).stalk == 1
    s = drawn("relentless")
    assert otis_now(otis_turn(s)).stalk == 2


def test_gone_quiet_sends_otis_lurking():
    s = drawn("gone_quiet")
    assert s.otis is None and s.strike is None


# --- keys, fires, cards that move you on


def test_keys_open_every_lock_you_walk_into_and_are_never_used_up():
    s = fresh()
    s.locks = [at("H4"), at("G4")]
    s.counselors["mitch"].objectives = ["camp_keys"]
    s = play(s, "move H4", "move G4")
    assert s.locks == [] and s.counselors["mitch"].objectives == ["camp_keys"]


def test_at_most_two_fires_burn_at_once():
    s = to_stage(fresh(), "draw")
    s.fires = [at("B9"), at("D9")]
    s.cabin_deck = ["tipped_lantern", *s.cabin_deck]
    applied = act(s, "draw")
    assert applied.state.fires == [at("B9"), at("D9")], "the two fire minis are both in use"
    assert "no fire starts" in log(applied), "the card's fire does not start silently"


def test_wrong_turn_loses_you_in_the_woods_and_ends_your_turn():
    s = to_stage(fresh(seats=2), "draw")
    s.cabin_deck = ["wrong_turn", *s.cabin_deck]
    s = act(s, "draw").state
    mitch = s.counselors["mitch"]
    assert mitch.woods and mitch.cell is None
    assert phase(s) == "move" and s.order[s.active] == "wendy", "no end phase for Mitch"


def test_rummage_draws_another_cabin_card_and_resolves_it():
    s = to_stage(fresh(), "draw")
    s.cabin_deck = ["rummage", "softball_bat", *s.cabin_deck]
    s = act(s, "draw").state
    assert s.counselors["mitch"].backpack == ["softball_bat"] and "rummage" in s.cabin_discard


def test_equipping_in_the_move_phase_leaves_the_movement_to_walk():
    s = fresh()
    s.counselors["mitch"].backpack = ["tire_iron"]
    s = act(s, "equip tire_iron").state
    assert phase(s) == "move" and "move H4" in texts(s)


# --- finale rolls and the safety cap


def test_the_counselor_whose_turn_it_is_rolls_for_the_team_then_the_first_still_in():
    s = fresh(seats=2)
    for cid in s.order:
        s.counselors[cid].cell = at("C10")  # the Van's red arrow
    s.counselors["mitch"].objectives = ["camp_keys", "gas_can", "battery"]
    s.counselors["wendy"].equipped = ["archery_bow"]
    s = act(s, "finale van").state
    assert texts(s) == ["roll MK", "roll WP"] and s.counselors["mitch"].seat == 0
    s.forced = [6]
    s = act(s, "roll MK", seat=0).state
    assert phase(s) == "strike"
    s = act(s, "panic MK", seat=0).state  # Mitch drops out of the finale
    s.forced = [8, 1]
    s = act(s, "fight WP", seat=1).state
    assert phase(s) == "finale" and s.finale.failed == ["mitch"]
    assert texts(s) == ["roll WP"], "Wendy's player rolls now: Mitch is out"


def test_the_night_ends_as_a_loss_after_the_round_cap():
    s = to_stage(fresh(), "otis")
    s.round = MAX_ROUNDS
    s = act(s, "otis").state
    assert s.stage == "over" and s.result == "loss" and "Dawn never came" in s.end_reason


def test_thunderstorm_slows_the_counselors_in_the_camp_and_says_that_the_lost_escape_it():
    """The engine slows the counselors standing in the camp when the card is drawn; the
    card's text must say so: one lost in the Woods then walks the next round at full speed."""
    from engines.camp_grizzly.content import cabin_cards
    from engines.camp_grizzly.fights import movement

    s = to_stage(fresh(seats=2), "draw")
    s.counselors["wendy"].cell, s.counselors["wendy"].woods = None, True
    s.cabin_deck = ["thunderstorm", *s.cabin_deck]
    s = act(s, "draw").state
    assert movement(s, "mitch") == 6 - 1 and movement(s, "wendy") == 5
    assert "Woods" in cabin_cards()["thunderstorm"].text


def test_a_thing_that_changed_hands_is_not_traded_again_that_turn_but_may_be_dropped():
    """rules.md, Counselor turn: what 'nothing handled can be undone' means for a trade."""
    s = fresh()  # one player runs Mitch and Wendy: no consent asked
    s.counselors["wendy"].cell = s.counselors["mitch"].cell
    s.counselors["wendy"].backpack = ["tire_iron"]
    s = act(s, "trade WP tire_iron->MK").state
    assert s.counselors["mitch"].backpack == ["tire_iron"]
    assert not any("tire_iron" in t for t in texts(s) if t.startswith("trade"))
    assert "drop tire_iron" in texts(s)


def test_a_rumor_that_grows_otis_attack_die_says_so_not_plus_one():
    """'Otis' attack +1' reads as +1 on his roll; Twice as Strong makes his die one size
    larger, and the log and his card say that."""
    from engines.camp_grizzly.engine import ENGINE

    s = to_stage(fresh(), "draw")
    s.cabin_deck = ["twice_as_strong", *s.cabin_deck]
    applied = act(s, "draw")
    assert "attack die is one size larger (d6)" in log(applied) and "attack +1" not in log(applied)
    assert ENGINE.view(applied.state, 0).otis.modifiers == ("attack die +1 size (Twice as Strong)",)


def test_the_reroll_goes_to_the_die_furthest_below_half_its_size_and_several_abilities_give_one():
    """rules.md, Adaptation notes: with a d4 showing 1 and a d10 showing 2, the d10 (6 below
    half of 10 doubled, against 2) is the one rerolled, and a second reroll ability (the
    Lucky Camp T-Shirt beside the Slingshot) adds no second reroll."""
    s = struck("slingshot", "road_flare", "lucky_tshirt")
    s.forced = [1, 2, 9, 4]
    applied = act(s, "fight MK")
    assert [d.result for d in applied.state.dice] == [1, 2, 9, 4]
    assert "1+9 for a total of 11" in log(applied)


def test_a_rumor_growing_a_d10_says_it_cannot_grow():
    s = to_stage(fresh(), "draw")
    s.body_count = 9  # d10 already
    s.cabin_deck = ["twice_as_strong", *s.cabin_deck]
    applied = act(s, "draw")
    assert otis_now(applied.state).attack == 10
    said = log(applied).splitlines()[-1]  # after the card's own text
    assert said == "Otis' attack die is already the largest (d10)."


def test_a_drawn_camper_goes_in_front_of_you_and_may_be_traded():
    """Rulebook 3.1 Campers: placed face up in front of you when drawn; traded, never dropped."""
    s = to_stage(fresh(), "draw")
    s.counselors["wendy"].cell = s.counselors["mitch"].cell
    s.cabin_deck = ["ziggy_sprinter", *s.cabin_deck]
    s = act(s, "draw").state
    assert s.counselors["mitch"].campers == ["ziggy_sprinter"] and s.counselors["mitch"].backpack == []
    assert "drop ziggy_sprinter" not in texts(s)
    s = act(s, "trade MK ziggy_sprinter->WP").state
    assert s.counselors["wendy"].campers == ["ziggy_sprinter"] and s.counselors["mitch"].campers == []


def test_the_cabin_draw_happens_on_open_ground_too():
    """rules.md, Adaptation notes: 'Drawing outside a cabin'."""
    from engines.camp_grizzly.content import camp_map

    s = to_stage(fresh(), "draw")
    assert s.counselors["mitch"].cell == at("H5") and at("H5") not in camp_map().cabin
    s.cabin_deck = ["softball_bat", *s.cabin_deck]
    assert act(s, "draw").state.counselors["mitch"].backpack == ["softball_bat"]


def test_a_finale_vote_asks_the_other_holders_players_in_seat_order():
    s = fresh(seats=3, counselors=(1, 3, 2))  # Mitch: player 1, Wendy: player 3, Dexter: player 2
    for cid in s.order:
        s.counselors[cid].cell = at("C10")  # the Van's red arrow
    s.counselors["mitch"].objectives = ["camp_keys"]
    s.counselors["wendy"].objectives = ["gas_can"]
    s.counselors["dexter"].objectives = ["battery"]
    s = act(s, "finale van", seat=0).state
    assert phase(s) == "vote" and s.vote.voters == [1, 2]
    s = act(s, "vote yes", seat=1).state
    s = act(s, "vote yes", seat=2).state
    assert phase(s) == "finale" and sorted(s.finale.participants) == ["dexter", "mitch", "wendy"]


def test_a_lock_picking_camper_opens_locks_like_keys():
    s = fresh()
    s.locks = [at("H4")]
    assert "move H4" not in texts(s)
    s.counselors["mitch"].campers = ["locksmith_lou"]
    s = act(s, "move H4").state
    assert s.locks == [] and s.counselors["mitch"].cell == at("H4")


def test_the_sing_along_heals_everyone_on_your_space_and_nobody_else():
    s = to_stage(fresh(counselors=(1, 1, 1)), "draw")
    s.counselors["dexter"].cell = at("H4")
    for cid in s.order:
        s.counselors[cid].injuries = 2
    s.cabin_deck = ["sing_along", *s.cabin_deck]
    s = act(s, "draw").state
    assert [s.counselors[x].injuries for x in ("mitch", "wendy", "dexter")] == [1, 1, 2]


def test_a_bad_luck_permanent_takes_one_off_the_fight_total():
    s = fresh()
    s.counselors["mitch"].equipped = ["tire_iron"]
    assert fight_bonus(s, "mitch", at("H5")) == 1  # Varsity Swing
    s.counselors["mitch"].permanent = ["butterfingers"]
    assert fight_bonus(s, "mitch", at("H5")) == 0


def test_two_healing_abilities_heal_two_and_the_log_counts_them_right():
    s = to_stage(fresh(counselors=(1, 1, 1)), "end")
    s.active = s.order.index("wendy")
    s.counselors["wendy"].campers = ["nurse_marla"]  # First Responder and Marla: 1 each
    s.counselors["dexter"].injuries = 3
    applied = act(s, "end")
    assert applied.state.counselors["dexter"].injuries == 1
    assert "Wendy Park tends to Dexter Lim: 2 injuries healed." in log(applied)


def test_foolin_around_with_nobody_to_call_over_says_so_and_the_card_goes_on():
    s = to_stage(fresh(), "draw")  # Wendy already shares Mitch's space
    s.cabin_deck = ["skinny_dip_dare", "softball_bat", *s.cabin_deck]
    applied = act(s, "draw")
    assert applied.state.choice is None and "softball_bat" in applied.state.cabin_discard, "Tempt Fate (1) still drawn"
    assert "nobody to call over" in log(applied)
