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


def pieces(view) -> dict[tuple[int, int], Run]:
    """What stands on each space, most important first: Otis, counselors, locks, things."""
    marks: dict[tuple[int, int], Run] = {}
    for thing in view.things:
        if thing.cell:
            marks.setdefault(parse_label(thing.cell), THING_MARKS.get(thing.kind, ("o ", "thing")))
    for cell in view.locks:
        marks[parse_label(cell)] = ("L ", "lock")
    for cell in view.fires:
        marks[parse_label(cell)] = ("**", "fire")
    here: dict[tuple[int, int], list] = {}
    for counselor in view.counselors:
        if counselor.cell and counselor.where == "camp":
            here.setdefault(parse_label(counselor.cell), []).append(counselor)
    for cell, people in here.items():
        first = next((c for c in people if c.active), people[0])
        text = first.initials if len(people) == 1 else first.initials[0] + "+"
        marks[cell] = (text, "counselor active" if any(c.active for c in people) else "counselor")
    if view.otis.cell:
        cell = parse_label(view.otis.cell)
        # Otis on someone's space: "O" and their initial, so nobody disappears under him.
        marks[cell] = ("O" + here[cell][0].initials[0], "otis") if cell in here else ("OT", "otis")
    return marks


def draw_camp(view, *, otis_at: str | None = None, cursor: tuple[int, int] | None = None) -> list[list[Run]]:
    """The camp with its pieces; `otis_at` overrides Otis' space (for showing his stalk
    step by step); `cursor` is the space the player points at (drawn reversed)."""
    m = camp_map()
    marks = pieces(view)
    if otis_at is not None:
        marks = {cell: run for cell, run in marks.items() if run[1] != "otis"}
        if otis_at:
            marks[parse_label(otis_at)] = ("OT", "otis")
    rows: list[list[Run]] = [[("  ", "label"), *((f" {chr(ord('A') + c)} ", "label") for c in range(m.width))]]
    for r in range(m.height):
        runs: list[Run] = [(f"{r + 1:>2}", "label")]
        for c in range(m.width):
            cell = (r, c)
            if c > 0 and (m.blocked(cell, "W") or m.blocked((r, c - 1), "E")):
                edge = "│"
            elif c > 0 and ((cell, "W") in m.doors or ((r, c - 1), "E") in m.doors):
                edge = "/"
            else:
                edge = " "
            text, kind = marks.get(cell) or terrain(m, cell)
            south_wall = r + 1 < m.height and (m.blocked(cell, "S") or m.blocked((r + 1, c), "N"))
            if cell == cursor:
                kind += " cursor"
            runs.append((edge, "edge"))
            runs.append((text, f"{kind} wall-s" if south_wall else kind))
        rows.append(runs)
    return rows
