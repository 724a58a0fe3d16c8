"""Otis' targeting for Camp Grizzly: whom he (or a hunting cameo) goes after, pure functions.

Otis' targeting (rulebook 1.3 "Targeting"), implemented in `break_ties`:
  closest counselor or cameo by Otis' shortest path, then, among the equally close,
  a. the one whose cabin holds the fewest campers, cameos and counselors;
  b. the one whose cabin holds a horrified counselor;
  c. the counselor with the most injuries;
  d. random (the engine's Rng).
A target standing outside has a "cabin" of its own space only (the rulebook is silent).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import msgspec

from engines.camp_grizzly.board import NO_CELLS, Hunter, hunter_distances
from engines.camp_grizzly.content import CampMap, Cell
from engines.core.rng import Rng


class Target(msgspec.Struct, frozen=True):
    """Someone Otis may hunt: a counselor on the board or a cameo pawn."""

    id: str
    kind: Literal["counselor", "cameo"]
    cell: Cell
    injuries: int = 0
    horrified: bool = False
    campers: int = 0  # campers in this counselor's care


TieBreak = Literal["none", "only", "fewest_in_cabin", "horrified", "injuries", "random"]


class TargetChoice(msgspec.Struct, frozen=True):
    target: Target | None
    distance: int  # -1 when nobody can be reached
    decided_by: TieBreak  # "only" = a single closest target, "none" = no target
    tied: tuple[str, ...] = ()  # ids of the equally close targets


def cabin_headcount(m: CampMap, cell: Cell, everyone: Iterable[Target]) -> int:
    """Campers, cameos and counselors in the cabin of `cell` (tie-break a)."""
    area = set(m.area(cell))
    return sum(1 + (t.campers if t.kind == "counselor" else 0) for t in everyone if t.cell in area)


def cabin_has_horrified(m: CampMap, cell: Cell, everyone: Iterable[Target]) -> bool:
    """Whether a horrified counselor is in the cabin of `cell` (tie-break b)."""
    area = set(m.area(cell))
    return any(t.kind == "counselor" and t.horrified and t.cell in area for t in everyone)


def break_ties(m: CampMap, tied: list[Target], everyone: list[Target], rng: Rng) -> tuple[Target, TieBreak]:
    """Otis' tie-breaks among equally close targets, in the rulebook's order (1.3)."""
    if len(tied) == 1:
        return tied[0], "only"
    counts = {t.id: cabin_headcount(m, t.cell, everyone) for t in tied}
    fewest = min(counts.values())
    tied = [t for t in tied if counts[t.id] == fewest]
    if len(tied) == 1:
        return tied[0], "fewest_in_cabin"
    with_horrified = [t for t in tied if cabin_has_horrified(m, t.cell, everyone)]
    if with_horrified:
        tied = with_horrified
        if len(tied) == 1:
            return tied[0], "horrified"
    # Cameos carry no injuries; they count as unhurt here.
    most = max(t.injuries if t.kind == "counselor" else 0 for t in tied)
    tied = [t for t in tied if (t.injuries if t.kind == "counselor" else 0) == most]
    if len(tied) == 1:
        return tied[0], "injuries"
    return rng.choice(tied), "random"


def choose_target(
    m: CampMap,
    otis: Cell,
    targets: Iterable[Target],
    rng: Rng,
    blocked: Iterable[Cell] = NO_CELLS,
    hunter: Hunter = "otis",
    locks: Iterable[Cell] = NO_CELLS,
) -> TargetChoice:
    """Otis' target (or a hunting cameo's, with `hunter="cameo"`: the same rules, on
    foot, locks closed; pass it counselors only)."""
    everyone = list(targets)
    blocked = frozenset(blocked) | (frozenset(locks) if hunter == "cameo" else NO_CELLS)
    dist = hunter_distances(m, otis, hunter, blocked)
    best = -1
    tied: list[Target] = []  # the closest, in the order given
    for t in everyone:
        d = dist.get(t.cell)
        if d is None:
            continue
        if not tied or d < best:
            best, tied = d, [t]
        elif d == best:
            tied.append(t)
    if not tied:
        return TargetChoice(None, -1, "none")
    target, how = break_ties(m, tied, everyone, rng)
    return TargetChoice(target, best, how, tuple(t.id for t in tied))


__all__ = [
    "Target",
    "TargetChoice",
    "TieBreak",
    "break_ties",
    "cabin_has_horrified",
    "cabin_headcount",
    "choose_target",
]
