"""The Camp Grizzly map as plain text, for a quick look (tests and debugging): walls,
doors, places, trails and cabins, with pawns or locks marked over them.
"""

from __future__ import annotations

from engines.camp_grizzly.content import OPPOSITE, SIDES, CampMap, Cell, camp_map

ARROWS = {"N": "^", "E": ">", "S": "v", "W": "<"}
KIND_FILL = {"open": "   ", "trail": " : ", "water": "~~~", "off": "###"}


def _place_code(name: str) -> str:
    words = name.split()
    return (words[0][0] + words[1][0]).upper() if len(words) > 1 else name[:2].upper()


def cell_text(m: CampMap, cell: Cell) -> str:
    """Three characters for a space: finale arrow, place, trail end, or its kind."""
    for site in m.data.sites:
        if m.site_cells[site.id] == cell:
            return ARROWS[site.side] + site.code
    for place in m.data.places:
        if m.places[place.id] == cell:
            return "(*)" if place.id == "campfire" else f"[{_place_code(place.name)}"[:3]
    for number, end in m.trail_links.get(cell, ()):
        return f"({number})"
    for number, at in m.camp_trails.items():
        if at == cell:
            return f"<{number}>"
    if cell in m.cabin:
        return f" {m.cabins[m.cabin[cell]].glyph.lower()} "
    return KIND_FILL[m.kind[cell]]


def _door_from_other_side(m: CampMap, cell: Cell, side: str) -> bool:
    dr, dc = SIDES[side]
    return ((cell[0] + dr, cell[1] + dc), OPPOSITE[side]) in m.doors


def render_map_ascii(m: CampMap | None = None, marks: dict[Cell, str] | None = None, legend: bool = True) -> str:
    """The camp as text: `|` and `---` walls, `/` and `-/-` doors, `^RT` a red arrow,
    `(*)` the Campfire, `[XY` a place, `(n)` a nature trail end, `<n>` a camp trail,
    lower-case letters cabin spaces. `marks` overrides spaces (pawns, locks...)."""
    m = m or camp_map()
    marks = marks or {}
    lines = ["   " + "".join(f"  {chr(ord('A') + c)} " for c in range(m.width))]

    def edge(cell: Cell, side: str) -> bool:
        """A wall or a door on this side of `cell` (both draw a corner post)."""
        return m.inside(cell) and (
            m.blocked(cell, side) or (cell, side) in m.doors or _door_from_other_side(m, cell, side)
        )

    def horizontal(r: int) -> str:
        """The edge line above row r (between r-1 and r)."""
        out = "   "
        for c in range(m.width):
            above, below = (r - 1, c), (r, c)
            wall = m.blocked(below, "N")
            door = (below, "N") in m.doors or (above, "S") in m.doors
            post = edge(below, "N") or edge((r, c - 1), "N") or edge(below, "W") or edge(above, "W")
            out += ("+" if post else " ") + ("---" if wall else "-/-" if door else "   ")
        return out.rstrip()

    for r in range(m.height):
        if r:
            lines.append(horizontal(r))
        row = f"{r + 1:>2} "
        for c in range(m.width):
            cell = (r, c)
            if c == 0:
                row += " "
            else:
                left = (r, c - 1)
                if m.blocked(cell, "W"):
                    row += "|"
                elif (cell, "W") in m.doors or (left, "E") in m.doors:
                    row += "/"
                else:
                    row += " "
            row += (marks.get(cell) or cell_text(m, cell)).ljust(3)[:3]
        lines.append(row.rstrip())
    if legend:
        lines.append("")
        lines.append("Cabins: " + ", ".join(f"{c.glyph.lower()} {c.name}" for c in m.data.cabins))
        lines.append("Finales: " + ", ".join(f"{ARROWS[s.side]}{s.code} {s.name} ({s.arrow})" for s in m.data.sites))
        lines.append("Places: " + ", ".join(f"{p.name} {p.at}" for p in m.data.places))
        lines.append(
            "Nature trails: " + ", ".join(f"({t.number}) {t.ends[0]}-{t.ends[1]}" for t in m.data.nature_trails)
        )
        lines.append("Camp trails from the Woods: " + ", ".join(f"<{t.number}> {t.at}" for t in m.data.camp_trails))
    return "\n".join(lines)


__all__ = ["cell_text", "render_map_ascii"]
