"""Where a tile, a cube or the beaver may go: the placement rules on one river, in the
engine's own words for a refusal, and the normalised forms of a placement.

Placements are normalised. A tile with symmetry has several (rotation, flip) pairs that put
it on the same cells; `placements` lists each distinct set of cells once, in its canonical
form (the first pair of `geometry.orientations`: fewest quarter turns, unflipped first).
`canonical_form` maps any equivalent pair to that form.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import starmap

from engines.bivi import content
from engines.bivi.actions import Place
from engines.bivi.beaver_and_cubes import beaver_reach, cube_spots, move_cost
from engines.bivi.geometry import EMPTY, Cell, Layout, absolute, check_placement, orientations, oriented_cells
from engines.bivi.placement_search import can_place, legal_placements, placement_keys
from engines.bivi.state import BiviState, board_layout, flip_allowed, river_layout, tile_shape

BEAVER_SPOT_REFUSAL = "Put your beaver on one of the marked cells above the tile you just placed."


def placement_cells(tile_id: int, placement: Place) -> list[Cell]:
    return absolute(oriented_tile(tile_id, placement.rotation, placement.flipped), placement.row, placement.col)


@cache
def oriented_tile(tile_id: int, rotation: int, flipped: bool) -> tuple[Cell, ...]:
    """`oriented_cells` of a tile's shape: a placement is checked, canonicalised and put
    down with the same few orientations of each tile over and over."""
    return oriented_cells(tile_shape(tile_id), rotation, flipped)


def canonical_place(state: BiviState, placement: Place, tile_id: int | None = None) -> Place:
    """The listed form of `placement` for the tile in hand (or `tile_id`): the first
    (rotation, flip) of `orientations` that covers the same cells. Forms the rules refuse
    (a rotation outside 0-3, a flip where flipping is not allowed) are returned unchanged so
    the refusal explains them."""
    return canonical_form(tile_id or state.hand, state.options.mode, placement)


def canonical_form(tile_id: int, mode: str, placement: Place) -> Place:
    """`canonical_place` for the tile `tile_id` in `mode`."""
    allow_flip = flip_allowed(mode)
    if not tile_id or not 0 <= placement.rotation <= 3 or (placement.flipped and not allow_flip):
        return placement
    cells = oriented_tile(tile_id, placement.rotation, placement.flipped)
    for rotation, flipped, rel in orientations(tile_shape(tile_id), allow_flip):
        if rel == cells:
            return Place(placement.row, placement.col, rotation, flipped)
    return placement


def placement_check(
    state: BiviState, seat: int, placement: Place, tile_id: int | None = None
) -> tuple[str | None, list[Cell]]:
    """(None, beaver cells) when `seat` may put its tile in hand (or `tile_id`) at
    `placement`, else (the reason, [])."""
    tile_id = tile_id or (state.hand if state.actor == seat else 0)
    me = state.players[seat]
    return check_on_river(state.options.board, state.options.mode, me.cells, me.beaver, me.bank, tile_id, placement)


def check_on_river(
    board: str, mode: str, cells: tuple[int, ...], beaver: Cell | None, bank: str, tile_id: int, placement: Place
) -> tuple[str | None, list[Cell]]:
    """The placement rules on one river, from what the state and every view both hold, so
    a client without the state refuses a ghost tile in the engine's own words."""
    if not tile_id:
        return "You have no tile to place.", []
    if placement.flipped and not flip_allowed(mode):
        return "Tiles cannot be flipped in the advanced and expert modes: the decorated face stays up.", []
    if not 0 <= placement.rotation <= 3:
        return "Rotation is 0 to 3 quarter turns.", []
    return check_placement(board_layout(board), cells, placement_cells(tile_id, placement), tile_id, beaver, bank)


def cube_problem(board: str, cells: tuple[int, ...], beaver: Cell | None, target: Cell) -> str | None:
    """None when a cube may go at `target` in this river, else the reason."""
    lay = board_layout(board)
    if target in cube_spots(lay, cells, beaver):
        return None
    if not lay.is_river(*target):
        return "A cube must go inside your river."
    if cells[target[0] * lay.width + target[1]] != EMPTY:
        return "That cell is already taken."
    if target == beaver:
        return "Your beaver stands there: a cube needs a free cell."
    return "That cube would fall: the cell under it is empty."


def move_costs(state: BiviState, seat: int) -> list[tuple[Cell, int]]:
    """The beaver moves `seat` can afford now, each with its cost in cubes, in board order."""
    me = state.players[seat]
    if me.cubes <= 0:
        return []
    reach = beaver_reach(river_layout(state), me.cells, me.beaver, me.cubes)
    return [(cell, move_cost(reach[cell])) for cell in sorted(reach)]


def placement_problem(state: BiviState, seat: int, placement: Place, tile_id: int | None = None) -> str | None:
    """None when `seat` may put its tile in hand (or `tile_id`) at `placement` now, else the
    reason, for showing a ghost tile in red. Does not check whose turn it is."""
    return placement_check(state, seat, placement, tile_id)[0]


def placement_actions(state: BiviState, seat: int) -> tuple[Place, ...]:
    """The placements of `placements(state, seat)` alone, as one shared tuple per river
    and tile shape (a Place is frozen): the legal list asks for them at every placement."""
    me = state.players[seat]
    allow_flip = flip_allowed(state.options.mode)
    return _place_actions(river_layout(state), me.cells, tile_shape(state.hand), me.beaver, me.bank, allow_flip)


@lru_cache(maxsize=256)
def _place_actions(
    lay: Layout, cells: tuple[int, ...], shape: tuple[Cell, ...], beaver: Cell | None, bank: str, allow_flip: bool
) -> tuple[Place, ...]:
    return tuple(starmap(Place, placement_keys(lay, cells, shape, beaver, bank, allow_flip)))


def any_tile_fits(
    lay: Layout, cells: tuple[int, ...], tiles: frozenset[int], beaver: Cell | None, bank: str, allow_flip: bool
) -> bool:
    """Whether any of `tiles` has a legal placement in this river (a state's)."""
    # Kept per river and set of tiles: while nobody places anything, the end-of-game
    # check asks the same question about the same rivers every turn.
    return _any_tile_fits(lay, cells, tiles, beaver, bank, allow_flip)


@lru_cache(maxsize=256)
def _any_tile_fits(
    lay: Layout, cells: tuple[int, ...], tiles: frozenset[int], beaver: Cell | None, bank: str, allow_flip: bool
) -> bool:
    shapes = {tile_shape(t) for t in tiles}
    return any(can_place(lay, cells, shape, 1, beaver, bank, allow_flip) for shape in shapes)


def placements(state: BiviState, seat: int, tile_id: int | None = None) -> list[tuple[Place, list[Cell]]]:
    """Every distinct legal placement of the tile in hand (or `tile_id`) for `seat`, with the
    beaver cells each would allow."""
    tile_id = tile_id or state.hand
    me = state.players[seat]
    found = legal_placements(
        river_layout(state),
        me.cells,
        content.tile(tile_id).cells,
        tile_id,
        me.beaver,
        me.bank,
        flip_allowed(state.options.mode),
    )
    return [(Place(r, c, rot, f), spots) for r, c, rot, f, spots in found]
