"""The search for every legal placement of a shape on one river, fast enough for bots and
the end-of-game check: each oriented tile's fitting anchors precomputed once per board, the
river's occupancy as one int of bytes, and the overlap and stability checks as mask tests
that agree exactly with `geometry.check_placement`'s.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from engines.bivi.geometry import EMPTY, Cell, Layout, adjacency_targets, orientations


class _Fit:
    """An oriented tile at one anchor where it lies wholly on river cells, with what its
    overlap and stability checks need, worked out once per board and orientation.
    Compared by identity: each exists once in its `_fits_by_cell` table.

    Stability as masks: `stability_problem` wants the supported bottom cells' leftmost
    column far enough left and their rightmost far enough right for the centre of mass.
    That holds exactly when some supported bottom cell lies in `left` (the bottom cells
    whose column is far enough left) and some in `right`; ground support is the ground bit
    that every `_occupancy` mask carries."""

    __slots__ = ("anchor", "mask", "left", "right", "tops")

    def __init__(
        self,
        anchor: Cell,
        mask: int,  # its cells in an `_occupancy` mask
        left: int,  # what holds up its bottom cells far enough left, as an `_occupancy` mask
        right: int,  # the same, far enough right
        tops: tuple[int, ...],  # flat index of its highest cell in each column, left to right
    ) -> None:
        self.anchor = anchor
        self.mask = mask
        self.left = left
        self.right = right
        self.tops = tops


@lru_cache(maxsize=64)
def _river_sides(lay: Layout) -> tuple[tuple[int, ...], ...]:
    """For each flat index, the river cells sharing a side with it (N S W E order)."""
    w = lay.width
    sides = []
    for index in range(len(lay.kinds)):
        r, c = divmod(index, w)
        sides.append(
            tuple(
                (r + dr) * w + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)) if lay.is_river(r + dr, c + dc)
            )
        )
    return tuple(sides)


@lru_cache(maxsize=1024)
def _fits_by_cell(lay: Layout, rel: tuple[Cell, ...]) -> dict[int, tuple[_Fit, ...]]:
    """For each river cell, the placements of the oriented tile `rel` that cover it and
    stay inside the river (what `bounds_problem` accepts), in anchor order."""
    w = lay.width
    kinds = lay.kinds
    rows = max(r for r, _ in rel) + 1
    cols = max(c for _, c in rel) + 1
    by_cell: dict[int, list[_Fit]] = {}
    for row in range(lay.height - rows + 1):
        for col in range(w - cols + 1):
            flat = [(row + r) * w + col + c for r, c in rel]
            if not all(kinds[index] == "." for index in flat):
                continue
            own = set(flat)
            n = len(flat)
            twice_sum = 2 * sum(col + c for _, c in rel)
            left = right = 0
            for index, (_, c) in zip(flat, rel):
                under = index + w
                if under in own:
                    continue
                if under >= len(kinds) or kinds[under] == "#":
                    holder = lay.ground_bit
                elif kinds[under] == ".":
                    holder = 1 << (8 * under)
                else:
                    continue
                # centre = mean(column) + 0.5 must lie in [leftmost, rightmost + 1]; doubled to stay exact
                if n * (2 * (col + c) - 1) <= twice_sum:
                    left |= holder
                if twice_sum <= n * (2 * (col + c) + 1):
                    right |= holder
            mask = sum(1 << (8 * index) for index in flat)
            tops: dict[int, int] = {}
            for index in flat:
                tops[index % w] = min(index, tops.get(index % w, index))
            fit = _Fit((row, col), mask, left, right, tuple(tops[c] for c in sorted(tops)))
            for index in flat:
                by_cell.setdefault(index, []).append(fit)
    return {index: tuple(fits) for index, fits in by_cell.items()}


def _spots(lay: Layout, grid: Sequence[int], fit: _Fit) -> list[Cell]:
    """`beaver_spots` for a fitting placement, read off `grid` without copying it: above
    the tile's highest cell in a column nothing is the tile's own."""
    w = lay.width
    kinds = lay.kinds
    spots = []
    for top in fit.tops:
        i = top - w
        while i >= 0 and kinds[i] == "." and grid[i] != EMPTY:
            i -= w
        if i >= 0 and kinds[i] == "." and (i + w == top or grid[i + w] > 0):
            spots.append(divmod(i, w))
    spots.sort()
    return spots


class _ShapeFits:
    """Every fitting placement of one shape in every distinct orientation, by the river
    cells they cover, and the (row, col, rotation, flipped) each is listed by: the placement
    search gathers its candidates from this one table instead of one per orientation."""

    __slots__ = ("by_cell", "placement")

    def __init__(self, lay: Layout, shape: tuple[Cell, ...], allow_flip: bool) -> None:
        by_cell: dict[int, list[_Fit]] = {}
        #: each fit as the (row, column, rotation, flipped) it is listed by
        self.placement: dict[_Fit, tuple[int, int, int, bool]] = {}
        # Distinct orientations at distinct anchors never cover the same cells, so every
        # (orientation, anchor) is its own placement, and its own _Fit.
        for rotation, flipped, rel in orientations(shape, allow_flip):
            for index, fits in _fits_by_cell(lay, rel).items():
                by_cell.setdefault(index, []).extend(fits)
                for fit in fits:
                    self.placement[fit] = (*fit.anchor, rotation, flipped)
        self.by_cell = {index: tuple(fits) for index, fits in by_cell.items()}


@lru_cache(maxsize=512)
def _shape_fits(lay: Layout, shape: tuple[Cell, ...], allow_flip: bool) -> _ShapeFits:
    return _ShapeFits(lay, shape, allow_flip)


@lru_cache(maxsize=256)
def _near(lay: Layout, grid: tuple[int, ...], beaver: Cell | None, bank: str) -> tuple[int, ...]:
    """Empty river cells sharing a side with the beaver's tile (or bank): a placement is
    adjacent exactly when it covers one of them. Kept per river: the end-of-game check
    asks about every shape still in play on the same rivers."""
    return tuple(
        there for there in _river_next_to(lay, adjacency_targets(lay, grid, beaver, bank)) if grid[there] == EMPTY
    )


@lru_cache(maxsize=1024)
def _river_next_to(lay: Layout, cells: frozenset[int]) -> tuple[int, ...]:
    """The river cells sharing a side with any of `cells`, in board order: a bank's are
    asked for at every placement from it, a tile's at every placement next to it."""
    sides = _river_sides(lay)
    return tuple(sorted({there for index in cells for there in sides[index]}))


#: A signed byte's bits (empty 0, a cube -1, a tile's id) -> 0 for empty, 1 for taken.
_NONZERO = bytes([0]) + bytes([1]) * 255


def _occupancy(lay: Layout, grid: Sequence[int]) -> int:
    """The non-empty cells of `grid` as an int, one byte per cell (bit 8 * index), and the
    ground bit past them: a fit overlaps something exactly when its mask shares a bit with
    it, and a bottom cell is held up when its holder's bit is in it."""
    # Packed as signed bytes (tile ids go up to 66), without a Python-level look at each cell.
    return int.from_bytes(lay.cell_bytes.pack(*grid).translate(_NONZERO), "little") | lay.ground_bit


def _placements(
    lay: Layout,
    grid: tuple[int, ...],
    shape: tuple[Cell, ...],
    beaver: Cell | None,
    bank: str,
    allow_flip: bool,
) -> Iterator[tuple[tuple[int, int, int, bool], list[Cell]]]:
    """Legal placements in no particular order (see `legal_placements`), each as its
    (row, col, rotation, flipped) and the beaver's spots after it."""
    table = _shape_fits(lay, shape, allow_flip)
    by_cell = table.by_cell
    candidates: set[_Fit] = set()
    for index in _near(lay, grid, beaver, bank):
        candidates.update(by_cell.get(index, ()))
    occupied = _occupancy(lay, grid)
    placement = table.placement
    for fit in candidates:
        # Free cells, and it stands (`stability_problem` is None; see _Fit).
        if fit.mask & occupied or not (fit.left & occupied and fit.right & occupied):
            continue
        spots = _spots(lay, grid, fit)
        if spots:
            yield placement[fit], spots


def placement_keys(
    lay: Layout, grid: tuple[int, ...], shape: tuple[Cell, ...], beaver: Cell | None, bank: str, allow_flip: bool
) -> list[tuple[int, int, int, bool]]:
    """The (row, col, rotation, flipped) of `sorted_placements`, without the beaver spots
    (the legal list asks for no more, at nearly every placement)."""
    return sorted([key for key, _ in _placements(lay, grid, shape, beaver, bank, allow_flip)])


def legal_placements(
    lay: Layout,
    grid: Sequence[int],
    shape: tuple[Cell, ...],
    tile_id: int,
    beaver: Cell | None,
    bank: str,
    allow_flip: bool,
) -> list[tuple[int, int, int, bool, list[Cell]]]:
    """Every legal (row, col, rotation, flipped, beaver spots), one per distinct cell set,
    sorted by row, column, rotation, flip."""
    # Kept per river and shape: the status line, the action list, the discard check and
    # the bots all ask again about the same river. Any positive tile id judges the same.
    shape = tuple((r, c) for r, c in shape)
    beaver = None if beaver is None else (beaver[0], beaver[1])
    found = sorted_placements(lay, tuple(grid), shape, beaver, bank, allow_flip)
    return [(row, col, rotation, flipped, list(spots)) for row, col, rotation, flipped, spots in found]


@lru_cache(maxsize=512)
def sorted_placements(
    lay: Layout, grid: tuple[int, ...], shape: tuple[Cell, ...], beaver: Cell | None, bank: str, allow_flip: bool
) -> tuple[tuple[int, int, int, bool, tuple[Cell, ...]], ...]:
    """`legal_placements` as one shared tuple, for callers whose river, shape and beaver
    are tuples already (a state's)."""
    # By row, column, rotation, flip: no two placements share those four, so the spots
    # after them never take part in the comparison.
    found = sorted(_placements(lay, grid, shape, beaver, bank, allow_flip))
    return tuple((*key, tuple(spots)) for key, spots in found)


def can_place(
    lay: Layout,
    grid: Sequence[int],
    shape: tuple[Cell, ...],
    tile_id: int,
    beaver: Cell | None,
    bank: str,
    allow_flip: bool,
) -> bool:
    """Whether `legal_placements` would find anything (stops at the first)."""
    # Any positive tile id judges the same (only "a tile is there" matters to the beaver),
    # so the answer is kept per river and shape: the end-of-game check asks it every turn
    # about rivers that have not changed.
    beaver = None if beaver is None else (beaver[0], beaver[1])
    return _can_place(lay, tuple(grid), tuple(tuple(cell) for cell in shape), beaver, bank, allow_flip)


@lru_cache(maxsize=2048)
def _can_place(
    lay: Layout, grid: tuple[int, ...], shape: tuple[Cell, ...], beaver: Cell | None, bank: str, allow_flip: bool
) -> bool:
    return next(_placements(lay, grid, shape, beaver, bank, allow_flip), None) is not None
