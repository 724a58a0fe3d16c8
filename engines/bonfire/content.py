"""Bonfire content: islands, fate tiles, Great Bonfire, High Council, Common Tasks, path
tiles, tasks, gnomes and Tom cards, decoded from data/*.json into validated Structs.

The values are original defaults (the rulebook's appendix was not available); they live in
data so better-sourced values can replace them without code changes.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Literal

import msgspec

DATA = Path(__file__).resolve().parent / "data"

SYMBOLS = ("ship", "island", "path", "procession", "bonfire", "gnome")
WILD = "wild"
#: How players read each action tile's kind (the Great Bonfire tile is "bonfire" in data).
TILE_NAMES = {
    "ship": "ship",
    "island": "island",
    "path": "path",
    "procession": "procession",
    "bonfire": "Great Bonfire",
    "gnome": "gnome",
    "wild": "wild",
}


def a_tile(kind: str) -> str:
    """'a ship tile', 'an island tile': one action tile named as players read it."""
    name = TILE_NAMES.get(kind, kind)
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name} tile"


GOLD = "gold"
PLAIN_RESOURCES = ("flowers", "fruits", "herbs", "shells", "roots")
RESOURCES = PLAIN_RESOURCES + (GOLD,)
CRYSTALS = ("blue", "red", "yellow")
GUARDIAN_COLOURS = ("amber", "jade", "violet", "pearl")
REQUIREMENT_KINDS = (
    "resources",
    "paths",
    "offerings",
    "fate",
    "difficulty",
    "tiles",
    "guardians",
    "portals",
    "gnomes",
    "lit",
)
COMMON_KINDS = ("paths", "guardians", "portals", "gnomes", "lit")
TOM_ACTIONS = ("gnome", "path", "task_high", "task_low", "guardian", "great_bonfire")
ELDER_COUNTS = ("lit", "paths", "guardians_in_bonfires", "portals", "offerings_placed", "specialists")
ABILITIES = (
    "crowded_paths",
    "extra_step",
    "task_any_two",
    "elder_points",
    "wild_double",
    "choose_path_resource",
    "council_gold",
    "path_resource",
    "gnome_any_resource",
    "keep_three",
    "recruit_wild",
    "double_print",
    "start_step",
    "bonfire_points",
    "common_reward",
)


class ContentError(ValueError):
    """Content data that breaks its own rules."""


class Gain(msgspec.Struct, frozen=True):
    tiles: dict[str, int] = {}
    resources: dict[str, int] = {}
    points: int = 0


class Island(msgspec.Struct, frozen=True):
    id: str
    name: str
    kind: Literal["task", "guardian"]
    resource: str
    guardian: str = ""


class FateTile(msgspec.Struct, frozen=True):
    id: str
    symbols: list[str]


class FateBonus(msgspec.Struct, frozen=True):
    row: int
    col: int
    tiles: dict[str, int] = {}
    resources: dict[str, int] = {}
    points: int = 0


class BonfireSpace(msgspec.Struct, frozen=True):
    id: str
    name: str
    tile: str
    resource: str  # "" when the space shows 2 points


class CouncilSpace(msgspec.Struct, frozen=True):
    id: str
    name: str
    tiles: dict[str, int] = {}
    resources: dict[str, int] = {}
    points: int = 0


#: Everything that hands out tiles, resources and points the same way.
Gains = Gain | FateBonus | CouncilSpace


class CommonTask(msgspec.Struct, frozen=True):
    id: str
    name: str
    kind: str
    count: int


class PathTile(msgspec.Struct, frozen=True):
    id: str
    crystal: str
    resource: str


class TomCard(msgspec.Struct, frozen=True):
    id: str
    name: str
    action: str
    reveal: bool


class Scoring(msgspec.Struct, frozen=True):
    guardian_in_bonfire: int
    portal_at_lit_bonfire: int
    crystal_match: int
    common_task: int


class Board(msgspec.Struct, frozen=True):
    resources: list[str]
    symbols: list[str]
    islands: list[Island]
    fate_tiles: list[FateTile]
    fate_size: int
    fate_bonuses: list[FateBonus]
    great_bonfire: list[BonfireSpace]
    portal_symbols: list[str]
    portals_per_space: int
    council: list[CouncilSpace]
    common_tasks: list[CommonTask]
    countdown: list[int]
    end_trigger: int
    board_portals: dict[str, list[str]]
    path_tiles: list[PathTile]
    path_costs: list[int]
    scoring: Scoring
    tom_cards: list[TomCard]
    solo_tasks: dict[str, int]


class Requirement(msgspec.Struct, frozen=True):
    kind: str
    count: int
    what: str = ""


class Task(msgspec.Struct, frozen=True):
    id: str
    name: str
    colour: str
    difficulty: int
    points: int
    requirement: Requirement


class Specialist(msgspec.Struct, frozen=True):
    id: str
    name: str
    ability: str
    resource: str


class Elder(msgspec.Struct, frozen=True):
    id: str
    name: str
    counts: str
    per: int
    resource: str


class Gnomes(msgspec.Struct, frozen=True):
    specialists: list[Specialist]
    elders: list[Elder]


def _load(name: str, kind: Any) -> Any:
    try:
        return msgspec.json.decode((DATA / name).read_bytes(), type=kind)
    except msgspec.ValidationError as error:
        raise ContentError(f"{name}: {error}") from error


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise ContentError(what)


@functools.cache
def board() -> Board:
    b: Board = _load("board.json", Board)
    _need(tuple(b.symbols) == SYMBOLS, "board: the six action symbols")
    _need(tuple(b.resources) == RESOURCES, "board: the six resources")
    task_islands = [i for i in b.islands if i.kind == "task"]
    for resource in PLAIN_RESOURCES:
        _need(sum(i.resource == resource for i in task_islands) == 2, f"board: two task islands show {resource}")
    _need(
        sorted(i.guardian for i in b.islands if i.kind == "guardian") == sorted(GUARDIAN_COLOURS),
        "board: one guardian island per guardian colour",
    )
    _need(len({i.id for i in b.islands}) == len(b.islands), "board: island ids are unique")
    _need(len(b.fate_tiles) == 8, "board: 8 fate tiles per player")
    for tile in b.fate_tiles:
        _need(
            len(tile.symbols) == 3 and len(set(tile.symbols)) == 3 and set(tile.symbols) <= set(SYMBOLS),
            f"board: fate tile {tile.id} shows three different symbols",
        )
    _need(b.fate_size == 5, "board: the fate area is 5x5")
    for bonus in b.fate_bonuses:
        under_start = bonus.row == b.fate_size // 2 and 0 < bonus.col < b.fate_size - 1
        _need(
            0 <= bonus.row < b.fate_size and 0 <= bonus.col < b.fate_size and not under_start,
            f"board: fate bonus at {bonus.row},{bonus.col} lies on the grid, off the starting tile",
        )
        _check_gain(bonus, "fate bonus")
    _need(len(b.great_bonfire) == len(b.portal_symbols) == 7, "board: 7 Great Bonfire spaces and 7 portal symbols")
    for space in b.great_bonfire:
        # A space handing out Great Bonfire or wild tiles would let a player loop for ever.
        _need(space.tile in SYMBOLS and space.tile != "bonfire", f"board: {space.name} shows an action tile")
        _need(space.resource in ("",) + PLAIN_RESOURCES, f"board: {space.name} shows a resource or 2 points")
    _need(len(b.council) >= 12, "board: the High Council has room for every novice that can arrive before the end")
    for seat in b.council:
        _check_gain(seat, seat.name)
    _need([c.kind for c in b.common_tasks] == list(COMMON_KINDS), "board: one Common Task per Tom action kind")
    _need(len(b.countdown) == 5, "board: 5 countdown tiles")
    for who in ("you", "tom"):
        _need(sorted(b.board_portals[who]) == sorted(b.portal_symbols), f"board: {who}'s portal slots")
    _need(
        len(b.path_tiles) == 28 and all(p.crystal in CRYSTALS and p.resource in PLAIN_RESOURCES for p in b.path_tiles),
        "board: 28 path tiles, each with a crystal and a resource",
    )
    _need(len(b.path_costs) == 6, "board: path costs for 6 tiles")
    _need(len(b.tom_cards) == 8 and all(c.action in TOM_ACTIONS for c in b.tom_cards), "board: 8 Tom cards")
    _need({c.action for c in b.tom_cards} == set(TOM_ACTIONS), "board: every Tom action has a card")
    return b


def _check_gain(gain: Gains, where: str) -> None:
    _need(set(gain.tiles) <= set(SYMBOLS) | {WILD}, f"{where}: unknown action tile")
    _need(set(gain.resources) <= set(RESOURCES), f"{where}: unknown resource")


@functools.cache
def tasks() -> dict[str, Task]:
    found: list[Task] = _load("tasks.json", list[Task])
    _need(len(found) == 66, "tasks: 66 tasks")
    out = {}
    asked: dict[tuple[str, int, str], str] = {}  # each requirement once: no task twice under two names
    for t in found:
        _need(t.id not in out, f"tasks: duplicate id {t.id}")
        _need(t.colour in CRYSTALS and t.difficulty in (1, 2, 3) and t.points > 0, f"tasks: {t.name}")
        r = t.requirement
        _need(r.kind in REQUIREMENT_KINDS and r.count > 0, f"tasks: {t.name} requirement")
        if r.kind in ("resources", "offerings"):
            _need(r.what in PLAIN_RESOURCES, f"tasks: {t.name} names a resource")
        if r.kind in ("fate", "tiles"):
            _need(r.what in SYMBOLS, f"tasks: {t.name} names an action symbol")
        if r.kind == "paths":
            _need(r.what in CRYSTALS, f"tasks: {t.name} names a crystal colour")
        if r.kind == "difficulty":
            _need(r.what in ("1", "2", "3"), f"tasks: {t.name} names a difficulty")
        _need(
            (r.kind, r.count, r.what) not in asked,
            f"tasks: {t.name} asks what {asked.get((r.kind, r.count, r.what))} asks",
        )
        asked[(r.kind, r.count, r.what)] = t.name
        out[t.id] = t
    for colour, count in board().solo_tasks.items():
        _need(sum(t.colour == colour for t in found) >= count, f"tasks: enough {colour} tasks for solo")
    return out


@functools.cache
def gnomes() -> Gnomes:
    g: Gnomes = _load("gnomes.json", Gnomes)
    _need(len(g.specialists) == 27 and len(g.elders) == 6, "gnomes: 27 Specialists and 6 Elders")
    _need(sum(s.resource == GOLD for s in g.specialists) == 3, "gnomes: three Specialists show gold")
    ids = [s.id for s in g.specialists] + [e.id for e in g.elders]
    _need(len(set(ids)) == len(ids), "gnomes: unique ids")
    for s in g.specialists:
        ability, _, colour = s.ability.partition(":")
        if ability == "colour_bonus":
            _need(colour in GUARDIAN_COLOURS, f"gnomes: {s.name} names a guardian colour")
        else:
            _need(ability in ABILITIES, f"gnomes: {s.name} has a known ability")
        _need(s.resource in RESOURCES, f"gnomes: {s.name} shows a resource")
    for e in g.elders:
        _need(e.counts in ELDER_COUNTS and e.resource in PLAIN_RESOURCES, f"gnomes: {e.name}")
    return g


@functools.cache
def specialist(gid: str) -> Specialist | None:
    return next((s for s in gnomes().specialists if s.id == gid), None)


@functools.cache
def elder(gid: str) -> Elder | None:
    return next((e for e in gnomes().elders if e.id == gid), None)


def gnome_name(gid: str) -> str:
    found = specialist(gid) or elder(gid)
    return found.name if found else gid


def gnome_resource(gid: str) -> str:
    found = specialist(gid) or elder(gid)
    return found.resource if found else ""


@functools.cache
def path_tile(pid: str) -> PathTile:
    return next(p for p in board().path_tiles if p.id == pid)


@functools.cache
def island_index(iid: str) -> int:
    return next(n for n, i in enumerate(board().islands) if i.id == iid)


@functools.cache
def tom_card(cid: str) -> TomCard:
    return next(c for c in board().tom_cards if c.id == cid)
