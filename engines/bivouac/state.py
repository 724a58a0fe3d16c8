"""Bivouac options and state: the whole truth of a game, as frozen msgspec Structs."""

from __future__ import annotations

from typing import Literal

import msgspec
from msgspec.structs import replace

ROUNDS = 13
START_MONEY = 8
WORKERS_PER_COLOUR = 10  # "40 Workers": 10 of each of the four colours
HIRING_POOL = 5  # "Extra Workers: 5 of each" at setup: every worker a player can ever hire
START_WORKERS = WORKERS_PER_COLOUR - HIRING_POOL  # the rest of a colour is its player's
MAX_WORKERS = WORKERS_PER_COLOUR
MONEY_TOKENS = 80  # "80 Money Tokens": the bank never pays out more than it holds
RULES_EDITION = "5"
#: What each earlier edition did that this one does not, for the sentence refusing its saves.
EARLIER_EDITIONS = {
    "1": "3 starting workers, resting, unlimited money and wage penalties charged twice",
    "2": "the Program Grant's upgrade played in phase 2, several upgrades a phase 3 and donor levels raised"
    " without asking",
    "3": "two workers a round at Hiring, each hiring",
    "4": "the expansion's phase 3 passing by a player whose hidden upgrade hand held no card to play now,"
    " which told the table what it held",
}
#: Earlier editions whose games without the expansion this one replays unchanged (edition 5
#: changed only the expansion's phase 3).
REPLAYED_WITHOUT_EXPANSION = frozenset({"4"})
#: The options every edition-1 save stored (it stored all its fields, none of the later).
EDITION_1_FIELDS = frozenset({"expansion", "upgrade_cost"})
RESOURCE_SUPPLY = 5  # of each kind
YELLOW_EVERY = 10  # a yellow VP space every 10 VP (10, 20, 30, ...)

Phase = Literal["place", "retrieve", "wages", "over"]


class BivouacOptions(msgspec.Struct, frozen=True):
    #: Play with the Retreat Center expansion (staff cards, activity upgrades, Pony Rides).
    expansion: bool = False
    #: What playing an activity upgrade costs (the expansion's booklet says both): pay its cost, or free.
    upgrade_cost: Literal["pay", "free"] = "pay"
    #: Who starts (the rulebook leaves it to house rules): draw at random, or a seat number.
    first_player: Literal["draw", "1", "2", "3", "4"] = "draw"
    #: The rules edition the game was started under. Earlier editions (EARLIER_EDITIONS)
    #: cannot be replayed by these rules; a save that predates this field is read as edition 1
    #: and refused with that reason. A string, so the setup form leaves it alone.
    edition: str = RULES_EDITION


class OwnedActivity(msgspec.Struct, frozen=True):
    card: str
    fresh: bool = False  # bought this round: face down until the next round begins
    upgrade: str = ""


class Lasting(msgspec.Struct, frozen=True):
    """A misfortune lying face up in front of its player: drawn in phase 2 of one round, it
    acts during the next round (`until_round`) only, then is discarded."""

    card: str
    until_round: int  # the round it acts in; discarded at the end of it
    acting: bool = False  # turned on when that round begins


class Player(msgspec.Struct, frozen=True):
    money: int = START_MONEY
    vp: int = 0
    resources: tuple[int, ...] = (0, 0, 0, 0)
    coins_for: tuple[int, ...] = (0, 0, 0, 0)  # of `resources`, how many are placeholder coins
    donor: int = 0
    workers: int = START_WORKERS
    placed: int = 0
    stays_home: bool = False  # no space was left for the remaining workers this round
    activities: tuple[OwnedActivity, ...] = ()
    amenities: tuple[str, ...] = ()
    fresh_amenities: tuple[str, ...] = ()  # bought this round, face down
    on_cards: tuple[tuple[str, int], ...] = ()  # (activity, workers on it) this round
    gifts: tuple[str, ...] = ()
    misfortunes: tuple[Lasting, ...] = ()
    staff: tuple[str, ...] = ()
    upgrade_hand: tuple[str, ...] = ()
    free_upgrades: int = 0  # Program Grants drawn and not yet used: a free upgrade in a phase 3
    upgraded: bool = False  # played this round's one upgrade (a Program Grant's comes besides)
    shield_used: bool = False
    rounds_used: tuple[tuple[str, int], ...] = ()  # (activity, times used) for the pick rates


class Pending(msgspec.Struct, frozen=True):
    """A choice the actor must make before going on (what to buy, which staff, ...)."""

    kind: Literal["activity", "amenity", "hire", "donor", "staff", "free-staff"]


class BivouacState(msgspec.Struct, frozen=True):
    options: BivouacOptions
    seats: int
    rng: int
    round: int
    phase: Phase
    start: int  # the starting player this round
    next_start: int  # -1 unless someone took the Starting Player space
    actor: int
    players: tuple[Player, ...]
    spots: tuple[tuple[str, tuple[int, ...]], ...]  # (location, occupants in placing order)
    market: tuple[tuple[str, int], ...]  # activity/amenity copies left to buy
    supply: tuple[int, ...]
    bank: int = 0  # money tokens not in a player's hands nor standing in for a resource
    placeholders: tuple[int, ...] = (0, 0, 0, 0)  # coins standing in for resources, per kind
    misfortune_deck: tuple[str, ...] = ()
    misfortune_discard: tuple[str, ...] = ()
    gift_piles: tuple[tuple[str, ...], ...] = ((), (), ())
    staff_deck: tuple[str, ...] = ()
    staff_shown: tuple[str, ...] = ()
    #: The first cards of staff_deck, top first, that every player saw put back there (an
    #: extra card revealed for a gift and not taken); known until drawn again.
    staff_known: tuple[str, ...] = ()
    upgrade_deck: tuple[str, ...] = ()
    pending: Pending | None = None
    retrieve_vp_from: int = 0  # the actor's VP when their retrieval began
    wage_debt: int = 0  # what the actor still owes this phase 3
    turn: int = 0  # counts every action, for undo boundaries


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


def set_player(state: BivouacState, seat: int, player: Player) -> BivouacState:
    players = list(state.players)
    players[seat] = player
    return replace(state, players=tuple(players))


def turn_order(state: BivouacState) -> list[int]:
    return [(state.start + k) % state.seats for k in range(state.seats)]


def spot_seats(state: BivouacState, location: str) -> tuple[int, ...]:
    for loc, seats in state.spots:
        if loc == location:
            return seats
    return ()


def set_spot(state: BivouacState, location: str, seats: tuple[int, ...]) -> BivouacState:
    return replace(state, spots=tuple((loc, seats if loc == location else s) for loc, s in state.spots))


def market_count(state: BivouacState, card: str) -> int:
    return dict(state.market).get(card, 0)


def workers_on(player: Player, activity: str) -> int:
    return dict(player.on_cards).get(activity, 0)


def owns_activity(player: Player, activity: str) -> OwnedActivity | None:
    for owned in player.activities:
        if owned.card == activity:
            return owned
    return None
