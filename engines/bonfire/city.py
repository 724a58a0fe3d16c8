"""A player's city: the fate area and its adjacency bonus, paying with action tiles and
resources (with substitutes), gains, and the counts tasks and scoring look at."""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable

from engines.bonfire import content
from engines.bonfire.content import GOLD, PLAIN_RESOURCES, SYMBOLS, WILD
from engines.bonfire.state import Player
from engines.core.grid import Cell, components, neighbours4

DIRECTIONS = {"E": (0, 1), "S": (1, 0), "W": (0, -1), "N": (-1, 0)}


def size() -> int:
    return content.board().fate_size


def at(grid: list[str], cell: Cell) -> str:
    return grid[cell[0] * size() + cell[1]]


def strip_cells(row: int, col: int, direction: str) -> list[Cell]:
    dr, dc = DIRECTIONS[direction]
    return [(row + dr * k, col + dc * k) for k in range(3)]


def placement_problem(grid: list[str], cells: list[Cell]) -> str:
    """Why a fate tile cannot lie on `cells` ("" when it can)."""
    n = size()
    if any(not (0 <= r < n and 0 <= c < n) for r, c in cells):
        return "A fate tile must lie wholly inside your fate area."
    if any(at(grid, cell) for cell in cells):
        return "A fate tile may not cover another fate tile."
    if not any(0 <= r < n and 0 <= c < n and at(grid, (r, c)) for cell in cells for r, c in neighbours4(cell)):
        return "A fate tile must touch a fate tile already placed."
    return ""


def open_strips(grid: list[str]) -> tuple[tuple[int, int, str], ...]:
    """Every (row, col, direction) where a fate tile may lie now, in a stable order; the
    same test as `placement_problem`, done once for the whole grid: on the grid's cells as
    bits, each candidate strip must cover no taken cell and touch one."""
    return strips_open_on(taken_cells(grid))


def taken_cells(grid: list[str]) -> bytes:
    """Which of the grid's cells are taken, one byte each (1 taken, 0 empty): a key for
    what depends only on that, made without a Python loop (asked for every turn's list)."""
    return bytes(map(bool, grid))


def strips_open_on(taken: bytes) -> tuple[tuple[int, int, str], ...]:
    """`open_strips` of a grid whose taken cells are `taken` (see `taken_cells`)."""
    found = _OPEN_STRIPS.get(taken)
    if found is None:
        if len(_OPEN_STRIPS) >= 50_000:
            _OPEN_STRIPS.clear()
        bits = sum(1 << n for n, is_taken in enumerate(taken) if is_taken)
        found = _OPEN_STRIPS[taken] = tuple(
            strip for strip, cells, touch in _strip_masks(size()) if not bits & cells and bits & touch
        )
    return found


#: Open strips by the taken cells (a city's grid changes only when a fate tile is placed,
#: and the same shapes recur from game to game).
_OPEN_STRIPS: dict[bytes, tuple[tuple[int, int, str], ...]] = {}


@functools.cache
def _strip_masks(n: int) -> tuple[tuple[tuple[int, int, str], int, int], ...]:
    """Each strip lying wholly inside an n x n area, in `open_strips` order, with the bits
    of its cells and of every cell beside them."""
    out = []
    for row in range(n):
        for col in range(n):
            for direction, (dr, dc) in DIRECTIONS.items():
                cells = [(row + dr * k, col + dc * k) for k in range(3)]
                if not all(0 <= r < n and 0 <= c < n for r, c in cells):
                    continue
                cell_bits = sum(1 << (r * n + c) for r, c in cells)
                touch_bits = 0
                for cell in cells:
                    for r, c in neighbours4(cell):
                        if 0 <= r < n and 0 <= c < n:
                            touch_bits |= 1 << (r * n + c)
                out.append(((row, col, direction), cell_bits, touch_bits & ~cell_bits))
    return tuple(out)


def _scan_open_strips(grid: list[str]) -> tuple[tuple[int, int, str], ...]:
    """The plain scan `open_strips` stands for (kept to test it against)."""
    n = size()
    taken = {(i // n, i % n) for i, symbol in enumerate(grid) if symbol}
    touching = {c for cell in taken for c in neighbours4(cell)} - taken
    out = []
    for row in range(n):
        for col in range(n):
            for direction, (dr, dc) in DIRECTIONS.items():
                cells = [(row + dr * k, col + dc * k) for k in range(3)]
                if all(0 <= r < n and 0 <= c < n and (r, c) not in taken for r, c in cells) and any(
                    cell in touching for cell in cells
                ):
                    out.append((row, col, direction))
    return tuple(out)


def fate_gain(grid: list[str], cells: list[Cell], symbols: list[str]) -> dict[str, int]:
    """Action tiles a fate tile gives: 1 per symbol, plus 1 for every cell of each
    connected same-symbol area (placed earlier) that the symbol touches."""
    n = size()
    beside = _beside(n)
    gain: dict[str, int] = {}
    for (row, col), symbol in zip(cells, symbols):
        gain[symbol] = gain.get(symbol, 0) + 1
        counted: set[int] = set()  # each touching area once, however many sides it touches
        for i in beside[row * n + col]:
            if i not in counted and grid[i] == symbol:
                area = _area(grid, i, beside)
                counted |= area
                gain[symbol] += len(area)
    return gain


def gain_words(gain: dict[str, int]) -> str:
    """A fate tile's gain in words, each kind's noun agreeing with its own count:
    "1 path tile, 2 ship tiles and 1 Great Bonfire tile"."""
    parts = [f"{n} {content.TILE_NAMES[k]} tile{'' if n == 1 else 's'}" for k, n in gain.items() if n]
    if not parts:
        return "no tiles"
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _area(grid: list[str], start: int, beside: tuple[tuple[int, ...], ...]) -> set[int]:
    """The orthogonally connected cells (by index in the grid) showing the same symbol as
    cell `start`."""
    symbol = grid[start]
    area = {start}
    stack = [start]
    while stack:
        for i in beside[stack.pop()]:
            if i not in area and grid[i] == symbol:
                area.add(i)
                stack.append(i)
    return area


@functools.cache
def _beside(n: int) -> tuple[tuple[int, ...], ...]:
    """For each cell of an n x n area (by index r * n + c), the cells orthogonally beside
    it inside the area (the flood fills of every fate tile placed walk these)."""
    return tuple(
        tuple(r * n + c for r, c in neighbours4((i // n, i % n)) if 0 <= r < n and 0 <= c < n) for i in range(n * n)
    )


def place(grid: list[str], cells: list[Cell], symbols: list[str]) -> list[str]:
    out = list(grid)
    for (r, c), symbol in zip(cells, symbols):
        out[r * size() + c] = symbol
    return out


def largest_area(grid: list[str], symbol: str) -> int:
    n = size()
    same = [(r, c) for r in range(n) for c in range(n) if grid[r * n + c] == symbol]
    return max((len(a) for a in components(same)), default=0)


def add(bag: dict[str, int], what: dict[str, int], times: int = 1) -> None:
    for key, count in what.items():
        bag[key] = bag.get(key, 0) + count * times


def tile_count(p: Player) -> int:
    return sum(p.tiles.values())


def pay_tiles(p: Player, need: dict[str, int], wild_double: bool = False) -> dict[str, int] | None:
    """The tiles left after paying `need`, or None when they do not suffice.

    A missing tile is replaced by 1 wild tile (2 with the Twinmaker) or by any 2 tiles; the
    pairs come from the tiles you hold most of, so the payment keeps your options open.
    """
    left = dict(p.tiles)
    missing = 0
    for kind, count in need.items():
        have = left.get(kind, 0)
        used = min(have, count)
        left[kind] = have - used
        missing += count - used
    while missing and left.get(WILD, 0):
        left[WILD] -= 1
        missing -= min(missing, 2 if wild_double else 1)
    for _ in range(missing * 2):
        spare = _most(left, list(SYMBOLS), exclude=set(need))
        if spare is None:
            return None
        left[spare] -= 1
    return {k: v for k, v in left.items() if v}


def _symbol_tiles(tiles: dict[str, int]) -> int:
    """How many action tiles of the six symbols a hand holds (wild ones aside). Counts are
    never negative (a payment takes only tiles held), so this is a plain sum, made by
    `map` without a Python loop (asked several times for every turn's list)."""
    return sum(map(tiles.get, SYMBOLS, _ZEROS))


_ZEROS = (0,) * 8  # the default `get` gives each of up to 8 kinds


def can_pay_tiles(p: Player, need: dict[str, int], wild_double: bool = False) -> bool:
    """Whether `pay_tiles` would succeed, without working out the payment: after paying
    what the tiles cover, wild tiles cover what is missing (2 each with the Twinmaker),
    and any 2 of the action tiles left cover each of the rest."""
    if WILD in need:  # wild tiles would pay twice over: leave that to the payment itself
        return pay_tiles(p, need, wild_double) is not None
    tiles = p.tiles
    spare = _symbol_tiles(tiles)
    missing = 0
    for kind, count in need.items():
        used = min(tiles.get(kind, 0), count)
        missing += count - used
        if kind in SYMBOLS:
            spare -= used
    if missing:
        missing = max(0, missing - tiles.get(WILD, 0) * (2 if wild_double else 1))
    return spare >= 2 * missing


def tile_limit(p: Player, kind: str, wild_double: bool | None = None) -> int:
    """The most `kind` tiles (one of the symbols) the hand can pay: `can_pay_tiles` holds
    for `{kind: n}` exactly when n is at most this. Those held, then the wild tiles (2
    each with the Twinmaker), then a pair of the other symbol tiles for each of the rest.
    For listing every move a hand can pay for, one sum per kind instead of one per price.
    `wild_double` None: whether `p` has the Twinmaker, asked only when the hand holds a
    wild tile (the answer changes nothing otherwise; six lists of every turn ask this)."""
    tiles = p.tiles
    held = tiles.get(kind, 0)
    wild = tiles.get(WILD, 0)
    if wild and (has(p, "wild_double") if wild_double is None else wild_double):
        wild *= 2
    return held + wild + (sum(map(tiles.get, SYMBOLS, _ZEROS)) - held) // 2


def pay_resources(p: Player, need: dict[str, int], any_two: bool = False) -> dict[str, int] | None:
    """The resources left after paying `need`, or None. A missing resource is replaced by
    1 gold or by any 2 resources; `any_two` (Barterer, Gnome Broker) replaces the whole
    price by any 2 resources when that is cheaper."""
    bag = dict(p.resources)
    missing = 0
    for kind, count in need.items():
        have = bag.get(kind, 0)
        used = min(have, count)
        bag[kind] = have - used
        missing += count - used
    while missing and bag.get(GOLD, 0):
        bag[GOLD] -= 1
        missing -= 1
    left: dict[str, int] | None = bag
    for _ in range(missing * 2):
        spare = _most(bag, list(PLAIN_RESOURCES), exclude=set(need))
        if spare is None:
            left = None
            break
        bag[spare] -= 1
    if any_two and sum(need.values()) >= 2:
        purse = dict(p.resources)
        cheap: dict[str, int] | None = purse
        for _ in range(2):
            spare = _most(purse, list(PLAIN_RESOURCES) + [GOLD], exclude=set())
            if spare is None:
                cheap = None
                break
            purse[spare] -= 1
        if cheap is not None and (left is None or sum(cheap.values()) > sum(left.values())):
            left = cheap
    return None if left is None else {k: v for k, v in left.items() if v}


def can_pay_resources(p: Player, need: dict[str, int]) -> bool:
    """Whether `pay_resources(p, need)` (without `any_two`) would succeed, without working
    out the payment: after paying what the resources cover, gold covers what is missing
    (1 each), and any 2 of the plain resources left cover each of the rest."""
    have = p.resources
    left_plain = sum(map(have.get, PLAIN_RESOURCES, _ZEROS))  # counts are never negative
    gold = have.get(GOLD, 0)
    missing = 0
    for kind, count in need.items():
        used = min(have.get(kind, 0), count)
        if used > 0:
            if kind == GOLD:
                gold -= used
            else:
                left_plain -= used
        missing += count - max(used, 0)
    if missing and gold > 0:
        missing -= min(missing, gold)
    return left_plain >= 2 * missing


def _most(bag: dict[str, int], order: list[str], exclude: set[str]) -> str | None:
    best = None
    for kind in order:
        if kind in exclude or bag.get(kind, 0) <= 0:
            continue
        if best is None or bag[kind] > bag[best]:
            best = kind
    if best is None:  # only kinds the price names are left: they may pay a pair too
        for kind in order:
            if bag.get(kind, 0) > 0 and (best is None or bag[kind] > bag[best]):
                best = kind
    return best


def abilities(p: Player) -> list[str]:
    return list(_abilities_of(tuple(p.gnomes))) if p.gnomes else []


def ability_count(p: Player, ability: str) -> int:
    """How many of a player's Specialists have `ability`: each card acts on its own, so a
    gain (gold, points, a resource, a step) comes once per card."""
    return _ability_counts(tuple(p.gnomes)).get(ability, 0) if p.gnomes else 0


@functools.lru_cache(maxsize=4096)
def _ability_counts(gnomes: tuple[str, ...]) -> dict[str, int]:
    """Read only: shared by every caller with the same line-up of gnomes."""
    counts: dict[str, int] = {}
    for ability in _abilities_of(gnomes):
        counts[ability] = counts.get(ability, 0) + 1
    return counts


def givers(p: Player, ability: str) -> str:
    """The names of a player's Specialists with `ability` ("the Wild Friend and the ..."),
    for the log line telling what they gave (only when they give something)."""
    names = [content.gnome_name(g) for g in p.gnomes if (sp := content.specialist(g)) and sp.ability == ability]
    return " and ".join(f"the {name}" for name in names)


def has(p: Player, ability: str) -> bool:
    # Asked several times for every legal list: the answer is kept per line-up of gnomes.
    return bool(p.gnomes) and ability in _ability_set(tuple(p.gnomes))


@functools.lru_cache(maxsize=4096)
def _abilities_of(gnomes: tuple[str, ...]) -> tuple[str, ...]:
    """The Specialists' abilities among `gnomes`, in their order (Elders have none)."""
    return tuple(s.ability for gid in gnomes if (s := content.specialist(gid)) is not None)


@functools.lru_cache(maxsize=4096)
def _ability_set(gnomes: tuple[str, ...]) -> frozenset[str]:
    return frozenset(_abilities_of(gnomes))


def score(p: Player, label: str, points: int) -> None:
    if points:
        p.track[label] = p.track.get(label, 0) + points


def counts(p: Player, kind: str) -> int:
    """How many of a countable thing a player has (Common Tasks, Elders, Tom's checks)."""
    found = COUNTERS.get(kind)
    if found is None:
        raise ValueError(kind)
    return found(p)


_COLOUR = operator.attrgetter("colour")
#: How each countable thing is counted (asked for every Common Task in every turn's list).
COUNTERS: dict[str, Callable[[Player], int]] = {
    "paths": lambda p: len(p.path),
    "guardians": lambda p: len(p.guardians) - list(map(_COLOUR, p.guardians)).count("own"),
    "portals": lambda p: len(p.portals) - p.portals.count(""),
    "gnomes": lambda p: len(p.gnomes),
    "specialists": lambda p: sum(content.specialist(g) is not None for g in p.gnomes),
    "lit": lambda p: len([b for b in p.bonfires if b.lit]),
    "guardians_in_bonfires": lambda p: sum(g.where >= 10 for g in p.guardians),
    "offerings_placed": lambda p: p.offerings_placed,
}


def next_portal_slot(p: Player) -> int:
    """Portals go in from right to left: the highest empty slot, or -1 when all are full."""
    for k in range(len(p.portals) - 1, -1, -1):
        if not p.portals[k]:
            return k
    return -1
