"""Bivì's state, its counts and the small helpers every part of the rules reads it with."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Literal

import msgspec

from engines.bivi import content
from engines.bivi.actions import SIDES, BiviOptions
from engines.bivi.geometry import Cell, Layout, layout

SIDE_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
TILES_PER_SIDE = {2: 2, 3: 2, 4: 3}
TOTAL_CUBES = 16
TOTAL_TILES = 66

Phase = Literal["bank", "foreman", "take", "hand", "beaver", "end", "over"]


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


def player_name(n: int) -> str:
    return f"Player {n + 1}"


def wood(tile_id: int) -> str:
    return content.tile(tile_id).wood


@cache
def tile_name(tile_id: int) -> str:
    return f"{wood(tile_id)} tile {tile_id}"


def tile_names(tile_ids: Iterable[int]) -> str:
    names = [tile_name(t) for t in tile_ids]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def cubes_text(n: int) -> str:
    return f"{n} wood cube" + ("" if n == 1 else "s")


def board_of(state: BiviState) -> content.Board:
    return content.board(state.options.board)


def river_layout(state: BiviState) -> Layout:
    return board_layout(state.options.board)


@cache
def board_layout(board: str) -> Layout:
    return layout(content.board(board))


def flip_allowed(mode: str) -> bool:
    return mode == "basic"


def set_player(players: tuple[PlayerState, ...], seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    return players[:seat] + (player,) + players[seat + 1 :]


def set_side(forest: tuple[tuple[int, ...], ...], side: str, tiles: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    i = SIDES.index(side)
    return forest[:i] + (tiles,) + forest[i + 1 :]


def side_tiles(state: BiviState, side: str) -> tuple[int, ...]:
    return state.forest[SIDES.index(side)]


@cache
def tile_shape(tile_id: int) -> tuple[Cell, ...]:
    return tuple((r, c) for r, c in content.tile(tile_id).cells)
