"""River geometry: tile orientations, gravity, adjacency, the beaver, holes and wood groups.

Everything here is pure and works on a board (its `#`/`.`/` ` layout) plus a flat tuple of
cell contents, one int per cell in row-major order: 0 empty (or not river), -1 a wood cube,
a positive number the id of the tile covering the cell. The engine, the notation module and
the bots all share these functions, so a ghost tile on screen, a bot's choice and the rules
agree by construction.

Stability (the digital "it must not fall"): a cell of a tile is *directly supported* when the
cell under it is ground (bank or bed), or holds another tile or a cube. The tile stands when
its centre of mass (the mean column of its cells, measured at cell centres) lies within the
horizontal span of its directly supported cells, outer edges included.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache, lru_cache
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


def _targets(lay: Layout, grid: Sequence[int], beaver: Cell | None, bank: str) -> frozenset[int]:
    """The cells a new tile must touch along a side: the beaver's tile, or its bank."""
    tile_id = beaver_tile(lay, grid, beaver)
    if tile_id:
        return frozenset(tile_cells(lay, grid, tile_id))
    return lay.banks.get(bank, frozenset())


def adjacency_problem(
    lay: Layout, grid: Sequence[int], cells: Sequence[Cell], beaver: Cell | None, bank: str
) -> str | None:
    w = lay.width
    targets = _targets(lay, grid, beaver, bank)
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
    return tuple(there for there in _river_next_to(lay, _targets(lay, grid, beaver, bank)) if grid[there] == EMPTY)


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
    shape = tuple((cell[0], cell[1]) for cell in shape)
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


# -- beaver moves and cubes ----------------------------------------------------------
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


# -- scoring features ----------------------------------------------------------------
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
