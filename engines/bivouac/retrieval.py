"""Phase 2: in turn order, each player brings every worker back in the order they choose,
doing what each location or card says; then cards that need no worker pay, and yellow VP
spaces crossed draw misfortunes.
"""

from __future__ import annotations

from typing import Literal

from msgspec.structs import replace

from engines.bivouac import content
from engines.bivouac.actions import Action, Buy, Hire, PlayUpgrade, RaiseDonor, Return, Skip, TakeGiftStaff, TakeStaff
from engines.bivouac.effects import (
    Log,
    active_misfortunes,
    activity_yield,
    bank_pays,
    can_pay,
    gain,
    pay_resources,
    perk_total,
    take_resource,
    usable,
    who,
    workers_needed,
)
from engines.bivouac.expansion import refill_staff, reveal_extra_staff, staff_choices, take_staff
from engines.bivouac.misfortunes import draw_misfortunes, yellow_spaces_crossed
from engines.bivouac.state import (
    MAX_WORKERS,
    BivouacState,
    OwnedActivity,
    Pending,
    market_count,
    owns_activity,
    set_player,
    set_spot,
    spot_seats,
    turn_order,
    workers_on,
)
from engines.bivouac.wages import begin_wages
from engines.core.errors import IllegalAction

BANK_PAY = 2
MAX_DONOR_LEVEL = 10


def begin_retrieval(state: BivouacState, log: Log) -> BivouacState:
    return _advance(replace(state, phase="retrieve"), turn_order(state), log)


def returns(state: BivouacState, seat: int) -> list[str]:
    """Where `seat` still has workers: board locations first, then its cards."""
    spots = [loc for loc, seats in state.spots if seat in seats]
    return spots + [card for card, n in state.players[seat].on_cards if n > 0]


def retrieval_actions(state: BivouacState, seat: int) -> list[Action]:
    if state.pending is not None:
        return pending_choices(state, seat)
    return [Return(s) for s in returns(state, seat)]


def pending_choices(state: BivouacState, seat: int) -> list[Action]:
    if state.pending is None:
        return []
    kind = state.pending.kind
    if kind in ("activity", "amenity"):
        buys: list[Action] = [Buy(c) for c in buyable(state, seat, kind)]
        return buys + [Skip()]
    if kind == "hire":
        return [Hire(), Skip()]
    if kind == "donor":
        return [RaiseDonor(), Skip()]
    return staff_choices(state, seat, free=kind == "free-staff")


def buy_problem(state: BivouacState, seat: int, card: str, kind: str) -> str | None:
    me = state.players[seat]
    cards = content.activities() if kind == "activity" else content.amenities()
    if card not in cards:
        known = content.name(card) if card in content.by_id() else "That card"
        return f"{known} is not an {kind} you can buy here."
    name = cards[card].name
    if market_count(state, card) == 0:
        return f"No copy of {name} is left."
    if owns_activity(me, card) if kind == "activity" else card in me.amenities + me.fresh_amenities:
        return f"You already own {name}; nobody may own two of the same card."
    if not can_pay(me, cards[card].cost):
        return f"{name} costs {content.cost_text(cards[card].cost)}."
    return None


def buyable(state: BivouacState, seat: int, kind: str) -> list[str]:
    """The cards `buy_problem` accepts, with what the player owns read once."""
    me = state.players[seat]
    cards = content.activities() if kind == "activity" else content.amenities()
    owned = {o.card for o in me.activities} if kind == "activity" else set(me.amenities + me.fresh_amenities)
    return [
        card
        for card, n in state.market
        if n > 0 and card in cards and card not in owned and can_pay(me, cards[card].cost)
    ]


def apply_retrieval(state: BivouacState, seat: int, action: Action, log: Log) -> BivouacState:
    if state.pending is not None:
        state = _resolve_pending(state, seat, action, log)
    elif isinstance(action, Return):
        state = _return(state, seat, action.spot, log)
    elif isinstance(action, PlayUpgrade):
        raise IllegalAction("Upgrades are played in phase 3, after wages; now bring back your workers.")
    else:
        raise IllegalAction("Bring back one of your workers (return ...).")
    if state.pending is None and not returns(state, seat):
        state = _finish_player(state, seat, log)
    return state


def _resolve_pending(state: BivouacState, seat: int, action: Action, log: Log) -> BivouacState:
    if state.pending is None:
        raise IllegalAction("No choice is waiting.")
    kind = state.pending.kind
    if kind == "hire" and isinstance(action, (Hire, Skip)):
        if isinstance(action, Hire):
            return _offer_staff(_hire(state, seat, log), seat)
        log.say(f"{who(seat)} hires nobody.")
        return _offer_staff(state, seat)
    if kind == "donor" and isinstance(action, (RaiseDonor, Skip)):
        if isinstance(action, RaiseDonor):
            return replace(_raise_donor(state, seat, log), pending=None)
        log.say(f"{who(seat)} stays at donor level {state.players[seat].donor}.")
        return replace(state, pending=None)
    if isinstance(action, Skip):
        state = replace(state, pending=None)
        return refill_staff(state, log) if kind == "free-staff" else state
    if kind in ("activity", "amenity") and isinstance(action, Buy):
        problem = buy_problem(state, seat, action.card, kind)
        if problem:
            raise IllegalAction(problem)
        return replace(_buy(state, seat, action.card, kind, log), pending=None)
    if kind == "staff" and isinstance(action, TakeStaff):
        return replace(take_staff(state, seat, action.card, False, log), pending=None)
    if kind == "free-staff" and isinstance(action, TakeGiftStaff):
        return replace(take_staff(state, seat, action.card, True, log), pending=None)
    wanted = {
        "activity": "buy an activity",
        "amenity": "buy an amenity",
        "hire": "hire a worker",
        "donor": "raise your donor level",
        "staff": "take a staff card",
        "free-staff": "take the staff card your gift pays for",
    }[kind]
    raise IllegalAction(f"First {wanted}, or skip.")


def _buy(state: BivouacState, seat: int, card: str, kind: str, log: Log) -> BivouacState:
    cost = content.activities()[card].cost if kind == "activity" else content.amenities()[card].cost
    state = pay_resources(state, seat, cost)
    me = state.players[seat]
    if kind == "activity":
        me = replace(me, activities=me.activities + (OwnedActivity(card, fresh=True),))
    else:
        me = replace(me, fresh_amenities=me.fresh_amenities + (card,))
    market = tuple((c, n - 1 if c == card else n) for c, n in state.market)
    log.say(f"{who(seat)} buys {content.name(card)} for {content.cost_text(cost)} (face down until next round).")
    return replace(set_player(state, seat, me), market=market)


def _return(state: BivouacState, seat: int, spot: str, log: Log) -> BivouacState:
    if spot not in returns(state, seat):
        raise IllegalAction(f"You have no worker on {content.name(spot) if spot in content.by_id() else spot}.")
    me = state.players[seat]
    if spot in content.activities():
        return _use_activity(state, seat, spot, log)
    seats = list(spot_seats(state, spot))
    seats.remove(seat)
    state = set_spot(state, spot, tuple(seats))
    state = set_player(state, seat, replace(me, placed=me.placed - 1))
    return _do_location(state, seat, spot, log)


def _use_activity(state: BivouacState, seat: int, card: str, log: Log) -> BivouacState:
    me = state.players[seat]
    placed = workers_on(me, card)
    on_cards = tuple((c, n) for c, n in me.on_cards if c != card)
    state = set_player(state, seat, replace(me, on_cards=on_cards, placed=me.placed - placed))
    if placed < workers_needed(me, card):
        log.say(f"{who(seat)} brings {placed} worker(s) back from {content.name(card)}, which needed more: nothing.")
        return state
    return _collect(state, seat, card, log)


def _collect(state: BivouacState, seat: int, card: str, log: Log) -> BivouacState:
    month = content.month_of_round(state.round)
    money, vp = activity_yield(state.players[seat], card, month)
    money, short = bank_pays(state, money)
    state = gain(state, seat, money=money, vp=vp)
    me = state.players[seat]
    used = dict(me.rounds_used)
    used[card] = used.get(card, 0) + 1
    state = set_player(state, seat, replace(me, rounds_used=tuple(sorted(used.items()))))
    bonus = ""
    if month == content.activities()[card].bonus_month:
        lost = any(m.no_bonus for m in active_misfortunes(me))
        bonus = " (bonus month, its bonus lost to a misfortune)" if lost else " (bonus month)"
    log.say(f"{who(seat)} runs {content.name(card)}{bonus}: +{money} money{short}, +{vp} VP.")
    return state


def _do_location(state: BivouacState, seat: int, spot: str, log: Log) -> BivouacState:
    me = state.players[seat]
    loc = content.locations()[spot]
    if spot in ("activities", "amenities"):
        kind: Literal["activity", "amenity"] = "activity" if spot == "activities" else "amenity"
        if buyable(state, seat, kind):
            return replace(state, pending=Pending(kind))
        log.say(f"{who(seat)} comes back from {loc.name} with nothing they can buy.")
        return state
    if spot == "start":
        log.say(f"{who(seat)} will be the starting player next round.")
        return replace(state, next_start=seat)
    if spot == "bank":
        paid, short = bank_pays(state, BANK_PAY + perk_total(me, "bank_bonus"))
        log.say(f"{who(seat)} takes {paid} money from the Bank{short}.")
        return gain(state, seat, money=paid)
    if loc.resource:
        state, got = take_resource(state, seat, loc.resource, 1, placeholder=False)
        if not got:
            log.say(f"{who(seat)} finds no {loc.resource} left in the supply.")
            return state
        bonus, short = bank_pays(state, perk_total(me, "resource_money"))
        log.say(f"{who(seat)} takes 1 {loc.resource}" + (f" and {bonus} money{short}." if bonus or short else "."))
        return gain(state, seat, money=bonus)
    if spot == "donor":
        if me.donor >= MAX_DONOR_LEVEL:
            log.say(f"{who(seat)} is already at the top donor level.")
            return state
        # "Players may increase the donor level": a choice, as a worker may be placed here
        # only to block it (there is no passing).
        return replace(state, pending=Pending("donor"))
    if spot == "gift":
        return _draw_gift(state, seat, log)
    # hiring: taking a worker is a choice (one placed here only to block need not add a wage)
    if me.workers < MAX_WORKERS:
        return replace(state, pending=Pending("hire"))
    log.say(f"{who(seat)} has no worker left in the pool to hire.")
    return _offer_staff(state, seat)


def _raise_donor(state: BivouacState, seat: int, log: Log) -> BivouacState:
    me = state.players[seat]
    bonus, short = bank_pays(state, perk_total(me, "donor_money"))
    state = set_player(state, seat, replace(me, donor=me.donor + 1))
    log.say(
        f"{who(seat)} raises their donor level to {me.donor + 1}"
        + (f" and gains {bonus} money{short}." if bonus or short else ".")
    )
    return gain(state, seat, money=bonus)


def _hire(state: BivouacState, seat: int, log: Log) -> BivouacState:
    me = state.players[seat]
    hired = min(1 + perk_total(me, "hire_bonus"), MAX_WORKERS - me.workers)
    log.say(f"{who(seat)} hires {hired} worker{'s' if hired > 1 else ''} (from next round).")
    return set_player(state, seat, replace(me, workers=me.workers + hired))


def _offer_staff(state: BivouacState, seat: int) -> BivouacState:
    """With the expansion, a Hiring worker may also take a revealed staff card it can afford."""
    if state.options.expansion and len(staff_choices(state, seat, free=False)) > 1:
        return replace(state, pending=Pending("staff"))
    return replace(state, pending=None)


def gift_pile(donor_level: int) -> int | None:
    for pile, (low, high) in content.PILES.items():
        if low <= donor_level <= high:
            return pile
    return None


def _draw_gift(state: BivouacState, seat: int, log: Log) -> BivouacState:
    me = state.players[seat]
    pile = gift_pile(me.donor)
    if pile is None:
        log.say(f"{who(seat)} has no donor level yet, so no gift pile is open to them.")
        return state
    cards = state.gift_piles[pile - 1]
    if not cards:
        low, high = content.PILES[pile]
        log.say(f"The donor gift pile for levels {low}-{high} is empty.")
        return state
    log.reveals = True
    gift = content.gifts()[cards[0]]
    piles = tuple(p[1:] if i == pile - 1 else p for i, p in enumerate(state.gift_piles))
    state = replace(state, gift_piles=piles)
    state = set_player(state, seat, replace(me, gifts=me.gifts + (gift.id,)))
    log.say(f"{who(seat)} receives the donor gift {gift.name}: {gift.text}")
    state = gain(state, seat, money=gift.money, vp=gift.vp, log=log)
    for kind, wanted in ((gift.resource, gift.resources), (gift.extra_resource, 1)):
        if kind:
            i = content.content().resources.index(kind)
            coins_before = state.placeholders[i]
            state, got = take_resource(state, seat, kind, wanted, placeholder=True)
            coins = state.placeholders[i] - coins_before
            if got < wanted:
                log.say(
                    f"The supply is short and the bank has no coin to stand in:"
                    f" {who(seat)} gets {got} of {wanted} {kind}."
                )
            elif coins:
                # The board counts a coin as the resource it stands for: the log says which it is.
                standing = "a coin from the bank stands" if coins == 1 else f"{coins} coins from the bank stand"
                log.say(f"The supply is short of {kind}: {standing} in for {coins} {kind}.")
    if gift.workers:
        me = state.players[seat]
        hired = min(MAX_WORKERS, me.workers + gift.workers) - me.workers
        if hired < gift.workers:
            log.say(f"{who(seat)} has no worker left in the pool to take.")
        state = set_player(state, seat, replace(me, workers=me.workers + hired))
    if gift.free_staff:
        state = reveal_extra_staff(state, log)
        if state.staff_shown:
            return replace(state, pending=Pending("free-staff"))
    if gift.free_upgrade:
        # "During Phase 3, a player may choose to upgrade an activity": the gift's free
        # upgrade waits for the phase 3 of this round (or a later one), never changing an
        # activity still to be brought back this phase.
        me = state.players[seat]
        state = set_player(state, seat, replace(me, free_upgrades=me.free_upgrades + 1))
    return state


def _settle(state: BivouacState, seat: int, log: Log) -> BivouacState:
    """Cards that need no worker pay, round income arrives, then misfortunes are drawn for
    the yellow spaces crossed since this player's retrieval began."""
    month = content.month_of_round(state.round)
    me = state.players[seat]
    for owned in me.activities:
        if workers_needed(me, owned.card) == 0 and usable(me, owned.card, month):
            state = _collect(state, seat, owned.card, log)
    me = state.players[seat]
    money, vp = perk_total(me, "income_money"), perk_total(me, "income_vp")
    if money or vp:
        money, short = bank_pays(state, money)
        log.say(f"{who(seat)} collects the round's income: +{money} money{short}, +{vp} VP.")
        state = gain(state, seat, money=money, vp=vp)
    crossed = yellow_spaces_crossed(state.retrieve_vp_from, state.players[seat].vp)
    return draw_misfortunes(state, seat, crossed, log)


def _finish_player(state: BivouacState, seat: int, log: Log) -> BivouacState:
    state = _settle(state, seat, log)
    order = turn_order(state)
    return _advance(state, order[order.index(seat) + 1 :], log)


def _advance(state: BivouacState, seats: list[int], log: Log) -> BivouacState:
    """The next player with a worker out retrieves; players with none settle at once."""
    for seat in seats:
        state = replace(state, actor=seat, retrieve_vp_from=state.players[seat].vp, pending=None)
        if returns(state, seat):
            return state
        state = _settle(state, seat, log)
    return begin_wages(state, log)
