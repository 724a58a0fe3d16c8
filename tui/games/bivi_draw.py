"""Drawing Bivì rivers and tiles as text, in pure functions that tests call without an app.

A drawing is a list of rows, each a list of (text, kind) runs; the river widget maps kinds
to styles. Wood is told by letter (b, p, w) as well as colour, so the board reads the same
without colour; a large river writes each cell like the river notation (`b7 `, `c  `).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import msgspec

from engines.bivi.engine import BiviView, RiverView
from tui.glyphs import Glyphs

Run = tuple[str, str]
WOOD_LETTER = {"birch": "b", "pine": "p", "walnut": "w"}


class Ghost(msgspec.Struct, frozen=True):
    """What the player is about to put down: tile cells (or one cube cell), and whether the
    spot is legal; drawn over the river without touching the game."""

    cells: tuple[tuple[int, int], ...]
    letter: str  # b, p, w, or c for a cube
    legal: bool


def cell_text(view: BiviView, river: RiverView, row: int, col: int, wide: bool, glyphs: Glyphs) -> Run:
    kind = view.board_rows[row][col]
    value = river.cells[row][col]
    if kind == "#":
        return (glyphs.bank * (3 if wide else 1), "bank")
    if kind == " ":
        return (" " * (3 if wide else 1), "outside")
    if river.beaver == (row, col):
        return (" B " if wide else "B", "beaver")
    if value == -1:
        return ("c  " if wide else "c", "cube")
    if value > 0:
        tile = view.tiles[value]
        letter = WOOD_LETTER[tile.wood]
        return (f"{letter}{value:<2}" if wide else letter, tile.wood)
    below = row >= view.bank_row
    empty = glyphs.empty
    return (f" {empty} " if wide else empty, "empty-below" if below else "empty")


def draw_river(
    view: BiviView,
    river: RiverView,
    *,
    wide: bool,
    glyphs: Glyphs,
    ghost: Ghost | None = None,
    marks: Sequence[tuple[int, int]] = (),
) -> list[list[Run]]:
    """Rows of runs for one river; a wide river has a column header and row numbers.

    `marks` are numbered spots (beaver choices), drawn 1, 2, 3... as in the action list.
    """
    height, width = len(view.board_rows), len(view.board_rows[0])
    if river.beaver is None:
        # Before its first tile the beaver waits on the top of its bank.
        row = view.board_rows[view.bank_row]
        marks_bank = (view.bank_row, row.index("#") if river.bank == "left" else row.rindex("#"))
    else:
        marks_bank = None
    ghost_cells: Collection[tuple[int, int]] = set(ghost.cells) if ghost else ()
    numbered = {spot: str(n) for n, spot in enumerate(marks, start=1)}
    rows: list[list[Run]] = []
    if wide:
        rows.append([("  ", "label"), *((f" {c:<2}", "label") for c in range(width))])
    for r in range(height):
        runs: list[Run] = [(f"{r:>2}", "label")] if wide else []
        for c in range(width):
            if (r, c) in ghost_cells:
                text = f"{ghost.letter}{'' if ghost.legal else glyphs.ghost_bad}".ljust(3) if wide else ghost.letter
                runs.append((text, "ghost" if ghost.legal else "ghost-bad"))
            elif (r, c) == marks_bank:
                runs.append((" B " if wide else "B", "beaver"))
            elif (r, c) in numbered:
                runs.append((f"({numbered[(r, c)]})" if wide else numbered[(r, c)], "mark"))
            else:
                runs.append(cell_text(view, river, r, c, wide, glyphs))
        rows.append(runs)
    return rows


def draw_shape(cells: Sequence[tuple[int, int]], letter: str) -> list[str]:
    """A tile's cells as small text, e.g. ['bb', 'b.'] for an L."""
    height = max(r for r, _ in cells) + 1
    width = max(c for _, c in cells) + 1
    filled = set(cells)
    return ["".join(letter if (r, c) in filled else " " for c in range(width)) for r in range(height)]


def forest_lines(view: BiviView) -> list[str]:
    """One line per forest side: its tiles as wood letter, id, shape and decorations."""
    names = {"N": "North", "E": "East ", "S": "South", "W": "West "}
    lines = []
    for side, tiles in zip(view.sides, view.forest):
        marker = ">" if side == view.take_side else " "
        shown = "  ".join(tile_label(view, t) for t in tiles) or "(empty)"
        lines.append(f"{marker}{names[side]} {shown}")
    return lines


def tile_label(view: BiviView, tile_id: int) -> str:
    tile = view.tiles[tile_id]
    label = f"{WOOD_LETTER[tile.wood]}{tile_id} {tile.shape}"
    if view.mode != "basic":
        deco = "m" * tile.moss + "f" * tile.butterflies + "l" * tile.ladybugs
        if deco:
            label += f"[{deco}]"
    return label
