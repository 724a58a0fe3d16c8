"""What each seat may see: the public table plus its own upgrade hand (expansion).

The misfortune deck, the donor gift piles, the staff deck and other players' upgrade hands
stay hidden; only their sizes are shown. What lies face up at the table is shown even where
no screen draws it, so that a seat's view says everything its player knows (the search bots
rebuild states from it, engines/bivouac/determinize.py): the misfortune discard pile, each
player's placeholder coins, and where the retrieving player's VP stood when their retrieval
began (the yellow spaces crossed since then draw misfortunes).
"""

from __future__ import annotations

from functools import lru_cache

import msgspec

from engines.bivouac import content
from engines.bivouac.effects import (
    available_workers,
    sick_workers,
    usable,
    workers_needed,
)
from engines.bivouac.placement import free_slots
from engines.bivouac.state import BivouacState, OwnedActivity, Player, player_name, workers_on
from engines.bivouac.wages import wages_due
from engines.core.protocol import SeatPanel, Summary

TRACK_SPACES = 50  # the printed VP track; past it a player adds the 50+ marker


class ActivityView(msgspec.Struct, frozen=True):
    card: str
    name: str
    usable: bool  # face up and in season this month
    fresh: bool
    upgrade: str
    upgrade_name: str
    workers_needed: int
    workers_on: int
    money: int
    vp: int
    thrill: bool
    bonus_month: int
    months: tuple[int, ...]


class MisfortuneView(msgspec.Struct, frozen=True):
    card: str
    name: str
    text: str
    until_round: int  # the round it acts in
    acting: bool  # False in the round it was drawn: it waits for the next


class PlayerView(msgspec.Struct, frozen=True):
    seat: int
    name: str
    money: int
    vp: int
    laps: int  # times the 50-space track has been passed: the 50+ marker, turned to 100+ on the second
    track_space: int  # where the marker stands on the 0-49 track
    resources: tuple[int, ...]
    coins_for: tuple[int, ...]  # of `resources`, how many are placeholder coins (per kind)
    donor: int
    workers: int
    placed: int
    available: int
    sick: int
    wages: int
    activities: tuple[ActivityView, ...]
    amenities: tuple[str, ...]
    fresh_amenities: tuple[str, ...]
    gifts: tuple[str, ...]
    misfortunes: tuple[MisfortuneView, ...]
    staff: tuple[str, ...]
    upgrades_in_hand: int
    upgrade_hand: tuple[str, ...] | None  # only for the viewer's own seat
    free_upgrades: int  # Program Grants waiting for a phase 3 (public: the gift was drawn face up)


class SpotView(msgspec.Struct, frozen=True):
    location: str
    name: str
    slots: int  # usable rectangles (0: no limit)
    occupants: tuple[int, ...]
    open: int
    text: str


class BivouacView(msgspec.Struct, frozen=True):
    viewer: int | None
    round: int
    month: int
    month_name: str
    season: str
    phase: str
    actor: int
    start: int
    next_start: int
    seats: int
    expansion: bool
    upgrade_cost: str
    resources: tuple[str, ...]
    supply: tuple[int, ...]
    placeholders: tuple[int, ...]
    bank: int  # money tokens left in the bank (80 in all)
    spots: tuple[SpotView, ...]
    market: tuple[tuple[str, int], ...]
    players: tuple[PlayerView, ...]
    misfortunes_left: int
    misfortunes_discarded: int
    misfortune_discard: tuple[str, ...]  # face up, sorted (its order never matters: a reshuffle sorts)
    gift_piles: tuple[int, ...]
    staff_shown: tuple[str, ...]
    staff_deck: int
    pending: str
    wage_debt: int
    retrieve_vp_from: int  # phase 2: the actor's VP when their retrieval began (0 in other phases)
    staff_known: tuple[str, ...] = ()  # the staff deck's top cards every player saw put back (top first)


def player_view(state: BivouacState, seat: int, viewer: int | None) -> PlayerView:
    return _player_view(
        state.players[seat], seat, content.month_of_round(state.round), state.phase == "place", viewer == seat
    )


@lru_cache(maxsize=1024)  # a player's board rarely changes between two actions
def _player_view(me: Player, seat: int, month: int, placing: bool, own: bool) -> PlayerView:
    acts = tuple(_activity_view(owned, month, workers_on(me, owned.card)) for owned in me.activities)
    misfortunes = tuple(
        MisfortuneView(m.card, content.name(m.card), content.misfortunes()[m.card].text, m.until_round, m.acting)
        for m in me.misfortunes
    )
    return PlayerView(
        seat=seat,
        name=player_name(seat),
        money=me.money,
        vp=me.vp,
        laps=me.vp // TRACK_SPACES,
        track_space=me.vp % TRACK_SPACES,
        resources=me.resources,
        coins_for=me.coins_for,
        donor=me.donor,
        workers=me.workers,
        placed=me.placed,
        available=available_workers(me) if placing else 0,
        sick=sick_workers(me),
        wages=wages_due(me),
        activities=acts,
        amenities=me.amenities,
        fresh_amenities=me.fresh_amenities,
        gifts=me.gifts,
        misfortunes=misfortunes,
        staff=me.staff,
        upgrades_in_hand=len(me.upgrade_hand),
        upgrade_hand=me.upgrade_hand if own else None,
        free_upgrades=me.free_upgrades,
    )


@lru_cache(maxsize=1024)  # an activity card changes only when bought, upgraded or staffed
def _activity_view(owned: OwnedActivity, month: int, on: int) -> ActivityView:
    card = content.activities()[owned.card]
    up = content.upgrades().get(owned.upgrade)
    alone = Player(activities=(owned,))  # what the card shows depends on the card alone
    return ActivityView(
        card=owned.card,
        name=card.name,
        usable=usable(alone, owned.card, month),
        fresh=owned.fresh,
        upgrade=owned.upgrade,
        upgrade_name=up.name if up else "",
        workers_needed=workers_needed(alone, owned.card),
        workers_on=on,
        money=card.money + (up.money if up else 0),
        vp=card.vp + (up.vp if up else 0),
        thrill=card.thrill,
        bonus_month=card.bonus_month,
        months=card.months,
    )


@lru_cache(maxsize=1024)  # a location changes only when a worker comes or goes
def _spot_view(loc_id: str, occupants: tuple[int, ...], seats: int) -> SpotView:
    loc = content.locations()[loc_id]
    slots = 0 if loc.slots == 0 else (1 if seats == 2 else loc.slots)
    return SpotView(loc_id, loc.name, slots, occupants, free_slots(loc_id, seats, occupants), loc.text)


@lru_cache(maxsize=1024)  # the board changes only when a worker comes or goes
def _spot_views(spots: tuple[tuple[str, tuple[int, ...]], ...], seats: int) -> tuple[SpotView, ...]:
    return tuple(_spot_view(loc_id, occupants, seats) for loc_id, occupants in spots)


def view(state: BivouacState, viewer: int | None) -> BivouacView:
    month = content.month_of_round(state.round)
    spots = _spot_views(state.spots, state.seats)
    return BivouacView(
        viewer=viewer,
        round=state.round,
        month=month,
        month_name=content.MONTHS[month - 1],
        season=content.SEASONS[month],
        phase=state.phase,
        actor=state.actor,
        start=state.start,
        next_start=state.next_start,
        seats=state.seats,
        expansion=state.options.expansion,
        upgrade_cost=state.options.upgrade_cost,
        resources=content.content().resources,
        supply=state.supply,
        placeholders=state.placeholders,
        bank=state.bank,
        spots=spots,
        market=state.market,
        players=tuple(player_view(state, n, viewer) for n in range(state.seats)),
        misfortunes_left=len(state.misfortune_deck),
        misfortunes_discarded=len(state.misfortune_discard),
        misfortune_discard=tuple(sorted(state.misfortune_discard)),
        gift_piles=tuple(len(p) for p in state.gift_piles),
        staff_shown=state.staff_shown,
        staff_deck=len(state.staff_deck),
        pending=state.pending.kind if state.pending else "",
        wage_debt=state.wage_debt,
        # Read only at the end of a retrieval; stale (and so left out) in other phases.
        retrieve_vp_from=state.retrieve_vp_from if state.phase == "retrieve" else 0,
        staff_known=state.staff_known,
    )


PENDING_TEXT = {
    "activity": "choose an activity to buy, or skip",
    "amenity": "choose an amenity to buy, or skip",
    "hire": "hire a worker from your pool (paid wages from this round), or skip",
    "donor": "raise your donor level by 1, or skip to stay at it",
    "staff": "you may take a revealed staff card (pay its cost), or skip",
    "free-staff": "take a staff card for free, or skip",
}


def status(state: BivouacState) -> tuple[str, str]:
    """The status line and the rules section that explains it."""
    month = content.month_of_round(state.round)
    when = f"Round {state.round}/13, {content.MONTHS[month - 1]} ({content.SEASONS[month]})"
    who = player_name(state.actor) if state.actor >= 0 else ""
    if state.phase == "over":
        return "The camp year is over.", "end-of-the-game"
    if state.phase == "place":
        left = available_workers(state.players[state.actor])
        return (
            f"{when}. {who}: place a worker ({left} left) on a location or your activity.",
            "phase-1-placement",
        )
    if state.phase == "retrieve":
        if state.pending:
            return f"{when}. {who}: {PENDING_TEXT[state.pending.kind]}.", "phase-2-retrieval"
        return f"{when}. {who}: bring your workers back, in the order you choose.", "phase-2-retrieval"
    if state.wage_debt:
        return f"{when}. {who}: {state.wage_debt} money of wages still owed: pay with a resource.", "phase-3-wages"
    return f"{when}. {who}: play an activity upgrade, or done.", "activity-upgrades"


def panel_lines(pv: PlayerView, resources: tuple[str, ...]) -> list[str]:
    res = ", ".join(f"{n} {k}" for k, n in zip(resources, pv.resources))
    lines = [
        f"VP {pv.vp} · money {pv.money} · donor level {pv.donor}",
        f"Resources: {res}",
        f"Workers {pv.workers} (placed {pv.placed}, sick {pv.sick}) · wages {pv.wages}",
        "Activities: " + ", ".join(a.name + ("" if a.usable else " (down)") for a in pv.activities),
        "Amenities: " + ", ".join(content.name(a) for a in pv.amenities + pv.fresh_amenities),
    ]
    if pv.misfortunes:
        lines.append("Misfortunes: " + ", ".join(m.name for m in pv.misfortunes))
    if pv.staff:
        lines.append("Staff: " + ", ".join(content.name(s) for s in pv.staff))
    return lines


def summary(state: BivouacState, viewer: int | None) -> Summary:
    text, topic = status(state)
    v = view(state, viewer)
    panels = [
        SeatPanel(
            title=pv.name, lines=panel_lines(pv, v.resources), active=state.phase != "over" and pv.seat == state.actor
        )
        for pv in v.players
    ]
    return Summary(status=text, panels=panels, turn=state.turn, rules_topic=topic)
