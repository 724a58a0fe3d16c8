"""Tasks: what each requirement asks, whether a player meets it, and what it costs.

Resources and action tiles a requirement names are paid (with the usual substitutes); the
other requirements (paths, offerings, fate areas, tasks of a difficulty, guardians, portals,
gnomes, lit bonfires) are only checked.
"""

from __future__ import annotations

from engines.bonfire import city, content
from engines.bonfire.state import BonfireState, Player


def describe(task: content.Task) -> str:
    r = task.requirement
    n, what = r.count, r.what
    s = "" if n == 1 else "s"
    return {
        "resources": f"pay {n} {what}",
        "paths": f"have {n} path tile{s} with a {what} crystal",
        "offerings": f"an offering of yours on every island showing {what}",
        "fate": f"a connected area of {n} {what} symbols in your fate area",
        "difficulty": f"have fulfilled {n} task{s} of difficulty {what}",
        "tiles": f"pay {n} {content.TILE_NAMES.get(what, what)} action tile{s}",
        "guardians": f"have {n} island guardian{s}",
        "portals": f"have {n} portal{s}",
        "gnomes": f"have {n} gnome{s}",
        "lit": f"have {n} lit bonfire{s} already",
    }[r.kind]


def payment(state: BonfireState, who: int, task: content.Task) -> tuple[dict[str, int], dict[str, int]] | str:
    """(tiles, resources) left after fulfilling `task`, or the reason it cannot be done."""
    p = state.players[who]
    r = task.requirement
    tiles, resources = p.tiles, p.resources
    if r.kind == "resources":
        left = city.pay_resources(p, {r.what: r.count})
        if left is None:
            return f"{task.name} needs {r.count} {r.what} (gold or any 2 resources may stand in for each)."
        resources = left
    elif r.kind == "tiles":
        left = city.pay_tiles(p, {r.what: r.count}, wild_double=city.has(p, "wild_double"))
        if left is None:
            tiles_named = f"{r.count} {content.TILE_NAMES.get(r.what, r.what)} action tile{'' if r.count == 1 else 's'}"
            return f"{task.name} needs {tiles_named} (a wild tile or any 2 tiles may stand in for each)."
        tiles = left
    elif not met(state, who, task):
        return f"{task.name} is not met yet: {describe(task)}."
    return tiles, resources


def can_fulfil(state: BonfireState, who: int, task: content.Task) -> bool:
    """Whether `payment` would succeed, without working the payment out or wording why not
    (asked for every task waiting on a bonfire, in every turn's list)."""
    p = state.players[who]
    r = task.requirement
    if r.kind == "resources":
        return city.can_pay_resources(p, {r.what: r.count})
    if r.kind == "tiles":
        return city.can_pay_tiles(p, {r.what: r.count}, city.has(p, "wild_double"))
    return met(state, who, task)


def met(state: BonfireState, who: int, task: content.Task) -> bool:
    p = state.players[who]
    r = task.requirement
    if r.kind == "paths":
        return sum(content.path_tile(t).crystal == r.what for t in p.path) >= r.count
    if r.kind == "offerings":
        return all(
            who in state.islands[n].offerings
            for n, island in enumerate(content.board().islands)
            if island.resource == r.what
        )
    if r.kind == "fate":
        return city.largest_area(p.grid, r.what) >= r.count
    if r.kind == "difficulty":
        return fulfilled_of_difficulty(p, int(r.what)) >= r.count
    if r.kind in ("guardians", "portals", "gnomes", "lit"):
        return city.counts(p, r.kind) >= r.count
    return True


def fulfilled_of_difficulty(p: Player, difficulty: int) -> int:
    """Your lit bonfires whose task has `difficulty`."""
    return sum(b.lit and content.tasks()[b.task].difficulty == difficulty for b in p.bonfires)


def lit_points(p: Player) -> int:
    return sum(content.tasks()[b.task].points for b in p.bonfires if b.lit)
