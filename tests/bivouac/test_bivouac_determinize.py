"""Bivouac's determinizer (engines/bivouac/determinize.py), beyond the registry's tests in
tests/test_search_bots.py: both rule sets and every seat count, hidden cards drawn from the
right cards, and the public facts the view keeps for it (misfortunes done with, placeholder
coins, the VP a retrieval began at) carried into every sample."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from msgspec.structs import replace

from engines.bivouac import ENGINE
from engines.bivouac.bots import HeuristicBot
from engines.bivouac.effects import Log
from engines.bivouac.expansion import take_staff
from engines.bivouac.state import BivouacOptions, BivouacState
from engines.core.bots import RandomBot
from engines.core.ismcts import SearchBot
from engines.core.protocol import Bot, BotContext
from engines.core.rng import Rng
from tests.bivouac.helpers import act, legal, new, res, retrieving, with_player


def positions(expansion: bool, seats: int, seed: int, bot: Bot) -> Iterator[BivouacState]:
    """Every position of a seeded game played by `bot` for every seat."""
    state = ENGINE.new_game(BivouacOptions(expansion=expansion), seats, seed)
    rng = Rng(seed)
    while not ENGINE.is_over(state):
        yield state
        seat = state.actor
        ctx = BotContext(ENGINE, seat, ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng)
        state = ENGINE.apply(state, seat, bot.choose(ctx)).state


@pytest.mark.parametrize("expansion", [False, True])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_samples_give_the_seat_its_view_and_actions_all_game(expansion: bool, seats: int) -> None:
    rng = Rng(seats)
    checked = 0
    for n, state in enumerate(positions(expansion, seats, seats + 10 * expansion, HeuristicBot())):
        if n % 7:
            continue
        seat = state.actor
        view = ENGINE.view(state, seat)
        sample = ENGINE.determinize(view, seat, rng)
        assert ENGINE.view(sample, seat) == view
        assert ENGINE.view(sample, None) == ENGINE.view(state, None)
        assert legal(sample, seat) == legal(state, seat)
        checked += 1
    assert checked > 30


def test_hidden_cards_are_drawn_from_the_cards_nobody_has_seen() -> None:
    """Each deck and pile holds the same cards as the real one, in orders that vary; the
    seat keeps its own upgrade hand, and other hands come from the upgrades still unseen."""
    state = next(s for n, s in enumerate(positions(True, 3, 4, HeuristicBot())) if n > 150 and s.phase == "place")
    seat = state.actor
    view = ENGINE.view(state, seat)
    others = [n for n in range(3) if n != seat]
    unseen = sorted(state.upgrade_deck + tuple(u for n in others for u in state.players[n].upgrade_hand))
    orders = set()
    for n in range(12):
        sample = ENGINE.determinize(view, seat, Rng(n))
        assert sorted(sample.misfortune_deck) == sorted(state.misfortune_deck)
        assert sorted(sample.misfortune_discard) == sorted(state.misfortune_discard)
        assert [sorted(p) for p in sample.gift_piles] == [sorted(p) for p in state.gift_piles]
        assert sorted(sample.staff_deck) == sorted(state.staff_deck)
        assert sample.players[seat].upgrade_hand == state.players[seat].upgrade_hand
        hidden = sample.upgrade_deck + tuple(u for n in others for u in sample.players[n].upgrade_hand)
        assert sorted(hidden) == unseen
        for n in others:
            assert len(sample.players[n].upgrade_hand) == len(state.players[n].upgrade_hand)
        orders.add((sample.misfortune_deck, sample.gift_piles, sample.staff_deck, sample.upgrade_deck))
    assert len(orders) > 1


def test_misfortunes_in_effect_and_done_with_stay_out_of_the_deck() -> None:
    """Mid-game, with lasting misfortunes in front of players and others discarded, a sample's
    deck holds only the misfortunes not yet drawn: when the deck runs out, the discard pile
    reshuffled is the same cards as in the real game."""
    found = None
    for seed in range(1, 40):
        for state in positions(False, 2, seed, RandomBot()):
            if state.misfortune_discard and any(p.misfortunes for p in state.players):
                found = state
                break
        if found:
            break
    assert found is not None
    seat = found.actor
    in_effect = {m.card for p in found.players for m in p.misfortunes}
    for n in range(10):
        sample = ENGINE.determinize(ENGINE.view(found, seat), seat, Rng(n))
        assert not in_effect & set(sample.misfortune_deck)
        assert not set(found.misfortune_discard) & set(sample.misfortune_deck)
        assert [p.misfortunes for p in sample.players] == [p.misfortunes for p in found.players]


def test_placeholder_coins_stay_with_their_holder() -> None:
    """Coins standing in for resources go back to the bank when paid, resources to the
    supply: a sample knows whose resources are coins (the view shows them)."""
    state = ENGINE.new_game(BivouacOptions(), 2, 3)
    state = with_player(state, 0, resources=res(wood=2), coins_for=res(wood=1))
    state = with_player(state, 1, resources=res(wood=1), coins_for=res())
    state = replace(state, placeholders=res(wood=1))
    seat = state.actor
    for n in range(5):
        sample = ENGINE.determinize(ENGINE.view(state, seat), seat, Rng(n))
        assert [p.coins_for for p in sample.players] == [res(wood=1), res()]


def test_a_retrieval_draws_the_same_misfortunes_in_a_sample() -> None:
    """The yellow spaces crossed since the actor's retrieval began draw misfortunes when it
    ends: a sample taken mid-retrieval draws as many as the real game."""
    for seed in range(1, 60):
        for state in positions(False, 2, seed, HeuristicBot()):
            seat = state.actor
            vp = state.players[seat].vp
            if state.phase == "retrieve" and vp // 10 > state.retrieve_vp_from // 10 and state.pending is None:
                break
        else:
            continue
        break
    else:
        pytest.fail("no retrieval crossed a yellow space mid-way")
    sample = ENGINE.determinize(ENGINE.view(state, seat), seat, Rng(1))

    def out_of_deck(s: BivouacState) -> int:
        return len(s.misfortune_discard) + sum(len(p.misfortunes) for p in s.players)

    before = out_of_deck(state)
    bot = HeuristicBot()
    while state.actor == seat and state.phase == "retrieve":
        ctx = BotContext(ENGINE, seat, ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), Rng(0))
        action = bot.choose(ctx)
        state = ENGINE.apply(state, seat, action).state
        sample = ENGINE.apply(sample, seat, action).state
    assert out_of_deck(state) > before  # the real game drew
    assert out_of_deck(sample) == out_of_deck(state)
    assert len(sample.misfortune_deck) == len(state.misfortune_deck)


@pytest.mark.parametrize("seats", [3, 4])
def test_the_search_levels_decide_with_the_expansion_and_more_seats(seats: int) -> None:
    """The levels as offered (their playouts, guide and reward), on a test's budget, at
    positions of an expansion game with staff, upgrade hands and gifts in play."""
    for n, state in enumerate(positions(True, seats, 7, HeuristicBot())):
        if n % 90 or not n:
            continue
        seat = state.actor
        legal_actions = ENGINE.legal_actions(state, seat)
        bot = ENGINE.bots["expert"]()
        assert isinstance(bot, SearchBot)
        bot.iterations, bot.seconds = 4, None
        ctx = BotContext(ENGINE, seat, ENGINE.view(state, seat), legal_actions, Rng(n))
        assert bot.choose(ctx) in legal_actions


def _extra_staff_left_on_top(seed: int) -> tuple[BivouacState, str]:
    """An expansion game (every card where the rules put it) in which player 1's Staffing
    Grant reveals an extra staff card, then they skip: the card goes back on top of the staff
    deck, seen by every player."""
    state = new(3, seed, expansion=True)
    piles = list(state.gift_piles)
    piles[1] = ("staffing-grant", *(g for g in piles[1] if g != "staffing-grant"))
    state = retrieving(replace(state, gift_piles=tuple(piles)), 0, {"gift": (0,), "start": (0,)}, donor=4)
    extra = state.staff_deck[0]
    state = act(state, 0, "return gift")
    assert extra in state.staff_shown and legal(state, 0)[-1] == "skip"
    state = act(state, 0, "skip")
    assert state.staff_deck[0] == extra and extra not in state.staff_shown
    return state, extra


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_staff_card_revealed_for_a_gift_and_left_stays_on_top_in_samples(seed: int) -> None:
    """Every player saw the extra card go back on top of the staff deck: a sample keeps it
    there, and shuffles only the staff nobody has seen."""
    state, extra = _extra_staff_left_on_top(seed)
    for seat in range(3):
        view = ENGINE.view(state, seat)
        unseen = set()
        for n in range(10):
            sample = ENGINE.determinize(view, seat, Rng(n))
            assert sample.staff_deck[0] == extra
            assert extra not in sample.staff_deck[1:]
            assert sorted(sample.staff_deck) == sorted(state.staff_deck)
            assert ENGINE.view(sample, seat) == view
            unseen.add(sample.staff_deck[1:])
        assert len(unseen) > 1


def test_the_card_left_on_top_is_known_until_it_is_drawn() -> None:
    """Once the card on top is revealed again (for the staff row, after a staff card is
    taken), nothing of the staff deck is known: samples shuffle all of it."""
    state, extra = _extra_staff_left_on_top(1)
    state = take_staff(state, 1, state.staff_shown[0], True, Log())
    assert state.staff_shown[-1] == extra
    view = ENGINE.view(state, 0)
    tops = {ENGINE.determinize(view, 0, Rng(n)).staff_deck[0] for n in range(12)}
    assert len(tops) > 1


def test_in_play_the_known_staff_top_is_the_deck_top_and_samples_keep_it() -> None:
    """Random players reach a gift's extra staff card left on top in these seeded games:
    while it lies there the state knows it is the deck's top, every seat's view says so, and
    samples draw it first."""
    seen = 0
    for seed in (4, 9):  # seeds where it happens (they change with the rules and the bots)
        for state in positions(True, 3, seed, RandomBot()):
            assert state.staff_deck[: len(state.staff_known)] == state.staff_known
            if not state.staff_known:
                continue
            seen += 1
            seat = state.actor
            view = ENGINE.view(state, seat)
            assert view.staff_known == state.staff_known
            sample = ENGINE.determinize(view, seat, Rng(seen))
            assert sample.staff_deck[: len(state.staff_known)] == state.staff_known
    assert seen > 10
