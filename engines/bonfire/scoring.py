"""Final scoring, with a line per category; who wins against Tom (solo) or between two
players, with the tie-break."""

from __future__ import annotations

from engines.bonfire import content, gnomes, tasks
from engines.bonfire.processions import IN_BONFIRE
from engines.bonfire.state import YOU, BonfireState, Player, tom_board
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
        ScoreLine(
            "Guardians in bonfires", values.guardian_in_bonfire * sum(g.where >= IN_BONFIRE for g in p.guardians)
        ),
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
    """The solo page sets your goal: more points than Tom. Equal points are his win; the
    base game's tie-break (unknown) has no say in solo."""
    a, b = total(s.players[YOU]), total(tom_board(s))
    if a == b:
        return False, " (a tie: you must score more than Tom)"
    return a > b, ""


def tie_break_key(p: Player) -> tuple[int, int, int]:
    """Most points; on a tie more lit bonfires, then more guardians in bonfires (two
    players; the base game's tie-break is unknown, so this default is listed in the notes)."""
    return (total(p), sum(b.lit for b in p.bonfires), sum(g.where >= IN_BONFIRE for g in p.guardians))


def winners(s: BonfireState) -> list[int]:
    """Seats that win a two-player game: one, or both when the tie-break is even too."""
    keys = [tie_break_key(p) for p in s.players]
    best = max(keys)
    return [n for n, key in enumerate(keys) if key == best]


def tie_break_reason(s: BonfireState) -> str:
    """What settled a tie in points ("" when the points alone decided)."""
    keys = [tie_break_key(p) for p in s.players]
    if keys[0][0] != keys[1][0]:
        return ""
    if keys[0][1] != keys[1][1]:
        return "a tie in points, settled by more lit bonfires"
    return "a tie in points and lit bonfires, settled by more guardians in bonfires"
