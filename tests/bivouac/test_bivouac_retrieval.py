"""Phase 2: bringing workers back, each location and card, in the order the player chooses."""

from __future__ import annotations

from msgspec.structs import replace

from engines.bivouac.effects import pay_resources
from engines.bivouac.state import market_count
from tests.bivouac.helpers import act, at_round, events, legal, new, owning, refused, res, retrieving, with_player

# Keeping a worker on the Starting Player space keeps the retrieval open while we look.
KEEP = {"start": (0,)}


def test_retrieval_starts_with_the_first_player_who_returns_in_any_order() -> None:
    state = new(3)
    rounds = (("bank", "wood", "stone"), ("rope", "bank", "bank"), ("canvas", "donor", "hiring"))
    rounds += (("amenities", "activities", "gift"), ("bank", "stone", "wood"))
    for spots in rounds:
        for seat, spot in enumerate(spots):
            state = act(state, seat, f"place {spot}")
    assert state.phase == "retrieve" and state.actor == 0
    assert legal(state, 0) == ["return amenities", "return bank", "return rope", "return canvas"]
    state = act(state, 0, "return canvas")
    assert legal(state, 0) == ["return amenities", "return bank", "return rope"]


def test_the_bank_pays_2_money_per_worker() -> None:
    state = retrieving(new(3), 0, {"bank": (0, 0), **KEEP}, money=0)
    state = act(act(state, 0, "return bank"), 0, "return bank")
    assert state.players[0].money == 4


def test_a_resource_space_gives_one_resource_per_worker() -> None:
    state = retrieving(new(3), 0, {"wood": (0,), **KEEP})
    state = act(state, 0, "return wood")
    assert state.players[0].resources == res(wood=1) and state.supply == (4, 5, 5, 5)


def test_no_ghost_resources_when_the_supply_is_empty() -> None:
    state = replace(retrieving(new(3), 0, {"stone": (0,), **KEEP}), supply=(5, 0, 5, 5))
    state = act(state, 0, "return stone")
    assert state.players[0].resources == res() and state.supply == (5, 0, 5, 5)


def test_purchases_are_one_per_worker_paid_in_resources_and_face_down_until_next_round() -> None:
    state = retrieving(new(3), 0, {"activities": (0,), **KEEP}, resources=res(wood=3, rope=1))
    state = act(state, 0, "return activities")
    assert "buy canoeing" in legal(state, 0) and "buy sledding" in legal(state, 0)
    state = act(state, 0, "buy canoeing")
    me = state.players[0]
    assert me.resources == res(wood=1) and me.activities[-1].card == "canoeing" and me.activities[-1].fresh
    assert market_count(state, "canoeing") == 1
    assert state.pending is None and legal(state, 0) == ["return start"]  # one buy per worker


def test_nobody_may_buy_a_second_copy_of_a_card() -> None:
    state = retrieving(
        new(3), 0, {"activities": (0,), **KEEP}, resources=res(wood=3, rope=1), activities=owning("canoeing")
    )
    state = act(state, 0, "return activities")
    assert "buy canoeing" not in legal(state, 0)
    assert "nobody may own two" in refused(state, 0, "buy canoeing")


def test_a_worker_with_nothing_to_buy_comes_back_empty() -> None:
    state = retrieving(new(3), 0, {"amenities": (0,), **KEEP}, resources=res())
    state = act(state, 0, "return amenities")
    assert state.pending is None and state.players[0].amenities == ("lodge",)


def test_bought_cards_turn_face_up_next_round() -> None:
    state = with_player(new(3), 0, activities=owning("sledding", fresh=True), fresh_amenities=("mess-hall",))
    from engines.bivouac.effects import Log
    from engines.bivouac.wages import end_round

    state = end_round(replace(state, phase="wages"), Log())
    assert not state.players[0].activities[0].fresh and "mess-hall" in state.players[0].amenities


def test_donor_level_raises_by_one() -> None:
    state = act(act(retrieving(new(3), 0, {"donor": (0,), **KEEP}), 0, "return donor"), 0, "raise")
    assert state.players[0].donor == 1


def test_players_may_increase_the_donor_level_by_one_during_phase_2() -> None:
    # Rulebook: "Players may increase the donor level on their player board by one during
    # Phase 2": a choice, since a worker may stand there only to block it.
    state = act(retrieving(new(3), 0, {"donor": (0,), **KEEP}, donor=2), 0, "return donor")
    assert legal(state, 0) == ["raise", "skip"]
    assert events(state, 0, "skip") == ["Player 1 stays at donor level 2."]
    stayed = act(state, 0, "skip")
    assert stayed.players[0].donor == 2 and stayed.pending is None


def test_donor_gift_needs_a_donor_level_in_the_pile_range() -> None:
    state = retrieving(new(3), 0, {"gift": (0,), **KEEP}, donor=0)
    assert act(state, 0, "return gift").players[0].gifts == ()
    for level, pile in ((1, 0), (3, 0), (4, 1), (6, 1), (7, 2), (10, 2)):
        state = retrieving(new(3), 0, {"gift": (0,), **KEEP}, donor=level)
        top = state.gift_piles[pile][0]
        assert act(state, 0, "return gift").players[0].gifts == (top,)


def test_order_matters_donor_level_before_the_gift() -> None:
    state = retrieving(new(3), 0, {"gift": (0,), "donor": (0,), **KEEP}, donor=0)
    gift_first = act(act(act(state, 0, "return gift"), 0, "return donor"), 0, "raise")
    donor_first = act(act(act(state, 0, "return donor"), 0, "raise"), 0, "return gift")
    assert gift_first.players[0].gifts == () and len(donor_first.players[0].gifts) == 1


def test_a_gift_resource_missing_from_the_supply_comes_as_a_placeholder_coin() -> None:
    state = retrieving(new(3), 0, {"gift": (0,), **KEEP}, donor=1)
    state = replace(state, gift_piles=(("lumber-yard",), (), ()), supply=(1, 5, 5, 5))
    state = act(state, 0, "return gift")
    assert state.players[0].resources == res(wood=2) and state.supply == (0, 5, 5, 5)
    assert state.placeholders == (1, 0, 0, 0)


def test_a_placeholder_coin_goes_back_only_when_its_holder_spends_it() -> None:
    """Another player's real resource returns to the supply, where it can be taken again."""
    state = retrieving(new(3), 0, {"gift": (0,), **KEEP}, donor=1)
    state = replace(state, gift_piles=(("lumber-yard",), (), ()), supply=(1, 5, 5, 5))
    state = with_player(act(state, 0, "return gift"), 1, resources=res(wood=1))
    state = pay_resources(state, 1, {"wood": 1})
    assert state.supply == (1, 5, 5, 5) and state.placeholders == (1, 0, 0, 0)
    state = pay_resources(state, 0, {"wood": 2})  # the coin goes back to the bank, the real wood to the supply
    assert state.supply == (2, 5, 5, 5) and state.placeholders == (0, 0, 0, 0)


def test_hiring_adds_a_worker_from_the_pool() -> None:
    state = act(retrieving(new(3), 0, {"hiring": (0,), **KEEP}), 0, "return hiring")
    assert legal(state, 0) == ["hire", "skip"]
    state = act(state, 0, "hire")
    assert state.players[0].workers == 6 and state.pending is None


def test_hiring_is_optional_so_a_player_who_only_blocked_pays_no_extra_wage() -> None:
    """The rulebook: a player *may* bring a worker from the hiring pool; blocking is allowed."""
    state = act(retrieving(new(3), 0, {"hiring": (0,), **KEEP}), 0, "return hiring")
    state = act(state, 0, "skip")
    assert state.players[0].workers == 5 and state.pending is None
    assert "hire a worker" in refused(
        act(retrieving(new(3), 0, {"hiring": (0,), **KEEP}), 0, "return hiring"), 0, "return start"
    )


def test_the_hiring_pool_holds_five_extra_workers_of_each_colour() -> None:
    """Setup puts 5 extra workers of each colour beside the board: all a player can ever hire
    (10 of a colour in the box, 5 of them the player's own from the start)."""
    state = act(act(retrieving(new(3), 0, {"hiring": (0,), **KEEP}, workers=9), 0, "return hiring"), 0, "hire")
    assert state.players[0].workers == 10
    state = act(retrieving(new(3), 0, {"hiring": (0,), **KEEP}, workers=10), 0, "return hiring")
    assert state.players[0].workers == 10 and "hire" not in legal(state, 0)
    volunteer = replace(state, gift_piles=(("volunteer",), (), ()))
    state = act(retrieving(volunteer, 0, {"gift": (0,), **KEEP}, workers=10, donor=1), 0, "return gift")
    assert state.players[0].workers == 10


def test_starting_player_space_gives_the_next_round_start() -> None:
    state = retrieving(new(3), 1, {"start": (1,), "bank": (2,)})
    state = act(state, 1, "return start")
    assert state.next_start == 1
    state = act(state, 2, "return bank")  # wages are paid in money; the next round begins
    assert state.round == 2 and state.start == 1 and state.actor == 1


def test_staffed_activity_pays_and_bonus_month_adds_2_vp() -> None:
    state = at_round(new(3), 2)  # January: Sledding's bonus month
    state = retrieving(state, 0, KEEP, activities=owning("sledding"), on_cards=(("sledding", 1),), money=0)
    state = act(state, 0, "return sledding")
    assert state.players[0].money == 3 and state.players[0].vp == 2 + 2


def test_an_activity_missing_workers_pays_nothing() -> None:
    state = at_round(new(3), 6)  # May
    state = retrieving(state, 0, KEEP, activities=owning("zip-line"), on_cards=(("zip-line", 1),), money=0)
    state = act(state, 0, "return zip-line")
    assert state.players[0].money == 0 and state.players[0].vp == 0


def test_cards_that_need_no_worker_pay_when_retrieval_ends() -> None:
    state = at_round(new(3), 2)  # January: Stargazing runs, Disc Golf does not
    state = retrieving(state, 0, {"start": (0,), "bank": (1,)}, activities=owning("stargazing", "disc-golf"), money=0)
    state = act(state, 0, "return start")
    assert state.actor == 1
    # +2 VP from Stargazing, +1 money from the Lodge, nothing from Disc Golf
    assert state.players[0].vp == 2 and state.players[0].money == 1


def test_a_player_may_never_purchase_two_of_the_same_amenity_even_one_bought_this_round() -> None:
    rich = res(wood=4, stone=2, canvas=2)
    for owned in ({"amenities": ("lodge", "mess-hall")}, {"fresh_amenities": ("mess-hall",)}):
        state = retrieving(new(3), 0, {"amenities": (0,), **KEEP}, resources=rich, **owned)
        state = act(state, 0, "return amenities")
        assert "buy mess-hall" not in legal(state, 0) and "buy camp-store" in legal(state, 0)
        assert "nobody may own two" in refused(state, 0, "buy mess-hall")


def test_the_lodge_is_never_for_sale() -> None:
    state = retrieving(new(3), 0, {"amenities": (0,), **KEEP}, resources=res(wood=5, stone=5, rope=5, canvas=5))
    state = act(state, 0, "return amenities")
    assert "buy lodge" not in legal(state, 0) and market_count(state, "lodge") == 0


def test_two_workers_at_activities_buy_one_activity_each() -> None:
    state = retrieving(new(3), 0, {"activities": (0, 0), **KEEP}, resources=res(wood=4, rope=1), activities=())
    state = act(act(state, 0, "return activities"), 0, "buy canoeing")
    state = act(act(state, 0, "return activities"), 0, "buy sledding")
    assert [o.card for o in state.players[0].activities] == ["canoeing", "sledding"]
    assert state.players[0].resources == res()
