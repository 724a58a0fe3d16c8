"""Final scoring, with a line per category, and who wins against Tom."""

from __future__ import annotations

from engines.bonfire import city, content, gnomes, tasks
from engines.bonfire.processions import IN_BONFIRE
from engines.bonfire.state import TOM, YOU, BonfireState, Player
from engines.core.protocol import ScoreLine


def breakdown(p: Player) -> list[ScoreLine]:
    values = content.board().scoring
    lit = [b.lit for b in p.bonfires]
    portals = sum(1 for k, symbol in enumerate(p.portals) if symbol and lit[k])
    matches = 0
    for position, tile in enumerate(p.path, start=1):
        b = p.bonfires[position]  # bonfire position+1 sits beside path position `position`
        if b.lit and content.tasks()[b.task].colour == content.path_tile(tile).crystal:
            matches += 1
    lines = [
        ScoreLine("Lit bonfires", tasks.lit_points(p)),
        ScoreLine("Guardians in bonfires", values.guardian_in_bonfire * sum(g.where >= IN_BONFIRE for g in p.guardians)),
        ScoreLine("Portals at lit bonfires", values.portal_at_lit_bonfire * portals),
        ScoreLine("Crystal matches", values.crystal_match * matches),
        ScoreLine("Common Tasks", values.common_task * len(p.common)),
        ScoreLine("Elders", gnomes.elder_points(p)),
    ]
    lines.extend(ScoreLine(label, points) for label, points in sorted(p.track.items()))
    return lines


def total(p: Player) -> int:
    return sum(line.points for line in breakdown(p))


def you_win(s: BonfireState) -> tuple[bool, str]:
    """You must score more than Tom; a tie goes to more lit bonfires, then more guardians
    in bonfires, and if still equal Tom keeps the win."""
    you, tom = s.players[YOU], s.players[TOM]
    a, b = total(you), total(tom)
    if a != b:
        return a > b, ""
    keys = [("lit bonfires", "lit"), ("guardians in bonfires", "guardians_in_bonfires")]
    for label, kind in keys:
        x, y = city.counts(you, kind), city.counts(tom, kind)
        if x != y:
            return x > y, f" (tie broken by {label})"
    return False, " (a full tie: you had to beat Tom)"
