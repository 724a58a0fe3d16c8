"""River geometry: tile orientations, a board's fixed layout, and the checks of one tile
placement (bounds, overlap, gravity, adjacency, where the beaver may stand after it).

Everything here is pure and works on a board (its `#`/`.`/` ` layout) plus a flat tuple of
cell contents, one int per cell in row-major order: 0 empty (or not river), -1 a wood cube,
a positive number the id of the tile covering the cell. The engine, the notation module and
the bots all share these functions, so a ghost tile on screen, a bot's choice and the rules
agree by construction. Beside it: the search for every legal placement
(placement_search.py), beaver moves and cube spots (beaver_and_cubes.py), and the
holes and wood groups scoring reads (river_features.py).

Stability (the digital "it must not fall"): a cell of a tile is *directly supported* when the
cell under it is ground (bank or bed), or holds another tile or a cube. The tile stands when
its centre of mass (the mean column of its cells, measured at cell centres) lies within the
horizontal span of its directly supported cells, outer edges included.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from operator import itemgetter

from engines.bivi.content import Board

Cell = tuple[int, int]
EMPTY = 0
CUBE = -1


# -- shapes -------------------------------------------------------------------
def _normalise(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    cells = list(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def oriented_cells(shape: Sequence[Cell], rotation: int, flipped: bool) -> tuple[Cell, ...]:
    """The cells of `shape` mirrored left-right (if `flipped`), then turned `rotation`
    quarter turns clockwise, normalised so the bounding box's top-left corner is (0, 0)."""
    cells: list[Cell] = [(r, -c) for r, c in shape] if flipped else [(r, c) for r, c in shape]
    for _ in range(rotation % 4):
        cells = [(c, -r) for r, c in cells]
    return _normalise(cells)


@cache
def orientations(shape: tuple[Cell, ...], allow_flip: bool) -> tuple[tuple[int, bool, tuple[Cell, ...]], ...]:
    """Distinct orientations as (rotation, flipped, cells): the first (rotation, flip) that
    produces each distinct cell set, unflipped first."""
    seen: set[tuple[Cell, ...]] = set()
    result = []
    for flipped in (False, True) if allow_flip else (False,):
        for rotation in range(4):
            cells = oriented_cells(shape, rotation, flipped)
            if cells not in seen:
                seen.add(cells)
                result.append((rotation, flipped, cells))
    return tuple(result)


# -- layout ---------------------------------------------------------------------
class Layout:
    """What never changes about a board, precomputed once per board."""

    __slots__ = (
        "board",
        "height",
        "width",
        "kinds",
        "bank_row",
        "river",
        "below",
        "below_values",
        "banks",
        "cell_bytes",
        "ground_bit",
    )

    def __init__(self, board: Board) -> None:
        self.board = board
        self.height = board.height
        self.width = board.width
        self.kinds = "".join(board.rows)
        self.bank_row = board.bank_row
        w = self.width
        self.river = tuple(i for i, k in enumerate(self.kinds) if k == ".")
        self.below = tuple(i for i in self.river if i // w >= self.bank_row)
        below = self.below
        #: grid -> the contents of the cells below the bank, read in one call
        self.below_values: Callable[[Sequence[int]], Sequence[int]] = (
            itemgetter(*below) if len(below) > 1 else lambda grid: tuple(grid[i] for i in below)
        )
        left: set[int] = set()
        right: set[int] = set()
        for r in range(self.height - 1):  # the last row is the bed, not a bank
            row = board.rows[r]
            if "." not in row:
                continue
            first, last = row.index("."), row.rindex(".")
            left.update(r * w + c for c in range(first) if row[c] == "#")
            right.update(r * w + c for c in range(last + 1, w) if row[c] == "#")
        self.banks = {"left": frozenset(left), "right": frozenset(right)}
        #: packs a grid's cells as signed bytes, one per cell
        self.cell_bytes = struct.Struct(f"{len(self.kinds)}b")
        #: the bit past every cell's byte in an occupancy mask: always set, it stands for the ground
        self.ground_bit = 1 << (8 * len(self.kinds))

    def is_river(self, r: int, c: int) -> bool:
        return 0 <= r < self.height and 0 <= c < self.width and self.kinds[r * self.width + c] == "."

    def supports(self, cells: Sequence[int], index: int) -> bool:
        """Whether the cell under flat `index` holds something up (ground, tile or cube)."""
        under = index + self.width
        if under >= len(self.kinds):
            return True
        kind = self.kinds[under]
        return kind == "#" or (kind == "." and cells[under] != EMPTY)


@cache
def layout(board: Board) -> Layout:
    return Layout(board)


# -- placement checks -------------------------------------------------------------
def absolute(cells: Sequence[Cell], row: int, col: int) -> list[Cell]:
    return [(row + r, col + c) for r, c in cells]


def bounds_problem(lay: Layout, cells: Sequence[Cell]) -> str | None:
    for r, c in cells:
        if not (0 <= r < lay.height and 0 <= c < lay.width) or lay.kinds[r * lay.width + c] == " ":
            return "The tile must stay inside the river: part of it would stick out."
    for r, c in cells:
        if lay.kinds[r * lay.width + c] == "#":
            return "The tile cannot go into the bank or the river bed."
    return None


def overlap_problem(lay: Layout, grid: Sequence[int], cells: Sequence[Cell]) -> str | None:
    w = lay.width
    for r, c in cells:
        if grid[r * w + c] == CUBE:
            return "That spot is taken: the tile would overlap a wood cube."
        if grid[r * w + c] != EMPTY:
            return "That spot is taken: the tile would overlap another tile."
    return None


def stability_problem(lay: Layout, grid: Sequence[int], cells: Sequence[Cell]) -> str | None:
    w = lay.width
    own = {r * w + c for r, c in cells}
    supported = [c for r, c in cells if (r * w + c + w) not in own and lay.supports(grid, r * w + c)]
    if not supported:
        return "That tile would fall: nothing holds it up from below."
    n = len(cells)
    twice_sum = 2 * sum(c for _, c in cells)
    # centre = mean(c) + 0.5 must lie in [min_supported, max_supported + 1]; doubled to stay exact
    if not n * (2 * min(supported) - 1) <= twice_sum <= n * (2 * max(supported) + 1):
        return "That tile would tip over: its centre is not above a supported cell."
    return None


def tile_cells(lay: Layout, grid: Sequence[int], tile_id: int) -> list[int]:
    """The river cells holding `tile_id`, in board order."""
    # Found with the sequence's own search rather than a look at every river cell.
    found = []
    index = -1
    for _ in range(grid.count(tile_id)):
        index = grid.index(tile_id, index + 1)
        if lay.kinds[index] == ".":
            found.append(index)
    return found


def beaver_tile(lay: Layout, grid: Sequence[int], beaver: Cell | None) -> int:
    if beaver is None:
        return 0
    under = (beaver[0] + 1) * lay.width + beaver[1]
    return grid[under] if under < len(grid) and grid[under] > 0 else 0


def adjacency_targets(lay: Layout, grid: Sequence[int], beaver: Cell | None, bank: str) -> frozenset[int]:
    """The cells a new tile must touch along a side: the beaver's tile, or its bank."""
    tile_id = beaver_tile(lay, grid, beaver)
    if tile_id:
        return frozenset(tile_cells(lay, grid, tile_id))
    return lay.banks.get(bank, frozenset())


def adjacency_problem(
    lay: Layout, grid: Sequence[int], cells: Sequence[Cell], beaver: Cell | None, bank: str
) -> str | None:
    w = lay.width
    targets = adjacency_targets(lay, grid, beaver, bank)
    for r, c in cells:
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr, c + dc
            if 0 <= cc < w and rr * w + cc in targets:
                return None
    on_bank = not beaver_tile(lay, grid, beaver)
    for r, c in cells:
        for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
            rr, cc = r + dr, c + dc
            if 0 <= cc < w and rr * w + cc in targets:
                what = f"the {bank} bank" if on_bank else "the tile your beaver stands on"
                return f"Touching only at a corner does not count: the tile must share a side with {what}."
    if on_bank:
        return f"Your first tile must touch the {bank} bank, where your beaver stands."
    return "The tile must touch the tile your beaver stands on."


def beaver_spots(lay: Layout, grid: Sequence[int], cells: Sequence[Cell]) -> list[Cell]:
    """Where the beaver may stand once `cells` (already in `grid`) are placed: on top of the
    new tile, or on top of whatever stack sits above it when it was slid underneath."""
    w = lay.width
    tops: dict[int, int] = {}
    for r, c in cells:
        tops[c] = min(r, tops.get(c, r))
    spots = []
    for c, top in sorted(tops.items()):
        r = top - 1
        while r >= 0 and lay.kinds[r * w + c] == "." and grid[r * w + c] != EMPTY:
            r -= 1
        if r >= 0 and lay.kinds[r * w + c] == "." and grid[(r + 1) * w + c] > 0:
            spots.append((r, c))
    return sorted(spots)


def with_tile(lay: Layout, grid: Sequence[int], cells: Sequence[Cell], tile_id: int) -> tuple[int, ...]:
    new = list(grid)
    for r, c in cells:
        new[r * lay.width + c] = tile_id
    return tuple(new)


def check_placement(
    lay: Layout,
    grid: Sequence[int],
    cells: Sequence[Cell],
    tile_id: int,
    beaver: Cell | None,
    bank: str,
) -> tuple[str | None, list[Cell]]:
    """(reason the placement is refused or None, the beaver's possible spots after it)."""
    problem = (
        bounds_problem(lay, cells)
        or overlap_problem(lay, grid, cells)
        or stability_problem(lay, grid, cells)
        or adjacency_problem(lay, grid, cells, beaver, bank)
    )
    if problem:
        return problem, []
    spots = beaver_spots(lay, with_tile(lay, grid, cells, tile_id), cells)
    if not spots:
        return "There would be no room for your beaver on top of this tile.", []
    return None, spots
