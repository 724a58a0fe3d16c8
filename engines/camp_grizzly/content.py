"""Camp Grizzly content as data: the camp map, counselors, Otis' track, the cabin, survival
and mini decks, the finales, the camp setups and the Woods table.

Every JSON file under `data/` is decoded with msgspec into frozen Structs and checked once
at load; a bad edit fails with a `ContentError` (a ValueError) naming the file and the
entry, instead of producing a strange game. All names and texts are our own.

This module loads and caches the files and is the one the rules import (`content.X`). The
definitions live by concern: `content_base` (spaces and labels, counts, the effect
vocabulary, documented there), `content_map` (the camp map), `content_cards` (counselors,
Otis, cards, minis) and `content_finales` (finales, setups, the Woods table).
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Literal

import msgspec

from engines.camp_grizzly.content_base import (
    ATTACK_STEPS,
    CABIN_DECK_SIZE,
    CABIN_KINDS,
    CABIN_KIND_COUNTS,
    COUNSELOR_COUNT,
    DICE,
    EFFECTS,
    HOPELESS,
    ITEM_SLOTS,
    KIND_CHARS,
    MINI_COUNT,
    MINI_KINDS,
    NATURE_TRAILS,
    OBJECTIVES,
    OPPOSITE,
    PASSABLE_KINDS,
    RED_KINDS,
    SIDES,
    SITE_IDS,
    SURVIVAL_DECK_SIZE,
    TIMINGS,
    WOODS_ROLLS,
    Cell,
    ContentError,
    Effect,
    EffectSpec,
    Lasts,
    Side,
    Stat,
    When,
    Who,
    check_effect,
    check_effects,
    check_non_empty,
    check_unique,
    know_places,
    label,
    parse_label,
)
from engines.camp_grizzly.content_cards import (
    Ability,
    CabinCard,
    Cameo,
    Counselor,
    Mini,
    OtisStats,
    OtisStep,
    OtisTrack,
    SurvivalCard,
    validate_cabin_cards,
    validate_counselors,
    validate_minis,
    validate_otis,
    validate_survival,
)
from engines.camp_grizzly.content_finales import (
    Finale,
    FinaleOption,
    FinaleStep,
    Setup,
    WoodsOutcome,
    validate_finales,
    validate_setups,
    validate_woods,
)
from engines.camp_grizzly.content_map import (
    Cabin,
    CampMap,
    CampTrail,
    Door,
    FinaleSite,
    MapData,
    NatureTrail,
    Place,
    validate_map,
)

# --- loading --------------------------------------------------------------------------


def _read(name: str) -> bytes:
    return resources.files("engines.camp_grizzly").joinpath("data").joinpath(name).read_bytes()


def _decode(name: str, type_: type) -> object:
    try:
        return msgspec.json.decode(_read(name), type=type_)
    except msgspec.ValidationError as err:
        raise ContentError(f"{name}: {err}") from None
    except msgspec.DecodeError as err:
        raise ContentError(f"{name} is not valid JSON: {err}") from None


# --- cached accessors -----------------------------------------------------------------


@cache
def camp_map() -> CampMap:
    m = validate_map(_decode("map.json", MapData))  # type: ignore[arg-type]
    know_places(m.place_ids)
    return m


@cache
def counselors() -> dict[str, Counselor]:
    camp_map()
    data: tuple[Counselor, ...] = _decode("counselors.json", tuple[Counselor, ...])  # type: ignore[assignment]
    validate_counselors(data)
    return {c.id: c for c in data}


@cache
def otis_track() -> OtisTrack:
    track: OtisTrack = _decode("otis.json", OtisTrack)  # type: ignore[assignment]
    validate_otis(track)
    return track


@cache
def otis_stats(body_count: int) -> OtisStats:
    """Otis' printed stats at this body count (before rumors)."""
    track = otis_track()
    stats = track.start
    for step in track.steps:
        if body_count >= step.body_count:
            stats = OtisStats(step.stalk, step.attack, step.damage)
    return stats


@cache
def cabin_cards() -> dict[str, CabinCard]:
    camp_map()
    data: tuple[CabinCard, ...] = _decode("cabin_cards.json", tuple[CabinCard, ...])  # type: ignore[assignment]
    validate_cabin_cards(data)
    return {c.id: c for c in data}


@cache
def survival_cards() -> dict[str, SurvivalCard]:
    camp_map()
    data: tuple[SurvivalCard, ...] = _decode("survival_cards.json", tuple[SurvivalCard, ...])  # type: ignore[assignment]
    validate_survival(data)
    return {c.id: c for c in data}


@cache
def minis() -> dict[str, Mini]:
    camp_map()
    data: tuple[Mini, ...] = _decode("minis.json", tuple[Mini, ...])  # type: ignore[assignment]
    validate_minis(data)
    return {m.id: m for m in data}


@cache
def finales() -> dict[str, Finale]:
    camp_map()
    data: tuple[Finale, ...] = _decode("finales.json", tuple[Finale, ...])  # type: ignore[assignment]
    validate_finales(data, tuple(minis().values()))
    return {f.id: f for f in data}


@cache
def setups() -> dict[str, Setup]:
    data: tuple[Setup, ...] = _decode("setups.json", tuple[Setup, ...])  # type: ignore[assignment]
    validate_setups(data, camp_map(), tuple(minis().values()))
    return {s.id: s for s in data}


@cache
def woods() -> dict[int, WoodsOutcome]:
    camp_map()
    data: tuple[WoodsOutcome, ...] = _decode("woods.json", tuple[WoodsOutcome, ...])  # type: ignore[assignment]
    validate_woods(data)
    return {o.roll: o for o in data}


@cache
def deck(kind: Literal["cabin", "survival", "question"], surprises: bool = True) -> tuple[str, ...]:
    """The card ids of a full deck, one entry per physical card, in a stable order.
    `surprises=False` leaves the surprise minis out of the "?" deck (the rulebook's
    easier, quicker game)."""
    if kind == "cabin":
        source = [(c.id, c.copies) for c in cabin_cards().values()]
    elif kind == "survival":
        source = [(c.id, c.copies) for c in survival_cards().values()]
    else:
        source = [(m.id, m.copies) for m in minis().values() if m.question and (surprises or not m.surprise)]
    return tuple(card for card, copies in source for _ in range(copies))


def load_all() -> None:
    """Load and check every file (tests and start-up checks)."""
    camp_map()
    counselors()
    otis_track()
    cabin_cards()
    survival_cards()
    minis()
    finales()
    setups()
    woods()


__all__ = [
    "ATTACK_STEPS",
    "Ability",
    "CABIN_DECK_SIZE",
    "CABIN_KINDS",
    "CABIN_KIND_COUNTS",
    "COUNSELOR_COUNT",
    "Cabin",
    "CabinCard",
    "Cameo",
    "CampMap",
    "CampTrail",
    "Cell",
    "ContentError",
    "Counselor",
    "DICE",
    "Door",
    "EFFECTS",
    "Effect",
    "EffectSpec",
    "Finale",
    "FinaleOption",
    "FinaleSite",
    "FinaleStep",
    "HOPELESS",
    "ITEM_SLOTS",
    "KIND_CHARS",
    "Lasts",
    "MINI_COUNT",
    "MINI_KINDS",
    "MapData",
    "Mini",
    "NATURE_TRAILS",
    "NatureTrail",
    "OBJECTIVES",
    "OPPOSITE",
    "OtisStats",
    "OtisStep",
    "OtisTrack",
    "PASSABLE_KINDS",
    "Place",
    "RED_KINDS",
    "SIDES",
    "SITE_IDS",
    "SURVIVAL_DECK_SIZE",
    "Setup",
    "Side",
    "Stat",
    "SurvivalCard",
    "TIMINGS",
    "WOODS_ROLLS",
    "When",
    "Who",
    "WoodsOutcome",
    "cabin_cards",
    "camp_map",
    "check_effect",
    "check_effects",
    "check_non_empty",
    "check_unique",
    "counselors",
    "deck",
    "finales",
    "know_places",
    "label",
    "load_all",
    "minis",
    "otis_stats",
    "otis_track",
    "parse_label",
    "setups",
    "survival_cards",
    "validate_cabin_cards",
    "validate_counselors",
    "validate_finales",
    "validate_map",
    "validate_minis",
    "validate_otis",
    "validate_setups",
    "validate_survival",
    "validate_woods",
    "woods",
]
