"""Drawing the Bioviva world map as text, in pure functions tests call without an app.

Each square shows its biome letter (never colour alone) with the biome's colour; pawns show
their seat mark, the magnifier `@`, answer squares `*` after the reveal, the cursor `[ ]`
around a square in wide mode or reversed in compact mode. Row letters run down the left,
column numbers across the top (when squares are one character wide, `|` marks columns
10, 20 and 30).
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.bioviva.worldmap import COLS, ROW_LETTERS, ROWS, SEA, load_map

Run = tuple[str, str]

#: Square contents drawn over the biome: (row, col) -> (text, kind).
Marks = Mapping[tuple[int, int], Run]


def header_rows(wide: bool) -> list[list[Run]]:
    if wide:
        return [[("  ", "label"), *((f"{c + 1:<2}", "label") for c in range(COLS))]]
    # One row: units digits, with "|" standing for columns 10, 20 and 30.
    units = "".join("|" if (c + 1) % 10 == 0 else str((c + 1) % 10) for c in range(COLS))
    return [[("  ", "label"), (units, "label")]]


def draw_world(
    marks: Marks,
    *,
    wide: bool,
    cursor: tuple[int, int] | None = None,
    sea_glyph: str = "~",
) -> list[list[Run]]:
    """Rows of runs for the whole map with `marks` drawn over the biomes."""
    rows = load_map()
    drawing = header_rows(wide)
    for r in range(ROWS):
        runs: list[Run] = [(f"{ROW_LETTERS[r]} ", "label")]
        for c in range(COLS):
            letter = rows[r][c]
            text, kind = marks.get((r, c), (sea_glyph if letter == SEA else letter, f"biome-{letter}"))
            if wide:
                text = text.ljust(2)[:2]
            if cursor == (r, c):
                kind = f"{kind} cursor"
            runs.append((text, kind))
        drawing.append(runs)
    return drawing
