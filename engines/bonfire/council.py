"""Lighting bonfires, the High Council, Common Tasks and the Great Bonfire."""

from __future__ import annotations

import functools
from collections.abc import Callable

from engines.bonfire import city, content, tasks
from engines.bonfire.actions import Action, Common, Council, Fulfil, GreatBonfire
from engines.bonfire.state import (
    TOM,
    BonfireState,
    Ctx,
    Pending,
    Player,
    acting,
    council_mark,
    is_solo,
    is_tom,
    own,
    own_field,
    player_name,
    portal_board,
)

PICKS = {"tr": "tile and resource", "tp": "tile and portal", "rp": "resource and portal"}


def pick_text(space: content.BonfireSpace, pick: str) -> str:
    """The two things a pick takes at `space`: its resource reads "2 points" on a space
    that shows points instead."""
    words = {"t": "tile", "r": "resource" if space.resource else "2 points", "p": "portal"}
    return " and ".join(words[c] for c in pick)


# -- the High Council ---------------------------------------------------------------------
def novices_in_council(s: BonfireState) -> int:
    # Asked after every action (the end trigger): an empty space is "", so count those.
    return len(s.council) - s.council.count("") + len(s.flat_neutral)


def free_spaces(s: BonfireState) -> list[str]:
    return [sp.id for sp, who in zip(content.board().council, s.council) if not who]


def council_options(s: BonfireState, source: str) -> list[str]:
    if source == "neutral":  # Tom's neutral novice lies flat: it may go anywhere
        return [sp.id for sp in content.board().council]
    return free_spaces(s)


def send_novice(ctx: Ctx, who: int, source: str) -> None:
    """A novice heads for the High Council: you choose the space (for Tom too)."""
    options = council_options(ctx.state, source)
    if not options:
        ctx.say("The High Council has no free space: the novice stays at home.")
        return
    ctx.state.pending.append(Pending("council", who, source, options))


def legal_council(state: BonfireState, pending: Pending) -> list[Action]:
    return list(map(_council_actions().__getitem__, pending.options))


@functools.cache
def _council_actions() -> dict[str, Council]:
    """Sending a novice to each High Council space (offered for every novice: made once)."""
    return {sp.id: Council(sp.id) for sp in content.board().council}


@functools.cache
def _council_index() -> dict[str, int]:
    return {sp.id: n for n, sp in enumerate(content.board().council)}


def do_council(ctx: Ctx, action: Council, pending: Pending) -> None:
    s = ctx.state
    index = _council_index()[action.space]
    space = content.board().council[index]
    if is_tom(s, pending.who):
        if pending.source == "neutral":
            ctx.edit("flat_neutral").append(index)
        else:
            ctx.edit("council")[index] = "tom"
        city.score(ctx.player(TOM), "High Council", 1)
        what = "a neutral novice, laid flat," if pending.source == "neutral" else "one of his novices"
        ctx.say(f"Tom sends {what} to the {space.name} and gains 1 point.")
        ctx.edit("tom_did").append(f"novice to the {space.name}: +1 point")
        return
    p = ctx.player(pending.who)
    ctx.edit("council")[index] = "neutral" if pending.source == "common" else council_mark(s, pending.who)
    gain(p, space)
    told = gain_text(space)
    # The Herald: 1 gold for every novice you place, a Common Task's neutral one included.
    if heralds := city.ability_count(p, "council_gold"):
        city.add(p.resources, {"gold": heralds})
        told += f", and {heralds} gold from {city.givers(p, 'council_gold')}"
    if pending.source == "common" and not is_solo(s):
        ctx.say(f"{player_name(s, pending.who)} sends the neutral novice to the {space.name}: {told}.")
        return
    who = "The neutral novice" if pending.source == "common" else "Your novice"
    ctx.say(f"{who} takes the {space.name}: {told}.")


def gain(p: Player, what: content.Gains) -> None:
    city.add(p.tiles, what.tiles)
    city.add(p.resources, what.resources)
    city.score(p, "High Council", what.points)


def gain_text(what: content.Gains) -> str:
    parts = [f"{n} {content.TILE_NAMES[k]} tile{'s' if n > 1 else ''}" for k, n in what.tiles.items()]
    parts += [f"{n} {k}" for k, n in what.resources.items()]
    if what.points:
        parts.append(f"{what.points} point{'s' if what.points > 1 else ''}")
    return ", ".join(parts) or "nothing"


# -- fulfilling tasks -----------------------------------------------------------------------
def legal_fulfils(state: BonfireState) -> list[Action]:
    p = acting(state)
    out: list[Action] = []
    for k, b in enumerate(p.bonfires):
        if b.task and not b.lit and tasks.can_fulfil(state, state.current, content.tasks()[b.task]):
            out.append(Fulfil(k + 1))
    return out


def do_fulfil(ctx: Ctx, action: Fulfil) -> None:
    s = ctx.state
    p = ctx.acting()
    b = own(p.bonfires, action.space - 1)
    task = content.tasks()[b.task]
    paid = tasks.payment(s, s.current, task)
    assert not isinstance(paid, str)
    p.tiles, p.resources = paid
    b.lit = True
    lit = f"You fulfil {task.name}: bonfire {action.space} is lit ({task.colour})"
    if not free_spaces(s):  # the novice stays on its bonfire space
        ctx.say(f"{lit}; the High Council has no free space, so its novice stays at home.")
        return
    b.novice = False
    ctx.say(f"{lit}, and its novice leaves for the High Council.")
    send_novice(ctx, s.current, "task")


# -- Common Tasks -----------------------------------------------------------------------------
def meets_common(p: Player, task: content.CommonTask) -> bool:
    return task.id not in p.common and city.COUNTERS[task.kind](p) >= task.count


def legal_commons(state: BonfireState) -> list[Action]:
    """The Common Tasks `meets_common` allows (asked in every turn's list, so its test is
    written out here with each task's counter looked up once)."""
    p = acting(state)
    done = p.common
    out: list[Action] = []
    for task, action, counter in _common_actions():  # a loop, not a comprehension made per call
        if task.id not in done and counter(p) >= task.count:
            out.append(action)
    return out


@functools.cache
def _common_actions() -> tuple[tuple[content.CommonTask, Common, Callable[[Player], int]], ...]:
    """Each Common Task with its action and how its count is counted (the tasks never change)."""
    return tuple((t, Common(t.id), city.COUNTERS[t.kind]) for t in content.board().common_tasks)


def do_common(ctx: Ctx, action: Common) -> None:
    s = ctx.state
    p = ctx.acting()
    index = next(n for n, t in enumerate(content.board().common_tasks) if t.id == action.task)
    task = content.board().common_tasks[index]
    own_field(p, "common").append(task.id)
    n = city.ability_count(p, "common_reward")
    told = ""
    if n:
        city.add(p.tiles, {"wild": n})
        city.add(p.resources, {"gold": n})
        told = f" and gain {n} gold and {n} wild tile{'s' if n > 1 else ''} from {city.givers(p, 'common_reward')}"
    ctx.say(f"You fulfil the Common Task {task.name}{told}.")
    if s.common_novices[index]:
        if not free_spaces(s):  # the neutral novice stays on its Common Task
            ctx.say("The High Council has no free space: the Common Task's neutral novice stays where it is.")
            return
        ctx.edit("common_novices")[index] = False
        send_novice(ctx, s.current, "common")


# -- the Great Bonfire ---------------------------------------------------------------------
def turn_cost(figure: int, space: int) -> int:
    """Great Bonfire tiles to point the figure at `space`: 1 for the very first use (any
    space), then 1 or 2 tiles for 1 or 2 spaces clockwise, 3 for any other space."""
    if figure < 0:
        return 1
    d = (space - figure) % len(content.board().great_bonfire)
    return d if d in (1, 2) else (3 if d else 0)


def portal_for(p: Player, portals: list[str], board: str) -> str:
    slot = city.next_portal_slot(p)
    if slot < 0:
        return ""
    wanted = content.board().board_portals[board][slot]
    return wanted if wanted in portals else ""


def legal_great_bonfire(state: BonfireState) -> list[Action]:
    p = acting(state)
    spaces = _spaces_within(state.figure, min(city.tile_limit(p, "bonfire"), 3))
    if not spaces:
        return []
    slot = city.next_portal_slot(p)  # as portal_for finds it, once for every space
    wanted = content.board().board_portals[portal_board(state.current)][slot] if slot >= 0 else ""
    out: list[Action] = []
    lying = state.great_bonfire
    for n, with_portal, without_portal in spaces:
        out += with_portal if wanted and wanted in lying[n] else without_portal
    return out


@functools.cache
def _spaces_within(
    figure: int, limit: int
) -> tuple[tuple[int, tuple[GreatBonfire, ...], tuple[GreatBonfire, ...]], ...]:
    """The spaces the figure can be turned to from `figure` for at most `limit` tiles, in
    space order, each with its actions when a portal may be taken there and when not (a
    turn's spaces depend on nothing else: made once for each)."""
    return tuple(
        (n, *actions) for n, actions in enumerate(_great_bonfire_actions()) if 0 < turn_cost(figure, n) <= limit
    )


@functools.cache
def _great_bonfire_actions() -> tuple[tuple[tuple[GreatBonfire, ...], tuple[GreatBonfire, ...]], ...]:
    """Per space, its actions in `PICKS` order when a portal may be taken there, and when
    not (the spaces never change)."""
    return tuple(
        (
            tuple(GreatBonfire(space.id, pick) for pick in PICKS),
            tuple(GreatBonfire(space.id, pick) for pick in PICKS if "p" not in pick),
        )
        for space in content.board().great_bonfire
    )


def do_great_bonfire(ctx: Ctx, action: GreatBonfire) -> None:
    s = ctx.state
    p = ctx.acting()
    n = next(i for i, sp in enumerate(content.board().great_bonfire) if sp.id == action.space)
    space = content.board().great_bonfire[n]
    cost = turn_cost(s.figure, n)
    p.tiles = city.pay_tiles(p, {"bonfire": cost}, city.has(p, "wild_double")) or {}
    s.figure = n
    got = []
    if "t" in action.pick:
        city.add(p.tiles, {space.tile: 1})
        got.append(content.a_tile(space.tile))
    if "r" in action.pick:
        if space.resource:
            city.add(p.resources, {space.resource: 1})
            got.append(f"1 {space.resource}")
        else:
            city.score(p, "Great Bonfire", 2)
            got.append("2 points")
    if "p" in action.pick:
        symbol = portal_for(p, s.great_bonfire[n], portal_board(s.current))
        own(ctx.edit("great_bonfire"), n).remove(symbol)
        own_field(p, "portals")[city.next_portal_slot(p)] = symbol
        got.append(f"the {symbol} portal")
    ctx.say(
        f"You turn the Great Bonfire to the {space.name} ({cost} tile{'s' if cost > 1 else ''}) and take {' and '.join(got)}."
    )
