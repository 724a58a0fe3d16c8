"""Counselors, Otis' track, the cabin and survival cards and the minis, as data: their
Structs and the checks each file passes at load."""

from __future__ import annotations

from collections import Counter
from typing import Literal

import msgspec

from engines.camp_grizzly.content_base import (
    ATTACK_STEPS,
    CABIN_DECK_SIZE,
    CABIN_KIND_COUNTS,
    COUNSELOR_COUNT,
    DICE,
    HOPELESS,
    MINI_COUNT,
    OBJECTIVES,
    RED_KINDS,
    SURVIVAL_DECK_SIZE,
    ContentError,
    Effect,
    check_effects,
    check_non_empty,
    check_unique,
)

# --- counselors and Otis --------------------------------------------------------------


class Ability(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    text: str
    effects: tuple[Effect, ...]


class Counselor(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    initials: str
    blurb: str
    health: int  # the top of the health/movement track; this many injuries is the skull
    panic: int
    ability: Ability


class OtisStats(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    stalk: int
    attack: int  # die sides
    damage: int


class OtisStep(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    body_count: int  # from this body count on
    stalk: int
    attack: int
    damage: int


class OtisTrack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    start: OtisStats
    steps: tuple[OtisStep, ...]
    hopeless: int


# --- cards ----------------------------------------------------------------------------


class Cameo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A visitor pawn placed where drawn. After Otis' stalk it moves `stalk` spaces
    towards the closest counselor (by Otis' targeting) when `hunts` is set."""

    stalk: int = 0
    hunts: bool = False
    meet: tuple[Effect, ...] = ()


class CabinCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    kind: Literal["weapon", "item", "camper", "cameo", "plot_twist", "otis_strikes", "otis_rumor"]
    name: str
    text: str
    copies: int = 1
    red: bool = False  # red Otis cards count for Tempt Fate
    die: int = 0  # weapons
    hands: int = 0  # weapons 1-2; hand items 1-2
    slot: Literal["", "hand", "clothing", "backpack"] = ""  # items
    timing: Literal["", "turn", "fight", "after_roll", "panic", "any"] = ""  # backpack items
    effects: tuple[Effect, ...] = ()
    lasting: bool = False  # plot twists that stay in play until their `lasts` ends
    cameo: Cameo | None = None


class SurvivalCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    kind: Literal["single", "permanent"]
    name: str
    text: str
    copies: int = 1
    timing: Literal["", "turn", "fight", "after_roll", "panic", "any"] = ""
    effects: tuple[Effect, ...] = ()


class Mini(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    kind: Literal["objective", "key", "surprise", "first_aid", "lock", "fire", "horrified", "body_count"]
    name: str
    text: str
    copies: int = 1
    question: bool = False  # has a "?" back: shuffled onto "?" spaces / the objective deck
    surprise: bool = False  # removed in the "no surprises" game
    objective: str = ""  # what it counts as for a finale (keys are objectives too)
    effects: tuple[Effect, ...] = ()


# --- validation -----------------------------------------------------------------------


def validate_counselors(counselors: tuple[Counselor, ...]) -> None:
    where = "counselors.json"
    if len(counselors) != COUNSELOR_COUNT:
        raise ContentError(f"{where}: expected {COUNSELOR_COUNT} counselors, found {len(counselors)}.")
    check_unique([c.id for c in counselors], "counselor ids", where)
    check_unique([c.initials for c in counselors], "initials", where)
    check_unique([c.ability.id for c in counselors], "ability ids", where)
    for c in counselors:
        if len(c.initials) != 2 or not c.initials.isalpha() or not c.initials.isupper():
            raise ContentError(f"{where}: {c.id}'s initials must be 2 capital letters, not '{c.initials}'.")
        if not 3 <= c.health <= 6:
            raise ContentError(f"{where}: {c.id}'s health track must run from 3 to 6 spaces, not {c.health}.")
        if not 1 <= c.panic <= 4:
            raise ContentError(f"{where}: {c.id}'s panic must be 1 to 4, not {c.panic}.")
        for text, what in (
            (c.name, "name"),
            (c.blurb, "blurb"),
            (c.ability.name, "ability name"),
            (c.ability.text, "ability text"),
        ):
            check_non_empty(text, f"{where}: {c.id}'s {what}")
        if not c.ability.effects:
            raise ContentError(f"{where}: {c.id}'s ability has no rules hook.")
        check_effects(c.ability.effects, f"{where}: {c.id}'s ability", "passive")


def validate_otis(track: OtisTrack) -> None:
    where = "otis.json"
    if track.start != OtisStats(stalk=1, attack=4, damage=1):
        raise ContentError(f"{where}: Otis starts at Stalk 1, Attack d4, Damage 1.")
    if track.hopeless != HOPELESS:
        raise ContentError(f"{where}: the body count is Hopeless at {HOPELESS}.")
    previous = OtisStep(0, track.start.stalk, track.start.attack, track.start.damage)
    for step in track.steps:
        if not previous.body_count < step.body_count < track.hopeless:
            raise ContentError(f"{where}: thresholds must rise and stay below {track.hopeless} (at {step.body_count}).")
        if step.attack not in ATTACK_STEPS:
            raise ContentError(f"{where}: attack d{step.attack} at {step.body_count} is not d4, d6, d8 or d10.")
        now, before = (step.stalk, step.attack, step.damage), (previous.stalk, previous.attack, previous.damage)
        if now == before or any(a < b for a, b in zip(now, before)):
            raise ContentError(f"{where}: at body count {step.body_count} Otis must grow, never weaken.")
        if ATTACK_STEPS.index(step.attack) > ATTACK_STEPS.index(previous.attack) + 1:
            raise ContentError(f"{where}: at body count {step.body_count} the attack die skips a step.")
        previous = step
    if previous.attack != 10:
        raise ContentError(f"{where}: the track must bring Otis' attack up to d10.")


def validate_cabin_cards(cards: tuple[CabinCard, ...]) -> None:
    where = "cabin_cards.json"
    check_unique([c.id for c in cards], "card ids", where)
    check_unique([c.name for c in cards], "card names", where)
    total = sum(c.copies for c in cards)
    if total != CABIN_DECK_SIZE:
        raise ContentError(f"{where}: the cabin deck has {CABIN_DECK_SIZE} cards, not {total}.")
    per_kind: Counter[str] = Counter()
    for c in cards:
        at = f"{where}: {c.id}"
        per_kind[c.kind] += c.copies
        check_non_empty(c.name, f"{at} name")
        check_non_empty(c.text, f"{at} text")
        if c.copies < 1:
            raise ContentError(f"{at}: copies must be at least 1.")
        if c.red != (c.kind in RED_KINDS):
            raise ContentError(f"{at}: exactly the Otis Strikes! and Otis rumor cards are red.")
        if c.kind == "weapon":
            if c.die not in DICE or c.hands not in (1, 2) or c.slot or c.timing:
                raise ContentError(f"{at}: a weapon has a die (d4-d10) and 1 or 2 hands, nothing else.")
            check_effects(c.effects, at, "passive")
        elif c.die:
            raise ContentError(f"{at}: only weapons have a fight die.")
        if c.kind == "item":
            if c.slot == "hand" and c.hands in (1, 2) and not c.timing:
                check_effects(c.effects, at, "passive")
            elif c.slot == "clothing" and c.hands == 0 and not c.timing:
                check_effects(c.effects, at, "passive")
            elif c.slot == "backpack" and c.hands == 0 and c.timing:
                check_effects(c.effects, at, "instant", c.timing)
            else:
                raise ContentError(
                    f"{at}: an item is a hand item (1-2 hands), clothing (no hands) or a backpack item with a timing."
                )
            if not c.effects:
                raise ContentError(f"{at}: an item must do something.")
        elif c.kind != "weapon" and (c.slot or c.hands or c.timing):
            raise ContentError(f"{at}: only weapons and items have hands, slots or timings.")
        if c.kind == "camper":
            if not c.effects:
                raise ContentError(f"{at}: a camper lends an ability.")
            check_effects(c.effects, at, "passive")
        if c.kind == "cameo":
            if c.cameo is None or not c.cameo.meet:
                raise ContentError(f"{at}: a cameo needs its meeting effects.")
            if c.cameo.hunts != (c.cameo.stalk > 0) or not 0 <= c.cameo.stalk <= 2:
                raise ContentError(f"{at}: a hunting cameo stalks 1-2 spaces; a still one stalks 0.")
            check_effects(c.cameo.meet, f"{at} meeting", "instant")
            if c.effects:
                raise ContentError(f"{at}: a cameo's effects belong in 'cameo.meet'.")
        elif c.cameo is not None:
            raise ContentError(f"{at}: only cameos have cameo rules.")
        if c.kind in ("plot_twist", "otis_strikes", "otis_rumor"):
            if not c.effects:
                raise ContentError(f"{at}: this card must do something.")
            check_effects(c.effects, at, "instant")
        if c.lasting and c.kind != "plot_twist":
            raise ContentError(f"{at}: only plot twists stay in play.")
        if c.lasting and not any(e.lasts in ("round", "next_round", "stalk", "game") for e in c.effects):
            raise ContentError(f"{at}: a lasting plot twist needs an effect that lasts a round, a stalk or the game.")
        if c.kind == "otis_strikes" and c.effects[0].effect != "otis_strikes":
            raise ContentError(f"{at}: an Otis Strikes! card starts with the otis_strikes effect.")
        if c.kind == "otis_rumor" and any(e.effect == "otis_strikes" for e in c.effects):
            raise ContentError(f"{at}: rumors never make Otis strike.")
    if dict(per_kind) != CABIN_KIND_COUNTS:
        raise ContentError(f"{where}: kind counts {dict(per_kind)} differ from {CABIN_KIND_COUNTS}.")


def validate_survival(cards: tuple[SurvivalCard, ...]) -> None:
    where = "survival_cards.json"
    check_unique([c.id for c in cards], "card ids", where)
    check_unique([c.name for c in cards], "card names", where)
    total = sum(c.copies for c in cards)
    if total != SURVIVAL_DECK_SIZE:
        raise ContentError(f"{where}: the survival deck has {SURVIVAL_DECK_SIZE} cards, not {total}.")
    for c in cards:
        at = f"{where}: {c.id}"
        check_non_empty(c.text, f"{at} text")
        if not c.effects or c.copies < 1:
            raise ContentError(f"{at}: needs effects and at least one copy.")
        if c.kind == "single":
            if not c.timing:
                raise ContentError(f"{at}: a single-use card says when it can be played.")
            check_effects(c.effects, at, "instant", c.timing)
        else:
            if c.timing:
                raise ContentError(f"{at}: a permanent card is always in play; drop its timing.")
            check_effects(c.effects, at, "passive")
    kinds = {c.kind for c in cards}
    if kinds != {"single", "permanent"}:
        raise ContentError(f"{where}: the deck mixes single-use and permanent cards.")


def validate_minis(minis: tuple[Mini, ...]) -> None:
    where = "minis.json"
    check_unique([m.id for m in minis], "mini ids", where)
    total = sum(m.copies for m in minis)
    if total != MINI_COUNT:
        raise ContentError(f"{where}: there are {MINI_COUNT} mini cards, not {total}.")
    kinds: Counter[str] = Counter()
    for m in minis:
        at = f"{where}: {m.id}"
        kinds[m.kind] += m.copies
        check_non_empty(m.text, f"{at} text")
        if m.objective and m.objective not in OBJECTIVES:
            raise ContentError(f"{at}: unknown objective '{m.objective}'.")
        if (m.kind in ("objective", "key")) != bool(m.objective):
            raise ContentError(f"{at}: objectives and keys (only) name the objective they count as.")
        if m.kind == "key" and m.objective != "keys":
            raise ContentError(f"{at}: keys count as the 'keys' objective.")
        if m.kind in ("objective", "surprise", "first_aid") and not m.question:
            raise ContentError(f"{at}: objectives, surprises and the first aid station have '?' backs.")
        if m.kind in ("lock", "fire", "horrified", "body_count") and (m.question or m.surprise):
            raise ContentError(f"{at}: markers have no '?' back.")
        if m.surprise and not m.question:
            raise ContentError(f"{at}: a surprise is found on a '?' space.")
        if m.kind == "surprise":
            if not m.surprise or not m.effects:
                raise ContentError(f"{at}: a surprise is marked as one and does something.")
            check_effects(m.effects, at, "instant")
        elif m.effects:
            raise ContentError(f"{at}: only surprises carry effects.")
    for needed in ("objective", "key", "surprise", "first_aid", "lock", "fire", "horrified"):
        if kinds[needed] == 0:
            raise ContentError(f"{where}: no '{needed}' minis.")
    if kinds["first_aid"] != 1 or kinds["body_count"] != 1:
        raise ContentError(f"{where}: there is one first aid station and one body count marker.")
    surprise_keys = [m for m in minis if m.kind == "key" and m.surprise]
    if not surprise_keys:
        raise ContentError(f"{where}: spare keys are among the surprises.")
