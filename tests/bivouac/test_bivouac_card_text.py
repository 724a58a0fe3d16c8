"""Every card says what it does (engines/bivouac/card_text.py), and says it wherever it is
offered, owned or in effect: the market and the staff row in the detail, the hand, gifts,
staff and misfortunes on the board, and the action list."""

from __future__ import annotations

import re

import pytest
from msgspec.structs import replace

from engines.bivouac import ENGINE, content
from engines.bivouac.actions import Buy, PlayUpgrade, TakeStaff
from engines.bivouac.card_text import MONTH_SHORT, card_text, month_span, upgrade_text
from engines.bivouac.state import Lasting
from tests.bivouac.helpers import new, owning, with_player

ALL = content.content()
EVERY_CARD = [
    c.id
    for group in (ALL.activities, ALL.amenities, ALL.upgrades, ALL.staff, ALL.gifts, ALL.misfortunes)
    for c in group
]
IDS = {*EVERY_CARD, *(loc.id for loc in ALL.locations)}


@pytest.mark.parametrize(
    ("months", "said"),
    [
        (tuple(range(1, 13)), "every month"),
        ((4, 5, 6, 7, 8, 9, 10), "Apr-Oct"),
        ((1, 2, 3, 12), "Dec-Mar"),
        ((3, 4, 5, 9, 10, 11), "Mar-May, Sep-Nov"),
        ((7,), "Jul"),
        ((1, 2, 9, 10, 11, 12), "Sep-Feb"),
    ],
)
def test_months_read_as_runs_round_the_year(months, said) -> None:
    assert month_span(months) == said


@pytest.mark.parametrize("activity", ALL.activities, ids=lambda a: a.id)
def test_an_activity_says_money_vp_workers_months_bonus_month_and_cost(activity) -> None:
    text = card_text(activity.id)
    assert f"{activity.money} money and {activity.vp} VP" in text
    workers = "no worker" if activity.workers == 0 else f"{activity.workers} worker"
    assert f"for {workers}" in text
    assert month_span(activity.months) in text
    assert f"bonus month {MONTH_SHORT[activity.bonus_month - 1]} (+2 VP)" in text
    assert f"costs {content.cost_text(activity.cost)}" in text


def test_every_card_has_a_text_with_its_effect_and_price_and_no_id() -> None:
    for card_id in EVERY_CARD:
        text = card_text(card_id)
        assert text.endswith(".") and len(text) >= 10
        assert not [i for i in IDS if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text) and "-" in i]
    for amenity in ALL.amenities:
        at_end = "at the end" in amenity.text.lower()  # an end bonus is not "every month"
        assert amenity.text in card_text(amenity.id) and ("Every month" in card_text(amenity.id)) != at_end
    for staff in ALL.staff:
        assert staff.text in card_text(staff.id)
        assert (
            ("starting" in card_text(staff.id))
            if staff.starting
            else (f"{staff.cost} money" in card_text(staff.id) or "nothing" in card_text(staff.id))
        )
    for gift in ALL.gifts:
        low, high = content.PILES[gift.pile]
        assert gift.text in card_text(gift.id) and f"{low}-{high}" in card_text(gift.id)
    for upgrade in ALL.upgrades:
        said = card_text(upgrade.id)
        assert content.name(upgrade.target) in said and content.cost_text(upgrade.cost) in said
        assert "free" in upgrade_text(upgrade.id, "free")


def test_the_action_list_says_what_a_card_for_sale_does() -> None:
    for activity in ALL.activities:
        assert card_text(activity.id) in ENGINE.describe_action(Buy(activity.id))
    for amenity in ALL.amenities[1:]:
        assert amenity.text in ENGINE.describe_action(Buy(amenity.id))
    for staff in ALL.staff:
        assert staff.text in ENGINE.describe_action(TakeStaff(staff.id))
    toboggans = ENGINE.describe_action(PlayUpgrade("toboggans"))
    assert "Sledding" in toboggans and "+2 VP" in toboggans


def test_the_market_detail_shows_each_card_for_sale_with_its_text() -> None:
    from tui.games.bivouac_draw import detail

    view = ENGINE.view(new(3), 0)
    for location, cards in (("activities", content.activities()), ("amenities", content.amenities())):
        shown = detail(view, location, None).plain
        for card_id, left in view.market:
            if card_id in cards and left:
                assert f"{cards[card_id].name} ({left} left): {card_text(card_id)}" in shown


def test_the_staff_row_shows_each_staff_card_with_its_price_and_text() -> None:
    from tui.games.bivouac_draw import detail

    view = ENGINE.view(new(3, expansion=True), 0)
    shown = detail(view, "hiring", None).plain
    for card in view.staff_shown:
        staff = content.staff()[card]
        assert staff.name in shown and staff.text in shown


def test_a_board_says_what_its_amenities_gifts_staff_upgrades_and_misfortunes_do() -> None:
    from tui.games.bivouac_draw import UNICODE, player_board

    state = new(3, expansion=True)
    state = with_player(
        state,
        0,
        amenities=("lodge", "mess-hall"),
        gifts=("bake-sale", "plaque-wall"),
        misfortunes=(Lasting("overtime", 2), Lasting("rainy-spell", 1, acting=True)),
        activities=owning("orienteering"),
    )
    state = replace(state, round=3)
    view = ENGINE.view(state, 0)
    board = player_board(view, 0, ["Ana", "Bo", "Cy"], UNICODE, "①②③").plain
    me = state.players[0]
    for amenity in me.amenities:
        assert content.amenities()[amenity].text in board
    for gift in me.gifts:
        assert content.gifts()[gift].text in board
    for staff in me.staff:
        assert content.staff()[staff].text in board
    for upgrade in me.upgrade_hand:
        assert upgrade_text(upgrade) in board
    assert content.misfortunes()["overtime"].text in board and "acts in round 2" in board
    assert "Mar-May, Sep-Nov, bonus Oct" in board  # an owned activity's months
    other = player_board(ENGINE.view(state, 1), 0, ["Ana", "Bo", "Cy"], UNICODE, "①②③").plain
    assert not any(upgrade_text(u) in other for u in me.upgrade_hand)  # a hand stays hidden
