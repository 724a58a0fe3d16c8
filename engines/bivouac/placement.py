"""Phase 1: players place one worker at a time, in turn order, on the board or their cards,
until every worker is out (no passing); a player with workers left and no space open to
them keeps those home this round."""

from __future__ import annotations

from msgspec.structs import replace

from engines.bivouac import content
from engines.bivouac.actions import Action, Place
from engines.bivouac.card_text import workers_text
from engines.bivouac.effects import Log, available_workers, blocked, usable, who, workers_needed
from engines.bivouac.state import (
    BivouacState,
    Player,
    set_player,
    set_spot,
    spot_seats,
    turn_order,
    workers_on,
)
from engines.core.errors import IllegalAction


def slots_open(state: BivouacState, location: str, occupants: tuple[int, ...] | None = None) -> int:
    """Free rectangles at a location; with two players only one of them may be used."""
    taken = spot_seats(state, location) if occupants is None else occupants
    return free_slots(location, state.seats, taken)


def free_slots(location: str, seats: int, occupants: tuple[int, ...]) -> int:
    """`slots_open` for a table of `seats` players and these occupants."""
    loc = content.locations()[location]
    if loc.slots == 0:
        return 1_000
    usable_slots = 1 if seats == 2 else loc.slots
    return max(0, usable_slots - len(occupants))


def placement_problem(state: BivouacState, seat: int, spot: str) -> str | None:
    """Why `seat` may not place a worker on `spot` now, or None when it may."""
    me = state.players[seat]
    if available_workers(me) == 0:
        return "You have no worker left to place this round."
    locations = content.locations()
    if spot in locations:
        return _location_problem(state, seat, me, locations[spot], spot_seats(state, spot))
    if spot not in content.activities():
        return f"There is no location or activity called '{spot}'."
    return _card_problem(state, me, spot)


def _location_problem(
    state: BivouacState, seat: int, me: Player, loc: content.Location, occupants: tuple[int, ...]
) -> str | None:
    if loc.id == "bank" and blocked(me, "bank"):
        return "A misfortune keeps your workers away from the Bank."
    if loc.resource and blocked(me, "resources"):
        return "A misfortune keeps your workers off the resource spaces."
    if loc.per_player and occupants.count(seat) >= loc.per_player:
        return f"The {loc.name} already holds {loc.per_player} of your workers."
    if slots_open(state, loc.id, occupants) == 0:
        if state.seats == 2 and loc.slots > 1:
            return f"In a two-player game only one space at {loc.name} may be used, and it is taken."
        return f"Every space at {loc.name} is taken."
    return None


def _card_problem(state: BivouacState, me: Player, spot: str) -> str | None:
    name = content.name(spot)
    if not any(o.card == spot for o in me.activities):
        return f"You do not own {name}."
    month = content.month_of_round(state.round)
    if not usable(me, spot, month):
        owned = next(o for o in me.activities if o.card == spot)
        if owned.fresh:
            return f"{name} was bought this round and stays face down until next round."
        return f"{name} cannot be used in {content.MONTHS[month - 1]}."
    need = workers_needed(me, spot)
    if need == 0:
        return f"{name} needs no worker: it pays by itself when your workers come back."
    if workers_on(me, spot) >= need:
        return f"{name} already has the {workers_text(need)} it needs."
    return None


def placement_actions(state: BivouacState, seat: int) -> list[Action]:
    """The same checks as `placement_problem`, with the worker count and each location's
    occupants read once: this list is asked for at every step of phase 1."""
    me = state.players[seat]
    if available_workers(me) == 0:
        return []
    locations = content.locations()
    actions: list[Action] = [
        Place(spot)
        for spot, occupants in state.spots
        if _location_problem(state, seat, me, locations[spot], occupants) is None
    ]
    return actions + [Place(o.card) for o in me.activities if _card_problem(state, me, o.card) is None]


def can_place(state: BivouacState, seat: int) -> bool:
    """Whether `seat` has a worker to place and a space open to it (the Bank first: it is
    open to nearly everyone, so the answer is usually found at once)."""
    me = state.players[seat]
    if available_workers(me) == 0:
        return False
    locations = content.locations()
    spots = sorted(state.spots, key=lambda spot: spot[0] != "bank")
    if any(_location_problem(state, seat, me, locations[spot], occupants) is None for spot, occupants in spots):
        return True
    return any(_card_problem(state, me, o.card) is None for o in me.activities)


def apply_placement(state: BivouacState, seat: int, action: Action, log: Log) -> BivouacState:
    if not isinstance(action, Place):
        raise IllegalAction("Place a worker on a location or one of your activities: every worker goes out.")
    problem = placement_problem(state, seat, action.spot)
    if problem:
        raise IllegalAction(problem)
    me = state.players[seat]
    if action.spot in content.locations():
        state = set_spot(state, action.spot, spot_seats(state, action.spot) + (seat,))
    else:
        on_cards = dict(me.on_cards)
        on_cards[action.spot] = on_cards.get(action.spot, 0) + 1
        me = replace(me, on_cards=tuple(sorted(on_cards.items())))
    state = set_player(state, seat, replace(me, placed=me.placed + 1))
    log.say(f"{who(seat)} places a worker on {content.name(action.spot)}.")
    return next_placer(state, seat, log)


def next_placer(state: BivouacState, after: int, log: Log) -> BivouacState:
    """The next seat clockwise with a worker to place; when none is left, phase 2 begins.
    A seat with workers left and no space open to them keeps them home this round."""
    for k in range(1, state.seats + 1):
        seat = (after + k) % state.seats
        me = state.players[seat]
        left = available_workers(me)
        if left == 0:
            continue
        if can_place(state, seat):
            return replace(state, actor=seat)
        log.say(f"No space is open to {who(seat)}: their {left} remaining worker(s) stay home this round.")
        state = set_player(state, seat, replace(me, stays_home=True))
    # retrieval leads on to wages and wages back to placement, so this one import waits
    from engines.bivouac.retrieval import begin_retrieval

    return begin_retrieval(state, log)


def first_placer(state: BivouacState, log: Log) -> BivouacState:
    order = turn_order(state)
    return next_placer(state, order[-1], log)
