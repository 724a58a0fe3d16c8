"""The finales, the camp setups and the Woods table, as data: their Structs and the
checks each file passes at load."""

from __future__ import annotations

from collections import Counter
from typing import Literal

import msgspec

from engines.camp_grizzly.content_base import (
    Cell,
    DICE,
    HOPELESS,
    OBJECTIVES,
    SITE_IDS,
    WOODS_ROLLS,
    ContentError,
    Effect,
    parse_label,
    check_effects,
    check_non_empty,
    check_unique,
)
from engines.camp_grizzly.content_cards import Mini
from engines.camp_grizzly.content_map import CampMap


class FinaleOption(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    label: str
    text: str
    goto: str  # the step id to continue from


class FinaleStep(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One line of a finale card, resolved top to bottom.

    roll: `roller` rolls `die` (+ nothing else) aiming for `target` or more; `one` = the
      team picks one counselor, `each` = every counselor rolls for themself, `team` = the
      sum of every counselor's roll. Up to `tries` attempts; after each miss `on_miss`
      resolves (injuries, Otis strikes...). Out of tries: `on_fail` ("fail" ends the
      finale for those counselors, "continue" goes on).
    fight: Otis attacks everyone in the finale with `otis_bonus` added to his roll; the
      usual fight-or-panic. A counselor who panics in a finale takes the injuries and drops
      out of it (fails). If nobody beats him, the finale fails.
    choice: the team picks one of `options`, each jumping to a step id.
    effect: `effects` resolve on every counselor still in the finale.
    win: every counselor still in the finale escapes and wins.
    """

    id: str
    kind: Literal["roll", "fight", "choice", "effect", "win"]
    text: str
    roller: Literal["", "one", "each", "team"] = ""
    die: int = 0
    target: int = 0
    tries: int = 1
    on_miss: tuple[Effect, ...] = ()
    on_fail: Literal["", "fail", "continue"] = ""
    otis_bonus: int = 0
    options: tuple[FinaleOption, ...] = ()
    effects: tuple[Effect, ...] = ()
    goto: str = ""  # after success, jump here instead of the next step


class Finale(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str  # a site id
    name: str
    requires: tuple[str, str, str]  # objective kinds, one mini each
    intro: str
    steps: tuple[FinaleStep, ...]


class Setup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Literal["easy", "normal"]
    name: str
    text: str
    question_spaces: tuple[str, ...]
    keys: tuple[str, ...]
    locks: tuple[str, ...]
    body_count: int
    #: Extra spaces Otis stalks all game in this setup (a faster Otis), on top of his track.
    otis_stalk: int = 0


class WoodsOutcome(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    roll: int
    name: str
    text: str
    effects: tuple[Effect, ...]


# --- validation -----------------------------------------------------------------------


def validate_finales(finales: tuple[Finale, ...], minis: tuple[Mini, ...]) -> None:
    where = "finales.json"
    if sorted(f.id for f in finales) != sorted(SITE_IDS):
        raise ContentError(f"{where}: one finale per site: {', '.join(SITE_IDS)}.")
    combos = [tuple(sorted(f.requires)) for f in finales]
    if len(set(combos)) != len(combos):
        raise ContentError(f"{where}: two finales need the same objectives.")
    supply: Counter[str] = Counter()
    for m in minis:
        if m.objective:
            supply[m.objective] += m.copies
    for f in finales:
        at = f"{where}: {f.id}"
        for obj in f.requires:
            if obj not in OBJECTIVES:
                raise ContentError(f"{at}: unknown objective '{obj}'.")
        for obj, n in Counter(f.requires).items():
            if supply[obj] < n:
                raise ContentError(f"{at}: needs {n} '{obj}' but the minis hold {supply[obj]}.")
        ids = [s.id for s in f.steps]
        check_unique(ids, "step ids", at)
        if not f.steps or f.steps[-1].kind != "win":
            raise ContentError(f"{at}: the last step is the win.")
        for i, s in enumerate(f.steps):
            sat = f"{at} step '{s.id}'"
            check_non_empty(s.text, sat)
            later = set(ids[i + 1 :])
            for target in [s.goto] + [o.goto for o in s.options]:
                if target and target not in later:
                    raise ContentError(f"{sat}: jumps must go forward to a step of this finale, not '{target}'.")
            if s.kind == "roll":
                if s.roller not in ("one", "each", "team") or s.die not in DICE or s.target < 1 or s.tries < 1:
                    raise ContentError(f"{sat}: a roll names a roller, a die, a target and tries.")
                if s.on_fail not in ("fail", "continue"):
                    raise ContentError(f"{sat}: a roll says what failing does.")
                if s.roller != "team" and s.target > s.die:
                    raise ContentError(f"{sat}: d{s.die} cannot reach {s.target}.")
                check_effects(s.on_miss, f"{sat} on_miss", "instant")
            elif s.roller or s.die or s.target or s.on_miss or s.on_fail or s.tries != 1:
                raise ContentError(f"{sat}: only roll steps have a roller, a die, targets, tries or misses.")
            if s.kind == "choice":
                if len(s.options) < 2:
                    raise ContentError(f"{sat}: a choice offers at least two options.")
            elif s.options:
                raise ContentError(f"{sat}: only choices have options.")
            if s.kind == "effect":
                if not s.effects:
                    raise ContentError(f"{sat}: an effect step needs effects.")
                check_effects(s.effects, sat, "instant")
            elif s.effects:
                raise ContentError(f"{sat}: only effect steps carry effects.")
            if s.otis_bonus and s.kind != "fight":
                raise ContentError(f"{sat}: only fights give Otis a bonus.")
        if not any(s.kind == "fight" for s in f.steps):
            raise ContentError(f"{at}: every finale has Otis attack at least once.")


def validate_setups(setups: tuple[Setup, ...], m: CampMap, minis: tuple[Mini, ...]) -> None:
    where = "setups.json"
    if sorted(s.id for s in setups) != ["easy", "normal"]:
        raise ContentError(f"{where}: there are exactly the Easy and Normal setups.")
    question = sum(x.copies for x in minis if x.question and not x.surprise)
    keys = sum(x.copies for x in minis if x.kind == "key" and not x.surprise)
    locks = sum(x.copies for x in minis if x.kind == "lock")
    for s in setups:
        at = f"{where}: {s.id}"
        cells: dict[Cell, str] = {}
        for what, labels in (("'?'", s.question_spaces), ("key", s.keys), ("lock", s.locks)):
            check_unique(list(labels), f"{what} spaces", at)
            for text in labels:
                cell = parse_label(text)
                if not m.passable(cell):
                    raise ContentError(f"{at}: {what} space {text} is not a space one can stand on.")
                if cell in cells:
                    raise ContentError(f"{at}: {text} holds both a {cells[cell]} and a {what}.")
                cells[cell] = what
        for special in ("campfire", "tool_shed"):
            if m.places[special] in cells:
                raise ContentError(f"{at}: nothing is set up on the {special.replace('_', ' ')}.")
        if not 1 <= len(s.question_spaces) <= question:
            raise ContentError(
                f"{at}: {len(s.question_spaces)} '?' spaces, but only {question} '?' minis that are not surprises."
            )
        if len(s.keys) > keys:
            raise ContentError(f"{at}: {len(s.keys)} key spaces but {keys} starting keys.")
        if len(s.locks) > locks:
            raise ContentError(f"{at}: {len(s.locks)} lock spaces but {locks} locks.")
        if not 0 <= s.body_count < HOPELESS:
            raise ContentError(f"{at}: the body count starts between 0 and {HOPELESS - 1}.")
        if not 0 <= s.otis_stalk <= 2:
            raise ContentError(f"{at}: Otis' extra stalk is 0, 1 or 2.")


def validate_woods(outcomes: tuple[WoodsOutcome, ...]) -> None:
    where = "woods.json"
    if sorted(o.roll for o in outcomes) != list(range(1, WOODS_ROLLS + 1)):
        raise ContentError(f"{where}: one outcome for each roll 1 to {WOODS_ROLLS}.")
    for o in outcomes:
        check_non_empty(o.text, f"{where}: roll {o.roll} text")
        if not o.effects:
            raise ContentError(f"{where}: roll {o.roll} does nothing.")
        check_effects(o.effects, f"{where}: roll {o.roll}", "instant")
