"""Bots for your seat: `random` and a rule-of-thumb `heuristic` that reads only the view.

The heuristic values every legal action in points, roughly what it brings by the end: it
receives tasks it can soon fulfil, works towards the tasks on its bonfires (tiles,
resources, paths, gnomes, portals, guardians), lights them, and in the countdown passes
only when no task can be lit for more.
"""

from __future__ import annotations

import math
from collections.abc import Callable

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
from engines.bonfire.state import BonfireState, Player, acting, is_tom
from engines.core.bots import RandomBot
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

    def choose(self, ctx: BotContext) -> Action:
        s: BonfireState = ctx.view
        best: Action | None = None
        best_value = -math.inf
        for action in ctx.legal:
            value = self.value(s, action) + ctx.rng.random() * 0.01
            if value > best_value:
                best, best_value = action, value
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
        return [content.tasks()[b.task] for b in p.bonfires if b.task and not b.lit]

    def pressure(self, s: BonfireState, p: Player, kind: str, what: str = "") -> float:
        """How much one more of `kind` (of `what`) helps the tasks you hold: the most a held
        task still missing it is worth."""
        best = 0.0
        for task in self.held(p):
            r = task.requirement
            if r.kind == kind and (not what or r.what == what) and task_gap(s, p, task) > 0:
                best = max(best, 1.0 + task.points / 2)
        return best

    # -- values ----------------------------------------------------------------------------
    def value(self, s: BonfireState, a: Action) -> float:
        p = acting(s)
        if isinstance(a, Keep):
            return 1
        if isinstance(a, Council):
            return self._council_value(s, a)
        if isinstance(a, TomTask):
            return -content.tasks()[a.task].points
        if isinstance(a, TomGuardian):
            return 0
        if isinstance(a, Walk):
            if a.to == "stay":
                return 0
            return 20 + int(a.to[1:]) if a.to[0] == "b" else int(a.to[1:])
        if isinstance(a, Fulfil):
            return (0 if s.triggered else 100) + self._lit_worth(s, p, a.space - 1)
        if isinstance(a, Common):
            return 90
        if isinstance(a, Pass):
            return float(s.countdown)
        if isinstance(a, Receive):
            return self._receive_value(s, p, a)
        if isinstance(a, TakeGuardian):
            return self._guardian_value(s, p)
        if isinstance(a, Sail):
            return self._sail_value(s, p, a)
        if isinstance(a, GreatBonfire):
            return self._great_bonfire_value(s, p, a)
        if isinstance(a, Recruit):
            return self._recruit_value(s, p, a)
        if isinstance(a, BuildPath):
            return self._path_value(s, p, a)
        if isinstance(a, Procession):
            return self._procession_value(s, p, a)
        if isinstance(a, Fate):
            return self._fate_value(s, p, a)
        if isinstance(a, Discard):
            return self._discard_value(s, p, a)
        return 0  # end, finish, redraw

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

    def _receive_value(self, s: BonfireState, p: Player, a: Receive) -> float:
        task = content.tasks()[a.task]
        price = islands.task_price(p, content.board().islands[p.ship], a.stack - 1)
        after = p if price is None else msgspec.structs.replace(p, tiles=price[0], resources=price[1])
        gap = task_gap(s, after, task)
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
        symbols = next(t.symbols for t in content.board().fate_tiles if t.id == tile_id)
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


def paths_cost(p: Player) -> int:
    costs = content.board().path_costs
    return costs[len(p.path)] if len(p.path) < len(costs) else 0


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}
