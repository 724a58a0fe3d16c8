"""What the log and the refusals say: only what happened, in names a player reads."""

from __future__ import annotations

from msgspec.structs import replace

from engines.bivouac import ENGINE, content
from engines.bivouac.actions import Hire
from engines.bivouac.card_text import amenity_text, misfortune_text
from engines.bivouac.retrieval import buy_problem
from tests.bivouac.helpers import act, events, new, owning, retrieving, with_player

KEEP = {"start": (0,)}


def test_an_activity_paid_by_a_short_bank_says_what_it_paid() -> None:
    state = retrieving(new(3), 0, KEEP, on_cards=(("dodgeball", 1),), activities=owning("dodgeball"))
    said = events(replace(state, bank=1), 0, "return dodgeball")
    assert said == ["Player 1 runs Dodgeball: +1 money (the bank had only 1 of 2), +1 VP."]


def test_the_bank_location_with_an_empty_bank_says_nothing_was_taken() -> None:
    state = replace(retrieving(new(3), 0, {"bank": (0,), **KEEP}), bank=0)
    assert events(state, 0, "return bank") == ["Player 1 takes 0 money from the Bank (the bank is empty)."]


def test_a_gift_cut_short_says_so_in_whole_sentences() -> None:
    state = retrieving(new(3), 0, {"gift": (0,), **KEEP}, donor=1)
    state = replace(state, bank=0, supply=(0, 5, 5, 5), gift_piles=(("lumber-yard",), (), ()))
    said = events(state, 0, "return gift")
    assert said[0] == "Player 1 receives the donor gift Lumber Yard Donation: Gain 2 wood."
    assert said[1] == "The supply is short and the bank has no coin to stand in: Player 1 gets 0 of 2 wood."


def test_a_hire_with_the_bunkhouse_says_two_workers_everywhere() -> None:
    state = retrieving(new(3), 0, {"hiring": (0,), **KEEP}, amenities=("lodge", "bunkhouse"))
    assert "2 with the Bunkhouse" in ENGINE.describe_action(Hire())
    from tests.bivouac.helpers import act

    assert events(act(state, 0, "return hiring"), 0, "hire")[0] == "Player 1 hires 2 workers (from next round)."


def test_an_amenity_scoring_at_the_end_does_not_say_every_month() -> None:
    assert "Every month" not in amenity_text("trophy-hall")
    assert "Every month" not in amenity_text("stables")
    assert "Every month" in amenity_text("lodge")


def test_every_misfortune_keeping_a_worker_in_bed_says_it_is_still_paid() -> None:
    sick = [m.id for m in content.content().misfortunes if m.sick]
    assert len(sick) >= 2
    for card in sick:
        assert "(it cannot be placed, but is paid)" in misfortune_text(card)


def test_a_refused_purchase_names_the_card_never_its_id() -> None:
    state = new(3)
    assert buy_problem(state, 0, "mess-hall", "activity") == "Mess Hall is not an activity you can buy here."
    assert buy_problem(state, 0, "no-such-card", "amenity") == "That card is not an amenity you can buy here."


def test_a_misfortune_drawn_reads_as_one_sentence() -> None:
    """The log line quoting a drawn card's effect ends once, never with `.).` (as a gift's does)."""
    from engines.bivouac.effects import Log
    from engines.bivouac.misfortunes import draw_misfortunes

    state = replace(new(3), misfortune_deck=("lost-canoe", "rainy-spell"))
    log = Log()
    draw_misfortunes(state, 0, 2, log)
    said = [event.text for event in log.events]
    assert said == [
        "Player 1 draws the misfortune Lost Canoe: Pay 3 money.",
        "Player 1 draws the misfortune Rainy Spell: Next round, your activities give 1 less money each.",
    ]


def test_a_placeholder_coin_is_said_in_the_log_and_shown_on_its_holders_board() -> None:
    """The resources line counts a coin as the resource it stands for; the log and the board
    say which are coins (they go back to the bank, not the supply, when spent)."""
    from tui.games.bivouac_draw import UNICODE, player_board

    state = retrieving(new(3), 0, {"gift": (0,), **KEEP}, donor=1)
    state = replace(state, supply=(1, 5, 5, 5), gift_piles=(("lumber-yard",), (), ()))
    said = events(state, 0, "return gift")
    assert said[1] == "The supply is short of wood: a coin from the bank stands in for 1 wood."
    state = act(state, 0, "return gift")
    board = player_board(ENGINE.view(state, 1), 0, ["Ana", "Bo", "Cy"], UNICODE, "①②③").plain
    assert "Resources W2 S0 R0 C0 (coins stand in for W1)" in board
    plain = player_board(ENGINE.view(state, 1), 1, ["Ana", "Bo", "Cy"], UNICODE, "①②③").plain
    assert "coins stand in" not in plain


def test_an_eager_volunteer_with_an_empty_pool_says_nobody_came() -> None:
    state = retrieving(new(3), 0, {"gift": (0,), **KEEP}, donor=1, workers=10)
    state = replace(state, gift_piles=(("volunteer",), (), ()))
    said = events(state, 0, "return gift")
    assert said[1] == "Player 1 has no worker left in the pool to take."
    assert act(state, 0, "return gift").players[0].workers == 10
    state = with_player(state, 0, workers=6)
    assert len(events(state, 0, "return gift")) == 1 and act(state, 0, "return gift").players[0].workers == 7


def test_a_bonus_month_under_power_outage_says_its_bonus_is_lost() -> None:
    from engines.bivouac.state import Lasting

    state = retrieving(
        replace(new(3), round=2), 0, KEEP, activities=owning("sledding"), on_cards=(("sledding", 1),), money=0, vp=0
    )
    assert events(state, 0, "return sledding") == ["Player 1 runs Sledding (bonus month): +3 money, +4 VP."]
    state = with_player(state, 0, misfortunes=(Lasting("power-outage", 2, acting=True),))
    assert events(state, 0, "return sledding") == [
        "Player 1 runs Sledding (bonus month, its bonus lost to a misfortune): +3 money, +2 VP."
    ]


def test_a_staff_card_costing_nothing_is_taken_for_free_not_for_0_money() -> None:
    state = new(3, expansion=True)
    state = replace(state, staff_shown=("camp-medic", "trail-ranger", "wrangler"), staff_deck=("bookkeeper",))
    state = act(act(retrieving(state, 0, {"hiring": (0,), **KEEP}, money=3), 0, "return hiring"), 0, "skip")
    assert events(state, 0, "staff camp-medic")[0] == "Player 1 takes the staff member Camp Medic for free."
    assert events(state, 0, "staff trail-ranger")[0] == "Player 1 takes the staff member Trail Ranger for 1 money."
