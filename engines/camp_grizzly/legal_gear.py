"""The gear-handling part of a counselor's legal actions: pick up, trade, equip, stow and
drop, each kind from its own method so `LegalRules._allows` works out only the one it needs."""

from __future__ import annotations

from engines.camp_grizzly.actions import Action, Drop, Equip, Pickup, Trade, Unequip
from engines.camp_grizzly.base import CampRules
from engines.camp_grizzly.fights import equippable, hands_limit, hands_of, hands_used
from engines.camp_grizzly.shared import initials
from engines.camp_grizzly.state import CampState


#: The kinds of action `_handling` offers (see `_handling_of_kind`).
HANDLED_KINDS = (Pickup, Trade, Equip, Unequip, Drop)


class LegalGearRules(CampRules):
    """Mixed into the engine (engine.CampGrizzlyEngine): its methods call each other through self."""

    def _handling_of_kind(self, kind: type, state: CampState, cid: str) -> list[Action]:
        """The part of `_handling` that offers `kind`, one of HANDLED_KINDS: `_allows` asks
        only the part that could offer the action it judges."""
        if kind is Pickup:
            return self._pickups(state, cid)
        if kind is Trade:
            return self._trades(state, cid)
        if kind is Equip:
            return self._equips(state, cid)
        if kind is Unequip:
            return self._unequips(state, cid)
        if kind is Drop:
            return self._drops(state, cid)
        return []

    def _handling(self, state: CampState, cid: str) -> list[Action]:
        """Pick up, trade, equip, stow and drop: allowed in the move and end phases, each
        kind from its own part (`_handling_of_kind`), so `_allows` works out only the part it needs.
        A part that would offer nothing is not asked (most counselors carry little, alone)."""
        c = state.counselors[cid]
        out = self._pickups(state, cid) if state.ground else []
        if c.cell is not None and len(state.order) > 1:
            out += self._trades(state, cid)
        if c.backpack:
            out += self._equips(state, cid)
        if c.equipped:
            out += self._unequips(state, cid)
        if c.equipped or c.backpack or c.objectives:
            out += self._drops(state, cid)
        return out

    def _pickups(self, state: CampState, cid: str) -> list[Action]:
        if not state.ground:
            return []
        cell = state.counselors[cid].cell
        done = state.handled  # a few entries at most: searched as it is
        out: list[Action] = []
        for g in state.ground:
            if g.cell == cell and f"drop:{g.id}" not in done:
                pickup = Pickup(g.id)
                if pickup not in out:  # two of a kind lying here are one choice
                    out.append(pickup)
        return out

    def _trades(self, state: CampState, cid: str) -> list[Action]:
        counselors = state.counselors
        cell = counselors[cid].cell
        out: list[Action] = []
        if cell is None:
            return out
        done = state.handled
        for other in state.order:  # the living counselors sharing the space, in turn order
            o = counselors[other]
            if other == cid or o.cell != cell or o.dead or o.escaped:
                continue
            for giver, taker in ((cid, other), (other, cid)):
                for thing in dict.fromkeys(self._tradeable(state, giver)):
                    if f"trade:{thing}" not in done:
                        out.append(Trade(initials(giver), thing, initials(taker)))
        return out

    def _equips(self, state: CampState, cid: str) -> list[Action]:
        c = state.counselors[cid]
        out: list[Action] = []
        if not c.backpack:
            return out
        done = state.handled
        free = None  # hands left, counted only when something could be equipped
        for cardid in dict.fromkeys(c.backpack):
            if not equippable(cardid) or f"unequip:{cardid}" in done:
                continue
            if free is None:
                free = hands_limit(state, cid) - hands_used(state, cid)
            if hands_of(cardid) <= free:
                out.append(Equip(cardid))
        return out

    def _unequips(self, state: CampState, cid: str) -> list[Action]:
        return list(map(Unequip, dict.fromkeys(state.counselors[cid].equipped)))

    def _drops(self, state: CampState, cid: str) -> list[Action]:
        c = state.counselors[cid]
        if c.cell is None or not (c.equipped or c.backpack or c.objectives):
            return []
        return list(map(Drop, dict.fromkeys([*c.equipped, *c.backpack, *c.objectives])))

    def _tradeable(self, state: CampState, cid: str) -> list[str]:
        c = state.counselors[cid]
        return [*c.equipped, *c.backpack, *c.campers, *c.objectives]
