"""Setting a game out: solo against Tom (the solo page's changes) or two players (the base
game's two-player setup), and each player's opening choice of centre fate tile.

Solo and two players differ in: the tasks dealt (solo 7 blue, 7 red, 6 yellow, two colours
per island; two players 20 tasks drawn from all 66, two per island, any colours), the
portals on the Great Bonfire (solo never two alike on a space; two players at random), the
Gnome Pile (solo leaves out the 3 gold Specialists), who starts (solo: you, holding the
building extension; two players: the seat dealt the building extension at random), and
Tom's board and Tom Pile (solo only; two players have two full cities).
"""

from __future__ import annotations

import functools
from collections import Counter

from engines.bonfire import city, content, gnomes, paths
from engines.bonfire.content import WILD
from engines.bonfire.state import (
    Bonfire,
    BonfireState,
    Ctx,
    Guardian,
    Island,
    Player,
    is_solo,
    own_field,
    player_name,
)
from engines.core.rng import seed_state

TASK_ISLAND_TASKS = 2


def new_solo_game(seats: int, seed: int) -> BonfireState:
    ctx = _empty(seats, seed)
    s = ctx.state
    board = content.board()
    s.islands = deal_solo_tasks(ctx)
    s.great_bonfire = deal_solo_portals(ctx)
    _shared_board(ctx, [g.id for g in content.gnomes().specialists if g.resource != content.GOLD])
    s.tom_pile = ctx.shuffle([c.id for c in board.tom_cards])
    s.players = [new_city(ctx), tom_board()]
    return _done(ctx)


def new_two_player_game(seed: int) -> BonfireState:
    ctx = _empty(2, seed)
    s = ctx.state
    s.islands = deal_tasks(ctx)
    s.great_bonfire = deal_portals(ctx)
    _shared_board(ctx, [g.id for g in content.gnomes().specialists])
    s.players = [new_city(ctx), new_city(ctx)]
    s.start = ctx.rng.below(2)  # the building extension is dealt at random: its holder starts
    s.current = s.start
    return _done(ctx)


def _empty(seats: int, seed: int) -> Ctx:
    return Ctx(
        BonfireState(
            seats=seats,
            rng=seed_state(seed),
            players=[],
            islands=[],
            path_display=[],
            path_piles=[],
            specialists=[],
            elders=[],
            gnome_pile=[],
            gnome_discard=[],
            great_bonfire=[],
        )
    )


def _shared_board(ctx: Ctx, specialists: list[str]) -> None:
    s = ctx.state
    board = content.board()
    tiles = ctx.shuffle([t.id for t in board.path_tiles])
    s.path_piles = [tiles[:14], tiles[14:]]
    paths.refill(ctx)
    s.gnome_pile = ctx.shuffle(specialists)
    gnomes.refill(ctx)
    s.elders = [e.id for e in content.gnomes().elders]
    s.council = [""] * len(board.council)
    s.common_novices = [True] * len(board.common_tasks)


def _done(ctx: Ctx) -> BonfireState:
    ctx.events.clear()
    ctx.reveals = False
    return ctx.finish()


def deal_solo_tasks(ctx: Ctx) -> list[Island]:
    """Solo: 7 blue, 7 red and 6 yellow tasks, two of different colours on each task island."""
    board = content.board()
    by_colour = {colour: ctx.shuffle(_task_ids(colour))[:count] for colour, count in board.solo_tasks.items()}
    # 7+7+6 tasks in 10 mixed pairs: 4 blue-red, 3 blue-yellow, 3 red-yellow.
    pairs = ctx.shuffle(["blue-red"] * 4 + ["blue-yellow"] * 3 + ["red-yellow"] * 3)
    out = []
    for island in board.islands:
        if island.kind == "task":
            a, b = pairs.pop().split("-")
            out.append(Island(tasks=[by_colour[a].pop(), by_colour[b].pop()]))
        else:
            out.append(Island(guardians=2))
    return out


@functools.cache
def _task_ids(colour: str) -> tuple[str, ...]:
    """The ids of the tasks of one colour, sorted (the tasks never change)."""
    return tuple(sorted(t.id for t in content.tasks().values() if t.colour == colour))


def deal_tasks(ctx: Ctx) -> list[Island]:
    """Two players: 2 tasks on each task island, drawn at random from all the tasks, whatever
    their colours (the colour rule is solo's); 2 guardians (one per player) on each guardian
    island."""
    board = content.board()
    drawn = ctx.shuffle(sorted(content.tasks()))
    out = []
    for island in board.islands:
        if island.kind == "task":
            out.append(Island(tasks=[drawn.pop() for _ in range(TASK_ISLAND_TASKS)]))
        else:
            out.append(Island(guardians=2))
    return out


def deal_solo_portals(ctx: Ctx) -> list[list[str]]:
    """Solo: the portals the two-player dealer would deal (`portals_per_space` on each Great
    Bonfire space, drawn from the shuffled box), but never two alike on one space. Space by
    space, a symbol with a copy left for every space still to fill must go on this one (so
    the deal always works out); the rest are the first new symbols of the copies left,
    shuffled (a symbol with more copies left is likelier)."""
    board = content.board()
    per, spaces = board.portals_per_space, len(board.great_bonfire)
    left = Counter(ctx.shuffle(_portal_pool())[: per * spaces])
    out: list[list[str]] = []
    for n in range(spaces):
        still = spaces - n
        space = [symbol for symbol in board.portal_symbols if left[symbol] == still]
        for symbol in ctx.shuffle(sorted(left.elements())):
            if len(space) == per:
                break
            if symbol not in space:
                space.append(symbol)
        left.subtract(space)
        left = +left
        out.append(space)
    return out


@functools.cache
def _portal_pool() -> tuple[str, ...]:
    """The box's portals: 4 of each symbol."""
    return tuple(symbol for symbol in content.board().portal_symbols for _ in range(4))


def deal_portals(ctx: Ctx) -> list[list[str]]:
    """Two players: portals on each Great Bonfire space at random; two alike may share one."""
    board = content.board()
    shuffled = ctx.shuffle(_portal_pool())
    per = board.portals_per_space
    return [shuffled[n * per : (n + 1) * per] for n in range(len(board.great_bonfire))]


def new_city(ctx: Ctx) -> Player:
    board = content.board()
    fate = ctx.shuffle([t.id for t in board.fate_tiles])
    offerings = ctx.shuffle([r for r in content.PLAIN_RESOURCES for _ in range(2)])
    n = board.fate_size
    p = Player(
        tiles={},
        resources={r: 1 for r in content.RESOURCES},
        fate_column=fate[:7],
        grid=[""] * (n * n),
        offerings=[offerings[:5], offerings[5:]],
        bonfires=[Bonfire() for _ in range(7)],
        portals=[""] * 7,
        guardians=[Guardian("own")],
    )
    p.grid = city.place(
        p.grid, city.strip_cells(n // 2, 1, "E"), board.fate_tiles[int(fate[7].split("-")[1]) - 1].symbols
    )
    p.track = {}
    return p


def tom_board() -> Player:
    return Player(
        tiles={},
        resources={},
        fate_column=[],
        grid=[],
        offerings=[[], []],
        bonfires=[Bonfire(novice=False) for _ in range(7)],
        portals=[""] * 7,
        guardians=[Guardian("own")],
        novices=4,
    )


def start_tiles(ctx: Ctx, swapped: bool) -> None:
    """Setup: a player may swap the centre fate tile with the middle tile of their column,
    then takes the 3 action tiles it shows plus 2 wild tiles. Two players choose in turn,
    the holder of the building extension first, who then plays first."""
    s = ctx.state
    p = ctx.acting()
    board = content.board()
    n = board.fate_size
    cells = city.strip_cells(n // 2, 1, "E")
    if swapped:
        centre = [city.at(p.grid, c) for c in cells]
        centre_id = next(t.id for t in board.fate_tiles if t.symbols == centre)
        middle = p.fate_column[3]
        own_field(p, "fate_column")[3] = centre_id
        p.grid = city.place([""] * (n * n), cells, content.board().fate_tiles[int(middle.split("-")[1]) - 1].symbols)
    symbols = [city.at(p.grid, c) for c in cells]
    p.tiles = {}
    for sym in symbols:  # one tile per symbol shown, a repeated symbol counted each time
        city.add(p.tiles, {sym: 1})
    city.add(p.tiles, {WILD: 2})
    tiles = f"{', '.join(content.TILE_NAMES[x] for x in symbols)} and 2 wild action tiles"
    if is_solo(s):
        ctx.say(
            f"You {'swap the centre fate tile and ' if swapped else ''}start with {tiles}. "
            "You hold the building extension: you start."
        )
        s.phase = "turn"
        return
    name = player_name(s, s.current)
    ctx.say(f"{name} {'swaps the centre fate tile and ' if swapped else ''}starts with {tiles}.")
    if s.current == s.start:
        s.current = 1 - s.start
        return
    s.current = s.start
    s.phase = "turn"
    ctx.say(f"{player_name(s, s.start)} holds the building extension and takes the first turn.")
