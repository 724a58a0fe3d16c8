"""Gnomes: the Specialist display and Gnome Pile (with its reshuffle), recruiting
Specialists and Elders, and the Elders' end-game points."""

from __future__ import annotations

import functools

from engines.bonfire import city, content
from engines.bonfire.actions import Action, Recruit
from engines.bonfire.content import GOLD, PLAIN_RESOURCES
from engines.bonfire.state import BonfireState, Ctx, Player, acting, own_field

DISPLAY = 6
MAX_GNOMES = 6
ELDER_TILES = 2


def draw_gnome(ctx: Ctx) -> str:
    """The next card of the Gnome Pile; an empty pile is first rebuilt from the discard
    pile, shuffled (solo Special case 2). "" when no card is left anywhere."""
    s = ctx.state
    if not s.gnome_pile and s.gnome_discard:
        s.gnome_pile = ctx.shuffle(s.gnome_discard)
        s.gnome_discard = []
        ctx.say("The Gnome Pile is empty: its discard pile is shuffled into a new Gnome Pile.")
    if not s.gnome_pile:
        return ""
    ctx.reveals = True
    gnome: str = ctx.edit("gnome_pile").pop(0)
    return gnome


def refill(ctx: Ctx) -> None:
    s = ctx.state
    while len(s.specialists) < DISPLAY:
        card = draw_gnome(ctx)
        if not card:
            return
        ctx.edit("specialists").append(card)


def price(p: Player, gid: str) -> tuple[dict[str, int], dict[str, int]] | None:
    tiles = city.pay_tiles(p, {"gnome": ELDER_TILES if content.elder(gid) else 1}, city.has(p, "wild_double"))
    if tiles is None:
        return None
    resource = content.gnome_resource(gid)
    resources = city.pay_resources(p, {resource: 1})
    if city.has(p, "gnome_any_resource") and sum(p.resources.values()) >= 1:
        # The Gnome Broker pays any one resource instead, the one held most.
        spare = max(list(PLAIN_RESOURCES) + ["gold"], key=lambda r: p.resources.get(r, 0))
        cheap = dict(p.resources)
        cheap[spare] -= 1
        cheap = {k: v for k, v in cheap.items() if v}
        if (
            resources is None
            or sum(cheap.values()) > sum(resources.values())
            or cheap.get("gold", 0) > resources.get("gold", 0)
        ):
            resources = cheap
    return None if resources is None else (tiles, resources)


def legal_recruits(state: BonfireState) -> list[Action]:
    p = acting(state)
    if len(p.gnomes) >= MAX_GNOMES:
        return []
    # Whether `price` is not None, judged once per price rather than once per card: the
    # tiles depend only on Elder or not, the resources only on the card's resource.
    limit = city.tile_limit(p, "gnome")
    if limit < 1:
        return []
    tiles_ok = {1: True, ELDER_TILES: ELDER_TILES <= limit}
    # One resource (`can_pay_resources`): the card's own, else 1 gold, else any 2 plain
    # ones; the Gnome Broker takes any one.
    purse = p.resources
    any_resource = (
        purse.get(GOLD, 0) > 0
        or sum(map(purse.get, PLAIN_RESOURCES, _ZEROS)) >= 2
        or (city.has(p, "gnome_any_resource") and sum(purse.values()) >= 1)
    )
    out: list[Action] = []
    for gid in state.specialists + state.elders:
        action, count, resource = _recruit_facts(gid)
        if tiles_ok[count] and (any_resource or purse.get(resource, 0) > 0):
            out.append(action)
    return out


_ZEROS = (0,) * len(PLAIN_RESOURCES)


@functools.cache
def _recruit_facts(gid: str) -> tuple[Recruit, int, str]:
    """A card's recruit action, the gnome tiles it costs and the resource it shows (cards
    never change)."""
    return Recruit(gid), ELDER_TILES if content.elder(gid) else 1, content.gnome_resource(gid)


def do_recruit(ctx: Ctx, action: Recruit) -> None:
    p = ctx.acting()
    paid = price(p, action.gnome)
    assert paid is not None
    p.tiles, p.resources = paid
    elder = content.elder(action.gnome) is not None
    if elder:
        ctx.edit("elders").remove(action.gnome)
    else:
        ctx.edit("specialists").remove(action.gnome)
    own_field(p, "gnomes").append(action.gnome)
    gains = []
    if givers := city.ability_count(p, "recruit_wild"):
        city.add(p.tiles, {"wild": givers})
        gains.append(f"{givers} wild tile{'s' if givers > 1 else ''} from {city.givers(p, 'recruit_wild')}")
    if elder and (scorers := city.ability_count(p, "elder_points")):
        city.score(p, "Gnome abilities", 2 * scorers)
        gains.append(f"{2 * scorers} points from {city.givers(p, 'elder_points')}")
    told = f": you gain {' and '.join(gains)}" if gains else ""
    ctx.say(f"You recruit {content.gnome_name(action.gnome)}{told}.")
    if not elder:
        refill(ctx)


def elder_points(p: Player) -> int:
    total = 0
    for gid in p.gnomes:
        e = content.elder(gid)
        if e is not None:
            total += e.per * city.counts(p, e.counts)
    return total
