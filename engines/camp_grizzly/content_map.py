"""The camp map as data: cabins, doors, walls, places, finale sites and trails, decoded from
`data/map.json` and checked (`validate_map`) into a `CampMap` with the lookups movement needs."""

from __future__ import annotations

from collections import deque

import msgspec

from engines.camp_grizzly.content_base import (
    KIND_CHARS,
    NATURE_TRAILS,
    OPPOSITE,
    PASSABLE_KINDS,
    SIDES,
    SITE_IDS,
    Cell,
    ContentError,
    Side,
    label,
    parse_label,
)


class Cabin(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    glyph: str  # the character marking its spaces in the grid


class Door(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    at: str  # a cabin space
    side: Side


class Place(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    at: str


class FinaleSite(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A finale reached from a red-arrow space: counselors in that space's cabin go."""

    id: str
    name: str
    arrow: str
    side: Side  # the edge the red arrow points through, off the board
    code: str  # two letters for the map


class NatureTrail(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    number: int
    name: str
    ends: tuple[str, str]


class CampTrail(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Where a counselor comes back from the Woods on this d6 result."""

    number: int
    name: str
    at: str


class MapData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    width: int
    height: int
    grid: tuple[str, ...]  # one char per space: KIND_CHARS or a cabin glyph
    cabins: tuple[Cabin, ...]
    walls: dict[str, str]  # label -> blocked sides, e.g. {"D2": "SW"}; symmetric
    doors: tuple[Door, ...]  # the open edges in a cabin's outline
    places: tuple[Place, ...]
    sites: tuple[FinaleSite, ...]
    nature_trails: tuple[NatureTrail, ...]
    camp_trails: tuple[CampTrail, ...]


class CampMap:
    """The decoded map with the lookups movement needs, computed once."""

    def __init__(self, data: MapData) -> None:
        self.data = data
        self.width = data.width
        self.height = data.height
        glyphs = {c.glyph: c for c in data.cabins}
        self.kind: dict[Cell, str] = {}
        self.cabin: dict[Cell, str] = {}
        for r, row in enumerate(data.grid):
            for c, ch in enumerate(row):
                if ch in KIND_CHARS:
                    self.kind[(r, c)] = KIND_CHARS[ch]
                elif ch in glyphs:
                    self.kind[(r, c)] = "cabin"
                    self.cabin[(r, c)] = glyphs[ch].id
                else:
                    raise ContentError(
                        f"map.json: grid character '{ch}' at {label((r, c))} is not a kind or cabin glyph."
                    )
        self.cabins = {c.id: c for c in data.cabins}
        self.cabin_cells: dict[str, tuple[Cell, ...]] = {
            cid: tuple(sorted(cell for cell, owner in self.cabin.items() if owner == cid)) for cid in self.cabins
        }
        self.walls: dict[Cell, frozenset[str]] = {parse_label(k): frozenset(v) for k, v in data.walls.items()}
        self.doors: frozenset[tuple[Cell, str]] = frozenset((parse_label(d.at), d.side) for d in data.doors)
        self.places = {p.id: parse_label(p.at) for p in data.places}
        self.sites = {s.id: s for s in data.sites}
        self.site_cells = {s.id: parse_label(s.arrow) for s in data.sites}
        self.place_ids = tuple(self.places) + tuple(self.sites)
        self.trails: dict[int, tuple[Cell, Cell]] = {
            t.number: (parse_label(t.ends[0]), parse_label(t.ends[1])) for t in data.nature_trails
        }
        self.trail_links: dict[Cell, tuple[tuple[int, Cell], ...]] = {}
        for number, (a, b) in sorted(self.trails.items()):
            self.trail_links[a] = self.trail_links.get(a, ()) + ((number, b),)
            self.trail_links[b] = self.trail_links.get(b, ()) + ((number, a),)
        self.camp_trails = {t.number: parse_label(t.at) for t in data.camp_trails}
        self._walk_cache: dict[Cell, tuple[Cell, ...]] = {}

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.height and 0 <= cell[1] < self.width

    def passable(self, cell: Cell) -> bool:
        return self.kind.get(cell) in PASSABLE_KINDS

    def blocked(self, cell: Cell, side: str) -> bool:
        return side in self.walls.get(cell, frozenset())

    def walk_neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """Orthogonal steps to passable spaces not behind a wall, in N E S W order."""
        # The map never changes once built, and Otis asks this thousands of times a game.
        steps = self._walk_cache.get(cell)
        if steps is None:
            out = []
            for side, (dr, dc) in SIDES.items():
                there = (cell[0] + dr, cell[1] + dc)
                if self.passable(there) and not self.blocked(cell, side):
                    out.append(there)
            steps = self._walk_cache[cell] = tuple(out)
        return steps

    def area(self, cell: Cell) -> tuple[Cell, ...]:
        """The cabin a space belongs to, or the space alone when it is outside."""
        owner = self.cabin.get(cell)
        return self.cabin_cells[owner] if owner else (cell,)

    def place_cell(self, place_id: str) -> Cell:
        if place_id in self.places:
            return self.places[place_id]
        return self.site_cells[place_id]


def _side_cell(cell: Cell, side: str) -> Cell:
    dr, dc = SIDES[side]
    return (cell[0] + dr, cell[1] + dc)


def validate_map(data: MapData) -> CampMap:
    where = "map.json"
    if not (12 <= data.width <= 16 and 9 <= data.height <= 10):
        raise ContentError(f"{where}: the camp is 12x9 to 16x10 spaces, not {data.width}x{data.height}.")
    if len(data.grid) != data.height or any(len(row) != data.width for row in data.grid):
        raise ContentError(f"{where}: the grid must have {data.height} rows of {data.width} characters.")
    ids = [c.id for c in data.cabins]
    glyphs = [c.glyph for c in data.cabins]
    if len(set(ids)) != len(ids) or len(set(glyphs)) != len(glyphs):
        raise ContentError(f"{where}: cabin ids and glyphs must be unique.")
    if any(len(g) != 1 or g in KIND_CHARS for g in glyphs):
        raise ContentError(f"{where}: a cabin glyph is one character that is not a kind character.")
    m = CampMap(data)
    for cid, cells in m.cabin_cells.items():
        if not cells:
            raise ContentError(f"{where}: cabin '{cid}' has no spaces.")
        seen = {cells[0]}
        queue = deque([cells[0]])
        while queue:
            here = queue.popleft()
            for side in SIDES:
                there = _side_cell(here, side)
                if m.cabin.get(there) == cid and there not in seen:
                    seen.add(there)
                    queue.append(there)
        if len(seen) != len(cells):
            raise ContentError(f"{where}: cabin '{cid}' is not one connected building.")
    # Walls: only on a cabin's outline, symmetric, and every outline edge a wall or a door.
    for cell, sides in m.walls.items():
        if not m.inside(cell):
            raise ContentError(f"{where}: wall at {label(cell)} is off the map.")
        for side in sides:
            if side not in SIDES:
                raise ContentError(f"{where}: wall side '{side}' at {label(cell)} is not N, E, S or W.")
            there = _side_cell(cell, side)
            if not m.inside(there):
                raise ContentError(
                    f"{where}: wall on the {side} side of {label(cell)} faces the map edge; leave it out."
                )
            if m.cabin.get(cell) == m.cabin.get(there):
                raise ContentError(
                    f"{where}: wall between {label(cell)} and {label(there)} is not on a cabin's outline."
                )
            if not m.blocked(there, OPPOSITE[side]):
                raise ContentError(f"{where}: wall on the {side} side of {label(cell)} is missing from {label(there)}.")
    for cell, side in m.doors:
        there = _side_cell(cell, side)
        if cell not in m.cabin:
            raise ContentError(f"{where}: door at {label(cell)} is not on a cabin space.")
        if not m.inside(there) or not m.passable(there) or there in m.cabin:
            raise ContentError(f"{where}: door on the {side} side of {label(cell)} does not open onto open ground.")
        if m.blocked(cell, side):
            raise ContentError(f"{where}: door on the {side} side of {label(cell)} is also a wall.")
    for cell, owner in m.cabin.items():
        for side in SIDES:
            there = _side_cell(cell, side)
            if not m.inside(there) or m.cabin.get(there) == owner:
                continue
            is_door = (cell, side) in m.doors
            if m.blocked(cell, side) == is_door:
                raise ContentError(
                    f"{where}: the {side} side of {label(cell)} ({owner}) needs exactly one of a wall or a door."
                )
    for cid, cells in m.cabin_cells.items():
        if not any((cell, side) in m.doors for cell in cells for side in SIDES):
            raise ContentError(f"{where}: cabin '{cid}' has no door.")
    # Places and finale sites.
    place_ids = [p.id for p in data.places]
    for needed in ("campfire", "tool_shed"):
        if needed not in place_ids:
            raise ContentError(f"{where}: the place '{needed}' is missing.")
    if len(set(place_ids)) != len(place_ids):
        raise ContentError(f"{where}: place ids must be unique.")
    for place in data.places:
        if not m.passable(parse_label(place.at)):
            raise ContentError(f"{where}: place '{place.id}' at {place.at} is not a space one can stand on.")
    if m.kind[m.places["campfire"]] == "cabin":
        raise ContentError(f"{where}: the Campfire is in the open, not inside a cabin.")
    if m.cabin.get(m.places["tool_shed"]) is None:
        raise ContentError(f"{where}: the Tool Shed is a cabin space.")
    centre = ((data.height - 1) / 2, (data.width - 1) / 2)
    fire = m.places["campfire"]
    if abs(fire[0] - centre[0]) > 1 or abs(fire[1] - centre[1]) > 1:
        raise ContentError(f"{where}: the Campfire must be in the centre of the camp.")
    if sorted(s.id for s in data.sites) != sorted(SITE_IDS):
        raise ContentError(f"{where}: the finale sites must be exactly {', '.join(SITE_IDS)}.")
    if len({s.code for s in data.sites}) != 4 or any(len(s.code) != 2 for s in data.sites):
        raise ContentError(f"{where}: finale site codes are 2 letters each and unique.")
    for site in data.sites:
        cell = parse_label(site.arrow)
        if cell not in m.cabin:
            raise ContentError(f"{where}: the red arrow of '{site.id}' at {site.arrow} must be a cabin space.")
        out = _side_cell(cell, site.side)
        if m.inside(out) and m.passable(out):
            raise ContentError(f"{where}: the red arrow of '{site.id}' must point off the board or into water/woods.")
    # Nature trails and camp trails.
    numbers = sorted(t.number for t in data.nature_trails)
    if numbers != list(range(1, NATURE_TRAILS + 1)):
        raise ContentError(f"{where}: nature trails must be numbered 1 to {NATURE_TRAILS}, not {numbers}.")
    ends_seen: set[Cell] = set()
    for trail in data.nature_trails:
        a, b = (parse_label(e) for e in trail.ends)
        for end in (a, b):
            if not m.passable(end) or end in m.cabin:
                raise ContentError(
                    f"{where}: nature trail {trail.number} ends at {label(end)}, which is not open ground."
                )
            if end in ends_seen:
                raise ContentError(f"{where}: two nature trails end at {label(end)}.")
            ends_seen.add(end)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) < 3:
            raise ContentError(f"{where}: nature trail {trail.number} is a shortcut; its ends must be 3+ spaces apart.")
    if sorted(t.number for t in data.camp_trails) != list(range(1, 7)):
        raise ContentError(f"{where}: camp trails must be numbered 1 to 6.")
    for camp_trail in data.camp_trails:
        cell = parse_label(camp_trail.at)
        on_edge = cell[0] in (0, data.height - 1) or cell[1] in (0, data.width - 1)
        if not m.passable(cell) or cell in m.cabin or not on_edge:
            raise ContentError(f"{where}: camp trail {camp_trail.number} must leave from open ground at the map edge.")
    # Everyone can get everywhere: counselors on foot, Otis with the nature trails too.
    passable = {cell for cell in m.kind if m.passable(cell)}
    for who, use_trails in (("a counselor on foot", False), ("Otis", True)):
        seen = {fire}
        queue = deque([fire])
        while queue:
            here = queue.popleft()
            steps = list(m.walk_neighbours(here))
            if use_trails:
                steps += [end for _, end in m.trail_links.get(here, ())]
            for there in steps:
                if there not in seen:
                    seen.add(there)
                    queue.append(there)
        missing = sorted(passable - seen)
        if missing:
            raise ContentError(
                f"{where}: {who} cannot reach {', '.join(label(c) for c in missing[:5])} from the Campfire."
            )
    return m
