"""The cards a counselor may play now (`Use`): those whose timing fits and that would do
something, and where a played card takes effect ("your space")."""

from __future__ import annotations

from engines.camp_grizzly import content
from engines.camp_grizzly.actions import Action, Use
from engines.camp_grizzly.base import CampRules
from engines.camp_grizzly.content import Effect
from engines.camp_grizzly.fights import usable_from_backpack
from engines.camp_grizzly.shared import Cell, alive, initials, phase
from engines.camp_grizzly.state import CampState


#: The effects `_effect_useful` may find useless in a position: every other effect does something.
_USEFUL_AT_TIMES = frozenset({"otis_reroll", "calm", "gain_keys", "heal", "move_bonus"})


class LegalCardRules(CampRules):
    """Mixed into the engine (engine.CampGrizzlyEngine): its methods call each other through self."""

    def _uses(self, state: CampState, who: list[str], timings: tuple[str, ...]) -> list[Action]:
        out: list[Action] = []
        for cid in who:
            c = state.counselors[cid]
            if c.dead or not (c.survival or c.backpack):
                continue
            surv = content.survival_cards()
            cards = content.cabin_cards()
            names: dict[str, None] = {}
            for sid in c.survival:
                if surv[sid].timing in timings and self._useful(state, cid, surv[sid].effects):
                    names[sid] = None
            for cardid in c.backpack:
                if (
                    usable_from_backpack(cardid)
                    and cards[cardid].timing in timings
                    and self._useful(state, cid, cards[cardid].effects)
                ):
                    names[cardid] = None
            if names:
                mark = initials(cid)
                out += [Use(mark, x) for x in names]
        return out

    def _useful(self, state: CampState, cid: str, effects: tuple[Effect, ...]) -> bool:
        """Cards that would do nothing now are not offered: a card is offered when at least
        one of its effects would do something (a reroll only when Otis just won the roll, a
        calm only with a horrified counselor in your space, a heal only for an injured
        counselor, extra movement only in your own move phase, keys only while the supply
        lasts)."""
        for e in effects:
            if e.effect not in _USEFUL_AT_TIMES or self._effect_useful(state, cid, e):
                return True
        return False

    def _effect_useful(self, state: CampState, cid: str, e: Effect) -> bool:
        s = state
        if e.effect == "otis_reroll":
            return s.strike is not None and s.strike.pending is not None
        if e.effect == "calm":
            return any(s.counselors[x].horrified for x in self._space_mates(s, cid, self._user_cell(s, cid)))
        if e.effect == "gain_keys":
            return s.key_supply > 0
        if e.effect == "heal":
            return any(s.counselors[x].injuries for x in self._targets(s, e.who, cid, self._user_cell(s, cid)))
        if e.effect == "move_bonus" and e.amount > 0:
            return s.stage == "move" and phase(s) == "move" and s.order[s.active] == cid
        return True

    def _user_cell(self, state: CampState, cid: str) -> Cell | None:
        """Where a card played by `cid` takes effect (their space, or the strike's)."""
        c = state.counselors[cid]
        return c.cell if c.cell is not None else (state.strike.cell if state.strike else None)

    def _space_mates(self, state: CampState, cid: str, cell: Cell | None) -> list[str]:
        """The living counselors "in your space": on the same map space; together in a
        finale (all of them are on the finale card); yourself alone in the Woods."""
        s = state
        f = s.finale
        if f is not None and cid in f.participants and cid not in f.failed:
            return self._finale_active(s)
        if cell is None:
            return [cid] if not s.counselors[cid].dead else []
        return [x for x in alive(s) if s.counselors[x].cell == cell]
