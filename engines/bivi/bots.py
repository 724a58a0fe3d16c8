"""Bivì bots. They read only their view, their legal actions and their own generator.

The heuristic scores a candidate placement with cheap local features instead of rescoring
the whole river, so it can look at every tile on every forest side each turn:
growth of the largest same-wood group, cells filled below the bank (lower is better),
cells wasted above the bank, and empty cells it would bury under an overhang.
"""

from __future__ import annotations

from engines.bivi import content
from engines.bivi.actions import (
    Action,
    ChooseBank,
    CubeAt,
    Discard,
    MoveBeaver,
    NoCube,
    Place,
    SetBeaver,
    Take,
    TakeCube,
)
from engines.bivi.beaver_and_cubes import beaver_reach, move_cost, tile_graph
from engines.bivi.geometry import EMPTY, Cell, absolute, layout, oriented_cells
from engines.bivi.placement_search import legal_placements
from engines.core.bots import RandomBot
from engines.bivi.view import BiviView
from engines.core.protocol import Bot, BotContext
from engines.core.rng import Rng

#: Where and how a tile goes: (row, col, rotation, flipped).
Spot = tuple[int, int, int, bool]

CUBE_VALUE = 0.9  # what a cube in stock is worth, in points, to this bot
PATIENCE = 40  # after this many turns, cubes lose value every turn so a long game moves on
IMPATIENCE = 0.05  # points a cube loses per turn after PATIENCE
MOVE_COST = 1.2  # each cube spent moving the beaver must gain at least this much


class _Model:
    """My river as the bot sees it, with the wood groups precomputed once per decision."""

    def __init__(self, view: BiviView, seat: int) -> None:
        self.view = view
        self.board = content.board(view.board)
        self.lay = layout(self.board)
        me = view.rivers[seat]
        self.me = me
        self.grid = tuple(v for row in me.cells for v in row)
        self.w = self.lay.width
        self.bank_row = self.lay.bank_row
        self.flip = view.flip_allowed
        # a cube can be gained only from the supply or by stealing from another player
        gainable = view.supply > 0 or any(r.cubes > 0 for r in view.rivers if r.seat != seat)
        # (with none to gain, discarding is only a pass: the bot then places whatever fits)
        if not gainable:
            self.cube_value = -5.0
        elif me.cubes < 3:
            self.cube_value = CUBE_VALUE
        else:  # hoarding: every extra cube is worth less, so the bot keeps building
            self.cube_value = 0.2 - 0.6 * (me.cubes - 3)
        # a game that drags on (bots passing cubes around by stealing) ends by building:
        # late on, keeping cubes is worth less and less, and any free cell takes a cube
        self.impatience = IMPATIENCE * max(0, view.turn - PATIENCE)
        self.cube_value -= self.impatience
        # tile -> group id, group id -> size, best group size per wood
        graph = tile_graph(self.lay, self.grid)
        self.group: dict[int, int] = {}
        self.size: dict[int, int] = {}
        for t in sorted(graph):
            if t in self.group:
                continue
            wood = content.tile(t).wood
            stack, members = [t], []
            self.group[t] = t
            while stack:
                u = stack.pop()
                members.append(u)
                for v in graph[u]:
                    if v not in self.group and content.tile(v).wood == wood:
                        self.group[v] = t
                        stack.append(v)
            self.size[t] = len(members)
        self.best = {w: 0 for w in content.WOODS}
        for root, size in self.size.items():
            wood = content.tile(root).wood
            self.best[wood] = max(self.best[wood], size)

    def placements(
        self, tile_id: int, beaver: Cell | None = None, bank: str | None = None
    ) -> list[tuple[int, int, int, bool, list[Cell]]]:
        beaver = self.me.beaver if beaver is None else beaver
        bank = self.me.bank if bank is None else bank
        return legal_placements(self.lay, self.grid, content.tile(tile_id).cells, tile_id, beaver, bank, self.flip)

    def value(self, tile_id: int, row: int, col: int, rotation: int, flipped: bool) -> float:
        tile = content.tile(tile_id)
        cells = absolute(oriented_cells(tile.cells, rotation, flipped), row, col)
        w, grid, lay = self.w, self.grid, self.lay
        own = {r * w + c for r, c in cells}
        # wood: which same-wood groups would this tile join?
        joined: set[int] = set()
        for r, c in cells:
            for j in (r * w + c - w, r * w + c + w, r * w + c - 1, r * w + c + 1):
                if 0 <= j < len(grid) and j not in own:
                    t = grid[j]
                    if t > 0 and content.tile(t).wood == tile.wood:
                        joined.add(self.group[t])
        merged = 1 + sum(self.size[g] for g in joined)
        score = 1.0 * (max(self.best[tile.wood], merged) - self.best[tile.wood]) + 0.3 * len(joined)
        below = sum(1 for r, _ in cells if r >= self.bank_row)
        above = len(cells) - below
        score += 0.55 * below - 0.45 * above
        score += 0.06 * sum(r - self.bank_row for r, _ in cells if r >= self.bank_row)
        # cells this tile would bury: empty river cells below the bank under its lowest cell
        lowest: dict[int, int] = {}
        for r, c in cells:
            lowest[c] = max(r, lowest.get(c, r))
        buried = 0
        for c, r in lowest.items():
            rr = r + 1
            while rr < lay.height and lay.kinds[rr * w + c] == "." and grid[rr * w + c] == EMPTY:
                if rr >= self.bank_row:
                    buried += 1
                rr += 1
        score -= 0.9 * buried
        # narrow slots left beside the tile that no log can fill later
        for r, c in cells:
            if r < self.bank_row:
                continue
            for cc in (c - 1, c + 1):
                j = r * w + cc
                if j in own or not lay.is_river(r, cc) or grid[j] != EMPTY:
                    continue
                left, right = j - 1, j + 1
                blocked = [k in own or lay.kinds[k] != "." or grid[k] != EMPTY for k in (left, right)]
                if all(blocked):
                    score -= 0.4
        return score

    def best_placement(
        self, tile_id: int, beaver: Cell | None = None, bank: str | None = None
    ) -> tuple[float, Spot | None]:
        best: float = -1e9
        choice: Spot | None = None
        for r, c, rot, flip, _spots in self.placements(tile_id, beaver, bank):
            v = self.value(tile_id, r, c, rot, flip)
            if v > best:
                best, choice = v, (r, c, rot, flip)
        return best, choice

    def plug_value(self, cell: Cell) -> float:
        """How much a cube helps in `cell`: filling a slot no tile fits is worth most."""
        r, c = cell
        if r < self.bank_row:
            return -1.0
        w, grid, lay = self.w, self.grid, self.lay
        j = r * w + c

        def closed(k: int, rr: int, cc: int) -> bool:
            return not lay.is_river(rr, cc) or grid[k] != EMPTY

        sides = closed(j - 1, r, c - 1) + closed(j + 1, r, c + 1)
        covered = any(grid[k * w + c] != EMPTY for k in range(0, r))
        value = 0.3 + 0.5 * sides + (0.8 if covered else 0.0) + 0.05 * (r - self.bank_row)
        return value


class HeuristicBot(Bot):
    """Builds large same-wood groups low in the river, avoids burying holes, plugs narrow
    gaps with cubes, and prefers placing timber to discarding it."""

    name = "heuristic"

    def choose(self, ctx: BotContext) -> Action:
        view: BiviView = ctx.view
        legal: list[Action] = list(ctx.legal)
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase == "bank":
            return next(a for a in legal if isinstance(a, ChooseBank))
        model = _Model(view, ctx.seat)
        if phase in ("foreman", "take"):
            return self._pick(model, legal)
        if phase == "hand":
            return self._hand(model, view, legal)
        if phase == "beaver":
            spots = [a for a in legal if isinstance(a, SetBeaver)]
            return max(spots, key=lambda a: (a.row, -abs(a.col - model.w // 2)))
        if phase == "end":
            cubes = [a for a in legal if isinstance(a, CubeAt)]
            scored = [(model.plug_value((a.row, a.col)), a) for a in cubes]
            if scored:
                value, best = max(scored, key=lambda x: x[0])
                keep = (1.2 if model.me.cubes <= 1 else 0.7) - model.impatience
                if value >= keep:
                    return best
            return next(a for a in legal if isinstance(a, NoCube))
        rng: Rng = ctx.rng
        return rng.choice(legal)

    def _pick(self, model: _Model, legal: list[Action]) -> Action:
        best, choice = -1e9, legal[0]
        for action in legal:
            if isinstance(action, Take):
                value, spot = model.best_placement(action.tile)
                if spot is None:
                    value = model.cube_value - 0.5 if model.view.phase == "take" else -2.0
            elif isinstance(action, TakeCube):
                value = model.cube_value
            else:
                continue
            if value > best:
                best, choice = value, action
        return choice

    def _hand(self, model: _Model, view: BiviView, legal: list[Action]) -> Action:
        places = [a for a in legal if isinstance(a, Place)]
        best: float = -1e9
        choice: Place | MoveBeaver | None = None
        for a in places:
            v = model.value(view.hand, a.row, a.col, a.rotation, a.flipped)
            if v > best:
                best, choice = v, a
        moves = [a for a in legal if isinstance(a, MoveBeaver)]
        if moves and best < 1.5:
            reach = beaver_reach(model.lay, model.grid, model.me.beaver)
            seen_tiles: set[int] = set()
            for m in moves:
                tile_below = model.grid[(m.row + 1) * model.w + m.col]
                if tile_below in seen_tiles:  # adjacency depends only on the tile stood on
                    continue
                seen_tiles.add(tile_below)
                v, spot = model.best_placement(view.hand, beaver=(m.row, m.col), bank="")
                v -= MOVE_COST * move_cost(reach[(m.row, m.col)])
                if spot is not None and v > max(best, model.cube_value if view.actor != view.foreman else -1e9):
                    best, choice = v, m
        can_discard = any(isinstance(a, Discard) for a in legal)
        if choice is None or (can_discard and view.actor != view.foreman and best < model.cube_value - 0.6):
            if can_discard:
                return next(a for a in legal if isinstance(a, Discard))
            return legal[0]
        return choice


__all__ = ["HeuristicBot", "RandomBot"]
