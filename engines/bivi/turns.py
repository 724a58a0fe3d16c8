"""A Bivì turn: the legal actions of each phase, applying them, and the flow from one
phase to the next (the other beavers' takes, the end-of-turn cubes, the refill, the end
check and the foreman's hand-over, which happen inside the action that closes the turn)."""

from __future__ import annotations

from functools import lru_cache
from itertools import chain

from msgspec.structs import replace

from engines.bivi.actions import (
    CODEC,
    OPPOSITE,
    SIDES,
    Action,
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
from engines.bivi.beaver_and_cubes import beaver_reach, cube_spots, move_cost
from engines.bivi.geometry import CUBE, EMPTY, beaver_spots, beaver_tile, with_tile
from engines.bivi.river_features import dam_complete
from engines.bivi.placing import (
    BEAVER_SPOT_REFUSAL,
    any_tile_fits,
    canonical_place,
    cube_problem,
    placement_cells,
    placement_actions,
    placement_check,
    placements,
)
from engines.bivi.scoring import outcome
from engines.bivi.state import (
    SIDE_NAMES,
    TILES_PER_SIDE,
    BiviState,
    Placed,
    cubes_text,
    flip_allowed,
    player_name,
    river_layout,
    set_player,
    set_side,
    side_tiles,
    tile_name,
    tile_names,
)
from engines.core.errors import IllegalAction
from engines.core.protocol import Applied, Event
from engines.core.rng import Rng


# -- legal actions ---------------------------------------------------------------------
def legal_actions(state: BiviState, seat: int) -> list[Action]:
    if state.phase == "over" or seat != state.actor:
        return []
    if state.phase == "foreman":
        return list(_foreman_choices(state.forest))
    if state.phase == "take":
        side = OPPOSITE[state.side]
        return [Take(side, t) for t in side_tiles(state, side)]
    if state.phase == "bank":
        return [ChooseBank("left"), ChooseBank("right")]
    me = state.players[seat]
    lay = river_layout(state)
    if state.phase == "hand":
        places = placement_actions(state, seat)
        actions: list[Action] = list(places)
        if me.cubes > 0:
            reach = beaver_reach(lay, me.cells, me.beaver, me.cubes)
            actions += [MoveBeaver(r, c) for r, c in sorted(reach)]
        if seat != state.foreman or not places:
            actions.append(Discard())
        return actions
    if state.phase == "beaver":
        return [SetBeaver(r, c) for r, c in state.spots]
    if state.phase == "end":
        cubes: list[Action] = [CubeAt(r, c) for r, c in cube_spots(lay, me.cells, me.beaver)]
        cubes.append(NoCube())
        return cubes
    return []


@lru_cache(maxsize=256)
def _foreman_choices(forest: tuple[tuple[int, ...], ...]) -> tuple[Action, ...]:
    """Every tile on every side, then every side with timber to discard for a cube: one
    shared tuple per forest (actions are frozen), as a forest is offered several times."""
    takes: list[Action] = []
    cubes: list[Action] = []
    for side, row in zip(SIDES, forest):
        if row:
            takes += [Take(side, t) for t in row]
            cubes.append(_TAKE_CUBE[side])
    return (*takes, *cubes)


_TAKE_CUBE = {side: TakeCube(side) for side in SIDES}


# -- acting ------------------------------------------------------------------------------
def apply(state: BiviState, seat: int, action: Action, listed: bool = False) -> Applied[BiviState]:
    """`action` of `seat` applied to `state`; `listed` when the caller knows the action is
    one of `legal_actions(state, seat)`, so its checks need not be made again."""
    if state.phase == "over":
        raise IllegalAction("The game is over.")
    if seat != state.actor:
        raise IllegalAction(f"It is {player_name(state.actor)}'s turn to act, not {player_name(seat)}'s.")
    if state.phase == "hand":
        return _apply_hand(state, seat, action, listed)
    return _HANDLERS[state.phase](state, seat, action)


def _apply_bank(state: BiviState, seat: int, action: Action) -> Applied[BiviState]:
    if not isinstance(action, ChooseBank) or action.side not in ("left", "right"):
        raise IllegalAction("First put your beaver on the left or the right bank.")
    me = replace(state.players[seat], bank=action.side)
    state = replace(state, players=set_player(state.players, seat, me))
    events = [Event(f"{player_name(seat)} puts their beaver on the {action.side} bank.")]
    if state.queue:
        return Applied(replace(state, actor=state.queue[0], queue=state.queue[1:]), events)
    return Applied(replace(state, phase="foreman", actor=state.foreman, queue=()), events)


def _apply_foreman(state: BiviState, seat: int, action: Action) -> Applied[BiviState]:
    if isinstance(action, Take):
        if action.side not in SIDES:
            raise IllegalAction("Choose a side of the forest: N, E, S or W.")
        row = side_tiles(state, action.side)
        if action.tile not in row:
            raise IllegalAction(f"Tile {action.tile} is not on the {SIDE_NAMES[action.side]} side of the forest.")
        rest = tuple(t for t in row if t != action.tile)
        me = state.players[seat]
        state = replace(
            state,
            forest=set_side(state.forest, action.side, ()),
            discard=state.discard + rest,
            players=set_player(state.players, seat, replace(me, taken=me.taken + 1)),
            side=action.side,
            phase="hand",
            hand=action.tile,
        )
        text = f"{player_name(seat)} (foreman) takes {tile_name(action.tile)} from the {SIDE_NAMES[action.side]} side"
        if rest:
            text += f" and discards {tile_names(rest)}"
        return Applied(state, [Event(text + ".")])
    if isinstance(action, TakeCube):
        if action.side not in SIDES:
            raise IllegalAction("Choose a side of the forest: N, E, S or W.")
        row = side_tiles(state, action.side)
        if not row:
            raise IllegalAction("That side of the forest is empty: choose a side with timber on it.")
        state = replace(
            state,
            forest=set_side(state.forest, action.side, ()),
            discard=state.discard + row,
            side=action.side,
        )
        state, how = _gain_cube(state, seat)
        text = (
            f"{player_name(seat)} (foreman) discards the {SIDE_NAMES[action.side]} side ({tile_names(row)}) and {how}."
        )
        return _continue(_start_others(state), [Event(text)])
    raise IllegalAction("As foreman, choose a side of the forest: take one of its tiles, or discard it for a cube.")


def _apply_take(state: BiviState, seat: int, action: Action) -> Applied[BiviState]:
    side = OPPOSITE[state.side]
    if not isinstance(action, Take):
        raise IllegalAction(f"Take a tile from the {SIDE_NAMES[side]} side of the forest.")
    if action.side != side:
        raise IllegalAction(f"You must take from the {SIDE_NAMES[side]} side, opposite the side the foreman chose.")
    row = side_tiles(state, side)
    if action.tile not in row:
        raise IllegalAction(f"Tile {action.tile} is not on the {SIDE_NAMES[side]} side of the forest.")
    me = state.players[seat]
    state = replace(
        state,
        forest=set_side(state.forest, side, tuple(t for t in row if t != action.tile)),
        players=set_player(state.players, seat, replace(me, taken=me.taken + 1)),
        phase="hand",
        hand=action.tile,
    )
    text = f"{player_name(seat)} takes {tile_name(action.tile)} from the {SIDE_NAMES[side]} side."
    return Applied(state, [Event(text)])


def _apply_hand(state: BiviState, seat: int, action: Action, listed: bool) -> Applied[BiviState]:
    me = state.players[seat]
    lay = river_layout(state)
    if isinstance(action, Place):
        if not listed:  # a listed placement is in canonical form and passes every check
            action = canonical_place(state, action)
            problem, spots = placement_check(state, seat, action)
            if problem:
                raise IllegalAction(problem)
        cells = placement_cells(state.hand, action)
        grid = with_tile(lay, me.cells, cells, state.hand)
        if listed:
            spots = beaver_spots(lay, grid, cells)
        record = Placed(state.hand, action.row, action.col, action.rotation, action.flipped)
        me = replace(me, cells=grid, placed=me.placed + (record,), beaver=spots[0], bank="")
        state = replace(
            state,
            players=set_player(state.players, seat, me),
            hand=0,
            placed_this_turn=True,
        )
        text = f"{player_name(seat)} places {tile_name(record.tile)} at {action.row},{action.col} ({CODEC.format(action)})."
        if len(spots) > 1:
            return Applied(replace(state, phase="beaver", spots=tuple(spots)), [Event(text)])
        return _continue(_after_hand(state), [Event(text)])
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
            if not (
                lay.is_river(r, c)
                and me.cells[r * lay.width + c] == EMPTY
                and lay.is_river(r + 1, c)
                and me.cells[under] > 0
            ):
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
                f"That tile is {steps} tiles away: the move costs {cubes_text(cost)} (one per 2 tiles), "
                f"and you have {me.cubes}."
            )
        me = replace(me, cubes=me.cubes - cost, beaver=target)
        state = replace(state, players=set_player(state.players, seat, me), supply=state.supply + cost)
        tiles = f"{steps} tile" + ("" if steps == 1 else "s")
        text = f"{player_name(seat)} discards {cubes_text(cost)} and moves their beaver {tiles} to {action.row},{action.col}."
        return Applied(state, [Event(text)])
    if isinstance(action, Discard):
        tile_id = state.hand
        state = replace(state, hand=0, discard=state.discard + (tile_id,))
        if seat == state.foreman:
            # A listed discard of the foreman's means nothing in the list was a placement.
            if not listed and placements(state, seat, tile_id):
                raise IllegalAction(
                    "The foreman must place the tile taken; it can only be discarded when it fits nowhere."
                )
            text = (
                f"{player_name(seat)} (foreman) cannot fit {tile_name(tile_id)} from where their beaver stands"
                " and discards it (no cube)."
            )
        else:
            state, how = _gain_cube(state, seat)
            text = f"{player_name(seat)} discards {tile_name(tile_id)} and {how}."
        return _continue(_after_hand(state), [Event(text)])
    raise IllegalAction("Place the tile you hold, move your beaver with cubes, or discard the tile.")


def _apply_beaver(state: BiviState, seat: int, action: Action) -> Applied[BiviState]:
    if not isinstance(action, SetBeaver) or (action.row, action.col) not in state.spots:
        raise IllegalAction(BEAVER_SPOT_REFUSAL)
    me = replace(state.players[seat], beaver=(action.row, action.col))
    state = replace(state, players=set_player(state.players, seat, me), spots=())
    text = f"{player_name(seat)} puts their beaver at {action.row},{action.col}."
    return _continue(_after_hand(state), [Event(text)])


def _apply_end(state: BiviState, seat: int, action: Action) -> Applied[BiviState]:
    me = state.players[seat]
    if isinstance(action, NoCube):
        return _continue(_next_end(state), [Event(f"{player_name(seat)} keeps their cubes.")])
    if not isinstance(action, CubeAt):
        raise IllegalAction("At the end of the turn you may place one wood cube, or pass.")
    lay = river_layout(state)
    target = (action.row, action.col)
    problem = cube_problem(state.options.board, me.cells, me.beaver, target)
    if problem:
        raise IllegalAction(problem)
    grid = list(me.cells)
    grid[target[0] * lay.width + target[1]] = CUBE
    me = replace(me, cells=tuple(grid), cubes=me.cubes - 1)
    state = replace(state, players=set_player(state.players, seat, me), placed_this_turn=True)
    text = f"{player_name(seat)} places a wood cube at {action.row},{action.col}."
    return _continue(_next_end(state), [Event(text)])


_HANDLERS = {
    "bank": _apply_bank,
    "foreman": _apply_foreman,
    "take": _apply_take,
    "beaver": _apply_beaver,
    "end": _apply_end,
}


def _gain_cube(state: BiviState, seat: int) -> tuple[BiviState, str]:
    """One cube for `seat`: from the supply, else stolen from the player holding most
    (ties: the first such player clockwise after the taker). Used wherever a cube is
    gained: the foreman's action B and another beaver's discard alike."""
    me = state.players[seat]
    if state.supply > 0:
        players = set_player(state.players, seat, replace(me, cubes=me.cubes + 1))
        return replace(state, players=players, supply=state.supply - 1), "takes a wood cube"
    order = [(seat + k) % state.seats for k in range(1, state.seats)]
    victim = max(order, key=lambda s: (state.players[s].cubes, -order.index(s)))
    if state.players[victim].cubes == 0:
        return state, "would take a wood cube, but none is left in the supply and no other player holds one"
    v = state.players[victim]
    players = set_player(state.players, victim, replace(v, cubes=v.cubes - 1))
    players = set_player(players, seat, replace(me, cubes=me.cubes + 1))
    return replace(state, players=players), f"steals a wood cube from {player_name(victim)} (the supply is empty)"


# -- flow ----------------------------------------------------------------------------------
# Flow helpers return (state, events, reveals) "pending" tuples merged by _continue.
Pending = tuple[BiviState, list[Event], bool]


def _continue(step: Pending, events: list[Event]) -> Applied[BiviState]:
    state, more, reveals = step
    return Applied(state, events + more, reveals)


def _after_hand(state: BiviState) -> Pending:
    if state.actor == state.foreman:
        return _start_others(state)
    return _next_other(state)


def _start_others(state: BiviState) -> Pending:
    order = tuple((state.foreman + k) % state.seats for k in range(1, state.seats))
    return _next_other(replace(state, queue=order, hand=0))


def _next_other(state: BiviState) -> Pending:
    side = OPPOSITE[state.side]
    if state.queue and side_tiles(state, side):
        return replace(state, phase="take", actor=state.queue[0], queue=state.queue[1:], hand=0), [], False
    order = tuple((state.foreman + k) % state.seats for k in range(state.seats))
    return _next_end(replace(state, queue=order, hand=0))


def _next_end(state: BiviState) -> Pending:
    lay = river_layout(state)
    queue = list(state.queue)
    while queue:
        seat = queue.pop(0)
        me = state.players[seat]
        if me.cubes > 0 and cube_spots(lay, me.cells, me.beaver):
            return replace(state, phase="end", actor=seat, queue=tuple(queue)), [], False
    return _finish_turn(replace(state, queue=()))


def _finish_turn(state: BiviState) -> Pending:
    lay = river_layout(state)
    idle = 0 if state.placed_this_turn else state.idle_turns + 1
    state = replace(state, idle_turns=idle, placed_this_turn=False, spots=(), hand=0)
    done = [n for n, p in enumerate(state.players) if dam_complete(lay, p.cells)]
    if done:
        names = " and ".join(player_name(n) for n in done)
        reason = f"{names} completed {'their dams' if len(done) > 1 else 'their dam'}"
        return _over(state, reason)
    if idle >= state.seats and _nobody_can_add(state):
        return _over(state, "nobody can add anything to their dam any more")
    rng = Rng(state.rng)
    bag, discard = list(state.bag), list(state.discard)
    per = TILES_PER_SIDE[state.seats]
    forest = list(state.forest)
    reveals = False
    events: list[Event] = []
    # Only empty sides are refilled: in a 2-player game the side the other player took
    # from keeps its last tile until it is emptied.
    for i, row in enumerate(forest):
        if row:
            continue
        drawn: list[int] = []
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
        return _over(state, "the timber ran out")
    foreman = (state.foreman - 1) % state.seats  # the foreman card passes counter-clockwise
    events.append(Event(f"The forest is refilled. Turn {state.turn + 1}: {player_name(foreman)} is the foreman."))
    state = replace(state, foreman=foreman, actor=foreman, phase="foreman", side="", turn=state.turn + 1, queue=())
    return state, events, reveals


def _over(state: BiviState, reason: str) -> Pending:
    state = replace(state, phase="over", end_reason=reason, queue=(), hand=0)
    out = outcome(state)
    return state, [Event(f"The game ends: {reason}. {out.reason}")], False


def _nobody_can_add(state: BiviState) -> bool:
    """True when no player could ever place a tile or a cube again, whatever anyone does.

    Rivers only change through placements, so this is checked on the rivers as they stand.
    A player could still place a cube if any cube is outside the rivers (in the supply or a
    stock: it can be gained or stolen) and their river has a free supported cell, counting
    the beaver's own cell when the beaver could step to another tile with those cubes. They
    could still place a tile if some timber still in play (forest, bag, discards or hand:
    the bag is refilled from the discards) fits from the tile their beaver stands on (or its
    bank); when the beaver could move, the cube test has already said yes."""
    lay = river_layout(state)
    loose = state.supply + sum(p.cubes for p in state.players)
    # The cube test first, for every player: it is the cheaper, and mostly says yes.
    for p in state.players:
        if loose and (cube_spots(lay, p.cells, p.beaver) or beaver_reach(lay, p.cells, p.beaver, loose)):
            return False
    in_play = frozenset(chain(*state.forest, state.bag, state.discard, (state.hand,) if state.hand else ()))
    allow_flip = flip_allowed(state.options.mode)
    return not any(any_tile_fits(lay, p.cells, in_play, p.beaver, p.bank, allow_flip) for p in state.players)
