"""Bivouac actions: small tagged Structs with one-line text forms read by the shared codec.

place bank          put a worker on a board location (or on your own activity: place archery)
return wood         bring a worker back from a location or card and do what it says
buy canoeing        the choice a returning worker asks for (skip: buy nothing)
hire                take a worker from your pool when your Hiring worker comes back (skip: none)
raise               raise your donor level when your Donor Level worker comes back (skip: stay)
staff bookkeeper    take a revealed staff card at Hiring, paying its cost
gift-staff wrangler take a revealed staff card for free (a donor gift)
pay rope            pay one money of wage debt with a resource
upgrade toboggans   play an activity upgrade from your hand in phase 3
done                end your phase 3
"""

from __future__ import annotations

import msgspec

from engines.core.actions import ActionCodec


class Place(msgspec.Struct, frozen=True, tag="place"):
    spot: str


class Return(msgspec.Struct, frozen=True, tag="return"):
    spot: str


class Buy(msgspec.Struct, frozen=True, tag="buy"):
    card: str


class Skip(msgspec.Struct, frozen=True, tag="skip"):
    pass


class Hire(msgspec.Struct, frozen=True, tag="hire"):
    pass


class RaiseDonor(msgspec.Struct, frozen=True, tag="raise"):
    pass


class TakeStaff(msgspec.Struct, frozen=True, tag="staff"):
    card: str


class TakeGiftStaff(msgspec.Struct, frozen=True, tag="gift-staff"):
    """A staff card a donor gift pays for: its own action, so the list never shows a price."""

    card: str


class Pay(msgspec.Struct, frozen=True, tag="pay"):
    resource: str


class PlayUpgrade(msgspec.Struct, frozen=True, tag="upgrade"):
    card: str


class Done(msgspec.Struct, frozen=True, tag="done"):
    pass


Action = Place | Return | Buy | Skip | Hire | RaiseDonor | TakeStaff | TakeGiftStaff | Pay | PlayUpgrade | Done

CODEC = ActionCodec(Action, "Bivouac", ["place bank", "return wood", "buy canoeing", "pay rope"])
