"""What the players see of a Bivì table: the view (every river is public), the summary's
status line and seat panels, and the checks a client makes on a view without the state."""

from __future__ import annotations

import msgspec

from engines.bivi import content
from engines.bivi.actions import OPPOSITE, SIDES, CubeAt, Place, SetBeaver
from engines.bivi.geometry import EMPTY, layout
from engines.bivi.river_features import hole_sizes
from engines.bivi.notation import render_river_text
from engines.bivi.placing import (
    BEAVER_SPOT_REFUSAL,
    canonical_form,
    check_on_river,
    cube_problem,
    move_costs,
    placements,
)
from engines.bivi.scoring import decorations
from engines.bivi.state import (
    SIDE_NAMES,
    BiviState,
    board_of,
    cubes_text,
    flip_allowed,
    player_name,
    river_layout,
    tile_name,
    wood,
)
from engines.core.protocol import SeatPanel, Summary


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


def build_view(state: BiviState, viewer: int | None) -> BiviView:
    board = board_of(state)
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


def status_line(state: BiviState) -> tuple[str, str]:
    """The status line and the rules topic that explains it."""
    who = player_name(state.actor)
    if state.phase == "hand":
        return _hand_status(state, who), "placing-tiles"
    return {
        "bank": (f"{who}: put your beaver on the left or the right bank.", "setup"),
        "foreman": (
            f"{who} (foreman): choose a forest side, then take a tile or discard the side for a cube.",
            "foreman",
        ),
        "take": (
            f"{who}: take a tile from the {SIDE_NAMES.get(OPPOSITE.get(state.side, ''), '')} side.",
            "other-beavers",
        ),
        "beaver": (f"{who}: choose where your beaver stands on the new tile.", "the-beaver"),
        "end": (f"{who}: place one wood cube in your river, or pass.", "end-of-turn"),
        "over": (f"Game over: {state.end_reason}.", "scoring"),
    }[state.phase]


def build_summary(state: BiviState) -> Summary:
    lay = river_layout(state)
    status, topic = status_line(state)
    panels = []
    for n, p in enumerate(state.players):
        filled = sum(1 for i in lay.below if p.cells[i] != EMPTY)
        title = player_name(n) + (" (foreman)" if n == state.foreman else "")
        lines = [
            f"Cubes: {p.cubes}",
            f"Tiles taken: {p.taken}",
            f"Dam: {filled}/{len(lay.below)} below the bank",
            f"Holes: {len(hole_sizes(lay, p.cells))}",
        ]
        if state.phase == "hand" and n == state.actor:
            moves = move_costs(state, n)
            if moves:
                lines.append("Beaver moves: " + ", ".join(f"{r},{c} ({cubes_text(k)})" for (r, c), k in moves))
        panels.append(
            SeatPanel(
                title=title,
                lines=lines,
                active=state.phase != "over" and n == state.actor,
            )
        )
    return Summary(status=status, panels=panels, turn=state.turn, rules_topic=topic)


def _hand_status(state: BiviState, who: str) -> str:
    if not state.hand:
        return f"{who}: place your tile."
    tile = tile_name(state.hand)
    move = "move your beaver with cubes (1 per 2 tiles)" if move_costs(state, state.actor) else ""
    foreman = state.actor == state.foreman
    # Another beaver's discard gains a cube from the supply, else from another player's stock.
    others_cubes = any(p.cubes for n, p in enumerate(state.players) if n != state.actor)
    gain = "discard it for a cube" if state.supply or others_cubes else "discard it (no cube is left to gain)"
    if placements(state, state.actor):
        if foreman:
            return f"{who} (foreman): place {tile}" + (f" (you may first {move})." if move else ".")
        return f"{who}: place {tile}" + (f" (you may first {move})" if move else "") + f", or {gain}."
    # Nowhere to put it from here: say so rather than ask for a placement the rules refuse.
    title = f"{who} (foreman)" if foreman else who
    discard = "discard it (no cube)" if foreman else gain
    return f"{title}: {tile} fits nowhere from where your beaver stands: " + (
        f"{move}, or {discard}." if move else f"{discard}."
    )


def view_problem(view: BiviView, seat: int, action: Place | CubeAt | SetBeaver) -> str | None:
    """What `apply` would say against a placement, a cube or a beaver spot of `seat`, read
    from that seat's view: a remote client, which never holds the state, judges its ghost
    tile with it. None when the rules allow it there (whose turn it is is not checked)."""
    river = view.rivers[seat]
    cells = tuple(v for row in river.cells for v in row)
    if isinstance(action, Place):
        tile_id = view.hand if view.hand_seat == seat else 0
        placement = canonical_form(view.hand, view.mode, action)
        return check_on_river(view.board, view.mode, cells, river.beaver, river.bank, tile_id, placement)[0]
    if isinstance(action, CubeAt):
        return cube_problem(view.board, cells, river.beaver, (action.row, action.col))
    return None if (action.row, action.col) in view.beaver_spots else BEAVER_SPOT_REFUSAL


def river_text(state: BiviState, seat: int) -> str:
    """A player's river in the text notation (see notation.py)."""
    return render_river_text(board_of(state), state.players[seat].cells, wood)


def view_river_text(view: BiviView, seat: int) -> str:
    """`river_text` from a view, where every river is public."""
    cells = tuple(v for row in view.rivers[seat].cells for v in row)
    return render_river_text(content.board(view.board), cells, wood)
