"""Camp Grizzly content as data: the camp map, counselors, Otis' track, the cabin, survival
and mini decks, the finales, the camp setups and the Woods table.

Every JSON file under `data/` is decoded with msgspec into frozen Structs and checked once
at load; a bad edit fails with a `ContentError` (a ValueError) naming the file and the
entry, instead of producing a strange game. All names and texts are our own.

Spaces are written as labels: a column letter then a row number, "A1" top-left. In code a
space is a `Cell` = (row, col), both from 0.

Effect vocabulary
=================
Everything a card, ability, mini, finale step or Woods outcome does is a tuple of `Effect`s,
each naming an `effect` id from `EFFECTS` plus the parameters that id takes (others must
stay at their defaults). An effect is *instant* (resolved once, top to bottom, when its
source is played or drawn) or *passive* (a rules hook active while its source is in play:
a counselor ability, an equipped weapon or item, a camper, a permanent survival card).

Parameters: `amount` (int), `who` (self | space | cabin | all | chosen), `stat`
(stalk | attack | damage), `place` (a place or site id), `lasts` (turn | round |
next_round | stalk | game), `die` (4 | 6 | 8 | 10), `when` (armed | unarmed | in_cabin | outside).

Instant effects
    heal(amount, who)        remove injuries (never above the counselor's health track)
    injure(amount, who)      add injuries (a skull kills: +1 body count)
    horrify(who)             horrified: turn ends now, -1 to die rolls to end of next turn
    calm(who)                remove horrified
    draw_survival(amount)    draw survival cards into the backpack
    draw_cabin(amount)       draw and resolve extra cabin cards
    peek_cabin(amount)       look at the top cabin cards, put them back in any order
    tempt_fate(amount)       draw `amount` cabin cards; red ones make Otis strike (rulebook)
    otis_strikes()           Otis moves to the source's space and strikes, even if lurking
    otis_lurk()              Otis leaves the board and lurks
    otis_move_to(place)      Otis is placed on a named place (does not strike)
    otis_stat(stat, amount, lasts)  change a stat (attack counts die steps d4>d6>d8>d10)
                             until the end of his next stalk (lasts=stalk) or for the game
    add_body_count(amount)   raise the body count
    lost()                   the counselor goes to the Woods
    teleport(place)          the counselor is moved to a named place
    foolin_around()          another counselor (picked by the card's holder) joins you (4.1)
    place_fire()             a fire mini on the source's space: nobody may enter it until
                             the end of Otis' next stalk
    gain_keys()              take a keys mini from the supply, if one is left
    fight_die(die)           roll one extra die in this fight (timing fight)
    otis_reroll()            Otis rolls his attack again, the new roll counts (after_roll)
    hide()                   you take no part in this strike: no fight, no panic (fight)
    prevent_injury(amount)   take that many fewer injuries from this panic (panic)
    move_bonus(amount, who, lasts)  extra (or fewer) movement this turn, this round, or
                             through the end of the next round (next_round)
    leave()                  a cameo leaves the board (after meeting someone)
    choose_trail()           Woods: pick the camp trail back instead of rolling for it

Passive hooks (counselor abilities use only these)
    fight_bonus(amount, when)  add to your fight total (when: always if empty)
    move_bonus(amount)         add to your movement every move phase (never below 1)
    panic_bonus(amount)        add to your panic distance (never below 1)
    hands_limit(amount)        you may equip weapons and items totalling `amount` hands
    nature_trail(amount)       your nature-trail attempts succeed on `amount` or more
    never_lost()               a 1 on a nature-trail attempt just fails; you stay put
    lockpick()                 you may enter and clear locked spaces as if holding keys
    immune_horrified()         you can never be horrified
    heal_others(amount)        end of your turn: heal another counselor in your space
    armor(amount)              take `amount` fewer injuries from each panic (at least 1)
    fight_reroll()             once per fight, reroll one of your own dice
    fragile()                  this weapon is discarded after a fight where its die shows 1
    thrown()                   this weapon is discarded after the fight it is used in
"""

from __future__ import annotations

from collections import Counter, deque
from functools import cache
from importlib import resources
from typing import Literal, NamedTuple

import msgspec

Cell = tuple[int, int]  # (row, col)
Side = Literal["N", "E", "S", "W"]

SIDES: dict[str, Cell] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}

#: Grid characters that are not cabins; any other character is a cabin's glyph.
KIND_CHARS = {".": "open", ":": "trail", "~": "water", "#": "off"}
PASSABLE_KINDS = frozenset({"open", "trail", "cabin"})

SITE_IDS = ("van", "tower", "boat", "barn")
DICE = (4, 6, 8, 10)
ATTACK_STEPS = DICE  # Otis' attack die climbs these steps

CABIN_KINDS = ("weapon", "item", "camper", "cameo", "plot_twist", "otis_strikes", "otis_rumor")
RED_KINDS = frozenset({"otis_strikes", "otis_rumor"})
ITEM_SLOTS = ("hand", "clothing", "backpack")
TIMINGS = ("turn", "fight", "after_roll", "panic", "any")
MINI_KINDS = ("objective", "key", "surprise", "first_aid", "lock", "fire", "horrified", "body_count")
OBJECTIVES = ("keys", "gas_can", "battery", "radio", "flare_gun", "oar", "lantern", "rope")

CABIN_DECK_SIZE = 84
SURVIVAL_DECK_SIZE = 24
MINI_COUNT = 36
COUNSELOR_COUNT = 7
NATURE_TRAILS = 6
WOODS_ROLLS = 6
HOPELESS = 13

# Counts the rulebook does not give; ours, documented in rules notes and checked at load.
CABIN_KIND_COUNTS = {
    "weapon": 20,
    "item": 16,
    "camper": 8,
    "cameo": 6,
    "plot_twist": 12,
    "otis_strikes": 12,
    "otis_rumor": 10,
}


class ContentError(ValueError):
    """The bundled data files break one of their own rules."""


# --- labels ---------------------------------------------------------------------------


def label(cell: Cell) -> str:
    """"H5" for (4, 7): column letter, then row number from 1."""
    row, col = cell
    return f"{chr(ord('A') + col)}{row + 1}"


def parse_label(text: str) -> Cell:
    if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
        raise ContentError(f"'{text}' is not a space label like 'H5'.")
    return (int(text[1:]) - 1, ord(text[0].upper()) - ord("A"))


# --- effects --------------------------------------------------------------------------

Who = Literal["self", "space", "cabin", "all", "chosen"]
Stat = Literal["", "stalk", "attack", "damage"]
Lasts = Literal["", "turn", "round", "next_round", "stalk", "game"]
When = Literal["", "armed", "unarmed", "in_cabin", "outside"]


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    effect: str
    amount: int = 0
    who: Who = "self"
    stat: Stat = ""
    place: str = ""
    lasts: Lasts = ""
    die: int = 0
    when: When = ""


class EffectSpec(NamedTuple):
    use: Literal["instant", "passive", "both"]
    required: frozenset[str] = frozenset()
    optional: frozenset[str] = frozenset()
    timing: str = ""  # instants usable only at this timing ("" = any)


def _spec(use: str, required: str = "", optional: str = "", timing: str = "") -> EffectSpec:
    return EffectSpec(use, frozenset(required.split()), frozenset(optional.split()), timing)  # type: ignore[arg-type]


EFFECTS: dict[str, EffectSpec] = {
    "heal": _spec("instant", "amount", "who"),
    "injure": _spec("instant", "amount", "who"),
    "horrify": _spec("instant", "", "who"),
    "calm": _spec("instant", "", "who"),
    "draw_survival": _spec("instant", "amount"),
    "draw_cabin": _spec("instant", "amount"),
    "peek_cabin": _spec("instant", "amount"),
    "tempt_fate": _spec("instant", "amount"),
    "otis_strikes": _spec("instant"),
    "otis_lurk": _spec("instant"),
    "otis_move_to": _spec("instant", "place"),
    "otis_stat": _spec("instant", "stat amount lasts"),
    "add_body_count": _spec("instant", "amount"),
    "lost": _spec("instant"),
    "teleport": _spec("instant", "place", "who"),
    "foolin_around": _spec("instant"),
    "place_fire": _spec("instant"),
    "gain_keys": _spec("instant"),
    "fight_die": _spec("instant", "die", timing="fight"),
    "otis_reroll": _spec("instant", timing="after_roll"),
    "hide": _spec("instant", timing="fight"),
    "prevent_injury": _spec("instant", "amount", timing="panic"),
    "move_bonus": _spec("both", "amount", "who lasts"),
    "leave": _spec("instant"),
    "choose_trail": _spec("instant"),
    "fight_bonus": _spec("passive", "amount", "when"),
    "panic_bonus": _spec("passive", "amount"),
    "hands_limit": _spec("passive", "amount"),
    "nature_trail": _spec("passive", "amount"),
    "never_lost": _spec("passive"),
    "lockpick": _spec("passive"),
    "immune_horrified": _spec("passive"),
    "heal_others": _spec("passive", "amount"),
    "armor": _spec("passive", "amount"),
    "fight_reroll": _spec("passive"),
    "fragile": _spec("passive"),
    "thrown": _spec("passive"),
}

_EFFECT_DEFAULTS = {name: getattr(Effect("x"), name) for name in Effect.__struct_fields__ if name != "effect"}


def check_effect(effect: Effect, where: str, use: str, timing: str = "", places: frozenset[str] = frozenset()) -> None:
    """Raise ContentError unless `effect` is a known id with exactly its parameters, fit
    for a source that is `use` ("instant" or "passive") and played at `timing`."""
    spec = EFFECTS.get(effect.effect)
    if spec is None:
        raise ContentError(f"{where}: unknown effect '{effect.effect}'.")
    if spec.use != "both" and spec.use != use:
        raise ContentError(f"{where}: effect '{effect.effect}' is {spec.use}, but this source needs {use} effects.")
    for name, default in _EFFECT_DEFAULTS.items():
        value = getattr(effect, name)
        if name in spec.required:
            if value == default:
                raise ContentError(f"{where}: effect '{effect.effect}' needs '{name}'.")
        elif name not in spec.optional and value != default:
            raise ContentError(f"{where}: effect '{effect.effect}' takes no '{name}'.")
    if effect.die and effect.die not in DICE:
        raise ContentError(f"{where}: die must be one of d4, d6, d8, d10, not d{effect.die}.")
    if effect.effect == "otis_stat" and effect.lasts not in ("stalk", "game"):
        raise ContentError(f"{where}: otis_stat lasts 'stalk' or 'game', not '{effect.lasts}'.")
    if effect.effect == "move_bonus" and use == "passive" and (effect.lasts or effect.who != "self"):
        raise ContentError(f"{where}: a passive move_bonus applies to its holder every turn; drop 'lasts'/'who'.")
    if effect.effect == "move_bonus" and use == "instant" and effect.lasts not in ("turn", "round", "next_round"):
        raise ContentError(f"{where}: an instant move_bonus lasts 'turn', 'round' or 'next_round'.")
    if effect.place and places and effect.place not in places:
        raise ContentError(f"{where}: unknown place '{effect.place}'.")
    if spec.timing and timing and spec.timing != timing:
        raise ContentError(f"{where}: effect '{effect.effect}' can only be used at timing '{spec.timing}', not '{timing}'.")
    if spec.timing and use == "instant" and not timing:
        raise ContentError(f"{where}: effect '{effect.effect}' needs a source played at timing '{spec.timing}'.")


def _check_effects(effects: tuple[Effect, ...], where: str, use: str, timing: str = "") -> None:
    places = frozenset(camp_map().place_ids) if _MAP_READY else frozenset()
    for i, effect in enumerate(effects):
        check_effect(effect, f"{where}, effect {i + 1}", use, timing, places)


# --- the map --------------------------------------------------------------------------


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
                    raise ContentError(f"map.json: grid character '{ch}' at {label((r, c))} is not a kind or cabin glyph.")
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
                raise ContentError(f"{where}: wall on the {side} side of {label(cell)} faces the map edge; leave it out.")
            if m.cabin.get(cell) == m.cabin.get(there):
                raise ContentError(f"{where}: wall between {label(cell)} and {label(there)} is not on a cabin's outline.")
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
                raise ContentError(f"{where}: nature trail {trail.number} ends at {label(end)}, which is not open ground.")
            if end in ends_seen:
                raise ContentError(f"{where}: two nature trails end at {label(end)}.")
            ends_seen.add(end)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) < 3:
            raise ContentError(f"{where}: nature trail {trail.number} is a shortcut; its ends must be 3+ spaces apart.")
    if sorted(t.number for t in data.camp_trails) != list(range(1, 7)):
        raise ContentError(f"{where}: camp trails must be numbered 1 to 6.")
    for trail in data.camp_trails:
        cell = parse_label(trail.at)
        on_edge = cell[0] in (0, data.height - 1) or cell[1] in (0, data.width - 1)
        if not m.passable(cell) or cell in m.cabin or not on_edge:
            raise ContentError(f"{where}: camp trail {trail.number} must leave from open ground at the map edge.")
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
            raise ContentError(f"{where}: {who} cannot reach {', '.join(label(c) for c in missing[:5])} from the Campfire.")
    return m


# --- counselors and Otis --------------------------------------------------------------


class Ability(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    text: str
    effects: tuple[Effect, ...]


class Counselor(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    initials: str
    blurb: str
    health: int  # the top of the health/movement track; this many injuries is the skull
    panic: int
    ability: Ability


class OtisStats(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    stalk: int
    attack: int  # die sides
    damage: int


class OtisStep(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    body_count: int  # from this body count on
    stalk: int
    attack: int
    damage: int


class OtisTrack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    start: OtisStats
    steps: tuple[OtisStep, ...]
    hopeless: int


# --- cards ----------------------------------------------------------------------------


class Cameo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A visitor pawn placed where drawn. After Otis' stalk it moves `stalk` spaces
    towards the closest counselor (by Otis' targeting) when `hunts` is set."""

    stalk: int = 0
    hunts: bool = False
    meet: tuple[Effect, ...] = ()


class CabinCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    kind: Literal["weapon", "item", "camper", "cameo", "plot_twist", "otis_strikes", "otis_rumor"]
    name: str
    text: str
    copies: int = 1
    red: bool = False  # red Otis cards count for Tempt Fate
    die: int = 0  # weapons
    hands: int = 0  # weapons 1-2; hand items 1-2
    slot: Literal["", "hand", "clothing", "backpack"] = ""  # items
    timing: Literal["", "turn", "fight", "after_roll", "panic", "any"] = ""  # backpack items
    effects: tuple[Effect, ...] = ()
    lasting: bool = False  # plot twists that stay in play until their `lasts` ends
    cameo: Cameo | None = None


class SurvivalCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    kind: Literal["single", "permanent"]
    name: str
    text: str
    copies: int = 1
    timing: Literal["", "turn", "fight", "after_roll", "panic", "any"] = ""
    effects: tuple[Effect, ...] = ()


class Mini(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    kind: Literal["objective", "key", "surprise", "first_aid", "lock", "fire", "horrified", "body_count"]
    name: str
    text: str
    copies: int = 1
    question: bool = False  # has a "?" back: shuffled onto "?" spaces / the objective deck
    surprise: bool = False  # removed in the "no surprises" game
    objective: str = ""  # what it counts as for a finale (keys are objectives too)
    effects: tuple[Effect, ...] = ()


class FinaleOption(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    label: str
    text: str
    goto: str  # the step id to continue from


class FinaleStep(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One line of a finale card, resolved top to bottom.

    roll: `roller` rolls `die` (+ nothing else) aiming for `target` or more; `one` = the
      team picks one counselor, `each` = every counselor rolls for themself, `team` = the
      sum of every counselor's roll. Up to `tries` attempts; after each miss `on_miss`
      resolves (injuries, Otis strikes...). Out of tries: `on_fail` ("fail" ends the
      finale for those counselors, "continue" goes on).
    fight: Otis attacks everyone in the finale with `otis_bonus` added to his roll; the
      usual fight-or-panic. A counselor who panics in a finale takes the injuries and drops
      out of it (fails). If nobody beats him, the finale fails.
    choice: the team picks one of `options`, each jumping to a step id.
    effect: `effects` resolve on every counselor still in the finale.
    win: every counselor still in the finale escapes and wins.
    """

    id: str
    kind: Literal["roll", "fight", "choice", "effect", "win"]
    text: str
    roller: Literal["", "one", "each", "team"] = ""
    die: int = 0
    target: int = 0
    tries: int = 1
    on_miss: tuple[Effect, ...] = ()
    on_fail: Literal["", "fail", "continue"] = ""
    otis_bonus: int = 0
    options: tuple[FinaleOption, ...] = ()
    effects: tuple[Effect, ...] = ()
    goto: str = ""  # after success, jump here instead of the next step


class Finale(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str  # a site id
    name: str
    requires: tuple[str, str, str]  # objective kinds, one mini each
    intro: str
    steps: tuple[FinaleStep, ...]


class Setup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Literal["easy", "normal"]
    name: str
    text: str
    question_spaces: tuple[str, ...]
    keys: tuple[str, ...]
    locks: tuple[str, ...]
    body_count: int
    #: Extra spaces Otis stalks all game in this setup (a faster Otis), on top of his track.
    otis_stalk: int = 0


class WoodsOutcome(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    roll: int
    name: str
    text: str
    effects: tuple[Effect, ...]


# --- loading and validation -----------------------------------------------------------

_MAP_READY = False


def _read(name: str) -> bytes:
    return resources.files("engines.camp_grizzly").joinpath("data").joinpath(name).read_bytes()


def _decode(name: str, type_: type) -> object:
    try:
        return msgspec.json.decode(_read(name), type=type_)
    except msgspec.ValidationError as err:
        raise ContentError(f"{name}: {err}") from None
    except msgspec.DecodeError as err:
        raise ContentError(f"{name} is not valid JSON: {err}") from None


def _unique(ids: list[str], what: str, where: str) -> None:
    repeated = sorted(k for k, n in Counter(ids).items() if n > 1)
    if repeated:
        raise ContentError(f"{where}: {what} repeated: {', '.join(repeated)}.")


def _non_empty(value: str, what: str) -> None:
    if not value.strip():
        raise ContentError(f"{what} is empty.")


def validate_counselors(counselors: tuple[Counselor, ...]) -> None:
    where = "counselors.json"
    if len(counselors) != COUNSELOR_COUNT:
        raise ContentError(f"{where}: expected {COUNSELOR_COUNT} counselors, found {len(counselors)}.")
    _unique([c.id for c in counselors], "counselor ids", where)
    _unique([c.initials for c in counselors], "initials", where)
    _unique([c.ability.id for c in counselors], "ability ids", where)
    for c in counselors:
        if len(c.initials) != 2 or not c.initials.isalpha() or not c.initials.isupper():
            raise ContentError(f"{where}: {c.id}'s initials must be 2 capital letters, not '{c.initials}'.")
        if not 3 <= c.health <= 6:
            raise ContentError(f"{where}: {c.id}'s health track must run from 3 to 6 spaces, not {c.health}.")
        if not 1 <= c.panic <= 4:
            raise ContentError(f"{where}: {c.id}'s panic must be 1 to 4, not {c.panic}.")
        for text, what in ((c.name, "name"), (c.blurb, "blurb"), (c.ability.name, "ability name"), (c.ability.text, "ability text")):
            _non_empty(text, f"{where}: {c.id}'s {what}")
        if not c.ability.effects:
            raise ContentError(f"{where}: {c.id}'s ability has no rules hook.")
        _check_effects(c.ability.effects, f"{where}: {c.id}'s ability", "passive")


def validate_otis(track: OtisTrack) -> None:
    where = "otis.json"
    if track.start != OtisStats(stalk=1, attack=4, damage=1):
        raise ContentError(f"{where}: Otis starts at Stalk 1, Attack d4, Damage 1.")
    if track.hopeless != HOPELESS:
        raise ContentError(f"{where}: the body count is Hopeless at {HOPELESS}.")
    previous = OtisStep(0, track.start.stalk, track.start.attack, track.start.damage)
    for step in track.steps:
        if not previous.body_count < step.body_count < track.hopeless:
            raise ContentError(f"{where}: thresholds must rise and stay below {track.hopeless} (at {step.body_count}).")
        if step.attack not in ATTACK_STEPS:
            raise ContentError(f"{where}: attack d{step.attack} at {step.body_count} is not d4, d6, d8 or d10.")
        now, before = (step.stalk, step.attack, step.damage), (previous.stalk, previous.attack, previous.damage)
        if now == before or any(a < b for a, b in zip(now, before)):
            raise ContentError(f"{where}: at body count {step.body_count} Otis must grow, never weaken.")
        if ATTACK_STEPS.index(step.attack) > ATTACK_STEPS.index(previous.attack) + 1:
            raise ContentError(f"{where}: at body count {step.body_count} the attack die skips a step.")
        previous = step
    if previous.attack != 10:
        raise ContentError(f"{where}: the track must bring Otis' attack up to d10.")


def validate_cabin_cards(cards: tuple[CabinCard, ...]) -> None:
    where = "cabin_cards.json"
    _unique([c.id for c in cards], "card ids", where)
    _unique([c.name for c in cards], "card names", where)
    total = sum(c.copies for c in cards)
    if total != CABIN_DECK_SIZE:
        raise ContentError(f"{where}: the cabin deck has {CABIN_DECK_SIZE} cards, not {total}.")
    per_kind = Counter()
    for c in cards:
        at = f"{where}: {c.id}"
        per_kind[c.kind] += c.copies
        _non_empty(c.name, f"{at} name")
        _non_empty(c.text, f"{at} text")
        if c.copies < 1:
            raise ContentError(f"{at}: copies must be at least 1.")
        if c.red != (c.kind in RED_KINDS):
            raise ContentError(f"{at}: exactly the Otis Strikes! and Otis rumor cards are red.")
        if c.kind == "weapon":
            if c.die not in DICE or c.hands not in (1, 2) or c.slot or c.timing:
                raise ContentError(f"{at}: a weapon has a die (d4-d10) and 1 or 2 hands, nothing else.")
            _check_effects(c.effects, at, "passive")
        elif c.die:
            raise ContentError(f"{at}: only weapons have a fight die.")
        if c.kind == "item":
            if c.slot == "hand" and c.hands in (1, 2) and not c.timing:
                _check_effects(c.effects, at, "passive")
            elif c.slot == "clothing" and c.hands == 0 and not c.timing:
                _check_effects(c.effects, at, "passive")
            elif c.slot == "backpack" and c.hands == 0 and c.timing:
                _check_effects(c.effects, at, "instant", c.timing)
            else:
                raise ContentError(f"{at}: an item is a hand item (1-2 hands), clothing (no hands) or a backpack item with a timing.")
            if not c.effects:
                raise ContentError(f"{at}: an item must do something.")
        elif c.kind != "weapon" and (c.slot or c.hands or c.timing):
            raise ContentError(f"{at}: only weapons and items have hands, slots or timings.")
        if c.kind == "camper":
            if not c.effects:
                raise ContentError(f"{at}: a camper lends an ability.")
            _check_effects(c.effects, at, "passive")
        if c.kind == "cameo":
            if c.cameo is None or not c.cameo.meet:
                raise ContentError(f"{at}: a cameo needs its meeting effects.")
            if c.cameo.hunts != (c.cameo.stalk > 0) or not 0 <= c.cameo.stalk <= 2:
                raise ContentError(f"{at}: a hunting cameo stalks 1-2 spaces; a still one stalks 0.")
            _check_effects(c.cameo.meet, f"{at} meeting", "instant")
            if c.effects:
                raise ContentError(f"{at}: a cameo's effects belong in 'cameo.meet'.")
        elif c.cameo is not None:
            raise ContentError(f"{at}: only cameos have cameo rules.")
        if c.kind in ("plot_twist", "otis_strikes", "otis_rumor"):
            if not c.effects:
                raise ContentError(f"{at}: this card must do something.")
            _check_effects(c.effects, at, "instant")
        if c.lasting and c.kind != "plot_twist":
            raise ContentError(f"{at}: only plot twists stay in play.")
        if c.lasting and not any(e.lasts in ("round", "next_round", "stalk", "game") for e in c.effects):
            raise ContentError(f"{at}: a lasting plot twist needs an effect that lasts a round, a stalk or the game.")
        if c.kind == "otis_strikes" and c.effects[0].effect != "otis_strikes":
            raise ContentError(f"{at}: an Otis Strikes! card starts with the otis_strikes effect.")
        if c.kind == "otis_rumor" and any(e.effect == "otis_strikes" for e in c.effects):
            raise ContentError(f"{at}: rumors never make Otis strike.")
    if dict(per_kind) != CABIN_KIND_COUNTS:
        raise ContentError(f"{where}: kind counts {dict(per_kind)} differ from {CABIN_KIND_COUNTS}.")


def validate_survival(cards: tuple[SurvivalCard, ...]) -> None:
    where = "survival_cards.json"
    _unique([c.id for c in cards], "card ids", where)
    _unique([c.name for c in cards], "card names", where)
    total = sum(c.copies for c in cards)
    if total != SURVIVAL_DECK_SIZE:
        raise ContentError(f"{where}: the survival deck has {SURVIVAL_DECK_SIZE} cards, not {total}.")
    for c in cards:
        at = f"{where}: {c.id}"
        _non_empty(c.text, f"{at} text")
        if not c.effects or c.copies < 1:
            raise ContentError(f"{at}: needs effects and at least one copy.")
        if c.kind == "single":
            if not c.timing:
                raise ContentError(f"{at}: a single-use card says when it can be played.")
            _check_effects(c.effects, at, "instant", c.timing)
        else:
            if c.timing:
                raise ContentError(f"{at}: a permanent card is always in play; drop its timing.")
            _check_effects(c.effects, at, "passive")
    kinds = {c.kind for c in cards}
    if kinds != {"single", "permanent"}:
        raise ContentError(f"{where}: the deck mixes single-use and permanent cards.")


def validate_minis(minis: tuple[Mini, ...]) -> None:
    where = "minis.json"
    _unique([m.id for m in minis], "mini ids", where)
    total = sum(m.copies for m in minis)
    if total != MINI_COUNT:
        raise ContentError(f"{where}: there are {MINI_COUNT} mini cards, not {total}.")
    kinds = Counter()
    for m in minis:
        at = f"{where}: {m.id}"
        kinds[m.kind] += m.copies
        _non_empty(m.text, f"{at} text")
        if m.objective and m.objective not in OBJECTIVES:
            raise ContentError(f"{at}: unknown objective '{m.objective}'.")
        if (m.kind in ("objective", "key")) != bool(m.objective):
            raise ContentError(f"{at}: objectives and keys (only) name the objective they count as.")
        if m.kind == "key" and m.objective != "keys":
            raise ContentError(f"{at}: keys count as the 'keys' objective.")
        if m.kind in ("objective", "surprise", "first_aid") and not m.question:
            raise ContentError(f"{at}: objectives, surprises and the first aid station have '?' backs.")
        if m.kind in ("lock", "fire", "horrified", "body_count") and (m.question or m.surprise):
            raise ContentError(f"{at}: markers have no '?' back.")
        if m.surprise and not m.question:
            raise ContentError(f"{at}: a surprise is found on a '?' space.")
        if m.kind == "surprise":
            if not m.surprise or not m.effects:
                raise ContentError(f"{at}: a surprise is marked as one and does something.")
            _check_effects(m.effects, at, "instant")
        elif m.effects:
            raise ContentError(f"{at}: only surprises carry effects.")
    for needed in ("objective", "key", "surprise", "first_aid", "lock", "fire", "horrified"):
        if kinds[needed] == 0:
            raise ContentError(f"{where}: no '{needed}' minis.")
    if kinds["first_aid"] != 1 or kinds["body_count"] != 1:
        raise ContentError(f"{where}: there is one first aid station and one body count marker.")
    surprise_keys = [m for m in minis if m.kind == "key" and m.surprise]
    if not surprise_keys:
        raise ContentError(f"{where}: spare keys are among the surprises.")


def validate_finales(finales: tuple[Finale, ...], minis: tuple[Mini, ...]) -> None:
    where = "finales.json"
    if sorted(f.id for f in finales) != sorted(SITE_IDS):
        raise ContentError(f"{where}: one finale per site: {', '.join(SITE_IDS)}.")
    combos = [tuple(sorted(f.requires)) for f in finales]
    if len(set(combos)) != len(combos):
        raise ContentError(f"{where}: two finales need the same objectives.")
    supply = Counter()
    for m in minis:
        if m.objective:
            supply[m.objective] += m.copies
    for f in finales:
        at = f"{where}: {f.id}"
        for obj in f.requires:
            if obj not in OBJECTIVES:
                raise ContentError(f"{at}: unknown objective '{obj}'.")
        for obj, n in Counter(f.requires).items():
            if supply[obj] < n:
                raise ContentError(f"{at}: needs {n} '{obj}' but the minis hold {supply[obj]}.")
        ids = [s.id for s in f.steps]
        _unique(ids, "step ids", at)
        if not f.steps or f.steps[-1].kind != "win":
            raise ContentError(f"{at}: the last step is the win.")
        for i, s in enumerate(f.steps):
            sat = f"{at} step '{s.id}'"
            _non_empty(s.text, sat)
            later = set(ids[i + 1 :])
            for target in [s.goto] + [o.goto for o in s.options]:
                if target and target not in later:
                    raise ContentError(f"{sat}: jumps must go forward to a step of this finale, not '{target}'.")
            if s.kind == "roll":
                if s.roller not in ("one", "each", "team") or s.die not in DICE or s.target < 1 or s.tries < 1:
                    raise ContentError(f"{sat}: a roll names a roller, a die, a target and tries.")
                if s.on_fail not in ("fail", "continue"):
                    raise ContentError(f"{sat}: a roll says what failing does.")
                if s.roller != "team" and s.target > s.die:
                    raise ContentError(f"{sat}: d{s.die} cannot reach {s.target}.")
                _check_effects(s.on_miss, f"{sat} on_miss", "instant")
            elif s.roller or s.die or s.target or s.on_miss or s.on_fail or s.tries != 1:
                raise ContentError(f"{sat}: only roll steps have a roller, a die, targets, tries or misses.")
            if s.kind == "choice":
                if len(s.options) < 2:
                    raise ContentError(f"{sat}: a choice offers at least two options.")
            elif s.options:
                raise ContentError(f"{sat}: only choices have options.")
            if s.kind == "effect":
                if not s.effects:
                    raise ContentError(f"{sat}: an effect step needs effects.")
                _check_effects(s.effects, sat, "instant")
            elif s.effects:
                raise ContentError(f"{sat}: only effect steps carry effects.")
            if s.otis_bonus and s.kind != "fight":
                raise ContentError(f"{sat}: only fights give Otis a bonus.")
        if not any(s.kind == "fight" for s in f.steps):
            raise ContentError(f"{at}: every finale has Otis attack at least once.")


def validate_setups(setups: tuple[Setup, ...], m: CampMap, minis: tuple[Mini, ...]) -> None:
    where = "setups.json"
    if sorted(s.id for s in setups) != ["easy", "normal"]:
        raise ContentError(f"{where}: there are exactly the Easy and Normal setups.")
    question = sum(x.copies for x in minis if x.question and not x.surprise)
    keys = sum(x.copies for x in minis if x.kind == "key" and not x.surprise)
    locks = sum(x.copies for x in minis if x.kind == "lock")
    for s in setups:
        at = f"{where}: {s.id}"
        cells = {}
        for what, labels in (("'?'", s.question_spaces), ("key", s.keys), ("lock", s.locks)):
            _unique(list(labels), f"{what} spaces", at)
            for text in labels:
                cell = parse_label(text)
                if not m.passable(cell):
                    raise ContentError(f"{at}: {what} space {text} is not a space one can stand on.")
                if cell in cells:
                    raise ContentError(f"{at}: {text} holds both a {cells[cell]} and a {what}.")
                cells[cell] = what
        for special in ("campfire", "tool_shed"):
            if m.places[special] in cells:
                raise ContentError(f"{at}: nothing is set up on the {special.replace('_', ' ')}.")
        if not 1 <= len(s.question_spaces) <= question:
            raise ContentError(f"{at}: {len(s.question_spaces)} '?' spaces, but only {question} '?' minis that are not surprises.")
        if len(s.keys) > keys:
            raise ContentError(f"{at}: {len(s.keys)} key spaces but {keys} starting keys.")
        if len(s.locks) > locks:
            raise ContentError(f"{at}: {len(s.locks)} lock spaces but {locks} locks.")
        if not 0 <= s.body_count < HOPELESS:
            raise ContentError(f"{at}: the body count starts between 0 and {HOPELESS - 1}.")
        if not 0 <= s.otis_stalk <= 2:
            raise ContentError(f"{at}: Otis' extra stalk is 0, 1 or 2.")


def validate_woods(outcomes: tuple[WoodsOutcome, ...]) -> None:
    where = "woods.json"
    if sorted(o.roll for o in outcomes) != list(range(1, WOODS_ROLLS + 1)):
        raise ContentError(f"{where}: one outcome for each roll 1 to {WOODS_ROLLS}.")
    for o in outcomes:
        _non_empty(o.text, f"{where}: roll {o.roll} text")
        if not o.effects:
            raise ContentError(f"{where}: roll {o.roll} does nothing.")
        _check_effects(o.effects, f"{where}: roll {o.roll}", "instant")


# --- cached accessors -----------------------------------------------------------------


@cache
def camp_map() -> CampMap:
    global _MAP_READY
    m = validate_map(_decode("map.json", MapData))  # type: ignore[arg-type]
    _MAP_READY = True
    return m


@cache
def counselors() -> dict[str, Counselor]:
    camp_map()
    data: tuple[Counselor, ...] = _decode("counselors.json", tuple[Counselor, ...])  # type: ignore[assignment]
    validate_counselors(data)
    return {c.id: c for c in data}


@cache
def otis_track() -> OtisTrack:
    track: OtisTrack = _decode("otis.json", OtisTrack)  # type: ignore[assignment]
    validate_otis(track)
    return track


def otis_stats(body_count: int) -> OtisStats:
    """Otis' printed stats at this body count (before rumors)."""
    track = otis_track()
    stats = track.start
    for step in track.steps:
        if body_count >= step.body_count:
            stats = OtisStats(step.stalk, step.attack, step.damage)
    return stats


@cache
def cabin_cards() -> dict[str, CabinCard]:
    camp_map()
    data: tuple[CabinCard, ...] = _decode("cabin_cards.json", tuple[CabinCard, ...])  # type: ignore[assignment]
    validate_cabin_cards(data)
    return {c.id: c for c in data}


@cache
def survival_cards() -> dict[str, SurvivalCard]:
    camp_map()
    data: tuple[SurvivalCard, ...] = _decode("survival_cards.json", tuple[SurvivalCard, ...])  # type: ignore[assignment]
    validate_survival(data)
    return {c.id: c for c in data}


@cache
def minis() -> dict[str, Mini]:
    camp_map()
    data: tuple[Mini, ...] = _decode("minis.json", tuple[Mini, ...])  # type: ignore[assignment]
    validate_minis(data)
    return {m.id: m for m in data}


@cache
def finales() -> dict[str, Finale]:
    camp_map()
    data: tuple[Finale, ...] = _decode("finales.json", tuple[Finale, ...])  # type: ignore[assignment]
    validate_finales(data, tuple(minis().values()))
    return {f.id: f for f in data}


@cache
def setups() -> dict[str, Setup]:
    data: tuple[Setup, ...] = _decode("setups.json", tuple[Setup, ...])  # type: ignore[assignment]
    validate_setups(data, camp_map(), tuple(minis().values()))
    return {s.id: s for s in data}


@cache
def woods() -> dict[int, WoodsOutcome]:
    camp_map()
    data: tuple[WoodsOutcome, ...] = _decode("woods.json", tuple[WoodsOutcome, ...])  # type: ignore[assignment]
    validate_woods(data)
    return {o.roll: o for o in data}


def deck(kind: Literal["cabin", "survival", "question"], surprises: bool = True) -> tuple[str, ...]:
    """The card ids of a full deck, one entry per physical card, in a stable order.
    `surprises=False` leaves the surprise minis out of the "?" deck (the rulebook's
    easier, quicker game)."""
    if kind == "cabin":
        source = [(c.id, c.copies) for c in cabin_cards().values()]
    elif kind == "survival":
        source = [(c.id, c.copies) for c in survival_cards().values()]
    else:
        source = [(m.id, m.copies) for m in minis().values() if m.question and (surprises or not m.surprise)]
    return tuple(card for card, copies in source for _ in range(copies))


def load_all() -> None:
    """Load and check every file (tests and start-up checks)."""
    camp_map()
    counselors()
    otis_track()
    cabin_cards()
    survival_cards()
    minis()
    finales()
    setups()
    woods()
