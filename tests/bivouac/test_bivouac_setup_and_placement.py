"""Setup, the calendar and phase 1 (worker placement)."""

from __future__ import annotations

from engines.bivouac import content
from engines.bivouac.state import market_count
from tests.bivouac.helpers import act, legal, new, owning, refused, res, with_player

STARTERS = {"dodgeball", "low-ropes", "snowshoes", "bouldering-wall", "archery", "disc-golf"}


def test_setup_gives_8_money_the_lodge_and_one_random_starting_activity() -> None:
    dealt = set()
    for seed in range(12):
        state = new(4, seed)
        for p in state.players:
            assert p.money == 8 and p.vp == 0 and p.donor == 0 and p.workers == 5
            assert p.amenities == ("lodge",)
            assert len(p.activities) == 1 and p.activities[0].card in STARTERS
            dealt.add(p.activities[0].card)
    assert dealt == STARTERS  # random over seeds, not always the same ones


def test_card_copies_two_for_three_or_four_players_one_for_two() -> None:
    for seats, copies in ((2, 1), (3, 2), (4, 2)):
        state = new(seats)
        dealt = {p.activities[0].card for p in state.players}
        assert market_count(state, "canoeing") == copies
        assert market_count(state, "mess-hall") == copies
        for card in dealt:
            assert market_count(state, card) == copies - 1
        assert market_count(state, "lodge") == 0  # extras go back to the box


def test_supply_starts_with_five_of_each_resource() -> None:
    assert new().supply == (5, 5, 5, 5)


def test_misfortunes_are_shuffled_and_gifts_split_into_three_level_piles() -> None:
    a, b = new(seed=1), new(seed=2)
    assert sorted(a.misfortune_deck) == sorted(b.misfortune_deck)
    assert len(a.misfortune_deck) == 16 and a.misfortune_deck != b.misfortune_deck
    for pile, cards in enumerate(a.gift_piles, start=1):
        assert cards and all(content.card(g).pile == pile for g in cards)


def test_expansion_cards_only_with_the_expansion() -> None:
    base, exp = new(), new(expansion=True)
    assert market_count(base, "pony-rides") == 0 and market_count(base, "stables") == 0
    assert market_count(exp, "pony-rides") == 2 and market_count(exp, "stables") == 2
    assert len(exp.misfortune_deck) == 24


def test_thirteen_rounds_from_december_to_december_with_seasons() -> None:
    months = [content.month_of_round(r) for r in range(1, 14)]
    assert months == [12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    assert [content.season_of_round(r) for r in (1, 4, 7, 10, 13)] == ["winter", "spring", "summer", "fall", "winter"]


def test_placement_is_one_worker_at_a_time_in_turn_order() -> None:
    state = new(3)
    assert state.phase == "place" and state.actor == 0
    state = act(state, 0, "place bank")
    assert state.actor == 1
    state = act(state, 1, "place bank")
    assert state.actor == 2
    state = act(state, 2, "place wood")
    assert state.actor == 0 and state.players[0].placed == 1


def test_placing_out_of_turn_is_refused() -> None:
    state = new(3)
    assert "Player 1's turn" in refused(state, 1, "place bank")


def test_cards_not_usable_this_month_are_turned_down() -> None:
    state = with_player(new(3), 0, activities=owning("swimming-hole", "sledding"))
    # round 1 is December: Sledding runs, the Swimming Hole (summer) does not
    assert "place sledding" in legal(state, 0)
    assert "cannot be used in December" in refused(state, 0, "place swimming-hole")


def test_cards_bought_this_round_stay_face_down() -> None:
    state = with_player(new(3), 0, activities=owning("sledding", fresh=True))
    assert "face down" in refused(state, 0, "place sledding")


def test_a_card_takes_only_the_workers_it_needs_and_none_if_it_needs_none() -> None:
    state = with_player(new(3), 0, activities=owning("sledding", "stargazing"))
    assert "needs no worker" in refused(state, 0, "place stargazing")
    state = act(state, 0, "place sledding")
    state = act(act(state, 1, "place bank"), 2, "place bank")
    assert "already has the 1 worker it needs." in refused(state, 0, "place sledding")


def test_two_player_game_uses_one_space_per_location_except_the_bank() -> None:
    state = new(2)
    state = act(state, 0, "place wood")
    assert "only one space at Wood" in refused(state, 1, "place wood")
    state = act(state, 1, "place bank")
    state = act(state, 0, "place bank")
    assert state.actor == 1  # the Bank is not limited to one space


def test_three_players_share_both_spaces_of_a_location() -> None:
    state = new(3)
    state = act(act(state, 0, "place wood"), 1, "place wood")
    assert "Every space at Wood is taken" in refused(state, 2, "place wood")


def test_hiring_takes_one_worker_its_other_space_holds_the_worker_hired() -> None:
    """Rulebook, board locations: at Hiring a player puts a worker from the hiring pool "on
    the other spot", so its two spaces are the hirer's worker and the hired one: one hire a
    round at the table, in every player count."""
    for seats in (2, 3, 4):
        state = act(new(seats), 0, "place hiring")
        assert "Every space at Hiring is taken" in refused(state, 1, "place hiring")
        assert "place hiring" not in legal(state, 1)
    state = act(act(act(new(3), 0, "place hiring"), 1, "place bank"), 2, "place bank")
    assert "place hiring" not in legal(state, 0)  # not twice by the same player either


def test_the_bank_holds_at_most_three_workers_of_one_player() -> None:
    state = act(act(new(2), 0, "place bank"), 1, "place wood")
    state = act(act(state, 0, "place bank"), 1, "place stone")
    state = act(state, 0, "place bank")
    assert "already holds 3 of your workers" in refused(act(state, 1, "place rope"), 0, "place bank")


def test_blocking_a_location_you_cannot_use_is_allowed() -> None:
    state = with_player(new(3), 0, resources=res())
    # nothing affordable, donor level 0 (no gift pile open): both spaces can still be taken
    assert "place activities" in legal(state, 0) and "place gift" in legal(state, 0)
    state = act(state, 0, "place gift")
    assert state.players[0].placed == 1
