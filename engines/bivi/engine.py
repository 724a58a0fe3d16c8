"""The Bivì rules engine.

Phases (`state.phase`) and the actions each allows, with their text forms:

- ``bank``    setup: each player, from the first foreman clockwise, puts the beaver on a bank:
              ``bank left`` / ``bank right``.
- ``foreman`` the foreman picks a forest side (N, E, S, W) and either takes a tile from it,
              ``take N 17`` (tile id 17), or discards the side for a wood cube, ``cube N``.
- ``take``    another player takes a tile from the side opposite the foreman's: ``take S 40``.
- ``hand``    the player holding a tile places it, ``place 3,4 r1`` (bounding-box top-left at
              row 3, column 4, one quarter turn clockwise) or ``place 3,4 r1 f`` (mirrored
              first; basic mode only), may first ``move-beaver 4,3`` (one cube per 2 tiles
              of distance, rounded up, paid in one go), or ``discard`` (others: for a cube;
              foreman: only when the tile fits nowhere).
- ``beaver``  after a placement with several possible beaver cells: ``beaver 2,5``.
- ``end``     end of turn, each player with a cube and room for it: ``cube-at 7,2`` / ``no-cube``.
- ``over``    the game has ended.

Rows and columns count from 0 at the top-left of the river board. The refill, the end check
and the foreman's hand-over happen inside the action that closes the turn.

Placements are normalised. A tile with symmetry has several (rotation, flip) pairs that put
it on the same cells; `legal_actions` lists each distinct set of cells once, in its canonical
form (the first pair of `geometry.orientations`: fewest quarter turns, unflipped first).
`apply` and `parse_action` accept any equivalent pair and map it to that canonical form, so
the state, the log and a journal written from text always carry the listed form, and every
listed action's text parses back to itself. A flip is still refused outright where flipping
is not allowed, even for a tile whose mirror image has the same shape.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

import msgspec
from msgspec.structs import replace

from engines.bivi import content
from engines.bivi.content import WOODS
from engines.bivi.geometry import (
    CUBE,
    EMPTY,
    Cell,
    absolute,
    beaver_reach,
    beaver_spots,
    beaver_tile,
    can_place,
    check_placement,
    cube_spots,
    dam_complete,
    hole_sizes,
    layout,
    legal_placements,
    move_cost,
    orientations,
    oriented_cells,
    with_tile,
)
from engines.bivi.actions import (
    OPPOSITE,
    SIDES,
    Action,
    BiviOptions,
    ChooseBank,
    CubeAt,
    Discard,
    MoveBeaver,
    NoCube,
    Place,
    SetBeaver,
    Take,
    TakeCube,
)
from engines.bivi.bots import HeuristicBot, RandomBot
from engines.bivi.notation import Breakdown, breakdown, render_river_text
from engines.core.actions import INT, ActionCodec, Word, choice
from engines.core.errors import BadOptions, IllegalAction
from engines.core.protocol import (
    Applied,
    Engine,
    Event,
    Flags,
    GameInfo,
    Outcome,
    ScoreLine,
    SeatPanel,
    Summary,
)
from engines.core.rng import Rng, seed_state

SIDE_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
TILES_PER_SIDE = {2: 2, 3: 2, 4: 3}
TOTAL_CUBES = 16
TOTAL_TILES = 66

Phase = Literal["bank", "foreman", "take", "hand", "beaver", "end", "over"]


# -- state -------------------------------------------------------------------------------
class Placed(msgspec.Struct, frozen=True):
    tile: int
    row: int
    col: int
    rotation: int
    flipped: bool


class PlayerState(msgspec.Struct, frozen=True):
    cells: tuple[int, ...]  # flat river contents: 0 empty, -1 cube, tile id
    placed: tuple[Placed, ...] = ()
    cubes: int = 1
    taken: int = 0
    beaver: tuple[int, int] | None = None  # the free cell the beaver stands in
    bank: str = ""  # "left"/"right" while the beaver still stands on a bank


class BiviState(msgspec.Struct, frozen=True):
    options: BiviOptions
    seats: int
    rng: int
    bag: tuple[int, ...]
    discard: tuple[int, ...]
    forest: tuple[tuple[int, ...], ...]  # N, E, S, W
    supply: int
    players: tuple[PlayerState, ...]
    foreman: int = 0
    turn: int = 1
    phase: Phase = "bank"
    actor: int = 0
    side: str = ""  # the side the foreman chose this turn
    hand: int = 0  # the tile the actor holds (0: none)
    queue: tuple[int, ...] = ()  # seats still to act in this phase, after the actor
    spots: tuple[tuple[int, int], ...] = ()  # beaver choices after a placement
    objectives: tuple[str, ...] = ()
    placed_this_turn: bool = False
    idle_turns: int = 0
    end_reason: str = ""


# -- the view --------------------------------------------------------------------------
class TileView(msgspec.Struct, frozen=True):
    id: int
    wood: str
    letter: str
    shape: str
    cells: tuple[tuple[int, int], ...]
    moss: int
    butterflies: int
    ladybugs: int


class RiverView(msgspec.Struct, frozen=True):
    seat: int
    cells: tuple[tuple[int, ...], ...]  # [row][col]: 0 empty/not river, -1 cube, tile id
    beaver: tuple[int, int] | None
    bank: str
    cubes: int
    taken: int
    filled_below: int
    total_below: int
    holes: tuple[int, ...]
    complete: bool
    moss: int
    butterflies: int
    ladybugs: int


class ObjectiveView(msgspec.Struct, frozen=True):
    id: str
    kind: str
    title: str
    text: str


class BiviView(msgspec.Struct, frozen=True):
    viewer: int | None
    mode: str
    board: str
    board_rows: tuple[str, ...]  # "#" ground, "." river, " " outside
    bank_row: int
    rivers: tuple[RiverView, ...]
    forest: tuple[tuple[int, ...], ...]  # N, E, S, W tile ids
    sides: tuple[str, ...]
    hand: int
    hand_seat: int
    hand_tile: TileView | None
    tiles: dict[int, TileView]  # every tile on the table (forest, hand, rivers)
    supply: int
    bag: int
    discard: int
    foreman: int
    turn: int
    phase: str
    actor: int
    side: str
    take_side: str  # the side others take from this turn ("" before the foreman chose)
    beaver_spots: tuple[tuple[int, int], ...]
    flip_allowed: bool
    objectives: tuple[ObjectiveView, ...]
    end_reason: str


# -- helpers ----------------------------------------------------------------------------
def _player(n: int) -> str:
    return f"Player {n + 1}"


def _wood(tile_id: int) -> str:
    return content.tile(tile_id).wood


def _tile_name(tile_id: int) -> str:
    return f"{_wood(tile_id)} tile {tile_id}"


def _tile_names(tile_ids) -> str:
    names = [_tile_name(t) for t in tile_ids]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _cubes(n: int) -> str:
    return f"{n} wood cube" + ("" if n == 1 else "s")


def _board(state: BiviState) -> content.Board:
    return content.board(state.options.board)


def _layout(state: BiviState):
    return _layout_named(state.options.board)


@cache
def _layout_named(board: str):
    return layout(content.board(board))


def flip_allowed(mode: str) -> bool:
    return mode == "basic"


def _set_player(players: tuple[PlayerState, ...], seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    return players[:seat] + (player,) + players[seat + 1 :]


def _set_side(forest: tuple[tuple[int, ...], ...], side: str, tiles: tuple[int, ...]):
    i = SIDES.index(side)
    return forest[:i] + (tiles,) + forest[i + 1 :]


def _side(state: BiviState, side: str) -> tuple[int, ...]:
    return state.forest[SIDES.index(side)]


def _cell(text: str) -> tuple[int, int]:
    r, _, c = text.partition(",")
    return int(r), int(c)


def _rotation(text: str) -> int:
    if not text.lower().startswith("r"):
        raise ValueError(text)
    return int(text[1:])


def _flip(text: str) -> bool:
    if text.lower() != "f":
        raise ValueError(text)
    return True


CELL = Word(lambda r, c: f"{r},{c}", _cell, width=2)
SIDE = choice(*SIDES)
CODEC = ActionCodec(
    Action,
    "Bivì",
    ["take N 12", "place 3,4 r1", "cube-at 7,2"],
    {
        ChooseBank: [choice("left", "right")],
        Take: [SIDE, INT],
        TakeCube: [SIDE],
        Place: [CELL, Word(lambda r: f"r{r}", _rotation), Word(lambda f: "f" if f else "", _flip, optional=True)],
        MoveBeaver: [CELL],
        SetBeaver: [CELL],
        CubeAt: [CELL],
    },
)


def _gain_cube(state: BiviState, seat: int) -> tuple[BiviState, str]:
    """One cube for `seat`: from the supply, else stolen from the player holding most
    (ties: the first such player clockwise after the taker). Used wherever a cube is
    gained: the foreman's action B and another beaver's discard alike."""
    me = state.players[seat]
    if state.supply > 0:
        players = _set_player(state.players, seat, replace(me, cubes=me.cubes + 1))
        return replace(state, players=players, supply=state.supply - 1), "takes a wood cube"
    order = [(seat + k) % state.seats for k in range(1, state.seats)]
    victim = max(order, key=lambda s: (state.players[s].cubes, -order.index(s)))
    if state.players[victim].cubes == 0:
        return state, "would take a wood cube, but none is left in the supply or in any player's stock"
    v = state.players[victim]
    players = _set_player(state.players, victim, replace(v, cubes=v.cubes - 1))
    players = _set_player(players, seat, replace(me, cubes=me.cubes + 1))
    return replace(state, players=players), f"steals a wood cube from {_player(victim)} (the supply is empty)"


def placement_cells(tile_id: int, placement: Place) -> list[Cell]:
    shape = content.tile(tile_id).cells
    return absolute(oriented_cells(shape, placement.rotation, placement.flipped), placement.row, placement.col)


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
    shape = tuple(tuple(x) for x in content.tile(tile_id).cells)
    cells = oriented_cells(shape, placement.rotation, placement.flipped)
    for rotation, flipped, rel in orientations(shape, allow_flip):
        if rel == cells:
            return Place(placement.row, placement.col, rotation, flipped)
    return placement


def _placement_check(state: BiviState, seat: int, placement: Place, tile_id: int | None = None):
    tile_id = tile_id or (state.hand if state.actor == seat else 0)
    me = state.players[seat]
    return _check_on_river(state.options.board, state.options.mode, me.cells, me.beaver, me.bank, tile_id, placement)


def _check_on_river(
    board: str, mode: str, cells: tuple[int, ...], beaver: Cell | None, bank: str, tile_id: int, placement: Place
):
    """The placement rules on one river, from what the state and every view both hold, so
    a client without the state refuses a ghost tile in the engine's own words."""
    if not tile_id:
        return "You have no tile to place.", []
    if placement.flipped and not flip_allowed(mode):
        return "Tiles cannot be flipped in the advanced and expert modes: the decorated face stays up.", []
    if not 0 <= placement.rotation <= 3:
        return "Rotation is 0 to 3 quarter turns.", []
    return check_placement(_layout_named(board), cells, placement_cells(tile_id, placement), tile_id, beaver, bank)


def _cube_problem(board: str, cells: tuple[int, ...], beaver: Cell | None, target: Cell) -> str | None:
    """None when a cube may go at `target` in this river, else the reason."""
    lay = _layout_named(board)
    if target in cube_spots(lay, cells, beaver):
        return None
    if not lay.is_river(*target):
        return "A cube must go inside your river."
    if cells[target[0] * lay.width + target[1]] != EMPTY:
        return "That cell is already taken."
    if target == beaver:
        return "Your beaver stands there: a cube needs a free cell."
    return "That cube would fall: the cell under it is empty."


BEAVER_SPOT_REFUSAL = "Put your beaver on one of the marked cells above the tile you just placed."


@cache
def _shape(tile_id: int) -> tuple[Cell, ...]:
    return tuple(tuple(x) for x in content.tile(tile_id).cells)


def _nobody_can_add(state: BiviState) -> bool:
    """True when no player could ever place a tile or a cube again, whatever anyone does.

    Rivers only change through placements, so this is checked on the rivers as they stand.
    A player could still place a cube if any cube is outside the rivers (in the supply or a
    stock: it can be gained or stolen) and their river has a free supported cell, counting
    the beaver's own cell when the beaver could step to another tile with those cubes. They
    could still place a tile if some timber still in play (forest, bag, discards or hand:
    the bag is refilled from the discards) fits from the tile their beaver stands on (or its
    bank); when the beaver could move, the cube test has already said yes."""
    lay = _layout(state)
    loose = state.supply + sum(p.cubes for p in state.players)
    in_play = [t for side in state.forest for t in side] + list(state.bag) + list(state.discard)
    if state.hand:
        in_play.append(state.hand)
    shapes: dict[tuple, int] = {}
    for t in in_play:
        shapes.setdefault(_shape(t), t)
    allow_flip = flip_allowed(state.options.mode)
    for p in state.players:
        if loose and (cube_spots(lay, p.cells, p.beaver) or beaver_reach(lay, p.cells, p.beaver, loose)):
            return False
        for shape, tile_id in shapes.items():
            if can_place(lay, p.cells, shape, tile_id, p.beaver, p.bank, allow_flip):
                return False
    return True


def _move_costs(state: BiviState, seat: int) -> list[tuple[Cell, int]]:
    """The beaver moves `seat` can afford now, each with its cost in cubes, in board order."""
    me = state.players[seat]
    if me.cubes <= 0:
        return []
    reach = beaver_reach(_layout(state), me.cells, me.beaver, me.cubes)
    return [(cell, move_cost(reach[cell])) for cell in sorted(reach)]


def placement_problem(state: BiviState, seat: int, placement: Place, tile_id: int | None = None) -> str | None:
    """None when `seat` may put its tile in hand (or `tile_id`) at `placement` now, else the
    reason, for showing a ghost tile in red. Does not check whose turn it is."""
    return _placement_check(state, seat, placement, tile_id)[0]


def placements(state: BiviState, seat: int, tile_id: int | None = None) -> list[tuple[Place, list[Cell]]]:
    """Every distinct legal placement of the tile in hand (or `tile_id`) for `seat`, with the
    beaver cells each would allow."""
    tile_id = tile_id or state.hand
    me = state.players[seat]
    found = legal_placements(
        _layout(state),
        me.cells,
        content.tile(tile_id).cells,
        tile_id,
        me.beaver,
        me.bank,
        flip_allowed(state.options.mode),
    )
    return [(Place(r, c, rot, f), spots) for r, c, rot, f, spots in found]


def view_problem(view: BiviView, seat: int, action: Place | CubeAt | SetBeaver) -> str | None:
    """What `apply` would say against a placement, a cube or a beaver spot of `seat`, read
    from that seat's view: a remote client, which never holds the state, judges its ghost
    tile with it. None when the rules allow it there (whose turn it is is not checked)."""
    river = view.rivers[seat]
    cells = tuple(v for row in river.cells for v in row)
    if isinstance(action, Place):
        tile_id = view.hand if view.hand_seat == seat else 0
        placement = canonical_form(view.hand, view.mode, action)
        return _check_on_river(view.board, view.mode, cells, river.beaver, river.bank, tile_id, placement)[0]
    if isinstance(action, CubeAt):
        return _cube_problem(view.board, cells, river.beaver, (action.row, action.col))
    return None if (action.row, action.col) in view.beaver_spots else BEAVER_SPOT_REFUSAL


def river_text(state: BiviState, seat: int) -> str:
    """A player's river in the text notation (see notation.py)."""
    return render_river_text(_board(state), state.players[seat].cells, _wood)


def view_river_text(view: BiviView, seat: int) -> str:
    """`river_text` from a view, where every river is public."""
    cells = tuple(v for row in view.rivers[seat].cells for v in row)
    return render_river_text(content.board(view.board), cells, _wood)


def decorations(cells: tuple[int, ...]) -> dict[str, int]:
    """Exact decoration counts over the tiles in a river."""
    counts = {"moss": 0, "butterflies": 0, "ladybugs": 0}
    for t in {v for v in cells if v > 0}:
        tile = content.tile(t)
        counts["moss"] += tile.moss
        counts["butterflies"] += tile.butterflies
        counts["ladybugs"] += tile.ladybugs
    return counts


def objective_points(objective_id: str, counts: list[dict[str, int]]) -> list[int]:
    """Bonus points per seat for one expert objective, from each seat's decoration counts.

    A objectives use competition ranking: every player tied for the best value gets the
    first bonus; the second bonus goes to everyone tied for the next value, but only when
    the first place was not shared."""
    obj = content.objectives()[objective_id]
    if obj.kind == "B":
        return [obj.points * min(c[k] // n for k, n in obj.need.items()) for c in counts]
    values = [sum(c[k] for k in obj.count) for c in counts]
    sign = 1 if obj.best == "most" else -1
    best = max(sign * v for v in values)
    firsts = [sign * v == best for v in values]
    points = [obj.first if f else 0 for f in firsts]
    if sum(firsts) == 1 and len(values) > 1:
        second = max(sign * v for v, f in zip(values, firsts) if not f)
        points = [p or (obj.second if sign * v == second else 0) for p, v in zip(points, values)]
    return points


# -- the engine -----------------------------------------------------------------------------
class BiviEngine(Engine[BiviState, Action]):
    info = GameInfo(
        id="bivi",
        title="Bivì",
        pitch="Beavers stack timber into a dam; gravity and holes matter.",
        min_seats=2,
        max_seats=4,
        flags=Flags(hidden_information=False, chance=True),
    )
    options_type = BiviOptions

    bots = {"random": RandomBot, "heuristic": HeuristicBot}

    # -- setup ---------------------------------------------------------------
    def check_setup(self, options: msgspec.Struct, seats: int) -> None:
        super().check_setup(options, seats)
        if not isinstance(options, BiviOptions):
            raise BadOptions("Bivì needs Bivì options.")
        if options.mode not in ("basic", "advanced", "expert"):
            raise BadOptions(f"Unknown mode '{options.mode}' (choose basic, advanced or expert).")
        if options.board not in content.boards():
            known = ", ".join(sorted(content.boards()))
            raise BadOptions(f"There is no river board called '{options.board}' (boards: {known}).")

    def new_game(self, options: BiviOptions, seats: int, seed: int) -> BiviState:
        self.check_setup(options, seats)
        rng = Rng(seed_state(seed))
        bag = rng.shuffled(sorted(content.tiles()))
        per = TILES_PER_SIDE[seats]
        forest = tuple(tuple(bag[i * per : (i + 1) * per]) for i in range(4))
        bag = bag[4 * per :]
        objectives: tuple[str, ...] = ()
        if options.mode == "expert":
            objs = content.objectives()
            a = sorted(o for o in objs if objs[o].kind == "A")
            b = sorted(o for o in objs if objs[o].kind == "B")
            objectives = (rng.choice(a), rng.choice(b))
        board = content.board(options.board)
        empty = PlayerState(cells=(EMPTY,) * (board.height * board.width))
        return BiviState(
            options=options,
            seats=seats,
            rng=rng.state,
            bag=tuple(bag),
            discard=(),
            forest=forest,
            supply=TOTAL_CUBES - seats,
            players=(empty,) * seats,
            phase="bank",
            actor=0,
            queue=tuple(range(1, seats)),
            objectives=objectives,
        )

    # -- who acts ------------------------------------------------------------
    def actors(self, state: BiviState) -> tuple[int, ...]:
        return () if state.phase == "over" else (state.actor,)

    def legal_actions(self, state: BiviState, seat: int) -> list[Action]:
        if state.phase == "over" or seat != state.actor:
            return []
        me = state.players[seat]
        lay = _layout(state)
        if state.phase == "bank":
            return [ChooseBank("left"), ChooseBank("right")]
        if state.phase == "foreman":
            takes: list[Action] = [Take(s, t) for s in SIDES for t in _side(state, s)]
            return takes + [TakeCube(s) for s in SIDES if _side(state, s)]
        if state.phase == "take":
            side = OPPOSITE[state.side]
            return [Take(side, t) for t in _side(state, side)]
        if state.phase == "hand":
            actions: list[Action] = [p for p, _ in placements(state, seat)]
            if me.cubes > 0:
                reach = beaver_reach(lay, me.cells, me.beaver, me.cubes)
                actions += [MoveBeaver(r, c) for r, c in sorted(reach)]
            if seat != state.foreman or not any(isinstance(a, Place) for a in actions):
                actions.append(Discard())
            return actions
        if state.phase == "beaver":
            return [SetBeaver(r, c) for r, c in state.spots]
        if state.phase == "end":
            return [CubeAt(r, c) for r, c in cube_spots(lay, me.cells, me.beaver)] + [NoCube()]
        return []

    # -- acting --------------------------------------------------------------
    def apply(self, state: BiviState, seat: int, action: Action) -> Applied[BiviState]:
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        if seat != state.actor:
            raise IllegalAction(f"It is {_player(state.actor)}'s turn to act, not {_player(seat)}'s.")
        handler = {
            "bank": self._apply_bank,
            "foreman": self._apply_foreman,
            "take": self._apply_take,
            "hand": self._apply_hand,
            "beaver": self._apply_beaver,
            "end": self._apply_end,
        }[state.phase]
        return handler(state, seat, action)

    def _apply_bank(self, state: BiviState, seat: int, action: Action) -> Applied[BiviState]:
        if not isinstance(action, ChooseBank) or action.side not in ("left", "right"):
            raise IllegalAction("First put your beaver on the left or the right bank.")
        me = replace(state.players[seat], bank=action.side)
        state = replace(state, players=_set_player(state.players, seat, me))
        events = [Event(f"{_player(seat)} puts their beaver on the {action.side} bank.")]
        if state.queue:
            return Applied(replace(state, actor=state.queue[0], queue=state.queue[1:]), events)
        return Applied(replace(state, phase="foreman", actor=state.foreman, queue=()), events)

    def _apply_foreman(self, state: BiviState, seat: int, action: Action) -> Applied[BiviState]:
        if isinstance(action, Take):
            if action.side not in SIDES:
                raise IllegalAction("Choose a side of the forest: N, E, S or W.")
            row = _side(state, action.side)
            if action.tile not in row:
                raise IllegalAction(f"Tile {action.tile} is not on the {SIDE_NAMES[action.side]} side of the forest.")
            rest = tuple(t for t in row if t != action.tile)
            me = state.players[seat]
            state = replace(
                state,
                forest=_set_side(state.forest, action.side, ()),
                discard=state.discard + rest,
                players=_set_player(state.players, seat, replace(me, taken=me.taken + 1)),
                side=action.side,
                phase="hand",
                hand=action.tile,
            )
            text = f"{_player(seat)} (foreman) takes {_tile_name(action.tile)} from the {SIDE_NAMES[action.side]} side"
            if rest:
                text += f" and discards {_tile_names(rest)}"
            return Applied(state, [Event(text + ".")])
        if isinstance(action, TakeCube):
            if action.side not in SIDES:
                raise IllegalAction("Choose a side of the forest: N, E, S or W.")
            row = _side(state, action.side)
            if not row:
                raise IllegalAction("That side of the forest is empty: choose a side with timber on it.")
            state = replace(
                state,
                forest=_set_side(state.forest, action.side, ()),
                discard=state.discard + row,
                side=action.side,
            )
            state, how = _gain_cube(state, seat)
            text = f"{_player(seat)} (foreman) discards the {SIDE_NAMES[action.side]} side ({_tile_names(row)}) and {how}."
            return self._continue(self._start_others(state), [Event(text)])
        raise IllegalAction("As foreman, choose a side of the forest: take one of its tiles, or discard it for a cube.")

    def _apply_take(self, state: BiviState, seat: int, action: Action) -> Applied[BiviState]:
        side = OPPOSITE[state.side]
        if not isinstance(action, Take):
            raise IllegalAction(f"Take a tile from the {SIDE_NAMES[side]} side of the forest.")
        if action.side != side:
            raise IllegalAction(
                f"You must take from the {SIDE_NAMES[side]} side, opposite the side the foreman chose."
            )
        row = _side(state, side)
        if action.tile not in row:
            raise IllegalAction(f"Tile {action.tile} is not on the {SIDE_NAMES[side]} side of the forest.")
        me = state.players[seat]
        state = replace(
            state,
            forest=_set_side(state.forest, side, tuple(t for t in row if t != action.tile)),
            players=_set_player(state.players, seat, replace(me, taken=me.taken + 1)),
            phase="hand",
            hand=action.tile,
        )
        text = f"{_player(seat)} takes {_tile_name(action.tile)} from the {SIDE_NAMES[side]} side."
        return Applied(state, [Event(text)])

    def _apply_hand(self, state: BiviState, seat: int, action: Action) -> Applied[BiviState]:
        me = state.players[seat]
        lay = _layout(state)
        if isinstance(action, Place):
            action = canonical_place(state, action)
            problem, spots = _placement_check(state, seat, action)
            if problem:
                raise IllegalAction(problem)
            cells = placement_cells(state.hand, action)
            grid = with_tile(lay, me.cells, cells, state.hand)
            record = Placed(state.hand, action.row, action.col, action.rotation, action.flipped)
            me = replace(me, cells=grid, placed=me.placed + (record,), beaver=spots[0], bank="")
            state = replace(
                state,
                players=_set_player(state.players, seat, me),
                hand=0,
                placed_this_turn=True,
            )
            text = f"{_player(seat)} places {_tile_name(record.tile)} at {action.row},{action.col} ({self.format_action(action)})."
            if len(spots) > 1:
                return Applied(replace(state, phase="beaver", spots=tuple(spots)), [Event(text)])
            return self._continue(self._after_hand(state), [Event(text)])
        if isinstance(action, MoveBeaver):
            if me.cubes <= 0:
                raise IllegalAction("Moving your beaver costs a wood cube, and you have none.")
            if me.beaver is None:
                raise IllegalAction("Your beaver is still on the bank: there is no tile to move it to yet.")
            target = (action.row, action.col)
            reach = beaver_reach(lay, me.cells, me.beaver)
            if target not in reach:
                r, c = target
                under = (r + 1) * lay.width + c
                if not (lay.is_river(r, c) and me.cells[r * lay.width + c] == EMPTY
                        and lay.is_river(r + 1, c) and me.cells[under] > 0):
                    raise IllegalAction("Your beaver must end its move standing on a free cell right on top of a tile.")
                if me.cells[under] == beaver_tile(lay, me.cells, me.beaver):
                    raise IllegalAction("Your beaver already stands on that tile: a move takes it to another tile.")
                raise IllegalAction(
                    "The beaver moves across tiles that share a side: that tile is not joined to the one it stands on."
                )
            steps = reach[target]
            cost = move_cost(steps)
            if cost > me.cubes:
                raise IllegalAction(
                    f"That tile is {steps} tiles away: the move costs {_cubes(cost)} (one per 2 tiles), "
                    f"and you have {me.cubes}."
                )
            me = replace(me, cubes=me.cubes - cost, beaver=target)
            state = replace(state, players=_set_player(state.players, seat, me), supply=state.supply + cost)
            tiles = f"{steps} tile" + ("" if steps == 1 else "s")
            text = f"{_player(seat)} discards {_cubes(cost)} and moves their beaver {tiles} to {action.row},{action.col}."
            return Applied(state, [Event(text)])
        if isinstance(action, Discard):
            tile_id = state.hand
            state = replace(state, hand=0, discard=state.discard + (tile_id,))
            if seat == state.foreman:
                if placements(state, seat, tile_id):
                    raise IllegalAction("The foreman must place the tile taken; it can only be discarded when it fits nowhere.")
                text = f"{_player(seat)} (foreman) cannot fit {_tile_name(tile_id)} anywhere and discards it."
            else:
                state, how = _gain_cube(state, seat)
                text = f"{_player(seat)} discards {_tile_name(tile_id)} and {how}."
            return self._continue(self._after_hand(state), [Event(text)])
        raise IllegalAction("Place the tile you hold, move your beaver with cubes, or discard the tile.")

    def _apply_beaver(self, state: BiviState, seat: int, action: Action) -> Applied[BiviState]:
        if not isinstance(action, SetBeaver) or (action.row, action.col) not in state.spots:
            raise IllegalAction(BEAVER_SPOT_REFUSAL)
        me = replace(state.players[seat], beaver=(action.row, action.col))
        state = replace(state, players=_set_player(state.players, seat, me), spots=())
        text = f"{_player(seat)} puts their beaver at {action.row},{action.col}."
        return self._continue(self._after_hand(state), [Event(text)])

    def _apply_end(self, state: BiviState, seat: int, action: Action) -> Applied[BiviState]:
        me = state.players[seat]
        if isinstance(action, NoCube):
            return self._continue(self._next_end(state), [Event(f"{_player(seat)} keeps their cubes.")])
        if not isinstance(action, CubeAt):
            raise IllegalAction("At the end of the turn you may place one wood cube, or pass.")
        lay = _layout(state)
        target = (action.row, action.col)
        problem = _cube_problem(state.options.board, me.cells, me.beaver, target)
        if problem:
            raise IllegalAction(problem)
        grid = list(me.cells)
        grid[target[0] * lay.width + target[1]] = CUBE
        me = replace(me, cells=tuple(grid), cubes=me.cubes - 1)
        state = replace(state, players=_set_player(state.players, seat, me), placed_this_turn=True)
        text = f"{_player(seat)} places a wood cube at {action.row},{action.col}."
        return self._continue(self._next_end(state), [Event(text)])

    # -- flow ---------------------------------------------------------------------
    # Flow helpers return (state, events, reveals) "pending" tuples merged by _continue.
    def _continue(self, step, events: list[Event]) -> Applied[BiviState]:
        state, more, reveals = step
        return Applied(state, events + more, reveals)

    def _after_hand(self, state: BiviState):
        if state.actor == state.foreman:
            return self._start_others(state)
        return self._next_other(state)

    def _start_others(self, state: BiviState):
        order = tuple((state.foreman + k) % state.seats for k in range(1, state.seats))
        return self._next_other(replace(state, queue=order, hand=0))

    def _next_other(self, state: BiviState):
        side = OPPOSITE[state.side]
        if state.queue and _side(state, side):
            return replace(state, phase="take", actor=state.queue[0], queue=state.queue[1:], hand=0), [], False
        order = tuple((state.foreman + k) % state.seats for k in range(state.seats))
        return self._next_end(replace(state, queue=order, hand=0))

    def _next_end(self, state: BiviState):
        lay = _layout(state)
        queue = list(state.queue)
        while queue:
            seat = queue.pop(0)
            me = state.players[seat]
            if me.cubes > 0 and cube_spots(lay, me.cells, me.beaver):
                return replace(state, phase="end", actor=seat, queue=tuple(queue)), [], False
        return self._finish_turn(replace(state, queue=()))

    def _finish_turn(self, state: BiviState):
        lay = _layout(state)
        idle = 0 if state.placed_this_turn else state.idle_turns + 1
        state = replace(state, idle_turns=idle, placed_this_turn=False, spots=(), hand=0)
        done = [n for n, p in enumerate(state.players) if dam_complete(lay, p.cells)]
        if done:
            names = " and ".join(_player(n) for n in done)
            reason = f"{names} completed {'their dams' if len(done) > 1 else 'their dam'}"
            return self._over(state, reason)
        if idle >= state.seats and _nobody_can_add(state):
            return self._over(state, "nobody can add anything to their dam any more")
        rng = Rng(state.rng)
        bag, discard = list(state.bag), list(state.discard)
        per = TILES_PER_SIDE[state.seats]
        forest = list(state.forest)
        reveals = False
        events = []
        # Only empty sides are refilled: in a 2-player game the side the other player took
        # from keeps its last tile until it is emptied.
        for i, row in enumerate(forest):
            if row:
                continue
            drawn = []
            while len(drawn) < per:
                if not bag:
                    if not discard:
                        break
                    bag = rng.shuffled(discard)
                    discard = []
                    events.append(Event("The bag is empty: the discarded timber is shuffled back into it."))
                drawn.append(bag.pop(0))
            forest[i] = tuple(drawn)
            reveals = reveals or bool(drawn)
        state = replace(state, bag=tuple(bag), discard=tuple(discard), forest=tuple(forest), rng=rng.state)
        if not any(forest):
            return self._over(state, "the timber ran out")
        foreman = (state.foreman - 1) % state.seats  # the foreman card passes counter-clockwise
        events.append(Event(f"The forest is refilled. Turn {state.turn + 1}: {_player(foreman)} is the foreman."))
        state = replace(state, foreman=foreman, actor=foreman, phase="foreman", side="", turn=state.turn + 1, queue=())
        return state, events, reveals

    def _over(self, state: BiviState, reason: str):
        state = replace(state, phase="over", end_reason=reason, queue=(), hand=0)
        out = self.outcome(state)
        return state, [Event(f"The game ends: {reason}. {out.reason}")], False

    # -- text forms ------------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        return CODEC.format(action)

    def describe_action(self, action: Action) -> str:
        """The action list names the tile and its shape, which a tile id alone does not."""
        if isinstance(action, Take):
            return f"take {_tile_name(action.tile)} ({content.tile(action.tile).shape}) from {SIDE_NAMES[action.side]}"
        if isinstance(action, TakeCube):
            return f"discard the {SIDE_NAMES[action.side]} side for a wood cube"
        if isinstance(action, MoveBeaver):
            return f"move the beaver to {action.row},{action.col} (pays cubes)"
        if isinstance(action, SetBeaver):
            return f"beaver on {action.row},{action.col}"
        if isinstance(action, NoCube):
            return "no cube this turn"
        return self.format_action(action)

    def parse_action(self, state: BiviState, seat: int, text: str) -> Action:
        action = CODEC.parse(text)
        if isinstance(action, Place) and state.phase == "hand":
            return canonical_place(state, action)
        return action

    # -- views -----------------------------------------------------------------------
    def view(self, state: BiviState, viewer: int | None) -> BiviView:
        board = _board(state)
        lay = layout(board)
        w = board.width
        on_table: set[int] = {t for row in state.forest for t in row}
        if state.hand:
            on_table.add(state.hand)
        rivers = []
        for n, p in enumerate(state.players):
            on_table.update(v for v in p.cells if v > 0)
            deco = decorations(p.cells)
            filled = sum(1 for i in lay.below if p.cells[i] != EMPTY)
            rivers.append(
                RiverView(
                    seat=n,
                    cells=tuple(tuple(p.cells[r * w : (r + 1) * w]) for r in range(board.height)),
                    beaver=p.beaver,
                    bank=p.bank,
                    cubes=p.cubes,
                    taken=p.taken,
                    filled_below=filled,
                    total_below=len(lay.below),
                    holes=tuple(hole_sizes(lay, p.cells)),
                    complete=filled == len(lay.below),
                    moss=deco["moss"],
                    butterflies=deco["butterflies"],
                    ladybugs=deco["ladybugs"],
                )
            )
        objs = content.objectives()
        return BiviView(
            viewer=viewer,
            mode=state.options.mode,
            board=board.name,
            board_rows=board.rows,
            bank_row=board.bank_row,
            rivers=tuple(rivers),
            forest=state.forest,
            sides=SIDES,
            hand=state.hand,
            hand_seat=state.actor if state.hand else -1,
            hand_tile=tile_view(state.hand) if state.hand else None,
            tiles={t: tile_view(t) for t in sorted(on_table)},
            supply=state.supply,
            bag=len(state.bag),
            discard=len(state.discard),
            foreman=state.foreman,
            turn=state.turn,
            phase=state.phase,
            actor=state.actor,
            side=state.side,
            take_side=OPPOSITE[state.side] if state.side else "",
            beaver_spots=state.spots,
            flip_allowed=flip_allowed(state.options.mode),
            objectives=tuple(ObjectiveView(o, objs[o].kind, objs[o].title, objs[o].text) for o in state.objectives),
            end_reason=state.end_reason,
        )

    def summary(self, state: BiviState, viewer: int | None) -> Summary:
        lay = _layout(state)
        who = _player(state.actor)
        status, topic = {
            "bank": (f"{who}: put your beaver on the left or the right bank.", "setup"),
            "foreman": (f"{who} (foreman): choose a forest side, then take a tile or discard the side for a cube.", "foreman"),
            "take": (f"{who}: take a tile from the {SIDE_NAMES.get(OPPOSITE.get(state.side, ''), '')} side.", "other-beavers"),
            "hand": ("", "placing-tiles"),
            "beaver": (f"{who}: choose where your beaver stands on the new tile.", "the-beaver"),
            "end": (f"{who}: place one wood cube in your river, or pass.", "end-of-turn"),
            "over": (f"Game over: {state.end_reason}.", "scoring"),
        }[state.phase]
        if state.phase == "hand":
            status = self._hand_status(state, who)
        panels = []
        for n, p in enumerate(state.players):
            filled = sum(1 for i in lay.below if p.cells[i] != EMPTY)
            title = _player(n) + (" (foreman)" if n == state.foreman else "")
            lines = [
                f"Cubes: {p.cubes}",
                f"Tiles taken: {p.taken}",
                f"Dam: {filled}/{len(lay.below)} below the bank",
                f"Holes: {len(hole_sizes(lay, p.cells))}",
            ]
            if state.phase == "hand" and n == state.actor:
                moves = _move_costs(state, n)
                if moves:
                    lines.append("Beaver moves: " + ", ".join(f"{r},{c} ({_cubes(k)})" for (r, c), k in moves))
            panels.append(
                SeatPanel(
                    title=title,
                    lines=lines,
                    active=state.phase != "over" and n == state.actor,
                )
            )
        return Summary(status=status, panels=panels, turn=state.turn, rules_topic=topic)

    def _hand_status(self, state: BiviState, who: str) -> str:
        tile = _tile_name(state.hand) if state.hand else "your tile"
        move = "move your beaver with cubes (1 per 2 tiles)" if _move_costs(state, state.actor) else ""
        if not state.hand:
            return f"{who}: place your tile."
        if state.actor != state.foreman:
            return f"{who}: place {tile}" + (f" (you may first {move})" if move else "") + ", or discard it for a cube."
        if placements(state, state.actor):
            return f"{who} (foreman): place {tile}" + (f" (you may first {move})." if move else ".")
        return (f"{who} (foreman): {tile} fits nowhere from where your beaver stands: "
                + (f"{move}, or discard it (no cube)." if move else "discard it (no cube)."))

    # -- end -------------------------------------------------------------------------
    def is_over(self, state: BiviState) -> bool:
        return state.phase == "over"

    def breakdowns(self, state: BiviState) -> list[Breakdown]:
        board = _board(state)
        return [breakdown(board, p.cells, _wood) for p in state.players]

    def outcome(self, state: BiviState) -> Outcome:
        parts = self.breakdowns(state)
        worst = max(b.largest_hole for b in parts)
        lines = [b.lines(largest_penalised=worst > 0 and b.largest_hole == worst) for b in parts]
        if state.objectives:
            counts = [decorations(p.cells) for p in state.players]
            for obj_id in state.objectives:
                obj = content.objectives()[obj_id]
                for n, pts in enumerate(objective_points(obj_id, counts)):
                    lines[n].append(ScoreLine(f"Objective {obj.kind}: {obj.title}", pts))
        scores = [sum(line.points for line in ls) for ls in lines]
        keys = [(scores[n], p.cubes, -p.taken) for n, p in enumerate(state.players)]
        best = max(keys)
        winners = [n for n, k in enumerate(keys) if k == best]
        top = [n for n, s in enumerate(scores) if s == max(scores)]
        if len(top) == 1:
            reason = f"{_player(top[0])} wins with {scores[top[0]]} points."
        elif len(winners) > 1:
            reason = " and ".join(_player(n) for n in winners) + f" share the victory with {scores[winners[0]]} points."
        elif sum(1 for n in top if keys[n][1] == keys[winners[0]][1]) == 1:
            reason = f"{_player(winners[0])} wins the tie at {scores[winners[0]]} points with more wood cubes left."
        else:
            reason = f"{_player(winners[0])} wins the tie at {scores[winners[0]]} points having taken fewer tiles."
        if state.phase != "over":
            reason = "If the game ended now: " + reason
        return Outcome(scores=scores, breakdown=lines, winners=winners, reason=reason)


def tile_view(tile_id: int) -> TileView:
    t = content.tile(tile_id)
    return TileView(
        id=t.id,
        wood=t.wood,
        letter=content.WOOD_LETTER[t.wood],
        shape=t.shape,
        cells=t.cells,
        moss=t.moss,
        butterflies=t.butterflies,
        ladybugs=t.ladybugs,
    )


ENGINE = BiviEngine()

__all__ = [
    "ENGINE",
    "WOODS",
    "BiviEngine",
    "BiviOptions",
    "BiviState",
    "BiviView",
    "Place",
    "beaver_spots",
    "decorations",
    "objective_points",
    "oriented_cells",
    "placement_problem",
    "placements",
    "river_text",
    "view_problem",
    "view_river_text",
]
