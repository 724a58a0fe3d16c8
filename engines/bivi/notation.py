"""River text notation and the `score` function.

A river is written as rows of fixed-width cell tokens, top row first. Every token is 3
characters wide (padded with spaces on the right) and tokens are separated by one space, so
cell *k* of a row sits at characters ``4k`` to ``4k+2``:

    .      an empty river cell
    #      ground: a bank or the river bed
           (blank) outside the river
    c      a wood cube
    b7     a cell of birch tile 7 (``p`` pine, ``w`` walnut; the number is the tile id)

Rows above the first row that contains a ``#`` are the open air above the bank; that row and
every row under it are "below the bank". Keep every row at full width (do not dedent a block
whose rows all start with outside cells); missing trailing cells read as outside.

`score(text)` scores one river written this way and returns a `Breakdown`: for each wood the
size in tiles of its largest group of tiles touching along a side, the number of holes
(groups of empty cells below the bank), and the size of the largest hole. Whether that
largest hole costs points depends on the other players' rivers, so `Breakdown.lines` and
`Breakdown.total` take `largest_penalised`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from engines.bivi.content import LETTER_WOOD, WOOD_LETTER, WOODS, Board, tile
from engines.bivi.geometry import CUBE, EMPTY, layout
from engines.bivi.river_features import hole_sizes, wood_groups
from engines.core.protocol import ScoreLine

TOKEN = 3


class NotationError(ValueError):
    """A river text that cannot be read; the message says where."""


class ParsedRiver(msgspec.Struct, frozen=True):
    board: Board  # the ground/river/outside shape, tiles and cubes read as river
    cells: tuple[int, ...]  # flat, row-major: 0 empty, -1 cube, tile id
    woods: dict[int, str]  # tile id -> wood, from the token letters


class Breakdown(msgspec.Struct, frozen=True):
    birch: int
    pine: int
    walnut: int
    holes: int
    largest_hole: int
    hole_sizes: tuple[int, ...] = ()

    def lines(self, largest_penalised: bool = False) -> list[ScoreLine]:
        return [
            ScoreLine("Birch", self.birch),
            ScoreLine("Pine", self.pine),
            ScoreLine("Walnut", self.walnut),
            ScoreLine("Holes", -self.holes),
            ScoreLine("Largest hole", -self.largest_hole if largest_penalised else 0),
        ]

    def total(self, largest_penalised: bool = False) -> int:
        return sum(line.points for line in self.lines(largest_penalised))


def _bundled_wood(tile_id: int) -> str:
    return tile(tile_id).wood


def _token(board: Board, cells: Sequence[int], index: int, wood_of: Callable[[int], str]) -> str:
    kind = board.rows[index // board.width][index % board.width]
    if kind != ".":
        return kind
    value = cells[index]
    if value == EMPTY:
        return "."
    if value == CUBE:
        return "c"
    return f"{WOOD_LETTER[wood_of(value)]}{value}"


def render_river_text(board: Board, cells: Sequence[int], wood_of: Callable[[int], str] | None = None) -> str:
    """The river as text (see the module docstring); `wood_of(tile_id)` defaults to the
    bundled tile set."""
    if wood_of is None:
        wood_of = _bundled_wood

    lines = []
    for r in range(board.height):
        tokens = [_token(board, cells, r * board.width + c, wood_of).ljust(TOKEN) for c in range(board.width)]
        lines.append(" ".join(tokens).rstrip())
    return "\n".join(lines) + "\n"


def parse_river(text: str) -> ParsedRiver:
    """Read a river written in the notation; raises NotationError with the row and column."""
    lines = text.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise NotationError("The river text is empty.")
    width = max(-(-(len(line) + 1) // (TOKEN + 1)) for line in lines)
    rows: list[str] = []
    cells: list[int] = []
    woods: dict[int, str] = {}
    for r, line in enumerate(lines):
        row = []
        for c in range(width):
            token = line[c * (TOKEN + 1) : c * (TOKEN + 1) + TOKEN].strip()
            if token in ("", "#", "."):
                row.append(token or " ")
                cells.append(EMPTY)
            elif token == "c":
                row.append(".")
                cells.append(CUBE)
            elif token[0] in LETTER_WOOD and token[1:].isdigit() and int(token[1:]) > 0:
                tile_id = int(token[1:])
                wood = LETTER_WOOD[token[0]]
                if woods.setdefault(tile_id, wood) != wood:
                    raise NotationError(f"Row {r}, column {c}: tile {tile_id} is written with two woods.")
                row.append(".")
                cells.append(tile_id)
            else:
                raise NotationError(f"Row {r}, column {c}: '{token}' is not a river token.")
        rows.append("".join(row))
    board = Board(name="text", title="River from text", rows=tuple(rows))
    return ParsedRiver(board=board, cells=tuple(cells), woods=woods)


def breakdown(board: Board, cells: Sequence[int], wood_of: Callable[[int], str]) -> Breakdown:
    lay = layout(board)
    groups = wood_groups(lay, cells, wood_of)
    best = {wood: (groups.get(wood) or [0])[0] for wood in WOODS}
    holes = hole_sizes(lay, cells)
    return Breakdown(
        birch=best["birch"],
        pine=best["pine"],
        walnut=best["walnut"],
        holes=len(holes),
        largest_hole=holes[0] if holes else 0,
        hole_sizes=tuple(holes),
    )


def score(text: str) -> Breakdown:
    """Score a river written in the notation (woods from the token letters)."""
    river = parse_river(text)
    return breakdown(river.board, river.cells, river.woods.__getitem__)
