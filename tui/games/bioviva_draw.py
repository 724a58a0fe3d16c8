"""Drawing the Bioviva world map as text, in pure functions tests call without an app.

Each square shows its biome letter (never colour alone) with the biome's colour; pawns show
their seat mark, the magnifier `@`, answer squares `*` after the reveal, the cursor `[ ]`
around a square in wide mode or reversed in compact mode. Row letters run down the left,
column numbers across the top (when squares are one character wide, `|` marks columns
10, 20, 30 and 40). A board too short for every row draws a window of rows that keeps
the cursor in sight (`map_window`, `window_for`) and a last line saying how many rows are
above and below it (`more_cue`), since the rows themselves never scroll out of the board.
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.bioviva.worldmap import COLS, ROW_LETTERS, ROWS, SEA, biome_at, cell_name, load_map

Run = tuple[str, str]

#: Square contents drawn over the biome: (row, col) -> (text, kind).
Marks = Mapping[tuple[int, int], Run]
#: Lines above the first map row: the square under the cursor (`title_row`), then the
#: column numbers (`header_rows`).
HEADER_ROWS = 2


def title_row(cursor: tuple[int, int], wide: bool) -> list[Run]:
    """The square under the cursor and its biome, as wide as the map, so a cursor step
    repaints it with the map's own rows rather than as a widget of its own."""
    row, col = cursor
    width = 2 + COLS * (2 if wide else 1)
    return [(f"{cell_name(row, col)} {biome_at(row, col).name}".ljust(width)[:width], "title")]


def header_rows(wide: bool) -> list[list[Run]]:
    if wide:
        return [[("  ", "label"), *((f"{c + 1:<2}", "label") for c in range(COLS))]]
    # One row: units digits, with "|" standing for columns 10, 20 and 30.
    units = "".join("|" if (c + 1) % 10 == 0 else str((c + 1) % 10) for c in range(COLS))
    return [[("  ", "label"), (units, "label")]]


def map_window(top: int, cursor_row: int, height: int) -> int:
    """The first map row to draw in `height` lines so the cursor's row shows, moving the
    window as little as possible from `top`."""
    height = max(1, min(height, ROWS))
    if cursor_row < top:
        top = cursor_row
    elif cursor_row >= top + height:
        top = cursor_row - height + 1
    return min(max(top, 0), ROWS - height)


def window_for(top: int, cursor_row: int, lines: int) -> tuple[int, int]:
    """(first row, row count) of the map for a board `lines` lines tall, moving the window
    as little as possible from `top`. The column numbers take a line and, when not every row
    fits, the cue line another; a board not laid out yet (0 lines) draws every row."""
    if lines <= 0 or lines - HEADER_ROWS >= ROWS:
        return 0, ROWS
    count = max(1, lines - HEADER_ROWS - 1)
    return map_window(top, cursor_row, count), count


def more_cue(first_row: int, row_count: int) -> list[Run] | None:
    """The line under a window of rows saying where the hidden rows are and how to reach
    them, or None when every row is drawn."""
    above = first_row
    below = max(0, ROWS - first_row - row_count)
    if above and below:
        text = f"{above} {_rows(above)} above, {below} below (cursor up/down)"
    elif below:
        text = f"{below} more {_rows(below)} below (cursor down)"
    elif above:
        text = f"{above} more {_rows(above)} above (cursor up)"
    else:
        return None
    return [("  " + text, "label")]


def _rows(count: int) -> str:
    return "row" if count == 1 else "rows"


def world_row(
    row: int, marks: Marks, *, wide: bool, cursor: tuple[int, int] | None = None, sea_glyph: str = "~"
) -> list[Run]:
    """One map row: its letter, then each square's biome letter or the mark drawn over it."""
    biomes = load_map()[row]
    runs: list[Run] = [(f"{ROW_LETTERS[row]} ", "label")]
    for c, letter in enumerate(biomes[:COLS]):
        text, kind = marks.get((row, c), (sea_glyph if letter == SEA else letter, f"biome-{letter}"))
        if wide:
            text = text.ljust(2)[:2]
        if cursor == (row, c):
            kind = f"{kind} cursor"
        runs.append((text, kind))
    return runs


def draw_world(
    marks: Marks,
    *,
    wide: bool,
    cursor: tuple[int, int] | None = None,
    sea_glyph: str = "~",
    first_row: int = 0,
    row_count: int = ROWS,
) -> list[list[Run]]:
    """Rows of runs for the map (rows `first_row` on, `row_count` of them) under the
    column numbers, with `marks` drawn over the biomes."""
    drawing = header_rows(wide)
    for r in range(first_row, min(first_row + row_count, ROWS)):
        drawing.append(world_row(r, marks, wide=wide, cursor=cursor, sea_glyph=sea_glyph))
    return drawing
