"""Otis' strikes: who is in danger, fights, after-roll cards, panic, injuries and death, and
the last fight when all hope is gone."""

from __future__ import annotations

from engines.camp_grizzly import content, fights
from engines.camp_grizzly.actions import Accept, Fight, NextUp, PanicNow
from engines.camp_grizzly.base import CampRules
from engines.camp_grizzly.content import HOPELESS, label
from engines.camp_grizzly.fights import has_passive, otis_now, panic_distance, panic_injuries, roll_fight
from engines.camp_grizzly.shared import COUNSELOR_STAGES, Cell, alive, by_initials, name, player, thing_name
from engines.camp_grizzly.state import CampState, Ctx, Ground, Panic, Strike, removed


class StrikeRules(CampRules):
    """Mixed into the engine (engine.CampGrizzlyEngine): its methods call each other through self."""

    def _start_strike(self, ctx: Ctx, cell: Cell | None, bonus: int) -> None:
        s = ctx.state
        m = content.camp_map()
        if cell is None:
            return
        s.otis = cell
        area = set(m.area(cell))
        killed = [cam for cam in s.cameos if cam.cell in area]
        for cam in killed:
            s.cameos = removed(s.cameos, cam)
            s.cabin_discard = [*s.cabin_discard, cam.card]
            s.body_count += 1
            ctx.say(f"Otis kills {content.cabin_cards()[cam.card].name}. Body count {s.body_count}.")
        danger = [cid for cid in alive(s) if s.counselors[cid].cell in area]
        if not danger:
            ctx.say(f"Otis strikes at {label(cell)}, but no counselor is there.")
            self._discard_aside(s)
            return
        where = m.cabins[m.cabin[cell]].name if cell in m.cabin else label(cell)
        ctx.say(f"Otis strikes at {where}! In danger: {', '.join(name(x) for x in danger)}.")
        s.strike = Strike(cell=cell, danger=danger, bonus=bonus)

    def _start_hopeless(self, ctx: Ctx) -> None:
        s = ctx.state
        s.hopeless = True
        m = content.camp_map()
        fire = m.places["campfire"]
        s.strike = s.panic = s.choice = s.vote = s.finale = None
        s.strikes_queued = []
        group = alive(s)
        for cid in group:
            c = s.counselors[cid]
            s.survival_discard = [*s.survival_discard, *c.survival, *c.permanent]
            c.survival, c.permanent = [], []
            c.cell, c.woods = fire, False
        s.otis = fire
        ctx.say(
            f"The body count reaches {HOPELESS}: all hope is gone. Everyone is dragged to the Campfire for one last fight."
        )
        s.strike = Strike(cell=fire, danger=group, kind="hopeless")

    def _do_fight(self, ctx: Ctx, action: Fight, p: str) -> None:
        s = ctx.state
        st = s.strike
        cid = by_initials(s, action.counselor)
        assert st is not None and cid is not None  # a legal fight: a counselor in a strike
        rec = roll_fight(ctx, cid, st.cell, st.bonus)
        ctx.say(
            f"{name(cid)} fights: {'+'.join(map(str, rec.dice)) or 'no dice'} for a total of {rec.total}; Otis rolls {rec.otis}."
        )
        self._wear_weapons(ctx, cid, rec.dice)
        if rec.total > rec.otis:
            self._fight_won(ctx, cid)
            return
        st.pending = rec
        st.passed = []
        if not self._after_roll_seats(s):
            self._fight_lost(ctx, cid)

    def _wear_weapons(self, ctx: Ctx, cid: str, dice: list[int]) -> None:
        """Thrown weapons are gone after the fight; fragile ones break on a 1."""
        s = ctx.state
        c = s.counselors[cid]
        weapons = [x for x in c.equipped if content.cabin_cards()[x].kind == "weapon"]
        for cardid, result in zip(weapons, dice):
            effects = {e.effect for e in content.cabin_cards()[cardid].effects}
            if "thrown" in effects or ("fragile" in effects and result == 1):
                c.equipped = removed(c.equipped, cardid)
                s.cabin_discard = [*s.cabin_discard, cardid]
                ctx.say(f"{name(cid)}'s {thing_name(cardid)} is {'gone' if 'thrown' in effects else 'broken'}.")

    def _fight_won(self, ctx: Ctx, cid: str) -> None:
        s = ctx.state
        st = s.strike
        assert st is not None  # fights happen in a strike
        st.pending = None
        st.won_by = cid
        st.danger = []
        ctx.say(f"{name(cid)} beats Otis! He flees into the dark.")

    def _do_accept(self, ctx: Ctx, action: Accept, p: str) -> None:
        s = ctx.state
        if p == "offer":
            offer = s.offer
            assert offer is not None  # the offer phase has an offer
            s.offer = None
            ctx.say(f"{player(offer.seat)} agrees to the trade.")
            self._hand_over(ctx, offer.giver, offer.thing, offer.taker)
            return
        st = s.strike
        assert st is not None and st.pending is not None  # after a roll: a lost fight in a strike
        seats = self._after_roll_seats(s)
        if seats:
            st.passed = [*st.passed, seats[0]]
        if not self._after_roll_seats(s):
            self._fight_lost(ctx, st.pending.counselor)

    def _do_nextup(self, ctx: Ctx, action: NextUp, p: str) -> None:
        s = ctx.state
        cid = by_initials(s, action.counselor)
        assert s.strike is not None and cid is not None  # a legal hand-over names a counselor in danger
        s.strike.up = cid
        ctx.say(f"{name(cid)} faces Otis next: {player(s.counselors[cid].seat)} chooses fight or panic.")

    def _fight_lost(self, ctx: Ctx, cid: str) -> None:
        s = ctx.state
        assert s.strike is not None  # fights happen in a strike
        s.strike.pending = None
        ctx.say(f"Otis wins the fight against {name(cid)}.")
        self._panic(ctx, cid)

    def _do_panicnow(self, ctx: Ctx, action: PanicNow, p: str) -> None:
        cid = by_initials(ctx.state, action.counselor)
        assert cid is not None  # a legal panic names a counselor in danger
        ctx.say(f"{name(cid)} panics.")
        self._panic(ctx, cid)

    def _panic(self, ctx: Ctx, cid: str) -> None:
        s = ctx.state
        st = s.strike
        assert st is not None  # panics happen in a strike
        st.danger = removed(st.danger, cid)
        st.panicked = [*st.panicked, cid]
        if st.kind == "hopeless":
            ctx.say(f"With nowhere left to run, {name(cid)} is killed.")
            self._die(ctx, cid)
            return
        hurt = panic_injuries(s, cid, otis_now(s).damage)
        if hurt:
            self._injure(ctx, cid, hurt, "Otis")
        c = s.counselors[cid]
        if st.kind == "finale":
            if s.finale is not None and cid not in s.finale.failed:
                s.finale.failed = [*s.finale.failed, cid]
                ctx.say(f"{name(cid)} drops out of the finale.")
            return
        if not c.dead and c.cell is not None:
            s.panic = Panic(counselor=cid, steps=panic_distance(s, cid))
            if not self._panic_steps(s, cid):
                s.panic = None

    def _discard_aside(self, s: CampState) -> None:
        """Red cards set aside by Tempt Fate go to the discard pile once no strike is due."""
        if s.aside and not s.strikes_queued:
            s.cabin_discard = [*s.cabin_discard, *s.aside]
            s.aside = []

    def _end_strike(self, ctx: Ctx) -> None:
        s = ctx.state
        st = s.strike
        assert st is not None  # the strike that ends
        s.strike = None
        self._discard_aside(s)
        if st.kind == "hopeless":
            if st.won_by:
                self._game_over(ctx, "win", f"{name(st.won_by)} beat Otis in the last fight at the Campfire.")
            else:
                self._game_over(ctx, "loss", "Nobody survived the last fight at the Campfire.")
            return
        if st.kind == "finale":
            if s.finale is not None and st.resume == "finale_step":
                f = s.finale
                if st.won_by:
                    fin = content.finales()[f.site]
                    step = fin.steps[f.step]
                    self._goto(f, fin, f.step + 1, step.goto)
                else:
                    # Nobody beat him: the finale fails, also for anyone who sat the fight
                    # out (Play Dead), instead of the fight step starting over for them.
                    stayed = self._finale_active(s)
                    f.failed = [*f.failed, *stayed]
                    if stayed:
                        ctx.say(f"Nobody beat Otis: {', '.join(name(x) for x in stayed)} cannot go on.")
            return
        if st.won_by:
            s.otis = None

    def _horrify(self, ctx: Ctx, cid: str) -> None:
        s = ctx.state
        if has_passive(s, cid, "immune_horrified") or s.counselors[cid].dead:
            return
        own = s.stage in COUNSELOR_STAGES and s.order[s.active] == cid
        s.counselors[cid].horrified = 2 if own else 1
        ctx.say(f"{name(cid)} is horrified" + (": the turn ends now." if own else "."))
        if own:
            s.turn_over = True

    def _injure(self, ctx: Ctx, cid: str, amount: int, source: str) -> None:
        s = ctx.state
        c = s.counselors[cid]
        if c.dead or amount <= 0:
            return
        c.injuries += amount
        ctx.say(f"{name(cid)} takes {amount} injur{'y' if amount == 1 else 'ies'} ({source}).")
        if c.injuries >= fights.max_health(cid):
            self._die(ctx, cid)

    def _die(self, ctx: Ctx, cid: str) -> None:
        s = ctx.state
        c = s.counselors[cid]
        m = content.camp_map()
        c.dead = True
        c.injuries = fights.max_health(cid)
        body = c.cell if c.cell is not None else m.places["campfire"]
        c.cell = body
        c.woods = False
        s.body_count += 1 + len(c.campers)
        s.cabin_discard = [*s.cabin_discard, *c.campers]
        s.survival_discard = [*s.survival_discard, *c.survival, *c.permanent]
        s.ground = [
            *s.ground,
            *(Ground(body, "card", cardid) for cardid in [*c.equipped, *c.backpack]),
            *(Ground(body, "mini", mid) for mid in c.objectives),
        ]
        lost_campers = len(c.campers)
        c.campers, c.survival, c.permanent, c.equipped, c.backpack, c.objectives = [], [], [], [], [], []
        ctx.say(
            f"{name(cid)} is dead"
            + (f", and {lost_campers} camper{'s' if lost_campers > 1 else ''} with them" if lost_campers else "")
            + f". Body count {s.body_count}."
        )
        if s.strike is not None and cid in s.strike.danger:
            s.strike.danger = removed(s.strike.danger, cid)
        if s.panic is not None and s.panic.counselor == cid:
            s.panic = None
        if s.finale is not None and cid in s.finale.participants and cid not in s.finale.failed:
            s.finale.failed = [*s.finale.failed, cid]
        if s.choice is not None and s.choice.counselor == cid:
            s.choice = None
        if s.stage in COUNSELOR_STAGES and s.order[s.active] == cid:
            s.turn_over = True
