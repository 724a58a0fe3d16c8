"""Processions: guardians walk your path, gather its resources and enter lit bonfires
through portals. Path position 0 is the Starting Tile; bonfire k sits beside position k-1."""

from __future__ import annotations

from engines.bonfire import city, content
from engines.bonfire.actions import Action, Procession, Walk
from engines.bonfire.content import GOLD
from engines.bonfire.state import BonfireState, Ctx, Player, acting, own

MAX_STEPS = 3
IN_BONFIRE = 10


def where_text(where: int) -> str:
    if where >= IN_BONFIRE:
        return f"b{where - IN_BONFIRE}"
    return f"p{where}"


def place_name(where: int) -> str:
    if where >= IN_BONFIRE:
        return f"bonfire {where - IN_BONFIRE}"
    return "the Starting Tile" if where == 0 else f"path tile {where}"


def destinations(p: Player, index: int, steps: int) -> list[int]:
    """Where guardian `index` may end with up to `steps` steps (not counting staying)."""
    g = p.guardians[index]
    if g.where >= IN_BONFIRE:
        return []
    crowded = city.has(p, "crowded_paths")
    taken_paths = {o.where for n, o in enumerate(p.guardians) if n != index and 0 < o.where < IN_BONFIRE}
    taken_fires = {o.where for o in p.guardians if o.where >= IN_BONFIRE}
    out = []
    here, left = g.where, steps
    while left > 0:
        k = here + 1  # the bonfire beside this path position
        if p.portals[here] and p.bonfires[here].lit and IN_BONFIRE + k not in taken_fires:
            out.append(IN_BONFIRE + k)
        nxt = here + 1
        if nxt > len(p.path) or (not crowded and nxt in taken_paths):
            break
        here, left = nxt, left - 1
        out.append(here)
    return sorted(set(out))


def movable(p: Player, steps: int) -> bool:
    """Whether some guardian could walk. The same for any number of steps from 1: a
    guardian's first step (into the bonfire beside her, or along the path) decides
    whether she has anywhere to go at all."""
    return any(destinations(p, n, steps) for n in range(len(p.guardians)))


def can_step(p: Player) -> bool:
    """`movable(p, 1)` read straight from the guardians' places, without listing where
    each could go: a guardian off the bonfires may step into the lit bonfire beside her
    through its portal when no guardian sits there, or onto the next path tile when it
    is built and free (or the paths may be crowded). Asked in every turn's list."""
    wheres = [g.where for g in p.guardians]
    for here in wheres:
        if here >= IN_BONFIRE:
            continue
        if p.portals[here] and p.bonfires[here].lit and IN_BONFIRE + here + 1 not in wheres:
            return True
        if here < len(p.path) and (here + 1 not in wheres or city.has(p, "crowded_paths")):
            return True
    return False


def legal_processions(state: BonfireState) -> list[Action]:
    p = acting(state)
    limit = min(city.tile_limit(p, "procession"), MAX_STEPS)
    if limit < 1 or not can_step(p):
        return []
    return [Procession(n) for n in range(1, limit + 1)]


def walker_order(p: Player) -> list[int]:
    """Guardians resolve from the one furthest along backwards."""
    out = [n for n, g in enumerate(p.guardians) if g.where < IN_BONFIRE]
    return sorted(out, key=lambda n: (-p.guardians[n].where, n))


def do_procession(ctx: Ctx, action: Procession) -> None:
    s = ctx.state
    p = ctx.acting()
    p.tiles = city.pay_tiles(p, {"procession": action.steps}, city.has(p, "wild_double")) or {}
    s.flags.steps = action.steps + city.ability_count(p, "extra_step")
    s.flags.walkers = walker_order(p)
    s.flags.gatekeeper_walk = False
    ctx.say(
        f"You pay {action.steps} procession tile{'s' if action.steps > 1 else ''}: "
        f"each guardian may walk up to {s.flags.steps} step{'s' if s.flags.steps > 1 else ''}."
    )
    skip_stuck(s)


def skip_stuck(s: BonfireState) -> None:
    """Drop the guardians next in order who cannot move. Only the front is judged: one
    blocked now may follow once the guardian ahead of her has walked on."""
    p = acting(s)
    while s.flags.walkers and not destinations(p, s.flags.walkers[0], s.flags.steps):
        s.flags.walkers.pop(0)
    if not s.flags.walkers:
        s.flags.gatekeeper_walk = False


def choosable(s: BonfireState) -> list[int]:
    """The guardians that may walk next: the first in order, or any of those waiting
    together on the Starting Tile when the order reaches them (you choose their order)."""
    w = s.flags.walkers
    if not w:
        return []
    p = acting(s)
    if p.guardians[w[0]].where == 0:
        return [n for n in w if p.guardians[n].where == 0]
    return [w[0]]


def legal_walks(state: BonfireState) -> list[Action]:
    p = acting(state)
    out: list[Action] = []
    for n in choosable(state):
        g = p.guardians[n]
        out.append(Walk(g.colour, "stay"))
        out.extend(Walk(g.colour, where_text(w)) for w in destinations(p, n, state.flags.steps))
    return out


def do_walk(ctx: Ctx, action: Walk) -> None:
    s = ctx.state
    p = ctx.acting()
    n = next(i for i, g in enumerate(p.guardians) if g.colour == action.guardian)
    s.flags.walkers.remove(n)
    g = own(p.guardians, n)
    name = "your own guardian" if g.colour == "own" else f"the {g.colour} guardian"
    if action.to == "stay":
        ctx.say(f"{name[0].upper()}{name[1:]} stays on {place_name(g.where)}.")
    else:
        where = int(action.to[1:]) + (IN_BONFIRE if action.to[0] == "b" else 0)
        g.where = where
        if where >= IN_BONFIRE:
            told = ""
            if dancers := city.ability_count(p, "bonfire_points"):
                city.score(p, "Gnome abilities", 2 * dancers)
                told = f": you gain {2 * dancers} points from {city.givers(p, 'bonfire_points')}"
            ctx.say(f"{name[0].upper()}{name[1:]} steps through the portal into {place_name(where)}{told}.")
        elif s.flags.gatekeeper_walk:
            ctx.say(f"{name[0].upper()}{name[1:]} walks to {place_name(where)} (the Gatekeeper's walk brings nothing).")
        else:
            tile = content.path_tile(p.path[where - 1])
            gained = GOLD if city.has(p, "choose_path_resource") else tile.resource
            city.add(p.resources, {gained: 1})
            extra = "colour_bonus:" + g.colour in city.abilities(p)
            if extra:
                city.add(p.resources, {tile.resource: 1})
            ctx.say(
                f"{name[0].upper()}{name[1:]} walks to {place_name(where)} and brings "
                f"{'2 resources' if extra else '1 ' + gained}."
            )
    skip_stuck(s)
