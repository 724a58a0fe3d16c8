"""The sea: moving your ship, receiving a task, taking a guardian."""

from __future__ import annotations

import functools

from engines.bonfire import city, content, processions
from engines.bonfire.actions import Action, Receive, Sail, TakeGuardian
from engines.bonfire.state import BonfireState, Ctx, Guardian, Player, acting, own

MAX_SAIL = 3


def distance(a: int, b: int) -> int:
    """Steps between two islands on the ring, either way round."""
    n = len(content.board().islands)
    d = abs(a - b) % n
    return min(d, n - d)


def sail_cost(p: Player, to: int) -> int:
    """Ship tiles a move costs, 0 when it is not allowed."""
    if to == p.ship:
        return 0
    if p.ship < 0:
        return 1
    d = distance(p.ship, to)
    return d if d <= MAX_SAIL else 0


def legal_sails(state: BonfireState) -> list[Action]:
    p = acting(state)
    return list(_sails_within(p.ship, min(city.tile_limit(p, "ship"), MAX_SAIL)))


@functools.cache
def _sails_within(ship: int, limit: int) -> tuple[Sail, ...]:
    """The moves from `ship` that cost at most `limit` ship tiles, in island order (a
    turn's sails depend on nothing else: made once for each)."""
    return tuple(sail for sail, cost in _sails_from(ship) if cost <= limit)


@functools.cache
def _sails_from(ship: int) -> tuple[tuple[Sail, int], ...]:
    """Each move a ship at `ship` may make, with its cost in ship tiles, in island order
    (the ring and its distances never change)."""
    out = []
    for n, island in enumerate(content.board().islands):
        cost = 0 if n == ship else 1 if ship < 0 else distance(ship, n)
        if 0 < cost <= MAX_SAIL:
            out.append((Sail(island.id), cost))
    return tuple(out)


def do_sail(ctx: Ctx, action: Sail) -> None:
    p = ctx.acting()
    to = content.island_index(action.island)
    cost = sail_cost(p, to)
    p.tiles = city.pay_tiles(p, {"ship": cost}, city.has(p, "wild_double")) or {}
    p.ship = to
    ctx.say(f"You sail to {content.board().islands[to].name} ({cost} ship tile{'s' if cost > 1 else ''}).")


def island_price(p: Player, island: content.Island, stack: int) -> tuple[dict[str, int], dict[str, int]] | None:
    """Tiles and resources left after an island action using offering `stack`, or None."""
    if not p.offerings[stack]:
        return None
    offering = p.offerings[stack][-1]
    tiles = city.pay_tiles(p, {"island": 1}, city.has(p, "wild_double"))
    if tiles is None:
        return None
    resources = city.pay_resources(p, _island_need(island.resource, offering), any_two=False)
    return None if resources is None else (tiles, resources)


def task_price(p: Player, island: content.Island, stack: int) -> tuple[dict[str, int], dict[str, int]] | None:
    price = island_price(p, island, stack)
    if city.has(p, "task_any_two") and p.offerings[stack]:
        need = _island_need(island.resource, p.offerings[stack][-1])
        tiles = city.pay_tiles(p, {"island": 1}, city.has(p, "wild_double"))
        cheap = city.pay_resources(p, need, any_two=True)
        if tiles is not None and cheap is not None:
            return tiles, cheap
    return price


def affordable(p: Player, island: content.Island, stack: int) -> bool:
    """Whether the island action with offering `stack` can be paid (`task_price`, or
    `island_price` on a guardian island, is not None), without working out the payment."""
    if island.kind == "task" and city.has(p, "task_any_two"):
        return task_price(p, island, stack) is not None
    if not p.offerings[stack]:
        return False
    need = _island_need(island.resource, p.offerings[stack][-1])
    return city.tile_limit(p, "island") >= 1 and city.can_pay_resources(p, need)


def affordable_stacks(p: Player, island: content.Island) -> list[int]:
    """The offering stacks (0, 1) `affordable` allows at `island`, the checks that do not
    depend on the stack made once (asked in every turn's list while the ship is out)."""
    if island.kind == "task" and city.has(p, "task_any_two"):
        return [stack for stack in (0, 1) if task_price(p, island, stack) is not None]
    if city.tile_limit(p, "island") < 1:
        return []
    stacks = p.offerings
    return [
        stack
        for stack in (0, 1)
        if stacks[stack] and city.can_pay_resources(p, _island_need(island.resource, stacks[stack][-1]))
    ]


@functools.cache
def _island_need(resource: str, offering: str) -> dict[str, int]:
    """The resources an island action asks: the island's and the offering's, 2 of one kind
    when the offering shows the island's resource (read only)."""
    need = {resource: 1}
    need[offering] = need.get(offering, 0) + 1
    return need


def legal_island_actions(state: BonfireState) -> list[Action]:
    p = acting(state)
    if p.ship < 0:
        return []
    island = content.board().islands[p.ship]
    here = state.islands[p.ship]
    if island.kind == "task":
        if not here.tasks:
            return []
        spaces = [k for k, b in enumerate(p.bonfires) if not b.task]
        if not spaces:
            return []
        # The price depends on the island and the offering, not on the task: judged once per stack.
        stacks = affordable_stacks(p, island)
        out: list[Action] = []
        for task in here.tasks:
            for stack in stacks:
                out += map(_receives(task, stack, len(p.bonfires)).__getitem__, spaces)
        return out
    if here.guardians and not any(g.colour == island.guardian for g in p.guardians):
        return [_TAKE_GUARDIAN[stack] for stack in affordable_stacks(p, island)]
    return []


_TAKE_GUARDIAN = (TakeGuardian(1), TakeGuardian(2))  # paying offering stack 1 or 2: made once


@functools.cache
def _receives(task: str, stack: int, spaces: int) -> tuple[Receive, ...]:
    """Receiving `task` with offering `stack` (from 0) onto each bonfire space, in order
    (offered in most lists of a turn begun at a task island: made once)."""
    return tuple(Receive(task, stack + 1, k + 1) for k in range(spaces))


def _leave_offering(ctx: Ctx, p: Player, stack: int) -> str:
    offering: str = own(p.offerings, stack).pop()
    ctx.reveals = ctx.reveals or bool(p.offerings[stack])  # the next offering is uncovered
    ctx.island(p.ship).offerings.append(ctx.state.current)
    p.offerings_placed += 1
    return offering


def do_receive(ctx: Ctx, action: Receive) -> None:
    p = ctx.acting()
    island = content.board().islands[p.ship]
    price = task_price(p, island, action.stack - 1)
    assert price is not None
    p.tiles, p.resources = price
    offering = _leave_offering(ctx, p, action.stack - 1)
    ctx.island(p.ship).tasks.remove(action.task)
    own(p.bonfires, action.space - 1).task = action.task
    task = content.tasks()[action.task]
    ctx.say(
        f"You receive the task {task.name} on {island.name} (offering of {offering} left there) "
        f"and put it on bonfire space {action.space}."
    )


def do_take_guardian(ctx: Ctx, action: TakeGuardian) -> None:
    p = ctx.acting()
    island = content.board().islands[p.ship]
    price = island_price(p, island, action.stack - 1)
    assert price is not None
    p.tiles, p.resources = price
    _leave_offering(ctx, p, action.stack - 1)
    ctx.island(p.ship).guardians -= 1
    p.guardians.append(Guardian(island.guardian))
    ctx.say(f"You take the {island.guardian} guardian from {island.name}; she waits on your Starting Tile.")
    arrive_on_start(ctx, p, len(p.guardians) - 1)


def arrive_on_start(ctx: Ctx, p: Player, index: int) -> None:
    """The Gatekeeper: a guardian put on your Starting Tile brings a free procession of 1
    step, in which no guardian brings a resource."""
    if not city.has(p, "start_step"):
        return
    flags = ctx.state.flags
    flags.steps, flags.walkers, flags.gatekeeper_walk = 1, processions.walker_order(p), True
    processions.skip_stuck(ctx.state)
    if flags.walkers:
        ctx.say("The Gatekeeper leads a free procession: each guardian may walk 1 step (no resources).")
