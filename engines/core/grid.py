"""Square-grid helpers shared by board games."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

Cell = tuple[int, int]  # (row, col)

ORTHOGONAL: tuple[Cell, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))


def neighbours4(cell: Cell) -> Iterator[Cell]:
    row, col = cell
    for dr, dc in ORTHOGONAL:
        yield (row + dr, col + dc)


def components(cells: Iterable[Cell], linked: Callable[[Cell, Cell], bool] | None = None) -> list[list[Cell]]:
    """Orthogonally connected groups of `cells`, each sorted, in order of first cell.

    `linked(a, b)` may further restrict which neighbouring cells join a group.
    """
    pool = set(cells)
    groups: list[list[Cell]] = []
    for start in sorted(pool):
        if start not in pool:
            continue
        pool.discard(start)
        group = [start]
        stack = [start]
        while stack:
            here = stack.pop()
            for there in neighbours4(here):
                if there in pool and (linked is None or linked(here, there)):
                    pool.discard(there)
                    group.append(there)
                    stack.append(there)
        groups.append(sorted(group))
    return groups


def chebyshev(a: Cell, b: Cell) -> int:
    """Distance as a king moves."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
