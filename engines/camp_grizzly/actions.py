"""Camp Grizzly options and actions: small tagged Structs, each with a one-line text form.

Text forms (`CODEC.format`), where XX is a counselor's two-letter initials, a space is a
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

from engines.core.actions import TEXT, ActionCodec, Word


class CampOptions(msgspec.Struct, frozen=True):
    #: easy: body count starts at 2; normal: at 5, and Otis stalks one extra space all game.
    setup: Literal["easy", "normal"] = "easy"
    #: Whether the surprise '?' cards are in the game (no: a calmer game).
    surprises: bool = True
    #: For each counselor in roster order, the player (1..seats) who runs it; 0 or a missing
    #: entry leaves that counselor out. Empty: one counselor per player, two for one player.
    #: Several counselors for one player only with fewer than six players (setup step 1).
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


def _read_handover(text: str) -> tuple[str, str]:
    thing, arrow, taker = text.partition("->")
    if not arrow:
        raise ValueError(text)
    return thing, taker


def _read_vote(text: str) -> bool:
    return {"yes": True, "no": False}[text.lower()]


#: Only formats here: the engine reads text back by matching it against the legal actions.
CODEC = ActionCodec(
    Action,
    "Camp Grizzly",
    forms={
        Trade: [TEXT, Word(lambda thing, taker: f"{thing}->{taker}", _read_handover, width=2)],
        CastVote: [Word(lambda yes: "yes" if yes else "no", _read_vote)],
        Order: [Word(" ".join, lambda text: tuple(text.split()), rest=True)],
    },
)
