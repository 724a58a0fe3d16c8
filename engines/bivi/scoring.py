"""Bivì's scores: each river's breakdown (notation.py), the expert objectives on
decorations, and the winner with the ties broken."""

from __future__ import annotations

from engines.bivi import content
from engines.bivi.notation import Breakdown, breakdown
from engines.bivi.state import BiviState, board_of, player_name, wood
from engines.core.protocol import Outcome, ScoreLine


def decorations(cells: tuple[int, ...]) -> dict[str, int]:
    """Exact decoration counts over the tiles in a river."""
    counts = {"moss": 0, "butterflies": 0, "ladybugs": 0}
    for t in {v for v in cells if v > 0}:
        tile = content.tile(t)
        counts["moss"] += tile.moss
        counts["butterflies"] += tile.butterflies
        counts["ladybugs"] += tile.ladybugs
    return counts


def objective_points(objective_id: str, counts: list[dict[str, int]]) -> list[int]:
    """Bonus points per seat for one expert objective, from each seat's decoration counts.

    A objectives use competition ranking: every player tied for the best value gets the
    first bonus; the second bonus goes to everyone tied for the next value, but only when
    the first place was not shared."""
    obj = content.objectives()[objective_id]
    if obj.kind == "B":
        return [obj.points * min(c[k] // n for k, n in obj.need.items()) for c in counts]
    values = [sum(c[k] for k in obj.count) for c in counts]
    sign = 1 if obj.best == "most" else -1
    best = max(sign * v for v in values)
    firsts = [sign * v == best for v in values]
    points = [obj.first if f else 0 for f in firsts]
    if sum(firsts) == 1 and len(values) > 1:
        second = max(sign * v for v, f in zip(values, firsts) if not f)
        points = [p or (obj.second if sign * v == second else 0) for p, v in zip(points, values)]
    return points


def breakdowns(state: BiviState) -> list[Breakdown]:
    board = board_of(state)
    return [breakdown(board, p.cells, wood) for p in state.players]


def outcome(state: BiviState) -> Outcome:
    parts = breakdowns(state)
    worst = max(b.largest_hole for b in parts)
    lines = [b.lines(largest_penalised=worst > 0 and b.largest_hole == worst) for b in parts]
    if state.objectives:
        counts = [decorations(p.cells) for p in state.players]
        for obj_id in state.objectives:
            obj = content.objectives()[obj_id]
            for n, pts in enumerate(objective_points(obj_id, counts)):
                lines[n].append(ScoreLine(f"Objective {obj.kind}: {obj.title}", pts))
    scores = [sum(line.points for line in ls) for ls in lines]
    keys = [(scores[n], p.cubes, -p.taken) for n, p in enumerate(state.players)]
    best = max(keys)
    winners = [n for n, k in enumerate(keys) if k == best]
    top = [n for n, s in enumerate(scores) if s == max(scores)]
    if len(top) == 1:
        reason = f"{player_name(top[0])} wins with {scores[top[0]]} points."
    elif len(winners) > 1:
        reason = " and ".join(player_name(n) for n in winners) + f" share the victory with {scores[winners[0]]} points."
    elif sum(1 for n in top if keys[n][1] == keys[winners[0]][1]) == 1:
        reason = f"{player_name(winners[0])} wins the tie at {scores[winners[0]]} points with more wood cubes left."
    else:
        reason = f"{player_name(winners[0])} wins the tie at {scores[winners[0]]} points having taken fewer tiles."
    if state.phase != "over":
        reason = "If the game ended now: " + reason
    return Outcome(scores=scores, breakdown=lines, winners=winners, reason=reason)
