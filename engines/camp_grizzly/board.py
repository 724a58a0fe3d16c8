"""Map movement for Camp Grizzly: steps, distances and shortest paths.

Nothing here keeps state: the engine passes positions, locks, fires and its `Rng` in and
gets plain results back, so one seeded generator decides every random choice. Otis'
targeting is in `targeting`, his stalk and lurking in `stalking`, the text map in `map_text`.

Movement (rulebook 1.2, 1.3, 2.2): orthogonal steps between spaces one can stand on, never
through a wall (doors are open edges in a cabin's outline). Counselors may not enter a
locked space without keys (entering with keys clears the lock: the engine does that). Otis
also walks the green nature trails, each trail one step from end to end, and ignores locks
for distance: he breaks the first one he walks into and stops there.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Literal, NamedTuple

from engines.camp_grizzly.content import CampMap, Cell

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
    links = step_links(m, mover)
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
def step_links(m: CampMap, mover: Mover) -> dict[Cell, tuple[Cell, ...]]:
    """Each space's one-step neighbours for `mover`, nothing closed (see `_Links`): the
    breadth-first searches here and Otis' lock-counting in `stalking` read it."""
    return _Links(m, mover)


def hunter_distances(m: CampMap, start: Cell, hunter: Hunter, blocked: frozenset[Cell]) -> dict[Cell, int]:
    """`distances` for a hunter: Otis walks and takes nature trails; a hunting cameo walks
    like a counselor (its locks are passed in `blocked`)."""
    return distances(m, start, "otis" if hunter == "otis" else "counselor", blocked=blocked)


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


__all__ = [
    "NO_CELLS",
    "Hunter",
    "Mover",
    "OtisMove",
    "counselor_steps",
    "distances",
    "hunter_distances",
    "hunter_steps",
    "nature_trails_at",
    "otis_steps",
    "shortest_path",
    "step_links",
]
