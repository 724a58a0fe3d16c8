"""Bots for your seat: `random` and a rule-of-thumb `heuristic` that reads only the view.

The heuristic values every legal action in points, roughly what it brings by the end: it
receives tasks it can soon fulfil, works towards the tasks on its bonfires (tiles,
resources, paths, gnomes, portals, guardians), lights them, and in the countdown passes
only when no task can be lit for more.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import msgspec

from engines.bonfire import city, content, islands, tasks
from engines.bonfire.actions import (
    Action,
    BuildPath,
    Common,
    Council,
    Discard,
    Fate,
    Fulfil,
    GreatBonfire,
    Keep,
    Pass,
    Procession,
    Receive,
    Recruit,
    Sail,
    TakeGuardian,
    TomGuardian,
    TomTask,
    Walk,
)
from engines.bonfire.search import BonfireSearchBot
from engines.bonfire.state import Bonfire, BonfireState, Player, acting, is_tom
from engines.core.bots import RandomBot, noisy
from engines.core.ismcts import bot_rollout, margin_rewards, search_levels
from engines.core.protocol import Bot, BotContext

#: Turns a missing thing takes to come by, roughly (a fate tile brings several action
#: tiles; a resource, a path tile, a gnome or a portal takes an action each).
TURNS_PER = {"resources": 1.0, "paths": 1.8, "offerings": 2.0, "fate": 1.2, "difficulty": 3.0}
TURNS_PER.update({"tiles": 0.5, "guardians": 1.5, "portals": 1.0, "gnomes": 1.0, "lit": 2.5})
#: What a Specialist's ability is worth in a short game (Heralds pay for every novice,
#: Barterers for every task received); the others seldom pay back their action.
SPECIALIST_WORTH = {"council_gold": 2.5, "task_any_two": 2.0, "common_reward": 1.5, "wild_double": 1.0}
#: A task needing more turns than this is not worth receiving.
FAR = 6.0
#: Points a turn of work towards a task costs.
GAP_COST = 2.0


def task_gap(s: BonfireState, p: Player, task: content.Task) -> float:
    """About how many turns `p` still needs before fulfilling `task` (0: now; inf: never)."""
    r = task.requirement
    if r.kind == "resources":
        if city.can_pay_resources(p, {r.what: r.count}):
            return 0.0
        have = p.resources.get(r.what, 0) + p.resources.get(content.GOLD, 0)
        return TURNS_PER["resources"] * max(1, r.count - have)
    if r.kind == "tiles":
        return 0.0 if city.can_pay_tiles(p, {r.what: r.count}, city.has(p, "wild_double")) else TURNS_PER["tiles"] * 2
    if r.kind == "paths":
        missing = r.count - sum(content.path_tile(t).crystal == r.what for t in p.path)
        if missing > 6 - len(p.path):
            return math.inf
        return TURNS_PER["paths"] * max(0, missing)
    if r.kind == "offerings":
        missing = 0
        for n, island in enumerate(content.board().islands):
            if island.resource != r.what or s.current in s.islands[n].offerings:
                continue
            if island.kind == "guardian" and any(g.colour == island.guardian for g in p.guardians):
                return math.inf  # one guardian of a colour: no second visit leaves an offering
            missing += 1
        return TURNS_PER["offerings"] * missing
    if r.kind == "fate":
        missing = r.count - city.largest_area(p.grid, r.what)
        return 0.0 if missing <= 0 else (math.inf if not p.fate_column else TURNS_PER["fate"] * missing + 0.5)
    if r.kind == "difficulty":
        return TURNS_PER["difficulty"] * max(0, r.count - tasks.fulfilled_of_difficulty(p, int(r.what)))
    missing = r.count - city.counts(p, r.kind)
    if r.kind == "gnomes" and missing > 6 - len(p.gnomes):
        return math.inf
    return TURNS_PER[r.kind] * max(0, missing)


class HeuristicBot(Bot):
    """Values every legal action in points by rules of thumb and plays the best."""

    name = "heuristic"

    def __init__(self) -> None:
        #: What `pressure` found for the acting city during one decision, by (kind, what):
        #: the same few questions come back for every legal action.
        self._pressures: dict[tuple[str, str], float] = {}
        #: Likewise `_receive_gap`'s answers, by (task, offering stack).
        self._gaps: dict[tuple[str, int], float] = {}
        self._pressed: Player | None = None
        #: `held` for the acting city's bonfires during one decision.
        self._held_of: list[Bonfire] | None = None
        self._held: list[content.Task] = []

    def choose(self, ctx: BotContext) -> Action:
        s: BonfireState = ctx.view
        self._pressures.clear()
        self._gaps.clear()
        p = acting(s)
        self._pressed, self._held_of = p, None
        best: Action | None = None
        best_value = -math.inf
        random, value_of = ctx.rng.random, _VALUE_OF.get
        for action in ctx.legal:
            # `value` written out (the city looked up once): this runs for every legal
            # action of every decision of every playout.
            rule = value_of(type(action))
            worth = (0 if rule is None else rule(self, s, p, action)) + random() * 0.01
            if worth > best_value:
                best, best_value = action, worth
        self._pressed = self._held_of = None
        assert best is not None
        return best

    # -- the turn's clock ------------------------------------------------------------------
    def turns_left(self, s: BonfireState) -> float:
        """Your turns still to come, this one included (a guess before the countdown)."""
        if s.triggered:
            return 6 - max(s.countdown, 1)
        seated = sum(1 for owner in s.council if owner)
        return 5 + max(1.0, (content.board().end_trigger - seated) * 1.6)

    def resource_worth(self, p: Player) -> float:
        """One resource: dear when you cannot pay for the next task (2 resources each)."""
        have = sum(p.resources.values())
        return 3.0 if have < 2 else 2.0 if have < 4 else 1.2

    def held(self, p: Player) -> list[content.Task]:
        """The tasks waiting on your bonfires, not yet lit."""
        if p.bonfires is self._held_of:  # asked for most legal actions of a decision
            return self._held
        found = [content.tasks()[b.task] for b in p.bonfires if b.task and not b.lit]
        if p is self._pressed:
            self._held_of, self._held = p.bonfires, found
        return found

    def pressure(self, s: BonfireState, p: Player, kind: str, what: str = "") -> float:
        """How much one more of `kind` (of `what`) helps the tasks you hold: the most a held
        task still missing it is worth."""
        if p is self._pressed and (kind, what) in self._pressures:
            return self._pressures[kind, what]
        best = 0.0
        for task in self.held(p):
            r = task.requirement
            if r.kind == kind and (not what or r.what == what) and task_gap(s, p, task) > 0:
                best = max(best, 1.0 + task.points / 2)
        if p is self._pressed:
            self._pressures[kind, what] = best
        return best

    # -- values ----------------------------------------------------------------------------
    def value(self, s: BonfireState, a: Action) -> float:
        worth = _VALUE_OF.get(type(a))
        return 0 if worth is None else worth(self, s, acting(s), a)  # end, finish, redraw: 0

    def _lit_worth(self, s: BonfireState, p: Player, index: int) -> float:
        """Points lighting bonfire `index` brings: the task's, a crystal match, a portal,
        Elders of Embers, and a High Council bonus."""
        task = content.tasks()[p.bonfires[index].task]
        values = content.board().scoring
        worth = float(task.points) + 2.5
        if 1 <= index <= len(p.path) and content.path_tile(p.path[index - 1]).crystal == task.colour:
            worth += values.crystal_match
        if p.portals and p.portals[index]:
            worth += values.portal_at_lit_bonfire
        for gid in p.gnomes:
            elder = content.elder(gid)
            if elder is not None and elder.counts == "lit":
                worth += elder.per
        return worth

    def _council_value(self, s: BonfireState, a: Council) -> float:
        pending = s.pending[0]
        space = next(sp for sp in content.board().council if sp.id == a.space)
        worth = space.points + sum(space.tiles.values()) * 1.2
        worth += sum(space.resources.values()) * self.resource_worth(s.players[pending.who])
        if is_tom(s, pending.who):  # Tom takes only his point: leave him the space you want least
            return 0 if pending.source == "neutral" else -worth
        return worth

    def _receive_gap(self, s: BonfireState, p: Player, task: content.Task, stack: int) -> float:
        """The task's gap once received with offering `stack` (its price paid)."""
        key = (task.id, stack)
        if p is self._pressed and key in self._gaps:
            return self._gaps[key]
        price = islands.task_price(p, content.board().islands[p.ship], stack - 1)
        after = p if price is None else msgspec.structs.replace(p, tiles=price[0], resources=price[1])
        gap = task_gap(s, after, task)
        if p is self._pressed:  # the same task and stack come back for each empty space
            self._gaps[key] = gap
        return gap

    def _receive_value(self, s: BonfireState, p: Player, a: Receive) -> float:
        task = content.tasks()[a.task]
        gap = self._receive_gap(s, p, task, a.stack)
        left = self.turns_left(s)
        if gap > FAR or gap + 1 > left:
            return -1
        open_tasks = len(self.held(p))
        worth = task.points + 2.5 - GAP_COST * gap - 2.0 * open_tasks
        index = a.space - 1
        if 1 <= index <= len(p.path) and content.path_tile(p.path[index - 1]).crystal == task.colour:
            worth += 2
        if p.portals and p.portals[index]:
            worth += 2
        worth += 0.05 * index  # portals fill from the right: leave the left spaces for paths
        if s.triggered:  # in the countdown a task must be lit before the end to count
            worth -= s.countdown + 1
        return worth

    def _best_receive_at(self, s: BonfireState, at: Player, n: int) -> float:
        """The best task you could receive at island `n`, `at` being your city once there."""
        p = at
        island = content.board().islands[n]
        here = s.islands[n]
        if island.kind != "task" or not here.tasks or all(b.task for b in p.bonfires):
            return -math.inf
        stacks = islands.affordable_stacks(at, island)
        if not stacks:
            return -math.inf
        space = next(k for k, b in enumerate(reversed(p.bonfires)) if not b.task)
        best = -math.inf
        for tid in here.tasks:
            for stack in stacks:
                best = max(best, self._receive_value(s, at, Receive(tid, stack + 1, len(p.bonfires) - space)))
        return best

    def _guardian_value(self, s: BonfireState, p: Player) -> float:
        worth = self.pressure(s, p, "guardians")
        if s.triggered:  # too late to walk her into a bonfire
            return worth - s.countdown
        done = {t.kind for t in content.board().common_tasks if t.id in p.common}
        if "guardians" not in done and city.counts(p, "guardians") < 3:
            worth += 1.5
        return worth + 2.0

    def _sail_value(self, s: BonfireState, p: Player, a: Sail) -> float:
        n = content.island_index(a.island)
        island = content.board().islands[n]
        cost = islands.sail_cost(p, n)
        tiles = city.pay_tiles(p, {"ship": cost}, city.has(p, "wild_double"))
        at = msgspec.structs.replace(p, ship=n, tiles=tiles or {})
        if island.kind == "task":
            best = self._best_receive_at(s, at, n)
        elif (
            s.islands[n].guardians
            and not any(g.colour == island.guardian for g in p.guardians)
            and islands.affordable_stacks(at, island)
        ):
            best = self._guardian_value(s, p)
        else:
            best = -math.inf
        return best - 0.3 * cost if best > -math.inf else -5

    def _great_bonfire_value(self, s: BonfireState, p: Player, a: GreatBonfire) -> float:
        space = next(sp for sp in content.board().great_bonfire if sp.id == a.space)
        worth = 0.0
        if "t" in a.pick:
            worth += 1.2
        if "r" in a.pick:
            worth += (
                2 if not space.resource else self.resource_worth(p) + self.pressure(s, p, "resources", space.resource)
            )
        if "p" in a.pick:
            worth += 1.5 + self.pressure(s, p, "portals")
            slot = len(p.portals) - 1 - sum(1 for x in p.portals if x)
            if 0 <= slot < len(p.bonfires) and p.bonfires[slot].task:
                worth += 1.5
        return worth - (s.countdown if s.triggered else 0)

    def _recruit_value(self, s: BonfireState, p: Player, a: Recruit) -> float:
        elder = content.elder(a.gnome)
        worth = self.pressure(s, p, "gnomes")
        if elder is None:
            ability = content.specialist(a.gnome)
            worth += SPECIALIST_WORTH.get(ability.ability if ability else "", 0.3) if not s.triggered else 0
        else:
            worth += elder.per * (city.counts(p, elder.counts) + 1) - 1
        return worth - (s.countdown if s.triggered else 0)

    def _path_value(self, s: BonfireState, p: Player, a: BuildPath) -> float:
        if a.source.startswith("d"):
            tile = content.path_tile(s.path_display[int(a.source[1:]) - 1])
            worth = self.pressure(s, p, "paths", tile.crystal)
        else:
            tile, worth = None, 0.0
        beside = p.bonfires[len(p.path) + 1] if len(p.path) + 1 < len(p.bonfires) else None
        if tile is not None and beside is not None and beside.task:
            if content.tasks()[beside.task].colour == tile.crystal:
                worth += 2.0
        if len(p.path) < 4 and not any(t.kind == "paths" and t.id in p.common for t in content.board().common_tasks):
            worth += 0.6
        worth += sum(elder.per for g in p.gnomes if (elder := content.elder(g)) and elder.counts == "paths")
        return worth - 0.5 * paths_cost(p) - (s.countdown if s.triggered else 0)

    def _procession_value(self, s: BonfireState, p: Player, a: Procession) -> float:
        worth = 0.0
        for n, g in enumerate(p.guardians):
            if g.where >= 10:
                continue
            ahead = len(p.path) - g.where
            if ahead > 0:
                worth += 1.2
            k = g.where + 1
            if k < len(p.bonfires) and p.bonfires[k].lit and p.portals and p.portals[k] and k <= g.where + a.steps:
                worth += 2.5
        return worth - 0.6 * a.steps - (s.countdown if s.triggered else 0)

    def _fate_value(self, s: BonfireState, p: Player, a: Fate) -> float:
        tile_id = p.fate_column[0 if a.end == "top" else -1]
        symbols = content.board().fate_tiles[int(tile_id.split("-")[1]) - 1].symbols  # ids count from 1
        cells = city.strip_cells(a.row, a.col, a.direction)
        gain = city.fate_gain(p.grid, cells, symbols)
        worth = 0.0
        for kind, n in gain.items():
            worth += n * (0.9 + 0.6 * self.pressure(s, p, "tiles", kind) / 3)
        worth += sum(1.2 for b in content.board().fate_bonuses if (b.row, b.col) in cells)
        for task in self.held(p):
            r = task.requirement
            if r.kind == "fate" and r.what in symbols and task_gap(s, p, task) > 0:
                grid = city.place(p.grid, cells, symbols)
                worth += 1.5 * (city.largest_area(grid, r.what) - city.largest_area(p.grid, r.what))
        return worth - (s.countdown if s.triggered else 0)

    def _discard_value(self, s: BonfireState, p: Player, a: Discard) -> float:
        """Discard only to make room for a fate tile, when there is no main action worth more."""
        if s.flags.main_done or city.tile_count(p) <= (3 if city.has(p, "keep_three") else 1):
            return -5
        return -0.5 + 0.1 * p.tiles.get(a.kind, 0)  # the kind held most of first


def _walk_value(a: Walk) -> float:
    if a.to == "stay":
        return 0
    return 20 + int(a.to[1:]) if a.to[0] == "b" else int(a.to[1:])


#: Each kind of action's value (see `HeuristicBot.value`), looked up by its class: an
#: action is valued for every legal one of every decision, in playouts too.
_VALUE_OF: dict[type, Callable[[HeuristicBot, BonfireState, Player, Any], float]] = {
    Keep: lambda bot, s, p, a: 1,
    Council: lambda bot, s, p, a: bot._council_value(s, a),
    TomTask: lambda bot, s, p, a: -content.tasks()[a.task].points,
    TomGuardian: lambda bot, s, p, a: 0,
    Walk: lambda bot, s, p, a: _walk_value(a),
    Fulfil: lambda bot, s, p, a: (0 if s.triggered else 100) + bot._lit_worth(s, p, a.space - 1),
    Common: lambda bot, s, p, a: 90,
    Pass: lambda bot, s, p, a: float(s.countdown),
    Receive: HeuristicBot._receive_value,
    TakeGuardian: lambda bot, s, p, a: bot._guardian_value(s, p),
    Sail: HeuristicBot._sail_value,
    GreatBonfire: HeuristicBot._great_bonfire_value,
    Recruit: HeuristicBot._recruit_value,
    BuildPath: HeuristicBot._path_value,
    Procession: HeuristicBot._procession_value,
    Fate: HeuristicBot._fate_value,
    Discard: HeuristicBot._discard_value,
}


def paths_cost(p: Player) -> int:
    costs = content.board().path_costs
    return costs[len(p.path)] if len(p.path) < len(costs) else 0


#: Points of margin that make a playout's result count about three quarters as a win: final
#: scores against Tom lie some 30 to 45 points apart by a few points.
MARGIN_SCALE = 5.0

# The search plays its playouts by the heuristic (random ones barely light a bonfire), handed
# the sampled state itself (it reads nothing the view hides), rewards them by the score
# margin too, not only the win (with a few hundred playouts a decision, wins alone hardly
# tell two actions apart), and, solo, grows its nodes in the heuristic's order of
# preference (a turn offers up to forty fate placements, most poor). With two players it
# compares the heuristic's favourites on the same samples (engines/bonfire/search.py).
BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "easy": noisy(HeuristicBot),
    "heuristic": HeuristicBot,
    **search_levels(
        lambda: bot_rollout(HeuristicBot(), state_as_view=True),
        guide=HeuristicBot,
        kind=BonfireSearchBot,
        reward=margin_rewards(MARGIN_SCALE),
        guide_order=True,
    ),
}
