"""Drawing Bivì's forest: each offered tile named in words and drawn cell by cell as a river
draws it once placed, the four sides side by side where the board is wide enough; and the
size of cells the room under the rivers allows. Pure functions that tests call without an
app.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence

import msgspec

from engines.bivi.view import BiviView, RiverView
from engines.core.rules import RulesSection
from tui.games.bivi_draw import (
    COMPACT,
    DECORATION_LEGEND,
    LARGE,
    NORMAL,
    CellSize,
    Run,
    first_cells,
    cell_runs,
    decoration_text,
    runs_width,
)
from tui.glyphs import Glyphs

#: Forest sides in words, in the order the view lists them.
SIDE_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}
#: Columns between two tiles of a side, and between two sides side by side.
TILE_GAP = 2
SIDE_GAP = 4


def tile_name(view: BiviView, tile_id: int) -> str:
    """'walnut tile 64', as the log and the action list name it, with the decoration
    letters of the legend where decorations count: 'walnut tile 64 [mf]'."""
    tile = view.tiles[tile_id]
    name = f"{tile.wood} tile {tile_id}"
    deco = decoration_text(tile) if view.mode != "basic" else ""
    return f"{name} [{deco}]" if deco else name


def draw_tile(view: BiviView, tile_id: int, *, size: CellSize, glyphs: Glyphs) -> list[list[Run]]:
    """A tile drawn alone, cell by cell exactly as a river draws it once placed (its wood's
    colour and letter, its decorations on the larger cells): what it will look like."""
    tile = view.tiles[tile_id]
    height = max(r for r, _ in tile.cells) + 1
    width = max(c for _, c in tile.cells) + 1
    cells = set(tile.cells)
    # A river of the tile's own box, the tile on its river cells and nothing outside them.
    alone = msgspec.structs.replace(
        view, board_rows=tuple("".join("." if (r, c) in cells else " " for c in range(width)) for r in range(height))
    )
    river = RiverView(
        seat=-1,
        cells=tuple(tuple(tile_id if (r, c) in cells else 0 for c in range(width)) for r in range(height)),
        beaver=None,
        bank="",
        cubes=0,
        taken=0,
        filled_below=0,
        total_below=0,
        holes=(),
        complete=False,
        moss=0,
        butterflies=0,
        ladybugs=0,
    )
    first = first_cells(river) if size.height > 1 else set()
    lines: list[list[Run]] = []
    for r in range(height):
        rows: list[list[Run]] = [[] for _ in range(size.height)]
        for c in range(width):
            for line, run in zip(rows, cell_runs(alone, river, r, c, size, glyphs, first)):
                line.append(run)
        lines.extend(rows)
    return lines


def _blank(width: int) -> Run:
    return (" " * width, "outside")


def _tile_slot(view: BiviView, tile_id: int, size: CellSize, glyphs: Glyphs) -> tuple[int, list[list[Run]]]:
    """(width, lines) of one offered tile: its name beside its picture on one-character
    cells, above it on larger ones."""
    picture = draw_tile(view, tile_id, size=size, glyphs=glyphs)
    drawn_width = sum(len(text) for text, _ in picture[0])
    name = tile_name(view, tile_id)
    if size.width == 1:
        width = drawn_width + 1 + len(name)
        lines = [[*line, _blank(1), (name if n == 0 else " " * len(name), "text")] for n, line in enumerate(picture)]
        return width, lines
    width = max(drawn_width, len(name))
    lines = [[(name.ljust(width), "text")]]
    lines += [[*line, _blank(width - drawn_width)] for line in picture]
    return width, lines


def _side_block(view: BiviView, n: int, size: CellSize, glyphs: Glyphs, room: int) -> tuple[int, list[list[Run]]]:
    """(width, lines) of one side of the forest: its name (marked where the others take
    from this turn), then its tiles side by side, on more rows where `room` columns are
    too few for all of them."""
    side, tiles = view.sides[n], view.forest[n]
    taken_here = side == view.take_side
    label: Run = (f"{'>' if taken_here else ' '}{SIDE_WORDS[side]:<6}", "take" if taken_here else "text")
    indent = len(label[0])
    slots = [_tile_slot(view, t, size, glyphs) for t in tiles]
    if not slots:
        slots = [(7, [[("(empty)", "label")]])]
    groups: list[list[tuple[int, list[list[Run]]]]] = [[]]
    for slot in slots:
        used = indent + sum(w + TILE_GAP for w, _ in groups[-1])
        if groups[-1] and used + slot[0] > room:
            groups.append([])
        groups[-1].append(slot)
    block: list[list[Run]] = []
    for group in groups:
        for y in range(max(len(lines) for _, lines in group)):
            line: list[Run] = [label if not block else _blank(indent)]
            for k, (width, lines) in enumerate(group):
                if k:
                    line.append(_blank(TILE_GAP))
                line.extend(lines[y] if y < len(lines) else [_blank(width)])
            block.append(line)
    return max(runs_width(line) for line in block), block


def draw_forest(
    view: BiviView, *, size: CellSize, glyphs: Glyphs, width: int, column: int = 0, heights: Sequence[int] = ()
) -> tuple[int, tuple[int, ...], list[list[Run]]]:
    """(the columns each side takes, the lines each side takes, the lines): the forest's
    sides, each tile named and drawn as the river draws it, two sides side by side where
    `width` allows (four in a row where all four fit), else one under another. Each side
    takes the widest side's columns, and at least `column`, so the sides line up; side n
    takes at least `heights[n]` lines."""
    blocks = [_side_block(view, n, size, glyphs, width) for n in range(len(view.forest))]
    for n, (_, block) in enumerate(blocks):
        block += [[] for _ in range((heights[n] if n < len(heights) else 0) - len(block))]
    column = max([column, *(w for w, _ in blocks)])
    across = max(1, min(len(blocks), (width + SIDE_GAP) // (column + SIDE_GAP)))
    if across == 3:  # two rows of two read better than three and one
        across = 2
    lines: list[list[Run]] = []
    for start in range(0, len(blocks), across):
        band = blocks[start : start + across]
        for y in range(max(len(block) for _, block in band)):
            line: list[Run] = []
            for k, (_, block) in enumerate(band):
                if k:
                    line.append(_blank(SIDE_GAP))
                row = block[y] if y < len(block) else []
                line.extend(row)
                line.append(_blank(column - runs_width(row)))
            lines.append(line)
        if size.height > 1 and start + across < len(blocks):
            lines.append([])  # large cells: a blank row between rows of sides
    return column, tuple(len(block) for _, block in blocks), lines


class ForestLayout(msgspec.Struct, frozen=True):
    """How a forest was drawn: its cell size, the columns and lines each side took, and
    its lines in all."""

    size: CellSize
    column: int
    heights: tuple[int, ...]
    rows: int


def forest_drawing(
    view: BiviView, *, glyphs: Glyphs, width: int, rows: int, largest: CellSize, keep: ForestLayout | None = None
) -> tuple[ForestLayout, list[list[Run]]]:
    """The forest under its header line (bag, discards, cubes) and above its legends, with
    cells as large as `largest` (the active river's) and as fit in `width` columns and
    `rows` rows; at one-character cells when nothing fits (the area then scrolls).

    With `keep` (the layout of an earlier drawing of this turn's forest, which has only
    lost tiles since), the same cell size, no narrower sides and no fewer lines: what
    stays in the forest stays where it was."""
    header: list[Run] = [
        ("Forest: bag ", "text"),
        (str(view.bag), "text"),
        (", discards ", "text"),
        (str(view.discard), "text"),
        (", cubes ", "text"),
        (str(view.supply), "text"),
    ]
    footer: list[list[Run]] = [[(DECORATION_LEGEND, "text")]] if view.mode != "basic" else []
    if view.objectives:
        footer.append([("Objectives: " + "; ".join(o.title for o in view.objectives), "text")])
    if keep is not None:
        size = keep.size
        column, heights, drawing = draw_forest(
            view, size=size, glyphs=glyphs, width=width, column=keep.column, heights=keep.heights
        )
    else:
        for size in [s for s in (LARGE, NORMAL, COMPACT) if s.width <= largest.width]:
            column, heights, drawing = draw_forest(view, size=size, glyphs=glyphs, width=width)
            fits = max((runs_width(line) for line in drawing), default=0) <= width
            if fits and 1 + len(drawing) + len(footer) <= rows:
                break
    lines = [header, *drawing, *footer]
    lines += [[_blank(1)] for _ in range((keep.rows if keep else 0) - len(lines))]
    return ForestLayout(size, column, heights, len(lines)), lines


def plain_rules(section: RulesSection) -> str:
    """A rules section as plain text: its title, then its Markdown without the marks of
    emphasis and code (the screen shows it verbatim, never as markup)."""
    body = section.body.replace("**", "").replace("`", "").strip()
    return f"Rules, {section.title}:\n{body}"


def _unwrapped(text: str) -> list[str]:
    """The text's lines with a paragraph's hard line breaks taken out (a list item or a
    title keeps its own line), so it wraps at another width as prose."""
    joined: list[str] = []
    for line in text.splitlines():
        starts_item = re.match(r"\s*([-*]|\d+\.)\s", line) is not None
        if joined and joined[-1] and line.strip() and not starts_item and not joined[-1].endswith(":"):
            joined[-1] += " " + line.strip()
        else:
            joined.append(line)
    return joined


def cut_to_rows(text: str, width: int, rows: int, rules_key: str = "f1") -> str:
    """`text` wrapped at `width`, in at most `rows` rows: when cut, its last row says where
    the rest is (under `rules_key`, the key of the rules as the player's keymap has it)."""
    lines = [row for line in _unwrapped(text) for row in (textwrap.wrap(line, width) or [""])]
    if len(lines) <= rows:
        return "\n".join(lines)
    return "\n".join([*lines[: rows - 1], f"... the rest under {rules_key} (Rules)"])
