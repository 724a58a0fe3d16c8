"""What scoring reads off a river: the holes below the bank, whether the dam is complete,
and each wood's groups of side-touching tiles."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engines.bivi.beaver_and_cubes import tile_graph
from engines.bivi.geometry import EMPTY, Layout


def hole_sizes(lay: Layout, grid: Sequence[int]) -> list[int]:
    """Sizes of the holes: groups of empty cells below the bank joined along sides,
    largest first."""
    w = lay.width
    empty = {i for i in lay.below if grid[i] == EMPTY}
    sizes = []
    while empty:
        stack = [empty.pop()]
        size = 0
        while stack:
            i = stack.pop()
            size += 1
            r, c = divmod(i, w)
            for j in ((i - w) if r > 0 else -1, i + w, (i - 1) if c > 0 else -1, (i + 1) if c < w - 1 else -1):
                if j in empty:
                    empty.discard(j)
                    stack.append(j)
        sizes.append(size)
    return sorted(sizes, reverse=True)


def dam_complete(lay: Layout, grid: Sequence[int]) -> bool:
    return EMPTY not in lay.below_values(grid)


def wood_groups(lay: Layout, grid: Sequence[int], wood_of: Callable[[int], str]) -> dict[str, list[int]]:
    """For each wood, the sizes (in tiles) of its groups of side-touching tiles, largest first."""
    parent: dict[int, int] = {}

    def find(t: int) -> int:
        while parent[t] != t:
            parent[t] = parent[parent[t]]
            t = parent[t]
        return t

    for t in {grid[i] for i in lay.river if grid[i] > 0}:
        parent[t] = t
    for t, neighbours in tile_graph(lay, grid).items():
        for u in neighbours:
            if wood_of(t) == wood_of(u):
                a, b = find(t), find(u)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    sizes: dict[int, int] = {}
    for t in parent:
        root = find(t)
        sizes[root] = sizes.get(root, 0) + 1
    groups: dict[str, list[int]] = {}
    for root, size in sizes.items():
        groups.setdefault(wood_of(root), []).append(size)
    return {wood: sorted(v, reverse=True) for wood, v in groups.items()}
