"""Bivì content as data: the timber tiles, the river boards and the expert objectives.

The JSON files under `data/` are decoded with msgspec into typed Structs and checked once
at load, so a bad edit fails loudly with the reason instead of producing a strange game.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Literal

import msgspec

from engines.core.grid import components

Wood = Literal["birch", "pine", "walnut"]
WOODS: tuple[str, ...] = ("birch", "pine", "walnut")
WOOD_LETTER = {"birch": "b", "pine": "p", "walnut": "w"}
LETTER_WOOD = {v: k for k, v in WOOD_LETTER.items()}
DECORATIONS: tuple[str, ...] = ("moss", "butterflies", "ladybugs")

TILE_COUNT = 66
#: Each shape in the words of the rules' tile set, for players: the codes are the data's.
SHAPE_WORDS = {
    "I2": "log of 2",
    "I3": "log of 3",
    "I4": "log of 4",
    "L4": "L of 4",
    "T4": "T of 4",
    "S4": "S of 4",
    "L5": "long L of 5",
}
PER_WOOD = 22


class ContentError(ValueError):
    """The bundled data files break one of their own rules."""


class Tile(msgspec.Struct, frozen=True):
    id: int
    wood: Wood
    shape: str
    cells: tuple[tuple[int, int], ...]  # (row, col), normalised to the top-left corner
    moss: int = 0
    butterflies: int = 0
    ladybugs: int = 0


class TileSet(msgspec.Struct, frozen=True):
    tiles: tuple[Tile, ...]


class Board(msgspec.Struct, frozen=True):
    """A river seen from the side: `#` ground (banks and bed), `.` river, ` ` outside."""

    name: str
    title: str
    rows: tuple[str, ...]
    description: str = ""

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    @property
    def bank_row(self) -> int:
        """The top row of the banks: this row and every row under it are 'below the bank'."""
        for r, row in enumerate(self.rows):
            if "#" in row:
                return r
        return self.height


class BoardSet(msgspec.Struct, frozen=True):
    boards: tuple[Board, ...]


class Objective(msgspec.Struct, frozen=True):
    id: str
    kind: Literal["A", "B"]
    title: str
    text: str
    # A: rank players by the sum of `count`; `best` says whether most or least wins.
    count: tuple[str, ...] = ()
    best: Literal["most", "least"] = "most"
    first: int = 0
    second: int = 0
    # B: `points` for every complete set of `need` decorations.
    need: dict[str, int] = {}
    points: int = 0


class ObjectiveSet(msgspec.Struct, frozen=True):
    objectives: tuple[Objective, ...]


def _read(name: str) -> bytes:
    return resources.files("engines.bivi").joinpath("data").joinpath(name).read_bytes()


def validate_tiles(tiles: tuple[Tile, ...]) -> None:
    if len(tiles) != TILE_COUNT:
        raise ContentError(f"Expected {TILE_COUNT} tiles, found {len(tiles)}.")
    if sorted(t.id for t in tiles) != list(range(1, TILE_COUNT + 1)):
        raise ContentError("Tile ids must be exactly 1 to 66.")
    mixes: dict[str, list[tuple[str, tuple[tuple[int, int], ...]]]] = {w: [] for w in WOODS}
    for t in tiles:
        if not 2 <= len(t.cells) <= 5:
            raise ContentError(f"Tile {t.id} has {len(t.cells)} cells; tiles have 2 to 5.")
        if t.shape not in SHAPE_WORDS:
            raise ContentError(f"Tile {t.id} has the shape {t.shape}, which has no name for players.")
        if len(set(t.cells)) != len(t.cells):
            raise ContentError(f"Tile {t.id} repeats a cell.")
        if min(r for r, _ in t.cells) != 0 or min(c for _, c in t.cells) != 0:
            raise ContentError(f"Tile {t.id} is not normalised to its top-left corner.")
        if len(components(t.cells)) != 1:
            raise ContentError(f"Tile {t.id} is not one connected piece.")
        if not 0 <= t.moss <= 2 or not 0 <= t.butterflies <= 2 or not 0 <= t.ladybugs <= 2:
            raise ContentError(f"Tile {t.id} has a decoration count outside 0-2.")
        mixes[t.wood].append((t.shape, tuple(sorted(t.cells))))
    for wood, mix in mixes.items():
        if len(mix) != PER_WOOD:
            raise ContentError(f"There must be {PER_WOOD} {wood} tiles, not {len(mix)}.")
    if not sorted(mixes["birch"]) == sorted(mixes["pine"]) == sorted(mixes["walnut"]):
        raise ContentError("The three woods must have the same mix of shapes.")


def validate_board(board: Board) -> None:
    name = board.name
    if not board.rows or len({len(r) for r in board.rows}) != 1:
        raise ContentError(f"Board {name}: rows must be non-empty and of equal width.")
    if any(set(row) - set("#. ") for row in board.rows):
        raise ContentError(f"Board {name}: only '#', '.' and ' ' may be used.")
    if set(board.rows[-1]) != {"#"}:
        raise ContentError(f"Board {name}: the last row must be the river bed (all '#').")
    bank = board.bank_row
    if bank >= board.height - 1:
        raise ContentError(f"Board {name}: there are no banks.")
    for r, row in enumerate(board.rows[:-1]):
        river = [c for c, ch in enumerate(row) if ch == "."]
        if not river:
            raise ContentError(f"Board {name}: row {r} has no river cells.")
        if river != list(range(river[0], river[-1] + 1)):
            raise ContentError(f"Board {name}: row {r}'s river cells are not one run.")
        if r < bank:
            if "#" in row:
                raise ContentError(f"Board {name}: row {r} above the bank holds ground.")
        else:
            left, right = row[: river[0]], row[river[-1] + 1 :]
            if not left or not right or set(left) != {"#"} or set(right) != {"#"}:
                raise ContentError(f"Board {name}: row {r} must have a bank on both sides.")
            above = board.rows[r - 1]
            if r > bank and any(above[c] != "." for c in river):
                raise ContentError(f"Board {name}: the river may only narrow towards the bed.")
    top = [c for c, ch in enumerate(board.rows[bank]) if ch == "."]
    for r in range(bank):
        if [c for c, ch in enumerate(board.rows[r]) if ch == "."] != top:
            raise ContentError(f"Board {name}: the open rows must keep the river's width.")


def validate_objectives(objectives: tuple[Objective, ...]) -> None:
    a = [o for o in objectives if o.kind == "A"]
    b = [o for o in objectives if o.kind == "B"]
    if len(a) != 4 or len(b) != 9:
        raise ContentError("There must be 4 A and 9 B objectives.")
    if len({o.id for o in objectives}) != len(objectives):
        raise ContentError("Objective ids must be unique.")
    for o in a:
        if not o.count or set(o.count) - set(DECORATIONS) or o.first <= 0:
            raise ContentError(f"Objective {o.id} is not a valid ranking objective.")
    for o in b:
        if not o.need or set(o.need) - set(DECORATIONS) or min(o.need.values()) < 1 or o.points <= 0:
            raise ContentError(f"Objective {o.id} is not a valid set objective.")


@cache
def tiles() -> dict[int, Tile]:
    data = msgspec.json.decode(_read("tiles.json"), type=TileSet)
    validate_tiles(data.tiles)
    return {t.id: t for t in data.tiles}


@cache
def boards() -> dict[str, Board]:
    data = msgspec.json.decode(_read("boards.json"), type=BoardSet)
    for board in data.boards:
        validate_board(board)
    return {b.name: b for b in data.boards}


@cache
def objectives() -> dict[str, Objective]:
    data = msgspec.json.decode(_read("objectives.json"), type=ObjectiveSet)
    validate_objectives(data.objectives)
    return {o.id: o for o in data.objectives}


def tile(tile_id: int) -> Tile:
    return tiles()[tile_id]


def board(name: str) -> Board:
    return boards()[name]
