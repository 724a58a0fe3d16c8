"""Otis' stalk and his lurking appearance for Camp Grizzly, pure functions, and the log
line for each step he takes.

Our choices where the rulebook is silent (all documented in the rules notes):
  - Among equally short paths to his target Otis takes one through the fewest locks, then a
    random one (decided step by step with the Rng, only when there is a real choice).
  - Walking into a locked space, Otis breaks the lock, stands in that space and stops.
  - Otis starting his stalk on a target's space strikes at once without moving.
  - Lurking Otis appears on the end of the rolled trail nearest a target: the target is
    chosen among the closest (from either end) with the usual tie-breaks, then the end
    closest to it; if both ends are equally close, a random one; never a burning end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Literal

import msgspec

from engines.camp_grizzly.board import NO_CELLS, Hunter, distances, hunter_distances, hunter_steps, step_links
from engines.camp_grizzly.content import CampMap, Cell, label
from engines.camp_grizzly.targeting import Target, TargetChoice, break_ties, choose_target
from engines.core.rng import Rng


class StalkStep(msgspec.Struct, frozen=True):
    cell: Cell
    trail: int = 0  # nature trail used for this step, 0 when walking
    broke_lock: bool = False
    strike: bool = False  # he crossed paths with someone here


StopReason = Literal["strike", "lock", "moved", "no_target"]


class Stalk(msgspec.Struct, frozen=True):
    start: Cell
    choice: TargetChoice
    steps: tuple[StalkStep, ...]
    end: Cell
    stop: StopReason  # strike, broke a lock, used all his movement, or nobody to hunt
    struck: tuple[str, ...] = ()  # ids of everyone in the space where he struck
    broken_lock: Cell | None = None


@lru_cache(maxsize=4096)
def _fewest_locks(
    m: CampMap, goal: Cell, locks: frozenset[Cell], blocked: frozenset[Cell], hunter: Hunter
) -> Callable[[Cell], int]:
    """For a space from which `goal` can be reached, the fewest locks on a shortest path
    from it to `goal` (the space itself included), so Otis can prefer lock-free routes of
    equal length. Worked out on demand, for the spaces his stalks ask about, and kept per
    configuration (most lock and fire configurations are new, so the whole map would be
    worked out for a few spaces)."""
    if not locks:
        return _none
    toward = hunter_distances(m, goal, hunter, blocked)
    # The hunter's steps from a space are its links that are not blocked (`hunter_steps`).
    links = step_links(m, "otis" if hunter == "otis" else "counselor")
    known: dict[Cell, int] = {}

    def fewest(cell: Cell) -> int:
        found = known.get(cell)
        if found is None:
            own = 1 if cell in locks else 0
            closer = toward[cell] - 1
            if closer < 0:
                found = own
            else:
                found = own + min(
                    fewest(there) for there in links[cell] if there not in blocked and toward.get(there) == closer
                )
            known[cell] = found
        return found

    return fewest


def _none(cell: Cell) -> int:
    """No locks anywhere: none on any path."""
    return 0


def stalk(
    m: CampMap,
    otis: Cell,
    targets: Iterable[Target],
    movement: int,
    rng: Rng,
    locks: Iterable[Cell] = NO_CELLS,
    blocked: Iterable[Cell] = NO_CELLS,
    choice: TargetChoice | None = None,
    hunter: Hunter = "otis",
) -> Stalk:
    """Otis' stalk phase, step by step: up to `movement` steps along a shortest path to
    his target; he stops on crossing paths with any counselor or cameo (a strike) and on
    breaking a lock. `choice` may be given when the engine already chose the target.

    With `hunter="cameo"` the same walk serves a hunting cameo after Otis' turn: pass the
    counselors as `targets`; "strike" then means it met someone (resolve its text)."""
    everyone = list(targets)
    locks, blocked = frozenset(locks), frozenset(blocked)
    if hunter == "cameo":
        blocked, locks = blocked | locks, NO_CELLS
    if choice is None:
        choice = choose_target(m, otis, everyone, rng, blocked, hunter)
    if choice.target is None:
        return Stalk(otis, choice, (), otis, "no_target")
    occupied: dict[Cell, list[str]] = {}
    for t in everyone:
        occupied.setdefault(t.cell, []).append(t.id)
    if otis in occupied:
        return Stalk(otis, choice, (), otis, "strike", tuple(occupied[otis]))
    toward = hunter_distances(m, choice.target.cell, hunter, blocked)
    if otis not in toward:  # a target chosen earlier that can no longer be reached
        return Stalk(otis, choice, (), otis, "no_target")
    fewest = _fewest_locks(m, choice.target.cell, locks, blocked, hunter)
    here = otis
    steps: list[StalkStep] = []
    while len(steps) < movement and toward[here] > 0:
        closer = toward[here] - 1
        options = []  # a loop, not a comprehension: a function made and called each step
        for mv in hunter_steps(m, here, hunter, blocked):
            if toward.get(mv.to) == closer:
                options.append(mv)
        if len(options) > 1:
            least = min(fewest(mv.to) for mv in options)
            options = [mv for mv in options if fewest(mv.to) == least]
        move = options[0] if len(options) == 1 else rng.choice(options)
        here = move.to
        broke = here in locks
        strike = here in occupied
        steps.append(StalkStep(here, move.trail, broke, strike))
        if strike or broke:
            return Stalk(
                otis,
                choice,
                tuple(steps),
                here,
                "strike" if strike else "lock",
                tuple(occupied.get(here, ())),
                here if broke else None,
            )
    return Stalk(otis, choice, tuple(steps), here, "moved")


class Appearance(msgspec.Struct, frozen=True):
    trail: int
    cell: Cell
    choice: TargetChoice  # the target that decided the side


def lurk_appearance(
    m: CampMap, roll: int, targets: Iterable[Target], rng: Rng, blocked: Iterable[Cell] = NO_CELLS
) -> Appearance:
    """Where lurking Otis appears before his stalk: on the end of nature trail `roll`
    (the engine's d6) on the side with the closest target, never on a burning end
    (`blocked`); ValueError when both ends burn (the engine leaves him lurking then)."""
    everyone = list(targets)
    if roll not in m.trails:
        raise ValueError(f"There is no nature trail {roll}; the lurking roll is a d6.")
    blocked = frozenset(blocked)
    ends = tuple(end for end in m.trails[roll] if end not in blocked)
    if not ends:
        raise ValueError(f"Both ends of nature trail {roll} burn: Otis cannot appear there.")
    dists = [distances(m, end, "otis", blocked=blocked) for end in ends]
    near = {}
    for t in everyone:
        reach = [d[t.cell] for d in dists if t.cell in d]
        if reach:
            near[t.id] = min(reach)
    if not near:
        return Appearance(roll, rng.choice(ends), TargetChoice(None, -1, "none"))
    best = min(near.values())
    tied = [t for t in everyone if near.get(t.id) == best]
    target, how = break_ties(m, tied, everyone, rng)
    sides = [end for end, d in zip(ends, dists) if d.get(target.cell) == best]
    cell = sides[0] if len(sides) == 1 else rng.choice(sides)
    return Appearance(roll, cell, TargetChoice(target, best, how, tuple(t.id for t in tied)))


def describe_step(step: StalkStep) -> str:
    """One line for the log as Otis moves."""
    how = f"along nature trail {step.trail} to" if step.trail else "to"
    tail = " and breaks the lock" if step.broke_lock else ""
    tail += " and strikes!" if step.strike else ""
    return f"Otis moves {how} {label(step.cell)}{tail}."


__all__ = [
    "Appearance",
    "Stalk",
    "StalkStep",
    "describe_step",
    "lurk_appearance",
    "stalk",
]
