"""Camp Grizzly options and actions: small tagged Structs, each with a one-line text form.

Text forms (`format_action`), where XX is a counselor's two-letter initials, a space is a
label like H5, and cards and minis are named by their ids:

    move H5          step to a neighbouring space (also each step of a panic move)
    stay             stop a panic move here
    trail 3          try the nature trail that starts here (costs 1 movement, rolls a d6)
    pickup ID        pick up a card or key lying on your space (or on a body there)
    drop ID          leave an item, weapon, objective or keys on your space
    trade XX ID->YY  hand something from one counselor to another in the same space
    equip ID / unequip ID
    use XX ID        play a single-use survival card or backpack item of XX
    draw / reveal    the cabin draw phase: draw a cabin card or reveal the '?' here
    finale SITE      start a finale from its red arrow (van, tower, boat, barn)
    vote yes / vote no
    end              end your turn
    woods            roll on the Woods table (a lost counselor's turn)
    return N         come back from the Woods along camp trail N (when a card lets you pick)
    fight XX / panic XX / accept
    accept / refuse  answer a trade offer that involves your counselor (another player's turn)
    next XX          in a strike, hand the next fight-or-panic decision to XX's player
    roll / roll XX   a finale roll (XX: the counselor the team picks)
    choose LABEL     a finale choice
    pick XX          the counselor a card asks you to choose
    order ID ID ID   put peeked cabin cards back, top card first
    otis / cameos    the program's own moves for Otis and the hunting cameos
"""

from __future__ import annotations

from typing import Literal

import msgspec


class CampOptions(msgspec.Struct, frozen=True):
    setup: Literal["easy", "normal"] = "easy"
    surprises: bool = True
    #: For each counselor in roster order, the player (1..seats) who runs it; 0 or a missing
    #: entry leaves that counselor out. Empty: one counselor per player, two for one player.
    counselors: tuple[int, ...] = ()
    #: The counselor who takes the first turn (setup step 8): initials ("WP") or a roster
    #: number (1 = the first counselor of the roster). Empty: the first in roster order.
    #: Play then goes on in roster order from there, wrapping round.
    first: str = ""


class Move(msgspec.Struct, frozen=True, tag="move"):
    to: str


class Stay(msgspec.Struct, frozen=True, tag="stay"):
    pass


class Trail(msgspec.Struct, frozen=True, tag="trail"):
    number: int


class Pickup(msgspec.Struct, frozen=True, tag="pickup"):
    thing: str


class Drop(msgspec.Struct, frozen=True, tag="drop"):
    thing: str


class Trade(msgspec.Struct, frozen=True, tag="trade"):
    giver: str
    thing: str
    taker: str


class Equip(msgspec.Struct, frozen=True, tag="equip"):
    card: str


class Unequip(msgspec.Struct, frozen=True, tag="unequip"):
    card: str


class Use(msgspec.Struct, frozen=True, tag="use"):
    counselor: str
    card: str


class Draw(msgspec.Struct, frozen=True, tag="draw"):
    pass


class Reveal(msgspec.Struct, frozen=True, tag="reveal"):
    pass


class StartFinale(msgspec.Struct, frozen=True, tag="finale"):
    site: str


class CastVote(msgspec.Struct, frozen=True, tag="vote"):
    yes: bool


class End(msgspec.Struct, frozen=True, tag="end"):
    pass


class Woods(msgspec.Struct, frozen=True, tag="woods"):
    pass


class Return(msgspec.Struct, frozen=True, tag="return"):
    number: int


class Fight(msgspec.Struct, frozen=True, tag="fight"):
    counselor: str


class PanicNow(msgspec.Struct, frozen=True, tag="panic"):
    counselor: str


class NextUp(msgspec.Struct, frozen=True, tag="next"):
    counselor: str


class Accept(msgspec.Struct, frozen=True, tag="accept"):
    pass


class Refuse(msgspec.Struct, frozen=True, tag="refuse"):
    pass


class Roll(msgspec.Struct, frozen=True, tag="roll"):
    counselor: str = ""


class ChooseOption(msgspec.Struct, frozen=True, tag="choose"):
    label: str


class Pick(msgspec.Struct, frozen=True, tag="pick"):
    counselor: str


class Order(msgspec.Struct, frozen=True, tag="order"):
    cards: tuple[str, ...]


class OtisTurn(msgspec.Struct, frozen=True, tag="otis"):
    pass


class CameosTurn(msgspec.Struct, frozen=True, tag="cameos"):
    pass


Action = (
    Move
    | Stay
    | Trail
    | Pickup
    | Drop
    | Trade
    | Equip
    | Unequip
    | Use
    | Draw
    | Reveal
    | StartFinale
    | CastVote
    | End
    | Woods
    | Return
    | Fight
    | PanicNow
    | NextUp
    | Accept
    | Refuse
    | Roll
    | ChooseOption
    | Pick
    | Order
    | OtisTurn
    | CameosTurn
)


def format_action(action: Action) -> str:
    if isinstance(action, Move):
        return f"move {action.to}"
    if isinstance(action, Trail):
        return f"trail {action.number}"
    if isinstance(action, Pickup):
        return f"pickup {action.thing}"
    if isinstance(action, Drop):
        return f"drop {action.thing}"
    if isinstance(action, Trade):
        return f"trade {action.giver} {action.thing}->{action.taker}"
    if isinstance(action, Equip):
        return f"equip {action.card}"
    if isinstance(action, Unequip):
        return f"unequip {action.card}"
    if isinstance(action, Use):
        return f"use {action.counselor} {action.card}"
    if isinstance(action, StartFinale):
        return f"finale {action.site}"
    if isinstance(action, CastVote):
        return "vote yes" if action.yes else "vote no"
    if isinstance(action, Return):
        return f"return {action.number}"
    if isinstance(action, Fight):
        return f"fight {action.counselor}"
    if isinstance(action, PanicNow):
        return f"panic {action.counselor}"
    if isinstance(action, NextUp):
        return f"next {action.counselor}"
    if isinstance(action, Order):
        return "order " + " ".join(action.cards)
    if isinstance(action, Roll):
        return f"roll {action.counselor}" if action.counselor else "roll"
    if isinstance(action, ChooseOption):
        return f"choose {action.label}"
    if isinstance(action, Pick):
        return f"pick {action.counselor}"
    return type(action).__struct_config__.tag  # type: ignore[attr-defined]
