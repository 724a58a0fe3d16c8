"""Each card's effect as its text says, for the amenities, misfortunes, gifts and staff that
no other test plays: one small position per card, in-process."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from engines.bivouac import ENGINE
from engines.bivouac.card_text import amenity_text, gift_text
from engines.bivouac.effects import Log, available_workers
from engines.bivouac.misfortunes import draw_misfortunes
from engines.bivouac.state import BivouacState
from engines.bivouac.wages import end_round, wages_due
from engines.core.rules import load_rules
from tests.bivouac.helpers import act, at_round, legal, new, owning, refused, res, retrieving, with_player

KEEP = {"start": (0,), "hiring": (1,)}  # seat 0 keeps a worker out, so its retrieval stays open


# -- amenities --------------------------------------------------------------------------------
def test_the_camp_store_makes_the_bank_pay_3_per_worker() -> None:
    state = retrieving(new(3), 0, {"bank": (0, 0), **KEEP}, money=0, amenities=("lodge", "camp-store"))
    state = act(act(state, 0, "return bank"), 0, "return bank")
    assert state.players[0].money == 6


def test_a_camp_store_bought_this_round_adds_nothing_yet() -> None:
    state = retrieving(new(3), 0, {"bank": (0,), **KEEP}, money=0, fresh_amenities=("camp-store",))
    assert act(state, 0, "return bank").players[0].money == 2


def test_the_trading_post_pays_1_money_per_resource_taken_and_nothing_from_an_empty_supply() -> None:
    state = retrieving(new(3), 0, {"wood": (0,), "stone": (0,), **KEEP}, money=0, amenities=("lodge", "trading-post"))
    state = replace(state, supply=(5, 0, 5, 5))
    state = act(act(state, 0, "return wood"), 0, "return stone")
    assert state.players[0].money == 1 and state.players[0].resources == res(wood=1)


def test_the_donor_lounge_pays_2_money_for_a_raise_and_nothing_for_a_skip() -> None:
    base = retrieving(new(3), 0, {"donor": (0,), **KEEP}, money=0, amenities=("lodge", "donor-lounge"))
    raised = act(act(base, 0, "return donor"), 0, "raise")
    assert (raised.players[0].donor, raised.players[0].money) == (1, 2)
    skipped = act(act(base, 0, "return donor"), 0, "skip")
    assert (skipped.players[0].donor, skipped.players[0].money) == (0, 0)


@pytest.mark.parametrize(("round_number", "money"), [(8, 2 + 1), (6, 2)])  # July (summer), May (spring)
def test_the_boathouse_adds_1_money_to_activities_used_in_summer(round_number: int, money: int) -> None:
    state = retrieving(
        at_round(new(3), round_number),
        0,
        KEEP,
        money=0,
        activities=owning("pony-rides"),
        on_cards=(("pony-rides", 1),),
        amenities=("lodge", "boathouse"),
    )
    assert act(state, 0, "return pony-rides").players[0].money == money


def test_the_mess_hall_takes_1_off_the_wages() -> None:
    plain = with_player(new(3), 0, workers=5, donor=1)
    assert wages_due(plain.players[0]) == 4
    assert wages_due(replace(plain.players[0], amenities=("lodge", "mess-hall"))) == 3


def test_the_infirmary_turns_away_the_first_misfortune_of_a_round_only() -> None:
    state = with_player(new(3), 0, money=10, amenities=("lodge", "infirmary"))
    state = replace(state, misfortune_deck=("leaky-roof", "lost-canoe", "homesick-camper"))
    state = draw_misfortunes(state, 0, 2, Log())
    assert state.players[0].money == 10 - 3  # Leaky Roof turned away, Lost Canoe paid
    assert state.misfortune_discard == ("leaky-roof", "lost-canoe")
    state = end_round(replace(state, phase="wages"), Log())
    state = draw_misfortunes(with_player(state, 0, vp=5), 0, 1, Log())
    assert state.players[0].vp == 5  # a new round: the first one is turned away again


def test_a_misfortune_a_staff_card_cancels_leaves_the_infirmary_for_the_next_one() -> None:
    """The Camp Medic cancels Sprained Ankle; the Infirmary then turns away Leaky Roof, the
    first misfortune that reaches the player, and its text says a cancelled one does not count."""
    state = with_player(
        new(3, expansion=True), 0, money=10, vp=10, amenities=("lodge", "infirmary"), staff=("camp-medic",)
    )
    state = draw_misfortunes(replace(state, misfortune_deck=("sprained-ankle", "leaky-roof")), 0, 2, Log())
    assert (state.players[0].money, state.players[0].vp) == (10, 10)
    assert "a staff card cancels does not count" in amenity_text("infirmary")


def test_an_infirmary_bought_this_round_turns_nothing_away() -> None:
    state = with_player(new(3), 0, money=10, fresh_amenities=("infirmary",))
    state = draw_misfortunes(replace(state, misfortune_deck=("leaky-roof",)), 0, 1, Log())
    assert state.players[0].money == 8


# -- misfortunes that resolve at once ---------------------------------------------------------
@pytest.mark.parametrize(
    ("card", "before", "after"),
    [
        ("leaky-roof", {"money": 5}, {"money": 3}),
        ("leaky-roof", {"money": 1}, {"money": 0}),  # pays what it has, never below 0
        ("lost-canoe", {"money": 5}, {"money": 2}),
        ("homesick-camper", {"vp": 5}, {"vp": 3}),
        ("broken-axe", {"resources": res(wood=2, stone=1)}, {"resources": res(wood=1, stone=1)}),
        ("broken-axe", {"resources": res(stone=1)}, {"resources": res(stone=1)}),  # none to lose
        ("washed-out-path", {"resources": res(stone=2)}, {"resources": res(stone=1)}),
        ("frayed-lines", {"resources": res(rope=1)}, {"resources": res()}),
        ("raccoon-raid", {"resources": res(wood=1, rope=3)}, {"resources": res(wood=1, rope=1)}),
        ("raccoon-raid", {"resources": res(stone=2, rope=2)}, {"resources": res(rope=2)}),  # tie: stone first
        ("donor-complaint", {"donor": 3}, {"donor": 2}),
        ("donor-complaint", {"donor": 0}, {"donor": 0}),
        ("counselor-quits", {"workers": 6}, {"workers": 5}),
        ("counselor-quits", {"workers": 1}, {"workers": 1}),  # keeps at least 1
    ],
)
def test_a_misfortune_resolved_at_once_does_what_it_says(card: str, before: dict, after: dict) -> None:
    state = replace(with_player(new(3), 0, **before), misfortune_deck=(card,))
    state = draw_misfortunes(state, 0, 1, Log())
    me = state.players[0]
    assert {field: getattr(me, field) for field in after} == after
    assert state.misfortune_discard == (card,) and me.misfortunes == ()


@pytest.mark.parametrize(
    ("card", "after"),
    [
        ("sprained-ankle", {"vp": 10 - 3}),
        ("kitchen-fire", {"money": 10 - 4}),
        ("lost-hiker", {"vp": 10 - 2, "money": 10 - 1}),
        ("capsized-raft", {"resources": res(canvas=1)}),
    ],
)
def test_an_expansion_misfortune_resolved_at_once_does_what_it_says(card: str, after: dict) -> None:
    state = with_player(new(3, expansion=True), 0, staff=(), vp=10, money=10, resources=res(canvas=3))
    state = draw_misfortunes(replace(state, misfortune_deck=(card,)), 0, 1, Log())
    me = state.players[0]
    assert {field: getattr(me, field) for field in after} == after


# -- misfortunes that last until the end of the next round ------------------------------------
def _next_round_with(card: str, **fields) -> BivouacState:
    """Seat 0 drew `card` in round 1 (December); round 2 (January), when it acts, begins."""
    state = replace(with_player(new(3), 0, **fields), misfortune_deck=(card,))
    state = draw_misfortunes(state, 0, 1, Log())
    return replace(end_round(replace(state, phase="wages"), Log()), actor=0)


def test_stomach_bug_keeps_one_worker_in_bed_next_round_still_paid() -> None:
    state = _next_round_with("stomach-bug")
    me = state.players[0]
    assert available_workers(me) == me.workers - 1 and wages_due(me) == me.workers


def test_supply_strike_closes_the_resource_spaces_next_round() -> None:
    state = _next_round_with("supply-strike")
    assert "resource spaces" in refused(state, 0, "place wood")
    assert not {"place wood", "place stone", "place rope", "place canvas"} & set(legal(state, 0))


@pytest.mark.parametrize(("card", "money", "vp"), [("rainy-spell", 3 - 1, 2 + 2), ("bad-review", 3, 2 - 1 + 2)])
def test_a_lasting_misfortune_takes_from_each_activity_next_round(card: str, money: int, vp: int) -> None:
    state = _next_round_with(card, activities=owning("sledding"))  # January: Sledding's bonus month
    state = retrieving(state, 0, KEEP, money=0, vp=0, on_cards=(("sledding", 1),))
    me = act(state, 0, "return sledding").players[0]
    assert (me.money, me.vp) == (money, vp)


def test_power_outage_takes_the_bonus_month_next_round() -> None:
    state = _next_round_with("power-outage", activities=owning("sledding"))
    state = retrieving(state, 0, KEEP, money=0, vp=0, on_cards=(("sledding", 1),))
    assert act(state, 0, "return sledding").players[0].vp == 2  # January, no +2


# -- donor gifts ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("gift", "donor", "after"),
    [
        ("bake-sale", 1, {"money": 4}),
        ("lumber-yard", 2, {"resources": res(wood=2)}),
        ("tarp-bundle", 3, {"resources": res(canvas=2)}),
        ("rope-shipment", 4, {"resources": res(stone=1, rope=2)}),
        ("family-foundation", 5, {"money": 6}),
        ("scholarship-fund", 6, {"vp": 3}),
        ("grand-gala", 7, {"money": 10}),
    ],
)
def test_a_donor_gift_gives_what_it_says_at_once(gift: str, donor: int, after: dict) -> None:
    pile = 1 if donor <= 3 else 2 if donor <= 6 else 3
    state = retrieving(new(3), 0, {"gift": (0,), **KEEP}, donor=donor, money=0, vp=0)
    state = replace(state, gift_piles=tuple((gift,) if n == pile else () for n in (1, 2, 3)))
    me = act(state, 0, "return gift").players[0]
    assert {field: getattr(me, field) for field in after} == after and me.gifts == (gift,)


def test_an_eager_volunteer_is_paid_wages_from_this_round_as_its_text_says() -> None:
    """The volunteer comes without a Hiring worker but is paid like any hired worker: its
    text must not say "for free", which reads as a worker paid nothing."""
    state = replace(retrieving(new(3), 0, {"gift": (0,), **KEEP}, donor=1), gift_piles=(("volunteer",), (), ()))
    me = act(state, 0, "return gift").players[0]
    assert me.workers == 6 and wages_due(me) == 6 - 1
    text = gift_text("volunteer")
    assert "wages" in text and "for free" not in text


def test_an_empty_gift_pile_gives_nothing_and_the_rules_say_so() -> None:
    """The pile for the player's donor level is empty: no card from another pile."""
    state = retrieving(new(3), 0, {"gift": (0,), **KEEP}, donor=4)
    state = act(replace(state, gift_piles=(("bake-sale",), (), ("grand-gala",))), 0, "return gift")
    assert state.players[0].gifts == () and state.gift_piles == (("bake-sale",), (), ("grand-gala",))
    donor_gift = next(x for x in load_rules("bivouac").section("locations").body.split("\n- ") if "Donor Gift" in x)
    assert "empty" in donor_gift


def test_the_end_gifts_score_at_the_end() -> None:
    state = with_player(replace(new(3), phase="over"), 0, vp=0, money=0, gifts=("endowment", "alumni-letter"))
    lines = {line.label: line.points for line in ENGINE.outcome(state).breakdown[0]}
    assert lines["Donor gift bonuses"] == 8 + 3


# -- staff ------------------------------------------------------------------------------------
def test_the_program_planner_adds_1_vp_in_a_bonus_month() -> None:
    state = retrieving(
        at_round(new(3, expansion=True), 2),  # January: Sledding's bonus month
        0,
        KEEP,
        vp=0,
        staff=("program-planner",),
        activities=owning("sledding"),
        on_cards=(("sledding", 1),),
    )
    assert act(state, 0, "return sledding").players[0].vp == 2 + 2 + 1


def test_the_maintenance_chief_takes_1_off_the_wages() -> None:
    state = with_player(new(3, expansion=True), 0, workers=5, donor=0, staff=("maintenance-chief",))
    assert wages_due(state.players[0]) == 4


def test_the_alumni_coordinator_scores_1_vp_per_activity_at_the_end() -> None:
    state = replace(new(3, expansion=True), phase="over")
    state = with_player(state, 0, staff=("alumni-coordinator",), activities=owning("archery", "canoeing", "sledding"))
    lines = {line.label: line.points for line in ENGINE.outcome(state).breakdown[0]}
    assert lines["Staff bonuses"] == 3
