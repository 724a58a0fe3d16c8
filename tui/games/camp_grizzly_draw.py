"""Drawing the camp as text, in pure functions tests call without an app.

One line per row of spaces and three characters per space: the first is the space's west
edge (`│` wall, `/` door, blank open), then two characters of content. A wall on a space's
south side underlines it, so walls read without colour; a gap in the underline is a door.
Every two-character token means one thing only (`map_legend` lists them all): pieces cover
terrain, Otis `OT` (`OW` with Wendy on his space), counselors by initials (`K+` when several
share a space), `?` clue, `k` key, `L` lock, `**` fire, `+` first aid, `@` cameo, `$` item,
`!` objective; places `Ca` (Campfire) and the like, cabins by a small letter, `^R` `<B` `vV` `>B` the
red-arrow finale spaces, `=1` nature trails, `&1` camp trails.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from functools import cache
from typing import NamedTuple

from engines.camp_grizzly.content import CampMap, camp_map, parse_label

Run = tuple[str, str]

THING_MARKS = {
    "question": ("? ", "thing"),
    "key": ("k ", "thing"),
    "fire": ("**", "fire"),
    "first_aid": ("+ ", "thing"),
    "cameo": ("@ ", "cameo"),
    "item": ("$ ", "thing"),
    "objective": ("! ", "thing"),
}
TERRAIN = {"open": ("  ", "open"), "trail": (": ", "trail"), "water": ("~~", "water"), "off": ("##", "off")}
ARROW_GLYPH = {"N": "^", "S": "v", "E": ">", "W": "<"}


def place_code(name: str) -> str:
    """'Ar' for Archery Range, 'Ca' for Campfire: a capital and a small letter, so a place
    never reads as a counselor's initials."""
    words = name.split()
    return words[0][0].upper() + (words[1][0] if len(words) > 1 else words[0][1]).lower()


def terrain(m: CampMap, cell: tuple[int, int]) -> Run:
    for site in m.data.sites:
        if m.site_cells[site.id] == cell:
            return (ARROW_GLYPH[site.side] + site.code[0], "site")
    for place in m.data.places:
        if m.places[place.id] == cell:
            return (place_code(place.name), "campfire" if place.id == "campfire" else "place")
    for number, _ in m.trail_links.get(cell, ()):
        return (f"={number}", "nature-trail")
    for number, at in m.camp_trails.items():
        if at == cell:
            return (f"&{number}", "camp-trail")
    if cell in m.cabin:
        return (m.cabins[m.cabin[cell]].glyph.lower() + " ", "cabin")
    return TERRAIN[m.kind[cell]]


def pieces(view, *, otis_cell: str | None = None, people: bool = True) -> dict[tuple[int, int], Run]:
    """What stands on each space, most important first: Otis, counselors, locks, things.
    `otis_cell` puts Otis elsewhere ("" nowhere); without `people`, only the things."""
    marks: dict[tuple[int, int], Run] = {}
    for thing in view.things:
        if thing.cell:
            marks.setdefault(parse_label(thing.cell), THING_MARKS.get(thing.kind, ("$ ", "thing")))
    for cell in view.locks:
        marks[parse_label(cell)] = ("L ", "lock")
    for cell in view.fires:
        marks[parse_label(cell)] = ("**", "fire")
    if not people:
        return marks
    here: dict[tuple[int, int], list] = {}
    for counselor in view.counselors:
        if counselor.cell and counselor.where == "camp":
            here.setdefault(parse_label(counselor.cell), []).append(counselor)
    for cell, group in here.items():
        first = next((c for c in group if c.active), group[0])
        text = first.initials if len(group) == 1 else first.initials[0] + "+"
        marks[cell] = (text, "counselor active" if any(c.active for c in group) else "counselor")
    otis = view.otis.cell if otis_cell is None else otis_cell
    if otis:
        cell = parse_label(otis)
        # Otis on someone's space: "O" and their initial, so nobody disappears under him.
        marks[cell] = ("O" + here[cell][0].initials[0], "otis") if cell in here else ("OT", "otis")
    return marks


class Ground(NamedTuple):
    """What never changes about a space: its terrain and the walls around it."""

    terrain: Run
    west_wall: bool
    west_door: bool
    south_wall: bool


@cache
def ground_of_camp() -> dict[tuple[int, int], Ground]:
    """Every space's `Ground`, worked out once: the camp's walls and places are fixed, and
    a cursor step redraws the map."""
    m = camp_map()
    ground = {}
    for r in range(m.height):
        for c in range(m.width):
            cell = (r, c)
            ground[cell] = Ground(
                terrain(m, cell),
                c > 0 and (m.blocked(cell, "W") or m.blocked((r, c - 1), "E")),
                c > 0 and ((cell, "W") in m.doors or ((r, c - 1), "E") in m.doors),
                r + 1 < m.height and (m.blocked(cell, "S") or m.blocked((r + 1, c), "N")),
            )
    return ground


class MapSize(NamedTuple):
    width: int  # characters of content per space (2 or 4), after its one-character edge
    height: int  # rows per space (1 or 2)


SMALL = MapSize(2, 1)
MEDIUM = MapSize(4, 1)
LARGE = MapSize(4, 2)


def map_size(size: MapSize) -> tuple[int, int]:
    """(columns, rows) the drawn camp takes, labels included."""
    m = camp_map()
    return 2 + m.width * (size.width + 1), 1 + m.height * size.height


def draw_camp(
    view,
    *,
    otis_at: str | None = None,
    cursor: tuple[int, int] | None = None,
    size: MapSize = SMALL,
    wall_glyph: str = "│",
    path: Collection[tuple[int, int]] = (),
) -> list[list[Run]]:
    """The camp with its pieces; `otis_at` overrides Otis' space (for showing his stalk
    step by step); `cursor` is the space the player points at (drawn reversed) and `path`
    the spaces a walk there crosses. Spaces two rows high show under a piece what it stands
    on (a thing, a cabin, a trail)."""
    m = camp_map()
    w = size.width
    header = "".join(
        f" {chr(ord('A') + c)}".ljust(w + 1) if w == 2 else f"  {chr(ord('A') + c)}".ljust(w + 1)
        for c in range(m.width)
    )
    rows: list[list[Run]] = [
        [("  ", "label"), *((header[c * (w + 1) : (c + 1) * (w + 1)], "label") for c in range(m.width))]
    ]
    drawn = draw_camp_rows(
        view, range(m.height), otis_at=otis_at, cursor=cursor, size=size, wall_glyph=wall_glyph, path=path
    )
    rows.extend(drawn[line] for line in sorted(drawn))
    return rows


def camp_lines(row: int, size: MapSize) -> range:
    """The lines of a drawing of the camp that show its row `row` (under the header)."""
    first = 1 + row * size.height
    return range(first, first + size.height)


def draw_camp_rows(
    view,
    rows: Iterable[int],
    *,
    otis_at: str | None = None,
    cursor: tuple[int, int] | None = None,
    size: MapSize = SMALL,
    wall_glyph: str = "│",
    path: Collection[tuple[int, int]] = (),
) -> dict[int, list[Run]]:
    """The lines of `draw_camp` that show the camp's `rows`, by their number in the whole
    drawing: a cursor step redraws the few rows it changes, not the camp."""
    m = camp_map()
    fixed = ground_of_camp()
    marks = pieces(view, otis_cell=otis_at)
    ground = pieces(view, people=False) if size.height > 1 else {}
    w = size.width
    drawn: dict[int, list[Run]] = {}
    for r in rows:
        lines: list[list[Run]] = [[(f"{r + 1:>2}", "label")]] + [[("  ", "label")] for _ in range(size.height - 1)]
        for c in range(m.width):
            cell = (r, c)
            wall, door, south_wall = fixed[cell].west_wall, fixed[cell].west_door, fixed[cell].south_wall
            edge = wall_glyph if wall else "/" if door else " "
            text, kind = marks.get(cell) or fixed[cell].terrain
            if cell == cursor:
                kind += " cursor"
            elif cell in path:
                kind += " path"
            cells = [(text.center(w) if w > 2 else text, kind)]
            if size.height > 1:
                below, below_kind = ("", kind.split()[0])
                if cell in marks:
                    covered = ground.get(cell) if marks[cell] != ground.get(cell) else None
                    below, below_kind = covered or fixed[cell].terrain
                    if below.strip() == text.strip():
                        below = ""
                mark = " cursor" if cell == cursor else " path" if cell in path else ""
                cells.append((below.center(w), below_kind + mark))
            last = len(cells) - 1
            for n, (line, (content, style)) in enumerate(zip(lines, cells)):
                if n == last and south_wall:
                    style += " wall-s"
                line.append((edge if n == 0 or wall else " ", "edge"))
                line.append((content, style))
        drawn.update(zip(camp_lines(r, size), lines))
    return drawn
