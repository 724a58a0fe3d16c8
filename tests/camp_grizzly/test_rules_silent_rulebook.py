"""Decisions where the rulebook is silent or open to two readings, one test each, as
rules.md's Adaptation notes state them: staying put in a panic, movement fixed for the
move phase, cameo pawns, every weapon rolled, healing when horror ends a turn, a cameo in
the injuries tie-break, being put on a burning space, and a card's strike in the move
phase."""

from __future__ import annotations

from engines.camp_grizzly import content
from engines.camp_grizzly.content import parse_label
from engines.camp_grizzly.fights import movement
from engines.camp_grizzly.state import Cameo
from engines.camp_grizzly.targeting import Target, choose_target
from engines.core.rng import Rng, seed_state
from tests.camp_grizzly.rules_helpers import act, at, fresh, log, phase, play, texts, to_stage


def drawing(*top: str, counselors: tuple[int, ...] = (1,)):
    """The first counselor in the game stands in the Mess Hall (E7), about to draw `top`."""
    s = to_stage(fresh(counselors=counselors), "draw")
    s.counselors[s.order[0]].cell = at("E7")
    s.cabin_deck = [*top, *["softball_bat"] * 12]
    return s


def test_a_panic_run_may_stop_at_once_even_on_otis_space():
    """2.1 PANIC: "moves up to" the panic value, so zero steps is a run too."""
    s = play(drawing("behind_you"), "draw", "panic MK")
    assert phase(s) == "panic" and "stay" in texts(s)
    s = act(s, "stay").state
    assert s.counselors["mitch"].cell == at("E7") == s.otis
    assert s.strike is None and s.panic is None and phase(s) == "end"


def test_movement_is_fixed_when_the_move_phase_starts():
    """1.2 Move phase: an injury, Running Shoes equipped or Ziggy received during the phase
    change the next move phase, not this one."""
    s = fresh()
    mitch = s.counselors["mitch"]
    start = s.moves_left
    before = movement(s, "mitch")
    s.counselors["wendy"].cell = mitch.cell
    s.counselors["wendy"].campers = ["ziggy_sprinter"]
    mitch.backpack = ["running_shoes"]
    s.cameo_serial = 1
    s.cameos = [Cameo("grumpy_raccoon", at("G5"), uid=1)]
    s = play(s, "equip running_shoes", "trade WP ziggy_sprinter->MK")
    assert s.moves_left == start and movement(s, "mitch") == before + 2
    applied = act(s, "move G5")
    s = applied.state
    assert "meets A Very Grumpy Raccoon" in log(applied) and s.counselors["mitch"].injuries == 1
    assert s.moves_left == start - 1, "only the step is paid"
    assert movement(s, "mitch") == before + 1, "the next move phase counts all three"


def test_every_cameo_card_can_be_on_the_map_at_once():
    """Components: 12 mini pawns leave 4 for cameos; our deck has 6 cameo cards and no
    pawn limit, so a cameo drawn with five others out still comes on the map."""
    cards = content.cabin_cards()
    cameo_cards = [c.id for c in cards.values() if c.kind == "cameo"]
    assert sum(cards[c].copies for c in cameo_cards) == 6
    s = drawing(cameo_cards[-1])
    s.cameos = [
        Cameo(card, at(cell), uid=n)
        for n, (card, cell) in enumerate(zip(cameo_cards[:-1], ["A1", "A3", "C1", "J1", "P4"]), 1)
    ]
    s.cameo_serial = len(s.cameos)
    s = act(s, "draw").state
    assert len(s.cameos) == 6 > 12 - 7 - 1
    assert (cameo_cards[-1], at("E7")) in [(c.card, c.cell) for c in s.cameos]


def test_every_equipped_weapon_is_rolled_and_a_fragile_one_can_break_in_a_won_fight():
    """3.1 Multiple weapons: "you may roll" reads as every equipped weapon rolling; nobody
    leaves a fragile weapon out of a fight, so it can break even when the other wins."""
    s = fresh(counselors=(0, 0, 0, 1))  # Rhonda Vega alone: Handy, 3 hands
    s.counselors["rhonda"].backpack = ["whittling_knife", "firewood_maul"]
    s = play(s, "equip whittling_knife", "equip firewood_maul")
    s = to_stage(s, "draw")
    s.counselors["rhonda"].cell = at("E7")
    s.cabin_deck = ["behind_you", *s.cabin_deck]
    s = act(s, "draw").state
    assert texts(s) == ["fight RV", "panic RV"], "no way to fight with fewer weapons"
    s.forced = [4, 1, 3]  # knife 4, maul 1: 5 beats Otis' 3, and the maul breaks
    applied = act(s, "fight RV")
    s = applied.state
    assert "4+1 for a total of 5" in log(applied) and s.otis is None
    assert s.counselors["rhonda"].equipped == ["whittling_knife"] and "firewood_maul" in s.cabin_discard


def test_end_of_turn_healing_still_happens_when_horror_ends_the_turn():
    """4.1 HORRIFIED: "no end of turn actions" stops what the counselor chooses to do;
    healing that comes at the end of the turn by itself (First Responder, the First Aid
    Station) still happens."""
    s = drawing("scream_in_the_night", counselors=(0, 1))  # Wendy Park: First Responder
    s.first_aid = at("E7")
    s.counselors["wendy"].injuries = 3
    applied = act(s, "draw")
    s = applied.state
    assert s.counselors["wendy"].horrified and s.stage != "end", "the turn ended at once"
    assert s.counselors["wendy"].injuries == 1, "the First Aid Station healed 2"
    assert "patches up at the First Aid Station" in log(applied)


def test_end_of_turn_healing_of_others_still_happens_when_horror_ends_the_turn():
    s = drawing("scream_in_the_night", counselors=(1, 1))
    s.active = 1  # Wendy Park (First Responder) draws in the Mess Hall, where Mitch is hurt
    s.counselors["wendy"].cell = at("E7")
    s.counselors["mitch"].cell = at("E7")
    s.counselors["mitch"].injuries = 2
    applied = act(s, "draw")
    assert applied.state.counselors["wendy"].horrified
    assert applied.state.counselors["mitch"].injuries == 1 and "tends to Mitch" in log(applied)


def test_tie_break_c_a_cameo_and_an_unhurt_counselor_tie_and_the_pick_is_random():
    """1.3 Targeting c counts a counselor's injuries; a cameo has none, so it ties with an
    unhurt counselor and the last tie-break (random) decides."""
    m = content.camp_map()
    targets = [Target("raccoon", "cameo", parse_label("G5")), Target("mitch", "counselor", parse_label("I5"))]
    picked = set()
    for seed in range(20):
        choice = choose_target(m, parse_label("H5"), targets, Rng(seed_state(seed)))
        assert choice.decided_by == "random"
        picked.add(choice.target.id)
    assert picked == {"raccoon", "mitch"}


def test_being_put_on_a_burning_space_is_not_entering_it():
    """A fire stops anyone walking, running or stalking in; a counselor coming back from
    the Woods, fetched by Foolin' Around or sent by Hermit Pruitt, and Otis brought by an
    Otis Strikes! card, are put there all the same."""
    # Back from the Woods by camp trail 1, whose space burns.
    s = to_stage(fresh(), "woods")
    s.counselors["mitch"].cell, s.counselors["mitch"].woods = None, True
    trail_home = content.camp_map().camp_trails[1]
    s.fires = [trail_home]
    s.forced = [5, 1]  # Cold Spring, then camp trail 1
    assert act(s, "woods").state.counselors["mitch"].cell == trail_home
    # Foolin' Around fetches Wendy into the fire Mitch stands in.
    s = drawing("moonlight_picnic", counselors=(1, 1))
    s.counselors["wendy"].cell = at("A7")
    s.fires = [at("E7")]
    s = play(s, "draw", "pick WP")
    assert s.counselors["wendy"].cell == at("E7")
    # Hermit Pruitt leads Mitch to a burning Campfire.
    s = fresh()
    s.counselors["mitch"].cell = at("G5")
    s.cameo_serial = 1
    s.cameos = [Cameo("hermit_pruitt", at("F5"), uid=1)]
    s.fires = [at("H5")]
    assert act(s, "move F5").state.counselors["mitch"].cell == at("H5")
    # An Otis Strikes! card brings Otis into the fire to strike.
    s = drawing("behind_you")
    s.fires = [at("E7")]
    s = act(s, "draw").state
    assert s.otis == at("E7") and phase(s) == "strike"


def test_a_strike_from_a_card_in_the_move_phase_lets_the_move_go_on():
    """Crossing paths (walking into Otis) ends the move phase; a strike a card brings
    (here the Moonlit Strollers' Tempt Fate) does not: once it is over, the counselor
    walks on with the movement left."""
    s = fresh()
    s.counselors["mitch"].cell = at("G5")
    s.counselors["mitch"].equipped = ["tire_iron"]
    s.cameo_serial = 1
    s.cameos = [Cameo("moonlit_strollers", at("F5"), uid=1)]
    s.cabin_deck = ["behind_you", *s.cabin_deck]
    start = s.moves_left
    s = act(s, "move F5").state
    assert phase(s) == "strike" and s.otis == at("F5")
    s.forced = [6, 1]
    s = act(s, "fight MK").state
    assert s.otis is None and phase(s) == "move" and s.moves_left == start - 1
    assert any(t.startswith("move ") for t in texts(s))
