"""Path tiles: the display and piles, building your path, the all-one-colour redraw."""

from __future__ import annotations

from engines.bonfire import city, content
from engines.bonfire.actions import Action, BuildPath, Redraw
from engines.bonfire.state import BonfireState, Ctx, Player, acting, is_tom, own, own_field

DISPLAY = 4
MAX_PATH = 6


def path_cost(p: Player) -> int:
    return content.board().path_costs[len(p.path)]


def refill(ctx: Ctx) -> None:
    s = ctx.state
    while len(s.path_display) < DISPLAY:
        sizes = [len(pile) for pile in s.path_piles]
        if not any(sizes):
            return
        biggest = sizes.index(max(sizes))  # the first of the biggest piles
        ctx.edit("path_display").append(own(ctx.edit("path_piles"), biggest).pop(0))
        ctx.reveals = True


def legal_paths(state: BonfireState) -> list[Action]:
    p = acting(state)
    if len(p.path) >= MAX_PATH:
        return []
    if path_cost(p) > city.tile_limit(p, "path"):
        return []
    out: list[Action] = list(_FROM_DISPLAY[: len(state.path_display)])
    out.extend(_FROM_PILE[n] for n, pile in enumerate(state.path_piles) if pile)
    return out


#: Building from each displayed tile and each pile (offered in most turns' lists: made once).
_FROM_DISPLAY = tuple(BuildPath(f"d{n + 1}") for n in range(DISPLAY))
_FROM_PILE = tuple(BuildPath(f"pile{n + 1}") for n in range(2))  # the two piles setup makes


def can_redraw(state: BonfireState) -> bool:
    d = state.path_display
    return (
        not state.flags.redrawn
        and len(d) == DISPLAY
        and len({content.path_tile(t).crystal for t in d}) == 1
        and any(state.path_piles)
    )


def attach(ctx: Ctx, who: int, tile: str) -> str:
    """Attach `tile` to `who`'s path; what a Specialist gives for it, worded for the log
    ("" when nothing)."""
    p = ctx.player(who)
    own_field(p, "path").append(tile)
    if not is_tom(ctx.state, who) and (gleaners := city.ability_count(p, "path_resource")):
        resource = content.path_tile(tile).resource
        city.add(p.resources, {resource: gleaners})
        return f"{gleaners} {resource} from {city.givers(p, 'path_resource')}"
    return ""


def do_build(ctx: Ctx, action: BuildPath) -> None:
    s = ctx.state
    p = ctx.acting()
    cost = path_cost(p)
    p.tiles = city.pay_tiles(p, {"path": cost}, city.has(p, "wild_double")) or {}
    if action.source.startswith("d"):
        tile = ctx.edit("path_display").pop(int(action.source[1:]) - 1)
    else:
        tile = own(ctx.edit("path_piles"), int(action.source[4:]) - 1).pop(0)
        ctx.reveals = True
    gained = attach(ctx, s.current, tile)
    refill(ctx)
    t = content.path_tile(tile)
    told = f" and gain {gained}" if gained else ""
    ctx.say(
        f"You build path tile {len(p.path)} ({t.crystal} crystal, {t.resource}) for {cost} path tile{'s' if cost > 1 else ''}{told}."
    )


def do_redraw(ctx: Ctx, action: Redraw) -> None:
    s = ctx.state
    for n, tile in enumerate(s.path_display):
        own(ctx.edit("path_piles"), n % len(s.path_piles)).append(tile)
    s.path_display = []
    s.flags.redrawn = True
    refill(ctx)
    ctx.say(
        "All four displayed path tiles shared one crystal colour: they go under the piles and four new ones are shown."
    )
