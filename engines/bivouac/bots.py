"""Bivouac bots. They read only their own view, their legal actions and their generator.

The heuristic values each legal action with a few camp-director rules of thumb: staff the
activities that pay now, buy activities that will still run many months, keep enough money
for wages, raise the donor level while it still saves wages, and bring the Donor Level
worker back before the Donor Gift one.
"""

from __future__ import annotations

from engines.bivouac import content
from engines.bivouac.actions import (
    Action,
    Buy,
    Done,
    Hire,
    Pay,
    Place,
    PlayUpgrade,
    RaiseDonor,
    Return,
    Skip,
    TakeGiftStaff,
    TakeStaff,
)
from engines.bivouac.state import ROUNDS
from engines.bivouac.view import BivouacView, PlayerView
from engines.core.bots import RandomBot
from engines.core.protocol import Bot, BotContext

VP_WEIGHT = 1.5  # a VP is worth a little more than a money to this bot


def months_left(view: BivouacView, activity: str) -> int:
    months = content.activities()[activity].months
    return sum(1 for r in range(view.round + 1, ROUNDS + 1) if content.month_of_round(r) in months)


def activity_worth(view: BivouacView, activity: str) -> float:
    card = content.activities()[activity]
    per_use = card.money + VP_WEIGHT * card.vp
    return per_use * months_left(view, activity) / max(1, card.workers) - 4 * sum(card.cost.values()) / 4


def affordable(me: PlayerView, view: BivouacView, cost: dict[str, int]) -> bool:
    return all(me.resources[view.resources.index(k)] >= n for k, n in cost.items())


def _buy_options(view: BivouacView, me: PlayerView, kind: str) -> list[str]:
    cards = content.activities() if kind == "activities" else content.amenities()
    owned = {a.card for a in me.activities} | set(me.amenities) | set(me.fresh_amenities)
    return [
        c for c, n in view.market if n > 0 and c in cards and c not in owned and affordable(me, view, cards[c].cost)
    ]


class HeuristicBot(Bot):
    name = "heuristic"

    def choose(self, ctx: BotContext) -> Action:
        view: BivouacView = ctx.view
        me = view.players[ctx.seat]
        scored = [(self.value(view, me, a), -i, a) for i, a in enumerate(ctx.legal)]
        best: Action = max(scored, key=lambda t: (t[0], t[1]))[2]
        return best

    def value(self, view: BivouacView, me: PlayerView, action: Action) -> float:
        late = view.round >= ROUNDS - 2
        if isinstance(action, Place):
            return self.place_value(view, me, action.spot, late)
        if isinstance(action, Return):
            return {"donor": 3.0, "gift": 0.0}.get(action.spot, 1.0)
        if isinstance(action, Buy):
            if action.card in content.activities():
                return 10 + activity_worth(view, action.card)
            perk = content.amenities()[action.card].perk
            rounds = ROUNDS - view.round
            per_round = (
                perk.income_money
                + VP_WEIGHT * perk.income_vp
                + perk.wage_discount
                + perk.bank_bonus
                + perk.resource_money
                + 0.5 * perk.donor_money
                + perk.shield
            )
            return 5 + per_round * rounds / 4 + perk.end_vp_per_activity * len(me.activities)
        if isinstance(action, Hire):
            return self.place_value(view, me, "hiring", late)
        if isinstance(action, RaiseDonor):  # lower wages and a richer gift pile: always worth it
            return 5.0
        if isinstance(action, (TakeStaff, TakeGiftStaff, PlayUpgrade)):
            return 5.0
        if isinstance(action, Pay):
            return float(me.resources[view.resources.index(action.resource)])
        if isinstance(action, (Skip, Done)):
            return 0.5
        return 0.0

    def place_value(self, view: BivouacView, me: PlayerView, spot: str, late: bool) -> float:
        for act in me.activities:
            if act.card == spot:
                card = content.activities()[spot]
                bonus = 2 if view.month == card.bonus_month else 0
                return 8 + (act.money + VP_WEIGHT * (act.vp + bonus)) / max(1, act.workers_needed)
        short_of_wages = me.money < me.wages + 2
        if spot == "bank":
            return 6.0 if short_of_wages else 3.0
        if spot == "activities":
            return 0.5 if late or not _buy_options(view, me, "activities") else 7.5
        if spot == "amenities":
            return 0.5 if late or not _buy_options(view, me, "amenities") else 5.0
        if spot == "donor":
            return 5.5 if me.donor < me.workers and not late else 1.0
        if spot == "gift":
            return (
                4.5
                if me.donor >= 1 or "donor" in {s.location for s in view.spots if view.actor in s.occupants}
                else 0.2
            )
        if spot == "hiring":
            return 4.0 if me.workers < 6 and view.round <= 8 else 0.3
        if spot == "start":
            return 1.0
        if spot in view.resources:
            i = view.resources.index(spot)
            if view.supply[i] == 0:
                return 0.1
            return 2.5 if late else 4.0 + 0.5 * (me.resources[i] == 0)
        return 0.0


__all__ = ["HeuristicBot", "RandomBot"]
