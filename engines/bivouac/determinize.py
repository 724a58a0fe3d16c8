"""Bivouac states a seat cannot tell from the one it sees, for the search bots.

On the table, face up: the board, the market, every player's cards, money, resources and
placeholder coins, lasting misfortunes, donor gifts, staff, the revealed staff row and the
misfortune discard pile. Hidden: the order of the misfortune deck, of each donor gift pile
and of the staff deck (but for a card left on top, below), other players' upgrade hands and
the upgrades left in the box, and the generator (it decides every later reshuffle of the
misfortune discard pile).

A sample rebuilds the state from the view and deals what the seat cannot see from what is
unseen: each deck holds the cards of the game (with or without the expansion) that are
nowhere on the table, in an order drawn with the bot's generator; other players' hands
are dealt from the upgrades neither in the seat's hand nor played, the rest goes to the box.

Facts no rule reads again are rebuilt plainly: the action counter (undo boundaries), the
activities' use counts (statistics), whether a player's Infirmary turned a misfortune away
or a paid upgrade was played this round (both only read while that player is acting, when
they are still unset), and a player keeping workers home (in phase 1 the view's available
count says it; later it no longer matters).

A staff card revealed for a gift and left goes back on top of the staff deck, seen by all
(view.staff_known): a sample keeps it on top until it is drawn again, and shuffles the rest.
"""

from __future__ import annotations

from engines.bivouac import content
from engines.bivouac.state import BivouacOptions, BivouacState, Lasting, OwnedActivity, Pending, Player
from engines.bivouac.view import BivouacView, PlayerView
from engines.core.rng import Rng


def determinize(view: BivouacView, seat: int, rng: Rng) -> BivouacState:
    expansion = view.expansion
    c = content.content()
    lasting = {m.card for p in view.players for m in p.misfortunes}
    out = set(view.misfortune_discard) | lasting
    deck = rng.shuffled([m.id for m in c.misfortunes if (expansion or not m.expansion) and m.id not in out])
    drawn = {g for p in view.players for g in p.gifts}
    piles = tuple(
        tuple(
            rng.shuffled(
                [g.id for g in c.gifts if g.pile == pile and (expansion or not g.expansion) and g.id not in drawn]
            )
        )
        for pile in (1, 2, 3)
    )
    hands: list[tuple[str, ...]] = [() for _ in view.players]
    staff_deck: list[str] = []
    upgrade_deck: list[str] = []
    if expansion:
        taken = set(view.staff_shown) | set(view.staff_known) | {s for p in view.players for s in p.staff}
        unseen_staff = rng.shuffled([s.id for s in c.staff if not s.starting and s.id not in taken])
        staff_deck = [*view.staff_known, *unseen_staff]
        own = view.players[seat].upgrade_hand or ()
        played = {a.upgrade for p in view.players for a in p.activities if a.upgrade}
        unseen = rng.shuffled([u.id for u in c.upgrades if u.id not in played and u.id not in own])
        for player in view.players:
            if player.seat == seat:
                hands[player.seat] = own
            else:
                hands[player.seat], unseen = tuple(unseen[: player.upgrades_in_hand]), unseen[player.upgrades_in_hand :]
        upgrade_deck = unseen
    assert len(deck) == view.misfortunes_left and len(staff_deck) == view.staff_deck
    assert tuple(len(p) for p in piles) == view.gift_piles
    return BivouacState(
        options=BivouacOptions(expansion=expansion, upgrade_cost=view.upgrade_cost),  # type: ignore[arg-type]
        seats=view.seats,
        rng=rng.next_u64(),
        round=view.round,
        phase=view.phase,  # type: ignore[arg-type]
        start=view.start,
        next_start=view.next_start,
        actor=view.actor,
        players=tuple(_player(p, hands[p.seat], view.phase == "place") for p in view.players),
        spots=tuple((spot.location, spot.occupants) for spot in view.spots),
        market=view.market,
        supply=view.supply,
        bank=view.bank,
        placeholders=view.placeholders,
        misfortune_deck=tuple(deck),
        misfortune_discard=view.misfortune_discard,
        gift_piles=piles,
        staff_deck=tuple(staff_deck),
        staff_shown=view.staff_shown,
        staff_known=view.staff_known,
        upgrade_deck=tuple(upgrade_deck),
        pending=Pending(view.pending) if view.pending else None,  # type: ignore[arg-type]
        retrieve_vp_from=view.retrieve_vp_from,
        wage_debt=view.wage_debt,
    )


def _player(pv: PlayerView, hand: tuple[str, ...], placing: bool) -> Player:
    # In phase 1 a player with workers free but none available keeps them home this round.
    free = pv.workers - pv.sick - pv.placed
    return Player(
        money=pv.money,
        vp=pv.vp,
        resources=pv.resources,
        coins_for=pv.coins_for,
        donor=pv.donor,
        workers=pv.workers,
        placed=pv.placed,
        stays_home=placing and pv.available == 0 and free > 0,
        activities=tuple(OwnedActivity(a.card, fresh=a.fresh, upgrade=a.upgrade) for a in pv.activities),
        amenities=pv.amenities,
        fresh_amenities=pv.fresh_amenities,
        on_cards=tuple(sorted((a.card, a.workers_on) for a in pv.activities if a.workers_on)),
        gifts=pv.gifts,
        misfortunes=tuple(Lasting(m.card, until_round=m.until_round, acting=m.acting) for m in pv.misfortunes),
        staff=pv.staff,
        upgrade_hand=hand,
        free_upgrades=pv.free_upgrades,
    )
