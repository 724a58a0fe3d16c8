"""Drawing Bivì rivers and tiles as text, in pure functions that tests call without an app.

A drawing is a list of rows, each a list of (text, kind) runs; the river widget maps kinds
to styles. Wood is told by letter (b, p, w) as well as colour, so the board reads the same
without colour: each cell of a tile shows its letter, so its shape shows. A river is drawn
at one of three cell sizes: one character (compact), three (` b `), or five by two rows,
whose second row carries each tile's decorations.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import msgspec

from engines.bivi.view import BiviView, RiverView, TileView
from tui.glyphs import Glyphs

Run = tuple[str, str]
WOOD_LETTER = {"birch": "b", "pine": "p", "walnut": "w"}
#: Decorations by letter, in the order a tile lists them.
DECORATION_LETTERS = (("moss", "m"), ("butterflies", "f"), ("ladybugs", "l"))
DECORATION_LEGEND = "decorations: m moss, f butterfly, l ladybug"


class CellSize(msgspec.Struct, frozen=True):
    width: int  # 1, 3 or 5 characters
    height: int  # 1 or 2 rows


COMPACT = CellSize(1, 1)
NORMAL = CellSize(3, 1)
LARGE = CellSize(5, 2)


class Ghost(msgspec.Struct, frozen=True):
    """What the player is about to put down: tile cells (or one cube cell), and whether the
    spot is legal; drawn over the river without touching the game."""

    cells: tuple[tuple[int, int], ...]
    letter: str  # b, p, w, or c for a cube
    legal: bool


def river_size(view: BiviView, size: CellSize) -> tuple[int, int]:
    """(columns, rows) a river drawing takes on screen, labels included."""
    height, width = len(view.board_rows), len(view.board_rows[0])
    if size.width == 1:
        return width, height
    return 2 + width * size.width, 1 + height * size.height


def decoration_text(tile: TileView) -> str:
    return "".join(letter * getattr(tile, name) for name, letter in DECORATION_LETTERS)


def _centred(text: str, size: CellSize) -> str:
    return text.center(size.width) if size.width > 1 else text[:1]


def cell_runs(
    view: BiviView, river: RiverView, row: int, col: int, size: CellSize, glyphs: Glyphs, firsts: set[tuple[int, int]]
) -> tuple[Run, ...]:
    """The runs of one cell: one per row of the cell."""
    kind = view.board_rows[row][col]
    value = river.cells[row][col]
    w = size.width
    if kind == "#":
        top = (glyphs.bank * w, "bank")
    elif kind == " ":
        top = (" " * w, "outside")
    elif river.beaver == (row, col):
        top = (_centred(glyphs.beaver, size), "beaver")
    elif value == -1:
        top = (_centred("c", size), "cube")
    elif value > 0:
        tile = view.tiles[value]
        letter = WOOD_LETTER[tile.wood]
        # A cell is its wood's letter, one per cell, so a tile's shape and size read with or
        # without colour (no tile numbers: players read names, never ids).
        top = (_centred(letter, size), tile.wood)
    else:
        below = row >= view.bank_row
        top = (_centred(glyphs.empty, size), "empty-below" if below else "empty")
    if size.height == 1:
        return (top,)
    second = " " * w
    if kind == "#":
        second = glyphs.bank * w
    elif value > 0 and view.mode != "basic" and (row, col) in firsts:
        second = decoration_text(view.tiles[value])[:w].center(w)
    bottom_kind = top[1] if value > 0 or kind == "#" else ("empty-below" if row >= view.bank_row else "empty")
    if river.beaver == (row, col) and value > 0:
        bottom_kind = view.tiles[value].wood
    return top, (second, bottom_kind)


def first_cells(river: RiverView) -> set[tuple[int, int]]:
    """The first cell (in reading order) of each tile: where its decorations are written."""
    seen: set[int] = set()
    first = set()
    for r, row in enumerate(river.cells):
        for c, value in enumerate(row):
            if value > 0 and value not in seen:
                seen.add(value)
                first.add((r, c))
    return first


def bank_beaver(view: BiviView, river: RiverView) -> tuple[int, int] | None:
    """Before its first tile the beaver waits on top of its bank; before a bank is chosen,
    it is nowhere."""
    if river.beaver is not None or river.bank not in ("left", "right"):
        return None
    row = view.board_rows[view.bank_row]
    return (view.bank_row, row.index("#") if river.bank == "left" else row.rindex("#"))


def draw_river(
    view: BiviView,
    river: RiverView,
    *,
    size: CellSize,
    glyphs: Glyphs,
    ghost: Ghost | None = None,
    marks: Sequence[tuple[int, int]] = (),
) -> list[list[Run]]:
    """Rows of runs for one river; a river with cells wider than one character has a
    column header and row numbers.

    `marks` are numbered spots (beaver choices), drawn 1, 2, 3... as in the action list.
    """
    rows: list[list[Run]] = []
    if size.width > 1:
        width = len(view.board_rows[0])
        rows.append([("  ", "label"), *((str(c).center(size.width), "label") for c in range(width))])
    drawn = draw_river_rows(
        view, river, range(len(view.board_rows)), size=size, glyphs=glyphs, ghost=ghost, marks=marks
    )
    rows.extend(drawn[line] for line in sorted(drawn))
    return rows


def river_lines(row: int, size: CellSize) -> range:
    """The lines of a drawing of a river that show its row `row` (under the header, when
    the drawing has one)."""
    first = (1 if size.width > 1 else 0) + row * size.height
    return range(first, first + size.height)


def draw_river_rows(
    view: BiviView,
    river: RiverView,
    rows: Iterable[int],
    *,
    size: CellSize,
    glyphs: Glyphs,
    ghost: Ghost | None = None,
    marks: Sequence[tuple[int, int]] = (),
) -> dict[int, list[Run]]:
    """The lines of `draw_river` that show the river's `rows`, by their number in the whole
    drawing: a ghost step redraws the rows the ghost left and took, not the river."""
    width = len(view.board_rows[0])
    on_bank = bank_beaver(view, river)
    ghost_cells = set(ghost.cells) if ghost else set()
    numbered = {spot: str(n) for n, spot in enumerate(marks, start=1)}
    firsts = first_cells(river) if size.height > 1 else set()
    labelled = size.width > 1
    w = size.width
    drawn: dict[int, list[Run]] = {}
    for r in rows:
        lines: list[list[Run]] = [[] for _ in range(size.height)]
        if labelled:
            lines[0].append((f"{r:>2}", "label"))
            for extra in lines[1:]:
                extra.append(("  ", "label"))
        for c in range(width):
            if (r, c) in ghost_cells:
                assert ghost is not None
                cell: tuple[Run, ...] = ghost_cell(ghost, size, glyphs)
            elif (r, c) == on_bank:
                cell = ((_centred(glyphs.beaver, size), "beaver"),) + tuple(
                    (glyphs.bank * w, "bank") for _ in range(size.height - 1)
                )
            elif (r, c) in numbered:
                text = f"({numbered[(r, c)]})".center(w) if w > 1 else numbered[(r, c)]
                cell = ((text, "mark"),) + tuple((" " * w, "mark") for _ in range(size.height - 1))
            else:
                cell = cell_runs(view, river, r, c, size, glyphs, firsts)
            for line, run in zip(lines, cell):
                line.append(run)
        drawn.update(zip(river_lines(r, size), lines))
    return drawn


def ghost_cell(ghost: Ghost, size: CellSize, glyphs: Glyphs) -> tuple[Run, ...]:
    """The runs of one cell under the ghost: one per row of the cell."""
    w = size.width
    mark = "" if ghost.legal else glyphs.ghost_bad
    kind = "ghost" if ghost.legal else "ghost-bad"
    text = (ghost.letter + mark).center(w) if w > 1 else ghost.letter
    return ((text, kind),) + tuple((" " * w, kind) for _ in range(size.height - 1))


def ghost_over(plain: Mapping[int, list[Run]], ghost: Ghost, *, size: CellSize, glyphs: Glyphs) -> dict[int, list[Run]]:
    """Lines of `draw_river_rows` drawn without a ghost, with `ghost` drawn over them: the
    lines `draw_river_rows` gives with that ghost. A ghost step redraws a few cells of rows
    it keeps, not every cell of them; `plain` itself is left as it was."""
    drawn = dict(plain)
    runs = ghost_cell(ghost, size, glyphs)
    first_cell = 1 if size.width > 1 else 0  # the row number's run, when the river has one
    for r, c in ghost.cells:
        for line, run in zip(river_lines(r, size), runs):
            if line in drawn:
                if drawn[line] is plain.get(line):
                    drawn[line] = list(drawn[line])
                drawn[line][first_cell + c] = run
    return drawn


def draw_shape(cells: Sequence[tuple[int, int]], letter: str) -> list[str]:
    """A tile's cells as small text, e.g. ['bb', 'b '] for an L."""
    height = max(r for r, _ in cells) + 1
    width = max(c for _, c in cells) + 1
    filled = set(cells)
    return ["".join(letter if (r, c) in filled else " " for c in range(width)) for r in range(height)]


def runs_width(line: Sequence[Run]) -> int:
    return sum(len(text) for text, _ in line)


def river_decorations(river: RiverView) -> str:
    return f"{river.moss} moss, {river.butterflies} butterflies, {river.ladybugs} ladybugs"
