"""Finales: starting one (with a vote when others' objectives are spent), its steps, rolls
and choices, escape or failure."""

from __future__ import annotations

from engines.camp_grizzly import content
from engines.camp_grizzly.actions import CastVote, ChooseOption, Roll, StartFinale
from engines.camp_grizzly.base import CampRules
from engines.camp_grizzly.content import label
from engines.camp_grizzly.shared import COUNSELOR_STAGES, alive, by_initials, name, player
from engines.camp_grizzly.state import CampState, Ctx, FinaleRun, Strike, Vote


class FinaleRules(CampRules):
    """Mixed into the engine (engine.CampGrizzlyEngine): its methods call each other through self."""

    def _do_startfinale(self, ctx: Ctx, action: StartFinale, p: str) -> None:
        s = ctx.state
        cid = s.order[s.active]
        combo = self._combination(s, action.site, cid)
        assert combo is not None  # a legal start: the objectives are there
        mine = sum(1 for holder, _ in combo if holder == cid)
        seat = s.counselors[cid].seat
        voters = sorted({s.counselors[h].seat for h, _ in combo if h != cid and s.counselors[h].seat != seat})
        fin = content.finales()[action.site]
        if mine >= 2 or not voters:
            ctx.say(f"{name(cid)} starts the finale: {fin.name}.")
            self._start_finale(ctx, action.site)
        else:
            ctx.say(f"{name(cid)} asks to start {fin.name}: the other holders vote.")
            s.vote = Vote(site=action.site, caller=cid, voters=voters, objectives=combo)

    def _do_castvote(self, ctx: Ctx, action: CastVote, p: str) -> None:
        s = ctx.state
        v = s.vote
        assert v is not None  # the vote phase has a vote
        voter, v.voters = v.voters[0], v.voters[1:]
        if not action.yes:
            ctx.say(f"{player(voter)} votes no: the finale waits.")
            s.vote = None
            return
        ctx.say(f"{player(voter)} votes yes.")
        if not v.voters:
            s.vote = None
            ctx.say(f"Everyone agrees: {content.finales()[v.site].name} begins.")
            self._start_finale(ctx, v.site)

    def _start_finale(self, ctx: Ctx, site: str) -> None:
        s = ctx.state
        m = content.camp_map()
        arrow = m.site_cells[site]
        area = set(m.area(arrow))
        group = [cid for cid in alive(s) if s.counselors[cid].cell in area]
        for cid in group:
            s.counselors[cid].cell = None
        fin = content.finales()[site]
        s.finale = FinaleRun(site=site, step=0, participants=group)
        ctx.say(f"{', '.join(name(x) for x in group)} head for {fin.name}. {fin.intro}")

    def _finale_active(self, s: CampState) -> list[str]:
        f = s.finale
        assert f is not None  # asked during a finale
        return [x for x in f.participants if x not in f.failed and not s.counselors[x].dead]

    def _finale_advance(self, ctx: Ctx) -> bool:
        """Resolve finale steps that need no decision; True when a decision is due."""
        s = ctx.state
        f = s.finale
        assert f is not None  # a finale is running
        fin = content.finales()[f.site]
        for _ in range(len(fin.steps) + 2):
            group = self._finale_active(s)
            if not group:
                self._finale_fail(ctx)
                return False
            step = fin.steps[f.step]
            if step.kind in ("roll", "choice"):
                return True
            if step.kind == "win":
                ctx.say(step.text)
                for cid in group:
                    s.counselors[cid].escaped = True
                    s.counselors[cid].cell = None
                s.finale = None
                names = ", ".join(name(x) for x in group)
                self._game_over(ctx, "win", f"{names} escaped by {fin.name}.")
                return False
            if step.kind == "effect":
                ctx.say(step.text)
                self._goto(f, fin, f.step + 1)
                for cid in group:
                    self._resolve(ctx, list(step.effects), cid, None, fin.name)
                if s.choice is not None or s.strikes_queued or s.strike is not None:
                    return False
                continue
            if step.kind == "fight":
                ctx.say(f"{step.text} Otis attacks ({step.otis_bonus:+d} to his roll).")
                s.otis = None
                s.strike = Strike(
                    cell=None, danger=list(group), kind="finale", bonus=step.otis_bonus, resume="finale_step"
                )
                return False
        return True

    def _goto(self, f: FinaleRun, fin: content.Finale, index: int, goto: str = "") -> None:
        if goto:
            index = [x.id for x in fin.steps].index(goto)
        f.step = index
        f.tries = 0

    def _do_roll(self, ctx: Ctx, action: Roll, p: str) -> None:
        s = ctx.state
        f = s.finale
        assert f is not None  # the finale phase runs a finale
        fin = content.finales()[f.site]
        step = fin.steps[f.step]
        group = self._finale_active(s)

        def value(cid: str) -> int:
            raw = ctx.roll(step.die, name(cid), step.id)
            if not s.counselors[cid].horrified:
                return raw
            ctx.say(f"{name(cid)} rolls {raw} ({raw - 1}, horrified).")  # the dice tray shows the raw die
            return raw - 1

        if step.roller == "each":
            for cid in group:
                for _ in range(step.tries):
                    if value(cid) >= step.target:
                        ctx.say(f"{name(cid)} makes it ({step.text})")
                        break
                    self._resolve(ctx, list(step.on_miss), cid, None, fin.name)
                    if s.counselors[cid].dead:
                        break
                else:
                    if step.on_fail == "fail" and cid not in f.failed:
                        f.failed = [*f.failed, cid]
                        ctx.say(f"{name(cid)} fails and drops out of the finale.")
            self._goto(f, fin, f.step + 1, step.goto)
            return
        if step.roller == "team":
            total = sum(value(cid) for cid in group)
            success = total >= step.target
            roller = group
        else:
            one = by_initials(s, action.counselor)
            assert one is not None  # a legal roll by one names a participant
            roller = [one]
            success = value(roller[0]) >= step.target
        if success:
            ctx.say(f"Success: {step.text}")
            self._goto(f, fin, f.step + 1, step.goto)
            return
        f.tries += 1
        ctx.say(f"A miss ({f.tries} of {step.tries} {'try' if step.tries == 1 else 'tries'}).")
        for cid in roller:
            self._resolve(ctx, list(step.on_miss), cid, None, fin.name)
        if f.tries >= step.tries:
            if step.on_fail == "fail":
                f.failed = [*f.failed, *self._finale_active(s)]
            else:
                self._goto(f, fin, f.step + 1)

    def _do_chooseoption(self, ctx: Ctx, action: ChooseOption, p: str) -> None:
        s = ctx.state
        f = s.finale
        assert f is not None  # the finale phase runs a finale
        fin = content.finales()[f.site]
        step = fin.steps[f.step]
        option = next(o for o in step.options if o.label == action.label)
        ctx.say(f"The team chooses: {option.label}. {option.text}")
        self._goto(f, fin, f.step, option.goto)

    def _finale_fail(self, ctx: Ctx) -> None:
        s = ctx.state
        f = s.finale
        assert f is not None  # the finale that fails
        fin = content.finales()[f.site]
        arrow = content.camp_map().site_cells[f.site]
        s.finale = None
        s.failed_finales = [*s.failed_finales, f.site]
        ctx.say(f"{fin.name} has failed: that finale is lost. The survivors stagger back to {label(arrow)}.")
        for cid in f.participants:
            c = s.counselors[cid]
            if not c.dead:
                self._land(ctx, cid, arrow)
        if s.stage in COUNSELOR_STAGES:
            s.stage = "turnend"
        if len(s.failed_finales) == len(content.SITE_IDS):
            self._game_over(ctx, "loss", "Every way out of the camp has failed.")
