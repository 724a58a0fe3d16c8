"""Misfortunes, phase 3 wages and round advance, end scoring and the tie-break."""

from __future__ import annotations

from msgspec.structs import replace

from engines.bivouac import ENGINE
from engines.bivouac.effects import Log
from engines.bivouac.misfortunes import draw_misfortunes, yellow_spaces_crossed
from engines.bivouac.state import Lasting
from engines.bivouac.wages import begin_wages, end_round, wages_due
from tests.bivouac.helpers import act, at_round, legal, new, owning, refused, res, retrieving, with_player

KEEP = {"start": (0,), "bank": (1,)}  # seat 1 still has a worker out, so play stops there


def test_misfortune_for_each_yellow_space_crossed_or_landed_on() -> None:
    assert yellow_spaces_crossed(9, 10) == 1  # landed on
    assert yellow_spaces_crossed(8, 12) == 1
    assert yellow_spaces_crossed(12, 19) == 0
    assert yellow_spaces_crossed(9, 31) == 3  # several at once


def test_misfortunes_never_for_backward_moves() -> None:
    assert yellow_spaces_crossed(31, 9) == 0


def test_crossing_two_yellow_spaces_in_one_retrieval_draws_two_misfortunes() -> None:
    state = at_round(new(3), 2)  # January, Sledding's bonus month: 2 + 2 VP
    state = retrieving(state, 0, KEEP, vp=18, activities=owning("sledding"), on_cards=(("sledding", 1),))
    state = replace(state, misfortune_deck=("homesick-camper", "leaky-roof", "broken-axe"))
    state = act(act(state, 0, "return sledding"), 0, "return start")
    # 18 -> 22 crosses 20 only once, so one misfortune: Homesick Camper (-2 VP)
    assert state.misfortune_deck == ("leaky-roof", "broken-axe") and state.players[0].vp == 20
    # August: Zip Line in its bonus month (5 + 2 VP), High Ropes (3 VP), Flagpole Green (1 VP):
    # 9 -> 20 crosses 10 and lands on 20, so two misfortunes are drawn.
    state = retrieving(
        at_round(new(3), 9),
        0,
        KEEP,
        vp=9,
        money=10,
        activities=owning("zip-line", "high-ropes"),
        on_cards=(("high-ropes", 1), ("zip-line", 2)),
        amenities=("lodge", "flagpole-green"),
    )
    state = replace(state, misfortune_deck=("leaky-roof", "lost-canoe", "broken-axe"))
    state = act(act(state, 0, "return zip-line"), 0, "return high-ropes")
    assert state.misfortune_deck == ("leaky-roof", "lost-canoe", "broken-axe")  # not before the end
    state = act(state, 0, "return start")
    assert state.players[0].vp == 20
    assert state.misfortune_deck == ("broken-axe",)
    assert state.players[0].money == 10 + 1 + 1 - 2 - 3  # Zip Line, Lodge, then the two misfortunes


def test_several_yellow_spaces_draw_several_misfortunes() -> None:
    state = with_player(new(3), 0, money=10)
    state = replace(state, misfortune_deck=("leaky-roof", "lost-canoe", "broken-axe"))
    state = draw_misfortunes(state, 0, yellow_spaces_crossed(9, 21), Log())
    assert state.players[0].money == 10 - 2 - 3 and state.misfortune_deck == ("broken-axe",)
    assert state.misfortune_discard == ("leaky-roof", "lost-canoe")


def test_lasting_misfortune_stays_until_the_end_of_the_next_round() -> None:
    state = replace(new(3), misfortune_deck=("bank-audit",))
    state = draw_misfortunes(state, 0, 1, Log())
    assert state.players[0].misfortunes == (Lasting("bank-audit", 2, acting=False),)
    state = end_round(replace(state, phase="wages"), Log())  # end of round 1: still there
    assert state.round == 2 and state.players[0].misfortunes
    assert "away from the Bank" in refused(state, 0, "place bank")
    state = end_round(replace(state, phase="wages"), Log())  # end of round 2: gone
    assert state.players[0].misfortunes == () and state.misfortune_discard == ("bank-audit",)


def test_the_misfortune_discard_is_reshuffled_when_the_deck_is_empty() -> None:
    state = replace(
        with_player(new(3), 0, money=20), misfortune_deck=(), misfortune_discard=("leaky-roof", "lost-canoe")
    )
    state = draw_misfortunes(state, 0, 1, Log())
    assert len(state.misfortune_deck) == 1 and state.players[0].money in (17, 18)
    assert len(state.misfortune_discard) == 1


def test_misfortune_losing_vp_never_goes_below_zero() -> None:
    state = replace(with_player(new(3), 0, vp=1), misfortune_deck=("homesick-camper",))
    assert draw_misfortunes(state, 0, 1, Log()).players[0].vp == 0


def test_wage_example_six_workers_at_donor_level_three_pay_three() -> None:
    state = with_player(new(3), 0, workers=6, donor=3, money=10)
    assert wages_due(state.players[0]) == 3
    state = begin_wages(replace(state, phase="retrieve"), Log())
    assert state.players[0].money == 7


def test_wages_never_below_zero() -> None:
    state = with_player(new(3), 0, workers=2, donor=5)
    assert wages_due(state.players[0]) == 0


def test_wage_debt_is_paid_with_resources_then_vp() -> None:
    state = with_player(new(3), 0, workers=5, money=1, resources=res(wood=1, rope=1), vp=7)
    state = begin_wages(replace(state, phase="retrieve"), Log())
    assert state.phase == "wages" and state.actor == 0 and state.wage_debt == 4
    assert legal(state, 0) == ["pay wood", "pay rope"]
    state = act(state, 0, "pay rope")
    state = act(state, 0, "pay wood")
    # 5 due: 1 money, 2 resources, 2 VP
    me = state.players[0]
    assert (me.money, me.resources, me.vp) == (0, res(), 5)
    assert state.round == 2  # the others paid in money and the next month began


def test_wage_debt_in_vp_never_takes_a_player_below_zero() -> None:
    state = with_player(new(3), 0, workers=5, money=0, vp=2)
    state = begin_wages(replace(state, phase="retrieve"), Log())
    assert state.players[0].vp == 0


def test_without_the_starting_player_space_the_same_player_starts_again() -> None:
    state = replace(new(3), start=2, next_start=-1)
    state = end_round(replace(state, phase="wages"), Log())
    assert state.start == 2 and state.actor == 2


def test_the_game_ends_after_round_13() -> None:
    state = end_round(replace(new(3), phase="wages", round=13), Log())
    assert state.phase == "over" and ENGINE.actors(state) == ()


def test_end_scoring_adds_resources_half_the_money_and_end_bonuses() -> None:
    state = replace(new(3), phase="over")
    state = with_player(
        state,
        0,
        vp=30,
        resources=res(wood=2, canvas=1),
        money=7,
        donor=4,
        amenities=("lodge", "trophy-hall"),
        activities=owning("archery", "canoeing"),
        gifts=("alumni-letter", "plaque-wall"),
    )
    lines = {line.label: line.points for line in ENGINE.outcome(state).breakdown[0]}
    assert lines == {
        "VP track": 30,
        "Resources (1 VP each)": 3,
        "Money (1 VP per 2)": 3,
        "Amenity bonuses": 2,  # Trophy Hall: 1 per activity
        "Donor gift bonuses": 3 + 4,  # Alumni Letter 3, Plaque Wall 1 per donor level
    }
    assert ENGINE.outcome(state).scores[0] == 45


def test_a_tie_goes_to_the_player_with_the_most_activities() -> None:
    state = replace(new(3), phase="over")
    state = with_player(state, 0, vp=20, money=0, activities=owning("archery"))
    state = with_player(state, 1, vp=20, money=0, activities=owning("archery", "canoeing"))
    state = with_player(state, 2, vp=3, money=0)
    out = ENGINE.outcome(state)
    assert out.scores[:2] == [20, 20] and out.winners == [1] and "most activities" in out.reason


def test_a_tie_on_activities_too_is_shared() -> None:
    state = replace(new(2), phase="over")
    state = with_player(state, 0, vp=20, money=0, activities=owning("archery"))
    state = with_player(state, 1, vp=20, money=0, activities=owning("canoeing"))
    assert ENGINE.outcome(state).winners == [0, 1]


def test_a_player_past_50_vp_shows_the_50_plus_marker() -> None:
    state = with_player(new(3), 0, vp=57)
    mine = ENGINE.view(state, None).players[0]
    assert mine.laps == 1 and mine.track_space == 7
    assert ENGINE.view(state, None).players[1].laps == 0


def test_a_player_past_100_vp_shows_the_100_plus_marker() -> None:
    state = with_player(new(3), 0, vp=103)
    mine = ENGINE.view(state, None).players[0]
    assert mine.laps == 2 and mine.track_space == 3


def test_an_amenity_bought_in_the_last_month_counts_for_end_bonuses_though_face_down() -> None:
    state = replace(new(3), round=13, phase="over")
    state = with_player(
        state,
        0,
        amenities=("lodge",),
        fresh_amenities=("trophy-hall",),
        gifts=("naming-rights",),
        activities=owning("archery", "canoeing"),
    )
    lines = {line.label: line.points for line in ENGINE.outcome(state).breakdown[0]}
    assert lines["Amenity bonuses"] == 2  # Trophy Hall, still face down: 1 VP for each of 2 activities
    assert lines["Donor gift bonuses"] == 4  # Naming Rights: 2 VP for each of 2 amenities, Trophy Hall included
