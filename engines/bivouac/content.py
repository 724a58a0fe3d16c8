"""Bivouac content as data: activities, amenities, misfortunes, donor gifts, staff, upgrades
and the board's locations, decoded from `data/cards.json` into typed Structs and checked once
at load so a bad edit fails with its reason.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import msgspec

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
SEASONS = {
    12: "winter",
    1: "winter",
    2: "winter",
    3: "spring",
    4: "spring",
    5: "spring",
    6: "summer",
    7: "summer",
    8: "summer",
    9: "fall",
    10: "fall",
    11: "fall",
}
PILES = {1: (1, 3), 2: (4, 6), 3: (7, 10)}  # donor gift pile -> donor levels that may draw it
SYMBOLS = ("medic", "cook", "ranger", "lifeguard", "mechanic")


class ContentError(ValueError):
    """The bundled data breaks one of its own rules."""


class Perk(msgspec.Struct, frozen=True):
    """A lasting ability of an amenity, a staff member or a donor gift (all default to none)."""

    income_money: int = 0
    income_vp: int = 0
    wage_discount: int = 0
    bank_bonus: int = 0
    resource_money: int = 0
    hire_bonus: int = 0
    donor_money: int = 0
    shield: int = 0
    season: str = ""
    season_money: int = 0
    season_vp: int = 0
    thrill_vp: int = 0
    bonus_vp: int = 0
    target: str = ""
    target_money: int = 0
    target_vp: int = 0
    extra_upgrades: int = 0
    end_vp: int = 0
    end_vp_per_activity: int = 0
    end_vp_per_amenity: int = 0
    end_vp_per_donor_level: int = 0
    end_vp_if_target: int = 0


class Activity(msgspec.Struct, frozen=True):
    id: str
    name: str
    months: tuple[int, ...]
    bonus_month: int
    money: int
    vp: int
    workers: int
    cost: dict[str, int]
    starting: bool = False
    thrill: bool = False
    expansion: bool = False


class Amenity(msgspec.Struct, frozen=True):
    id: str
    name: str
    text: str
    cost: dict[str, int]
    perk: Perk
    starting: bool = False
    expansion: bool = False


class Misfortune(msgspec.Struct, frozen=True):
    id: str
    name: str
    text: str
    money: int = 0
    vp: int = 0
    resource: str = ""
    resources: int = 0
    donor: int = 0
    workers: int = 0
    lasting: bool = False
    sick: int = 0
    activity_money: int = 0
    activity_vp: int = 0
    blocks: str = ""
    wages: int = 0
    no_bonus: bool = False
    symbol: str = ""
    expansion: bool = False


class Gift(msgspec.Struct, frozen=True):
    id: str
    name: str
    text: str
    pile: int
    money: int = 0
    vp: int = 0
    resource: str = ""
    resources: int = 0
    extra_resource: str = ""
    workers: int = 0
    free_staff: bool = False
    free_upgrade: bool = False
    perk: Perk = Perk()
    expansion: bool = False


class Staff(msgspec.Struct, frozen=True):
    id: str
    name: str
    text: str
    cost: int = 0
    symbol: str = ""
    starting: bool = False
    perk: Perk = Perk()


class Upgrade(msgspec.Struct, frozen=True):
    id: str
    name: str
    target: str
    cost: dict[str, int]
    money: int = 0
    vp: int = 0
    workers: int = 0


class Location(msgspec.Struct, frozen=True):
    id: str
    name: str
    slots: int  # spaces players' workers may take; 0: no limit (the Bank), `per_player` caps one player's
    text: str
    per_player: int = 0
    resource: str = ""


class Content(msgspec.Struct, frozen=True):
    resources: tuple[str, ...]
    activities: tuple[Activity, ...]
    amenities: tuple[Amenity, ...]
    misfortunes: tuple[Misfortune, ...]
    gifts: tuple[Gift, ...]
    staff: tuple[Staff, ...]
    upgrades: tuple[Upgrade, ...]
    locations: tuple[Location, ...]


def _check(c: Content) -> None:
    ids = [
        x.id
        for group in (c.activities, c.amenities, c.misfortunes, c.gifts, c.staff, c.upgrades, c.locations)
        for x in group
    ]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise ContentError(f"ids used twice: {', '.join(dupes)}")
    names = [
        x.name for group in (c.activities, c.amenities, c.misfortunes, c.gifts, c.staff, c.upgrades) for x in group
    ]
    if len(set(names)) != len(names):
        raise ContentError("two cards share a name")
    activity_ids = {a.id for a in c.activities}
    priced: tuple[Activity | Amenity | Upgrade, ...] = (*c.activities, *c.amenities, *c.upgrades)
    for card in priced:
        for kind, n in card.cost.items():
            if kind not in c.resources or n <= 0:
                raise ContentError(f"{card.name}: bad cost {kind} {n}")
    for a in c.activities:
        if not a.months or any(not 1 <= m <= 12 for m in a.months) or a.bonus_month not in a.months:
            raise ContentError(f"{a.name}: months must be 1-12 and include the bonus month")
        if not 0 <= a.workers <= 3:
            raise ContentError(f"{a.name}: needs 0 to 3 workers")
    for u in c.upgrades:
        if u.target not in activity_ids:
            raise ContentError(f"{u.name} upgrades an unknown activity {u.target}")
    for m in c.misfortunes:
        if m.resource not in ("", "most", *c.resources):
            raise ContentError(f"{m.name}: unknown resource {m.resource}")
        if m.symbol not in ("", *SYMBOLS) or m.symbol and not m.expansion:
            raise ContentError(f"{m.name}: staff symbols belong to expansion misfortunes")
        if m.lasting != bool(m.sick or m.activity_money or m.activity_vp or m.blocks or m.wages or m.no_bonus):
            raise ContentError(f"{m.name}: a lasting misfortune needs a lasting effect, and only it")
    for g in c.gifts:
        if g.pile not in PILES:
            raise ContentError(f"{g.name}: pile must be 1, 2 or 3")
        if (g.free_staff or g.free_upgrade) and not g.expansion:
            raise ContentError(f"{g.name}: staff and upgrade gifts belong to the expansion")
    for s in c.staff:
        if s.symbol not in ("", *SYMBOLS) or s.cost < 0:
            raise ContentError(f"{s.name}: bad symbol or cost")
    for perk in [a.perk for a in c.amenities] + [s.perk for s in c.staff] + [g.perk for g in c.gifts]:
        if (
            perk.target
            and perk.target not in activity_ids
            or perk.season not in ("", "winter", "spring", "summer", "fall")
        ):
            raise ContentError(f"a perk names an unknown activity or season: {perk}")
    base = [m for m in c.misfortunes if not m.expansion]
    if len(base) != 16 or len(c.misfortunes) - len(base) != 8:
        raise ContentError("the base game has 16 misfortunes and the expansion 8 more")
    starting = [a for a in c.activities if a.starting]
    if len(starting) != 6 or [a for a in c.amenities if a.starting] != [amenity("lodge", c)]:
        raise ContentError("six starting activities and the Lodge as the starting amenity")
    if len([s for s in c.staff if s.starting]) != 4 or len([s for s in c.staff if not s.starting]) < 12:
        raise ContentError("four starting staff and at least twelve more")
    if len(c.upgrades) < 3 * 4 + 2:
        raise ContentError("enough upgrades to deal 3 per player plus 2 for the Activities Director")


def amenity(card_id: str, c: Content) -> Amenity:
    return {a.id: a for a in c.amenities}[card_id]


@cache
def content() -> Content:
    raw = resources.files("engines.bivouac").joinpath("data/cards.json").read_bytes()
    try:
        data = msgspec.json.decode(raw, type=Content)
    except msgspec.ValidationError as error:
        raise ContentError(f"cards.json: {error}") from None
    _check(data)
    return data


Card = Activity | Amenity | Misfortune | Gift | Staff | Upgrade | Location


@cache
def by_id() -> dict[str, Card]:
    c = content()
    return {
        x.id: x
        for group in (c.activities, c.amenities, c.misfortunes, c.gifts, c.staff, c.upgrades, c.locations)
        for x in group
    }


def card(card_id: str) -> Card:
    return by_id()[card_id]


def name(card_id: str) -> str:
    return by_id()[card_id].name


@cache
def activities() -> dict[str, Activity]:
    return {a.id: a for a in content().activities}


@cache
def amenities() -> dict[str, Amenity]:
    return {a.id: a for a in content().amenities}


@cache
def misfortunes() -> dict[str, Misfortune]:
    return {m.id: m for m in content().misfortunes}


@cache
def gifts() -> dict[str, Gift]:
    return {g.id: g for g in content().gifts}


@cache
def staff() -> dict[str, Staff]:
    return {s.id: s for s in content().staff}


@cache
def upgrades() -> dict[str, Upgrade]:
    return {u.id: u for u in content().upgrades}


@cache
def locations() -> dict[str, Location]:
    return {loc.id: loc for loc in content().locations}


def month_of_round(round_number: int) -> int:
    """Round 1 is December, round 2 January, ..., round 13 December again."""
    return (round_number - 2) % 12 + 1


def season_of_round(round_number: int) -> str:
    return SEASONS[month_of_round(round_number)]


def cost_text(cost: dict[str, int]) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in sorted(cost.items())) or "free"
