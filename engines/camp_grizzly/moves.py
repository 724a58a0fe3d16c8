"""Counselors moving: steps, nature trails, the Woods, landing on a space and meeting cameos."""

from __future__ import annotations

from engines.camp_grizzly import content, fights
from engines.camp_grizzly.actions import Move, Stay, Trail, Woods
from engines.camp_grizzly.base import CampRules
from engines.camp_grizzly.content import label, parse_label
from engines.camp_grizzly.fights import has_passive
from engines.camp_grizzly.shared import COUNSELOR_STAGES, Cell, name
from engines.camp_grizzly.state import Ctx, removed


class MoveRules(CampRules):
    """Mixed into the engine (engine.CampGrizzlyEngine): its methods call each other through self."""

    def _do_move(self, ctx: Ctx, action: Move, p: str) -> None:
        s = ctx.state
        to = parse_label(action.to)
        if p == "panic":
            pan = s.panic
            assert pan is not None  # the panic phase runs a panic
            c = s.counselors[pan.counselor]
            c.cell = to
            pan.steps -= 1
            ctx.say(f"{name(pan.counselor)} runs to {action.to}.")
            if pan.steps <= 0:
                s.panic = None
                self._meet_cameos(ctx, pan.counselor, to)
            return
        cid = s.order[s.active]
        c = s.counselors[cid]
        s.moves_left -= 1
        if to in s.locks:
            s.locks = removed(s.locks, to)
            ctx.say(f"{name(cid)} unlocks {action.to} and steps in.")
        else:
            ctx.say(f"{name(cid)} moves to {action.to}.")
        self._arrive(ctx, cid, to)

    def _arrive(self, ctx: Ctx, cid: str, to: Cell) -> None:
        """A counselor enters a space during their move: crossing paths with Otis stops the
        move and he strikes; meeting a cameo resolves its text."""
        s = ctx.state
        s.counselors[cid].cell = to
        if s.otis == to:
            ctx.say(f"{name(cid)} crosses paths with Otis!")
            s.moves_left = 0
            if s.stage == "move":
                s.stage = "draw"
            s.strikes_queued = [*s.strikes_queued, (to, 0)]
            return
        self._meet_cameos(ctx, cid, to)

    def _meet_cameos(self, ctx: Ctx, cid: str, cell: Cell | None) -> None:
        s = ctx.state
        if not s.cameos:
            return
        cards = content.cabin_cards()
        for uid in [cam.uid for cam in reversed(s.cameos) if cam.cell == cell]:
            cam = next((x for x in s.cameos if x.uid == uid), None)
            c = s.counselors[cid]
            if cam is None or cam.cell != cell or s.choice is not None or c.dead or c.cell != cell or s.stage == "over":
                continue
            if uid in ctx.meeting:
                continue  # a cameo whose meeting puts you back on its own space is not met twice
            info = cards[cam.card]
            assert info.cameo is not None  # a cameo on the map comes from a cameo card
            ctx.say(f"{name(cid)} meets {info.name}.")
            ctx.meeting |= {uid}
            self._resolve(ctx, list(info.cameo.meet), cid, cell, info.name, cameo=uid)
            ctx.meeting -= {uid}

    def _do_stay(self, ctx: Ctx, action: Stay, p: str) -> None:
        s = ctx.state
        assert s.panic is not None  # staying ends a panic
        cid = s.panic.counselor
        cell = s.counselors[cid].cell
        assert cell is not None  # a panicking counselor runs on the map
        ctx.say(f"{name(cid)} stops running at {label(cell)}.")
        s.panic = None
        self._meet_cameos(ctx, cid, cell)

    def _land(self, ctx: Ctx, cid: str, to: Cell) -> None:
        """A counselor is put on a space without walking there (a teleport, foolin' around,
        back from the Woods or a finale): Otis there strikes; else they meet cameos there."""
        s = ctx.state
        s.counselors[cid].cell = to
        if s.otis == to:
            ctx.say(f"{name(cid)} lands right in front of Otis!")
            s.strikes_queued = [*s.strikes_queued, (to, 0)]
            return
        self._meet_cameos(ctx, cid, to)

    def _do_trail(self, ctx: Ctx, action: Trail, p: str) -> None:
        s = ctx.state
        cid = s.order[s.active]
        c = s.counselors[cid]
        s.moves_left -= 1
        assert c.cell is not None  # trails are offered on the map only
        far = dict(content.camp_map().trail_links[c.cell])[action.number]
        raw = ctx.roll(6, name(cid), f"nature trail {action.number}")
        value = raw - (1 if c.horrified else 0)
        need = min([6, *[e.amount for e in fights.passive_effects(s, cid) if e.effect == "nature_trail"]])
        rolled = _rolled(raw, value)
        if value >= need:
            ctx.say(f"{name(cid)} rolls {rolled} and follows nature trail {action.number} to {label(far)}.")
            self._arrive(ctx, cid, far)
        elif value <= 1 and not has_passive(s, cid, "never_lost"):
            ctx.say(f"{name(cid)} rolls {rolled} on nature trail {action.number} and gets lost in the Woods!")
            self._lose(ctx, cid)
        else:
            ctx.say(f"{name(cid)} rolls {rolled}: nature trail {action.number} leads nowhere this time.")

    def _lose(self, ctx: Ctx, cid: str) -> None:
        s = ctx.state
        c = s.counselors[cid]
        c.cell = None
        c.woods = True
        if s.stage in COUNSELOR_STAGES and s.order[s.active] == cid:
            s.turn_over = True

    def _do_woods(self, ctx: Ctx, action: Woods, p: str) -> None:
        s = ctx.state
        cid = s.order[s.active]
        c = s.counselors[cid]
        raw = ctx.roll(6, name(cid), "the Woods")
        value = max(1, raw - (1 if c.horrified else 0))
        outcome = content.woods()[value]
        ctx.say(f"{name(cid)} rolls {_rolled(raw, value)} in the Woods: {outcome.name}. {outcome.text}")
        s.stage = "end"
        self._resolve(ctx, list(outcome.effects), cid, None, outcome.name)
        if not c.dead and c.woods and s.choice is None:
            self._come_back(ctx, cid, ctx.roll(6, name(cid), "camp trail home"))

    def _come_back(self, ctx: Ctx, cid: str, number: int) -> None:
        s = ctx.state
        c = s.counselors[cid]
        m = content.camp_map()
        cell = m.camp_trails[number]
        c.woods = False
        ctx.say(f"{name(cid)} finds camp trail {number} back to {label(cell)}.")
        self._land(ctx, cid, cell)


def _rolled(raw: int, value: int) -> str:
    """A die as the log tells it: what it shows, and what it counts for when a horrified
    counselor's -1 changes it (a 6 that does not cross a nature trail must say why)."""
    return f"{raw}" if value == raw else f"{raw} ({value}, horrified)"
