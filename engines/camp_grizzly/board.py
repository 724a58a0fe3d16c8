"""Pure map and Otis-movement functions for Camp Grizzly.

Nothing here keeps state: the engine passes positions, locks, fires and its `Rng` in and
gets plain results back, so one seeded generator decides every random choice.

Movement (rulebook 1.2, 1.3, 2.2): orthogonal steps between spaces one can stand on, never
through a wall (doors are open edges in a cabin's outline). Counselors may not enter a
locked space without keys (entering with keys clears the lock: the engine does that). Otis
also walks the green nature trails, each trail one step from end to end, and ignores locks
for distance: he breaks the first one he walks into and stops there.

Otis' targeting (rulebook 1.3 "Targeting"), implemented in `break_ties`:
  closest counselor or cameo by Otis' shortest path, then, among the equally close,
  a. the one whose cabin holds the fewest campers, cameos and counselors;
  b. the one whose cabin holds a horrified counselor;
  c. the counselor with the most injuries;
  d. random (the engine's Rng).
A target standing outside has a "cabin" of its own space only (the rulebook is silent).

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

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Literal, NamedTuple

import msgspec

from engines.camp_grizzly.content import OPPOSITE, SIDES, CampMap, Cell, camp_map, label
from engines.core.rng import Rng

Mover = Literal["otis", "counselor"]
#: Who stalks: Otis (nature trails, breaks locks) or a hunting cameo (on foot, and a lock
#: is a closed door to it: our choice, the rulebook is silent).
Hunter = Literal["otis", "cameo"]
NO_CELLS: frozenset[Cell] = frozenset()


class OtisMove(NamedTuple):
    to: Cell
    trail: int  # the nature trail used, 0 when walking


def counselor_steps(
    m: CampMap,
    cell: Cell,
    locks: Iterable[Cell] = NO_CELLS,
    has_keys: bool = False,
    blocked: Iterable[Cell] = NO_CELLS,
) -> tuple[Cell, ...]:
    """Where a counselor may step from `cell`: no walls, no fires (`blocked`), and no
    locked spaces unless holding keys. Nature trails are attempts, not steps (see
    `nature_trails_at`)."""
    locks = frozenset(locks)
    blocked = frozenset(blocked)
    return tuple(
        there for there in m.walk_neighbours(cell) if there not in blocked and (has_keys or there not in locks)
    )


def otis_steps(m: CampMap, cell: Cell, blocked: Iterable[Cell] = NO_CELLS) -> tuple[OtisMove, ...]:
    """Otis' steps: walking (N E S W), then nature trails in number order. Locks do not
    stop a step; they stop him after it."""
    blocked = frozenset(blocked)
    moves = [OtisMove(there, 0) for there in m.walk_neighbours(cell) if there not in blocked]
    moves += [OtisMove(end, number) for number, end in m.trail_links.get(cell, ()) if end not in blocked]
    return tuple(moves)


def nature_trails_at(m: CampMap, cell: Cell) -> tuple[tuple[int, Cell], ...]:
    """(trail number, far end) for each nature trail a counselor here may attempt."""
    return m.trail_links.get(cell, ())


@lru_cache(maxsize=8192)
def hunter_steps(m: CampMap, cell: Cell, hunter: Hunter, blocked: frozenset[Cell]) -> tuple[OtisMove, ...]:
    if hunter == "otis":
        return otis_steps(m, cell, blocked)
    return tuple(OtisMove(there, 0) for there in m.walk_neighbours(cell) if there not in blocked)


def _next_cells(
    m: CampMap, cell: Cell, mover: Mover, locks: frozenset[Cell], has_keys: bool, blocked: frozenset[Cell]
) -> Sequence[Cell]:
    if mover == "otis":
        return [move.to for move in otis_steps(m, cell, blocked)]
    return counselor_steps(m, cell, locks, has_keys, blocked)


def distances(
    m: CampMap,
    start: Cell,
    mover: Mover = "otis",
    locks: Iterable[Cell] = NO_CELLS,
    has_keys: bool = False,
    blocked: Iterable[Cell] = NO_CELLS,
) -> dict[Cell, int]:
    """Shortest step counts from `start` to every reachable space (breadth first).

    The map is static, so the answer depends only on these arguments: it is computed once
    per lock and fire configuration and shared. Read it; never change it."""
    if mover == "otis":  # Otis ignores locks for distance
        locks, has_keys = NO_CELLS, False
    elif has_keys:
        locks = NO_CELLS
    return _distances(m, start, mover, frozenset(locks), has_keys, frozenset(blocked))


@lru_cache(maxsize=4096)
def _distances(
    m: CampMap, start: Cell, mover: Mover, locks: frozenset[Cell], has_keys: bool, blocked: frozenset[Cell]
) -> dict[Cell, int]:
    closed = blocked | locks  # `distances` has emptied `locks` where they do not stop the mover
    links = _links(m, mover)
    dist = {start: 0}
    frontier = [start]
    steps = 0
    while frontier:  # level by level: the same order a first-in first-out queue visits
        steps += 1
        reached = []
        for here in frontier:
            for there in links[here]:
                if there not in dist and there not in closed:
                    dist[there] = steps
                    reached.append(there)
        frontier = reached
    return dist


class _Links(dict[Cell, tuple[Cell, ...]]):
    """One step from a space for a mover, with nothing closed: walking (N E S W), then, for
    Otis, the nature trails in number order (the order of `otis_steps`). A table filled on
    first asking: a breadth-first search reads it for every space it reaches."""

    def __init__(self, m: CampMap, mover: Mover) -> None:
        super().__init__()
        self.m, self.mover = m, mover

    def __missing__(self, cell: Cell) -> tuple[Cell, ...]:
        walk = self.m.walk_neighbours(cell)
        if self.mover == "otis":
            walk += tuple(end for _, end in self.m.trail_links.get(cell, ()))
        self[cell] = walk
        return walk


@lru_cache(maxsize=16)
def _links(m: CampMap, mover: Mover) -> _Links:
    return _Links(m, mover)


def shortest_path(
    m: CampMap,
    start: Cell,
    goal: Cell,
    mover: Mover = "otis",
    locks: Iterable[Cell] = NO_CELLS,
    has_keys: bool = False,
    blocked: Iterable[Cell] = NO_CELLS,
) -> tuple[Cell, ...] | None:
    """One shortest path from `start` to `goal`, both included (first found in N E S W,
    then trail order), or None when `goal` cannot be reached."""
    locks, blocked = frozenset(locks), frozenset(blocked)
    parent: dict[Cell, Cell | None] = {start: None}
    queue = deque([start])
    while queue and goal not in parent:
        here = queue.popleft()
        for there in _next_cells(m, here, mover, locks, has_keys, blocked):
            if there not in parent:
                parent[there] = here
                queue.append(there)
    if goal not in parent:
        return None
    path = [goal]
    while (back := parent[path[-1]]) is not None:
        path.append(back)
    return tuple(reversed(path))


# --- targeting ------------------------------------------------------------------------


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


def _hunter_distances(m: CampMap, start: Cell, hunter: Hunter, blocked: frozenset[Cell]) -> dict[Cell, int]:
    return distances(m, start, "otis" if hunter == "otis" else "counselor", blocked=blocked)


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
    dist = _hunter_distances(m, otis, hunter, blocked)
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


# --- stalking -------------------------------------------------------------------------


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
    toward = _hunter_distances(m, goal, hunter, blocked)
    # The hunter's steps from a space are its links that are not blocked (`hunter_steps`).
    links = _links(m, "otis" if hunter == "otis" else "counselor")
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
    toward = _hunter_distances(m, choice.target.cell, hunter, blocked)
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


# --- a quick look ---------------------------------------------------------------------

ARROWS = {"N": "^", "E": ">", "S": "v", "W": "<"}
KIND_FILL = {"open": "   ", "trail": " : ", "water": "~~~", "off": "###"}


def _place_code(name: str) -> str:
    words = name.split()
    return (words[0][0] + words[1][0]).upper() if len(words) > 1 else name[:2].upper()


def cell_text(m: CampMap, cell: Cell) -> str:
    """Three characters for a space: finale arrow, place, trail end, or its kind."""
    for site in m.data.sites:
        if m.site_cells[site.id] == cell:
            return ARROWS[site.side] + site.code
    for place in m.data.places:
        if m.places[place.id] == cell:
            return "(*)" if place.id == "campfire" else f"[{_place_code(place.name)}"[:3]
    for number, end in m.trail_links.get(cell, ()):
        return f"({number})"
    for number, at in m.camp_trails.items():
        if at == cell:
            return f"<{number}>"
    if cell in m.cabin:
        return f" {m.cabins[m.cabin[cell]].glyph.lower()} "
    return KIND_FILL[m.kind[cell]]


def _door_from_other_side(m: CampMap, cell: Cell, side: str) -> bool:
    dr, dc = SIDES[side]
    return ((cell[0] + dr, cell[1] + dc), OPPOSITE[side]) in m.doors


def render_map_ascii(m: CampMap | None = None, marks: dict[Cell, str] | None = None, legend: bool = True) -> str:
    """The camp as text: `|` and `---` walls, `/` and `-/-` doors, `^RT` a red arrow,
    `(*)` the Campfire, `[XY` a place, `(n)` a nature trail end, `<n>` a camp trail,
    lower-case letters cabin spaces. `marks` overrides spaces (pawns, locks...)."""
    m = m or camp_map()
    marks = marks or {}
    lines = ["   " + "".join(f"  {chr(ord('A') + c)} " for c in range(m.width))]

    def edge(cell: Cell, side: str) -> bool:
        """A wall or a door on this side of `cell` (both draw a corner post)."""
        return m.inside(cell) and (
            m.blocked(cell, side) or (cell, side) in m.doors or _door_from_other_side(m, cell, side)
        )

    def horizontal(r: int) -> str:
        """The edge line above row r (between r-1 and r)."""
        out = "   "
        for c in range(m.width):
            above, below = (r - 1, c), (r, c)
            wall = m.blocked(below, "N")
            door = (below, "N") in m.doors or (above, "S") in m.doors
            post = edge(below, "N") or edge((r, c - 1), "N") or edge(below, "W") or edge(above, "W")
            out += ("+" if post else " ") + ("---" if wall else "-/-" if door else "   ")
        return out.rstrip()

    for r in range(m.height):
        if r:
            lines.append(horizontal(r))
        row = f"{r + 1:>2} "
        for c in range(m.width):
            cell = (r, c)
            if c == 0:
                row += " "
            else:
                left = (r, c - 1)
                if m.blocked(cell, "W"):
                    row += "|"
                elif (cell, "W") in m.doors or (left, "E") in m.doors:
                    row += "/"
                else:
                    row += " "
            row += (marks.get(cell) or cell_text(m, cell)).ljust(3)[:3]
        lines.append(row.rstrip())
    if legend:
        lines.append("")
        lines.append("Cabins: " + ", ".join(f"{c.glyph.lower()} {c.name}" for c in m.data.cabins))
        lines.append("Finales: " + ", ".join(f"{ARROWS[s.side]}{s.code} {s.name} ({s.arrow})" for s in m.data.sites))
        lines.append("Places: " + ", ".join(f"{p.name} {p.at}" for p in m.data.places))
        lines.append(
            "Nature trails: " + ", ".join(f"({t.number}) {t.ends[0]}-{t.ends[1]}" for t in m.data.nature_trails)
        )
        lines.append("Camp trails from the Woods: " + ", ".join(f"<{t.number}> {t.at}" for t in m.data.camp_trails))
    return "\n".join(lines)


def describe_step(step: StalkStep) -> str:
    """One line for the log as Otis moves."""
    how = f"along nature trail {step.trail} to" if step.trail else "to"
    tail = " and breaks the lock" if step.broke_lock else ""
    tail += " and strikes!" if step.strike else ""
    return f"Otis moves {how} {label(step.cell)}{tail}."


__all__ = [
    "SIDES",
    "Appearance",
    "OtisMove",
    "Stalk",
    "StalkStep",
    "Target",
    "TargetChoice",
    "break_ties",
    "cabin_has_horrified",
    "cabin_headcount",
    "cell_text",
    "choose_target",
    "counselor_steps",
    "describe_step",
    "hunter_steps",
    "distances",
    "lurk_appearance",
    "nature_trails_at",
    "otis_steps",
    "render_map_ascii",
    "shortest_path",
    "stalk",
]
