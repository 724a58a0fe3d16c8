"""Building Bivì positions for rule tests from river texts, and finishing a turn the plain way."""

from __future__ import annotations

import msgspec
import pytest
from msgspec.structs import replace

from engines.bivi import ENGINE
from engines.bivi.actions import BiviOptions, Discard
from engines.bivi.content import board, tile
from engines.bivi.state import BiviState
from engines.bivi.notation import parse_river
from engines.core.errors import IllegalAction

EMPTY_RIVER = """\
_ . . . . . . . . . _
_ . . . . . . . . . _
_ . . . . . . . . . _
# . . . . . . . . . #
# . . . . . . . . . #
# # . . . . . . . # #
# # . . . . . . . # #
# # # . . . . . # # #
# # # # # # # # # # #
"""


def text(compact: str) -> str:
    """Compact rows (tokens split by spaces, `_` for outside) in the river notation."""
    rows = [line.split() for line in compact.strip("\n").splitlines()]
    return "\n".join(" ".join(("" if t == "_" else t).ljust(3) for t in row).rstrip() for row in rows) + "\n"


def cells(compact: str) -> tuple[int, ...]:
    river = parse_river(text(compact))
    assert river.board.rows == board("default").rows, "test rivers are drawn on the default board"
    for tile_id, wood in river.woods.items():
        assert tile(tile_id).wood == wood, f"tile {tile_id} is {tile(tile_id).wood}, but drawn as {wood}"
    return river.cells


def start(seats: int = 2, mode: str = "basic", seed: int = 1) -> BiviState:
    """A new game with every beaver on the left bank, at the first foreman's choice."""
    state = ENGINE.new_game(BiviOptions(mode=mode), seats, seed)
    for seat in range(seats):
        state = ENGINE.apply(state, seat, ENGINE.parse_action(state, seat, "bank left")).state
    return state


def position(
    base: BiviState | None = None,
    rivers: dict[int, str] | None = None,
    beavers: dict[int, tuple[int, int] | None] | None = None,
    banks: dict[int, str] | None = None,
    cubes: dict[int, int] | None = None,
    taken: dict[int, int] | None = None,
    **fields,
) -> BiviState:
    state = base or start()
    players = list(state.players)
    for seat, compact in (rivers or {}).items():
        players[seat] = replace(players[seat], cells=cells(compact))
    for seat, beaver in (beavers or {}).items():
        players[seat] = replace(players[seat], beaver=beaver, bank="" if beaver else players[seat].bank)
    for seat, bank in (banks or {}).items():
        players[seat] = replace(players[seat], bank=bank)
    for seat, n in (cubes or {}).items():
        players[seat] = replace(players[seat], cubes=n)
    for seat, n in (taken or {}).items():
        players[seat] = replace(players[seat], taken=n)
    return replace(state, players=tuple(players), **fields)


def holding(tile: int, seat: int = 0, foreman: int = 0, **kw) -> BiviState:
    """`seat` holds `tile` in the hand phase (as foreman when seat == foreman)."""
    base = kw.pop("base", None) or start()
    queue = () if seat == foreman else kw.pop("queue", ())
    return position(base, phase="hand", actor=seat, foreman=foreman, hand=tile, side="N", queue=queue, **kw)


def act(state: BiviState, seat: int, action_text: str):
    return ENGINE.apply(state, seat, ENGINE.parse_action(state, seat, action_text))


def snapshot(state: BiviState) -> bytes:
    return msgspec.json.encode(state)


def refused(state: BiviState, seat: int, action_text: str, match: str) -> None:
    """The action is refused with a reason matching `match`, and the state is unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=match):
        act(state, seat, action_text)
    assert snapshot(state) == before


def tile_name(tile_id: int) -> str:
    from engines.bivi import content

    return f"{content.tile(tile_id).wood} tile {tile_id}"


ALMOST_FULL = """\
_ . . . . . . . . . _
_ . . . . . . . . . _
_ . . . . . . . . . _
# c c c c c c c c c #
# c c c c c c c c c #
# # c c c c c c c # #
# # c c c c c c c # #
# # # c c c c . # # #
# # # # # # # # # # #
"""


def to_next_turn(state, cube=False):
    """Finish the turn the plain way: others take and discard, cubes only if `cube`."""
    start_turn = state.turn
    while state.phase != "over" and state.turn == start_turn:
        seat = state.actor
        legal = ENGINE.legal_actions(state, seat)
        if state.phase == "foreman":
            action = next(a for a in legal if ENGINE.format_action(a).startswith("cube"))
        elif state.phase == "hand":
            action = next((a for a in legal if isinstance(a, Discard)), legal[0])
        elif state.phase == "end":
            action = legal[0] if cube else legal[-1]
        else:
            action = legal[0]
        state = ENGINE.apply(state, seat, action).state
    return state
