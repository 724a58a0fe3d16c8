"""Handling gear in the move and end phases: pick up, drop, trade (with the other player's
consent), equip and stow."""

from __future__ import annotations

from typing import Literal

from engines.camp_grizzly.actions import Drop, Equip, Pickup, Refuse, Trade, Unequip
from engines.camp_grizzly.base import CampRules
from engines.camp_grizzly.content import label
from engines.camp_grizzly.shared import by_initials, name, player, thing_name
from engines.camp_grizzly.state import Ctx, Ground, Offer, removed


#: Where a counselor's droppable things are, and what each becomes on the ground.
_DROP_PILES: tuple[tuple[str, Literal["card", "mini"]], ...] = (
    ("equipped", "card"),
    ("backpack", "card"),
    ("objectives", "mini"),
)


class GearRules(CampRules):
    """Mixed into the engine (engine.CampGrizzlyEngine): its methods call each other through self."""

    def _do_pickup(self, ctx: Ctx, action: Pickup, p: str) -> None:
        s = ctx.state
        cid = s.order[s.active]
        c = s.counselors[cid]
        for n, g in enumerate(s.ground):
            if g.cell == c.cell and g.id == action.thing:
                s.ground = [*s.ground[:n], *s.ground[n + 1 :]]
                if g.kind == "mini":
                    c.objectives = [*c.objectives, g.id]
                else:
                    c.backpack = [*c.backpack, g.id]
                ctx.say(f"{name(cid)} picks up {thing_name(g.id)}.")
                return

    def _do_drop(self, ctx: Ctx, action: Drop, p: str) -> None:
        s = ctx.state
        cid = s.order[s.active]
        c = s.counselors[cid]
        cell = c.cell
        assert cell is not None  # a counselor on the map (drops are offered only there)
        for pile, kind in _DROP_PILES:
            if action.thing in getattr(c, pile):
                setattr(c, pile, removed(getattr(c, pile), action.thing))
                s.ground = [*s.ground, Ground(cell, kind, action.thing)]
                break
        s.handled = [*s.handled, f"drop:{action.thing}"]
        ctx.say(f"{name(cid)} leaves {thing_name(action.thing)} at {label(cell)}.")

    def _do_trade(self, ctx: Ctx, action: Trade, p: str) -> None:
        """A trade needs both sides: with another player's counselor, that player accepts
        or refuses first (asked once per thing and turn, so no offer loops)."""
        s = ctx.state
        s.handled = [*s.handled, f"trade:{action.thing}"]
        cid = s.order[s.active]
        giver_id, taker_id = by_initials(s, action.giver), by_initials(s, action.taker)
        assert giver_id is not None and taker_id is not None  # a legal trade names two counselors
        other = taker_id if giver_id == cid else giver_id
        seat = s.counselors[other].seat
        if seat != s.counselors[cid].seat:
            s.offer = Offer(action.giver, action.thing, action.taker, seat)
            verb = "offers" if giver_id == cid else "asks for"
            ctx.say(
                f"{name(cid)} {verb} {thing_name(action.thing)} ({'to' if giver_id == cid else 'from'} {name(other)}): "
                f"{player(seat)} accepts or refuses."
            )
            return
        self._hand_over(ctx, action.giver, action.thing, action.taker)

    def _do_refuse(self, ctx: Ctx, action: Refuse, p: str) -> None:
        s = ctx.state
        offer = s.offer
        assert offer is not None  # refusing answers an offer
        giver = by_initials(s, offer.giver)
        assert giver is not None
        ctx.say(f"{player(offer.seat)} refuses the trade: {thing_name(offer.thing)} stays with {name(giver)}.")
        s.offer = None

    def _hand_over(self, ctx: Ctx, giver_initials: str, thing: str, taker_initials: str) -> None:
        s = ctx.state
        action = Trade(giver_initials, thing, taker_initials)
        giver_id, taker_id = by_initials(s, action.giver), by_initials(s, action.taker)
        assert giver_id is not None and taker_id is not None  # a legal trade names two counselors
        giver = s.counselors[giver_id]
        taker = s.counselors[taker_id]
        for src, dst in (
            ("equipped", "backpack"),
            ("backpack", "backpack"),
            ("campers", "campers"),
            ("objectives", "objectives"),
        ):
            if action.thing in getattr(giver, src):
                setattr(giver, src, removed(getattr(giver, src), action.thing))
                setattr(taker, dst, [*getattr(taker, dst), action.thing])
                break
        ctx.say(f"{name(giver.id)} hands {thing_name(action.thing)} to {name(taker.id)}.")

    def _do_equip(self, ctx: Ctx, action: Equip, p: str) -> None:
        s = ctx.state
        c = s.counselors[s.order[s.active]]
        c.backpack = removed(c.backpack, action.card)
        c.equipped = [*c.equipped, action.card]
        ctx.say(f"{name(c.id)} equips {thing_name(action.card)}.")

    def _do_unequip(self, ctx: Ctx, action: Unequip, p: str) -> None:
        s = ctx.state
        c = s.counselors[s.order[s.active]]
        c.equipped = removed(c.equipped, action.card)
        c.backpack = [*c.backpack, action.card]
        s.handled = [*s.handled, f"unequip:{action.card}"]
        ctx.say(f"{name(c.id)} stows {thing_name(action.card)} in the backpack.")
