"""Beaver moves and wood cubes on one river: which tiles touch along a side, how far the
beaver can go for its cubes, and where a cube may be put."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engines.bivi.geometry import EMPTY, Cell, Layout, beaver_tile


def tile_graph(lay: Layout, grid: Sequence[int]) -> dict[int, set[int]]:
    """Tiles and the tiles they touch along a side."""
    graph: dict[int, set[int]] = {}
    for i, onward in _river_onward(lay):
        t = grid[i]
        if t <= 0:
            continue
        links = graph.get(t)
        if links is None:
            links = graph[t] = set()
        for j in onward:
            u = grid[j]
            if u > 0 and u != t:
                links.add(u)
                graph.setdefault(u, set()).add(t)
    return graph


@lru_cache(maxsize=64)
def _river_onward(lay: Layout) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every river cell with the river cells right of it and under it, in board order: each
    side two cells share is looked at once, from the first of them."""
    w = lay.width
    onward = []
    for i in lay.river:
        # The cell right of the last column is the first of the next row: not a neighbour.
        right = (i + 1,) if (i + 1) % w else ()
        onward.append((i, tuple(j for j in (*right, i + w) if j < len(lay.kinds) and lay.kinds[j] == ".")))
    return tuple(onward)


def tile_distances(lay: Layout, grid: Sequence[int], start: int) -> dict[int, int]:
    """Steps from tile `start` to every tile joined to it by tiles touching along sides."""
    graph = tile_graph(lay, grid)
    distance = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for t in frontier:
            for u in sorted(graph.get(t, ())):
                if u not in distance:
                    distance[u] = distance[t] + 1
                    nxt.append(u)
        frontier = nxt
    return distance


def move_cost(steps: int) -> int:
    """Cubes a beaver move of `steps` tiles costs: one per 2 tiles, rounded up."""
    return -(-steps // 2)


def beaver_reach(lay: Layout, grid: Sequence[int], beaver: Cell | None, cubes: int | None = None) -> dict[Cell, int]:
    """Where the beaver can move, with the distance in tiles: every free cell right on top of
    a tile 1 or more steps from the beaver's tile (steps between tiles that share a side),
    within 2 steps per cube when `cubes` is given."""
    start = beaver_tile(lay, grid, beaver)
    if not start:
        return {}
    distance = tile_distances(lay, grid, start)
    limit = None if cubes is None else 2 * cubes
    w = lay.width
    spots: dict[Cell, int] = {}
    for i in lay.river:
        if grid[i] != EMPTY or i + w >= len(grid):
            continue
        below = grid[i + w]
        if below > 0 and lay.kinds[i + w] == ".":
            d = distance.get(below, 0)
            if d > 0 and (limit is None or d <= limit):
                spots[divmod(i, w)] = d
    return spots


def beaver_moves(lay: Layout, grid: Sequence[int], beaver: Cell | None, cubes: int = 1) -> list[Cell]:
    """Free cells on top of the tiles the beaver can reach with `cubes` cubes, in board order."""
    return sorted(beaver_reach(lay, grid, beaver, cubes))


@lru_cache(maxsize=64)
def _river_floors(lay: Layout) -> tuple[tuple[int, int], ...]:
    """(river cell, the river cell under it or -1 where ground holds it), for every river
    cell that something could hold up: `Layout.supports` worked out once per board."""
    w = lay.width
    floors = []
    for i in lay.river:
        under = i + w
        if under >= len(lay.kinds) or lay.kinds[under] == "#":
            floors.append((i, -1))
        elif lay.kinds[under] == ".":
            floors.append((i, under))
    return tuple(floors)


def cube_spots(lay: Layout, grid: Sequence[int], beaver: Cell | None) -> list[Cell]:
    """Free river cells with support underneath (the beaver's own cell is not free)."""
    # Kept per river: the end of every turn asks it of each river, and the end phase's
    # legal list and the end-of-game check ask again about the same ones.
    return list(_cube_spots(lay, tuple(grid), None if beaver is None else (beaver[0], beaver[1])))


@lru_cache(maxsize=1024)
def _cube_spots(lay: Layout, grid: tuple[int, ...], beaver: Cell | None) -> tuple[Cell, ...]:
    w = lay.width
    taken = beaver[0] * w + beaver[1] if beaver else -1
    return tuple(
        divmod(i, w)
        for i, under in _river_floors(lay)
        if grid[i] == EMPTY and i != taken and (under < 0 or grid[under] != EMPTY)
    )
