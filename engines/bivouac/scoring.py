"""End scoring after phase 3 of round 13: resources, money, end bonuses; ties by activities."""

from __future__ import annotations

from collections.abc import Iterable

from engines.bivouac import content
from engines.bivouac.content import Perk
from engines.bivouac.state import BivouacState, Player, player_name
from engines.core.protocol import Outcome, ScoreLine


def end_bonus(player: Player, perk_list: Iterable[Perk]) -> int:
    owned = {o.card for o in player.activities}
    total = 0
    for perk in perk_list:
        total += perk.end_vp
        total += perk.end_vp_per_activity * len(player.activities)
        total += perk.end_vp_per_amenity * len(player.amenities + player.fresh_amenities)
        total += perk.end_vp_per_donor_level * player.donor
        if perk.target and perk.target in owned:
            total += perk.end_vp_if_target
    return total


def breakdown(player: Player) -> list[ScoreLine]:
    amenity_perks = [content.amenities()[a].perk for a in player.amenities + player.fresh_amenities]
    gift_perks = [content.gifts()[g].perk for g in player.gifts]
    staff_perks = [content.staff()[s].perk for s in player.staff]
    lines = [
        ScoreLine("VP track", player.vp),
        ScoreLine("Resources (1 VP each)", sum(player.resources)),
        ScoreLine("Money (1 VP per 2)", player.money // 2),
        ScoreLine("Amenity bonuses", end_bonus(player, amenity_perks)),
        ScoreLine("Donor gift bonuses", end_bonus(player, gift_perks)),
    ]
    if player.staff:
        lines.append(ScoreLine("Staff bonuses", end_bonus(player, staff_perks)))
    return lines


def outcome(state: BivouacState) -> Outcome:
    lines = [breakdown(p) for p in state.players]
    scores = [sum(line.points for line in ls) for ls in lines]
    keys = [(scores[n], len(p.activities)) for n, p in enumerate(state.players)]
    best = max(keys)
    winners = [n for n, k in enumerate(keys) if k == best]
    top = [n for n, s in enumerate(scores) if s == max(scores)]
    if len(top) == 1:
        reason = f"{player_name(top[0])} wins with {scores[top[0]]} VP."
    elif len(winners) == 1:
        reason = (
            f"{player_name(winners[0])} wins the tie at {scores[winners[0]]} VP with the most activities ({best[1]})."
        )
    else:
        reason = " and ".join(player_name(n) for n in winners) + f" share the win with {best[0]} VP."
    if state.phase != "over":
        reason = "If the game ended now: " + reason
    return Outcome(scores=scores, breakdown=lines, winners=winners, reason=reason)
