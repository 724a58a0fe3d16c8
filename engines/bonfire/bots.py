"""Bots for your seat: `random` and a rule-of-thumb `heuristic` that reads only the view."""

from __future__ import annotations

from engines.bonfire import city, content, islands, tasks
from engines.bonfire.actions import (
    BuildPath,
    Common,
    Council,
    Discard,
    End,
    Fate,
    Finish,
    Fulfil,
    GreatBonfire,
    Keep,
    Pass,
    Procession,
    Receive,
    Recruit,
    Redraw,
    Sail,
    TakeGuardian,
    TomGuardian,
    TomTask,
    Walk,
)
from engines.bonfire.state import BonfireState, acting, is_tom
from engines.core.bots import RandomBot
from engines.core.protocol import Bot, BotContext


class HeuristicBot(Bot):
    """Scores every legal action by a few rules of thumb and plays the best."""

    name = "heuristic"

    def choose(self, ctx: BotContext):
        s: BonfireState = ctx.view
        best, best_value = None, float("-inf")
        for action in ctx.legal:
            value = self.value(s, action) + ctx.rng.random() * 0.01
            if value > best_value:
                best, best_value = action, value
        return best

    def value(self, s: BonfireState, a) -> float:
        p = acting(s)
        if isinstance(a, Keep):
            return 1
        if isinstance(a, Council):
            pending = s.pending[0]
            space = next(sp for sp in content.board().council if sp.id == a.space)
            worth = space.points + sum(space.tiles.values()) * 1.5 + sum(space.resources.values())
            if is_tom(s, pending.who):  # Tom takes only his point: leave him the space you want least
                return 0 if pending.source == "neutral" else -worth
            return worth
        if isinstance(a, TomTask):
            return -content.tasks()[a.task].points
        if isinstance(a, TomGuardian):
            return 0
        if isinstance(a, Walk):
            if a.to == "stay":
                return 0
            return 20 + int(a.to[1:]) if a.to[0] == "b" else int(a.to[1:])
        if isinstance(a, Fulfil):
            return 100 + content.tasks()[p.bonfires[a.space - 1].task].points
        if isinstance(a, Common):
            return 90
        if isinstance(a, Pass):
            return 36 + 3 * s.countdown
        if isinstance(a, Receive):
            task = content.tasks()[a.task]
            return 50 + task.points + self._feasibility(s, task) - a.space * 0.1 + self._crystal_fit(p, task, a.space)
        if isinstance(a, TakeGuardian):
            return 55
        if isinstance(a, GreatBonfire):
            return 26 + (6 if "p" in a.pick else 0) + (3 if "r" in a.pick else 0) + (2 if "t" in a.pick else 0)
        if isinstance(a, Recruit):
            elder = content.elder(a.gnome)
            if elder is None:
                return 34
            # An Elder is worth what it will count at the end: judge it by what you have
            # now plus one more, so an Elder of nothing yet waits.
            return 30 + 2 * elder.per * (city.counts(p, elder.counts) + 1)
        if isinstance(a, BuildPath):
            return 38 + (1 if a.source.startswith("d") else 0)
        if isinstance(a, Procession):
            return 34 - a.steps
        if isinstance(a, Fate):
            symbols = self._fate_symbols(p, a.end)
            cells = city.strip_cells(a.row, a.col, a.direction)
            gain = sum(city.fate_gain(p.grid, cells, symbols).values())
            bonus = sum(1 for b in content.board().fate_bonuses if (b.row, b.col) in cells)
            return 30 + gain * 2 + bonus * 2
        if isinstance(a, Sail):
            return self._sail_value(s, a)
        if isinstance(a, Redraw):
            return 1
        if isinstance(a, Discard):
            blocked = not s.flags.main_done and city.tile_count(p) > 1
            return 2 if blocked else -5
        if isinstance(a, End):
            return 0
        if isinstance(a, Finish):
            return 0
        return 0

    def _feasibility(self, s: BonfireState, task) -> float:
        """How close you are to fulfilling `task`: met now scores high, far off low."""
        p = acting(s)
        r = task.requirement
        if r.kind in ("resources", "tiles"):
            have = sum(p.resources.values()) if r.kind == "resources" else city.tile_count(p)
            return 12 if have >= r.count + 2 else 4
        if tasks.met(s, s.current, task):
            return 20
        if r.kind in ("paths", "portals", "gnomes", "guardians", "lit"):
            return 6 - 3 * (r.count - city.counts(p, r.kind if r.kind != "paths" else "paths"))
        if r.kind == "fate":
            return 6 - 3 * (r.count - city.largest_area(p.grid, r.what))
        return -5

    def _crystal_fit(self, p, task, space: int) -> float:
        if space - 2 < 0 or space - 2 >= len(p.path):
            return 0
        return 3 if content.path_tile(p.path[space - 2]).crystal == task.colour else 0

    def _fate_symbols(self, p, end: str) -> list[str]:
        tile_id = p.fate_column[0 if end == "top" else -1]
        return next(t.symbols for t in content.board().fate_tiles if t.id == tile_id)

    def _sail_value(self, s: BonfireState, a: Sail) -> float:
        p = acting(s)
        n = content.island_index(a.island)
        island = content.board().islands[n]
        here = s.islands[n]
        cost = islands.sail_cost(p, n)
        if island.kind == "task" and here.tasks and any(not b.task for b in p.bonfires) and any(p.offerings):
            open_tasks = sum(1 for b in p.bonfires if b.task and not b.lit)
            best = max(content.tasks()[t].points + self._feasibility(s, content.tasks()[t]) for t in here.tasks)
            return 25 + best * 0.8 - cost * 2 - open_tasks * 6
        if island.kind == "guardian" and here.guardians and not any(g.colour == island.guardian for g in p.guardians):
            return 31 - cost * 2
        return 10 - cost


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
