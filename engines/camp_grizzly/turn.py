"""The round: turns in order, Otis' stalk, the cameos, the end of the round, No Escape, and
settling the game until the next decision is due."""

from __future__ import annotations

from collections import Counter

from engines.camp_grizzly import content
from engines.camp_grizzly.actions import CameosTurn, End, OtisTurn
from engines.camp_grizzly.base import CampRules
from engines.camp_grizzly.content import HOPELESS, parse_label
from engines.camp_grizzly.fights import movement, otis_now, passive_total
from engines.camp_grizzly.otis import cameo_moves, hunting_cameos, otis_turn
from engines.camp_grizzly.shared import COUNSELOR_STAGES, MAX_ROUNDS, alive, in_camp, name, player
from engines.camp_grizzly.state import Boost, CampState, Ctx, Lasting


class TurnRules(CampRules):
    """Mixed into the engine (engine.CampGrizzlyEngine): its methods call each other through self."""

    def _start_turn(self, ctx: Ctx, index: int) -> None:
        s = ctx.state
        s.active = index
        s.turn_over = False
        s.actions_this_turn = 0
        s.handled = []
        s.turns += 1
        cid = s.order[index]
        c = s.counselors[cid]
        if c.woods:
            s.stage = "woods"
            s.moves_left = 0
            ctx.say(f"{name(cid)} ({player(c.seat)}) is lost in the Woods.")
        else:
            s.stage = "move"
            s.moves_left = movement(s, cid)
            ctx.say(f"{name(cid)} ({player(c.seat)}) starts a turn with {s.moves_left} movement.")

    def _next_turn(self, ctx: Ctx) -> None:
        s = ctx.state
        cid = s.order[s.active]
        c = s.counselors[cid]
        if in_camp(s, cid) and not s.hopeless:
            if s.first_aid is not None and c.cell == s.first_aid and c.injuries:
                healed = min(2, c.injuries)
                c.injuries -= healed
                ctx.say(
                    f"{name(cid)} patches up at the First Aid Station: {healed} injur{'y' if healed == 1 else 'ies'} healed."
                )
            amount = passive_total(s, cid, "heal_others")
            if amount:
                hurt = [o for o in alive(s) if o != cid and s.counselors[o].cell == c.cell and s.counselors[o].injuries]
                if hurt:
                    other = max(hurt, key=lambda o: (s.counselors[o].injuries, -s.order.index(o)))
                    healed = min(amount, s.counselors[other].injuries)
                    s.counselors[other].injuries -= healed
                    ctx.say(
                        f"{name(cid)} tends to {name(other)}: {healed} injur{'y' if healed == 1 else 'ies'} healed."
                    )
        if c.horrified:
            c.horrified -= 1
            if not c.horrified:
                ctx.say(f"{name(cid)} is no longer horrified.")
        if s.boosts:  # most turns have none: no comprehension made for nothing
            s.boosts = [b for b in s.boosts if not (b.counselor == cid and b.lasts == "turn")]
        s.turn_over = False
        living = alive(s)
        for index in range(s.active + 1, len(s.order)):
            if s.order[index] in living:
                self._start_turn(ctx, index)
                return
        s.stage = "otis"
        s.moves_left = 0

    def _new_round(self, ctx: Ctx) -> None:
        s = ctx.state
        s.fires = []
        s.cabin_discard = [*s.cabin_discard, *s.aside]
        s.aside = []
        # Most rounds have no rumor, boost or lasting card: no comprehension made for nothing.
        if s.otis_mods:
            s.otis_mods = [m for m in s.otis_mods if m.lasts == "game"]
        # "Until the end of the next round": a boost or lasting card that began this round
        # goes on through the next one and ends with it.
        if s.boosts:
            s.boosts = [Boost(b.counselor, b.amount, "round") for b in s.boosts if b.lasts == "next_round"]
        if s.lasting:
            s.lasting = [
                x if x.lasts == "game" else Lasting(x.card, "round")
                for x in s.lasting
                if x.lasts in ("game", "next_round")
            ]
        if s.round >= MAX_ROUNDS:
            self._game_over(
                ctx, "loss", f"Dawn never came: the night ended after {MAX_ROUNDS} rounds (the safety cap)."
            )
            return
        s.round += 1
        ctx.say(f"Round {s.round} begins.")
        self._no_escape(ctx)
        if s.stage == "over":
            return
        living = alive(s)
        if living:
            self._start_turn(ctx, s.order.index(living[0]))

    def _settle(self, ctx: Ctx) -> None:
        """Move the game on until a decision is due: interruptions first (choice, panic,
        strike, vote, finale), then the round's own stage."""
        s = ctx.state
        for _ in range(1000):
            if s.stage == "over":
                return
            if not _anyone_left(s):
                if any(c.escaped for c in s.counselors.values()):
                    self._game_over(ctx, "win", "The survivors escaped Camp Grizzly.")
                else:
                    self._game_over(ctx, "loss", "Every counselor is dead: Otis wins.")
                return
            if s.body_count >= HOPELESS and not s.hopeless:
                self._start_hopeless(ctx)
                continue
            if s.choice is not None or s.panic is not None or s.offer is not None:
                return
            if s.strike is not None:
                st = s.strike
                if st.pending is not None:
                    return
                st.danger = [d for d in st.danger if not s.counselors[d].dead]
                if st.up and st.up not in st.danger:
                    st.up = ""
                if st.danger and not st.won_by:
                    return
                self._end_strike(ctx)
                continue
            if s.strikes_queued:
                (cell, bonus), s.strikes_queued = s.strikes_queued[0], s.strikes_queued[1:]
                self._start_strike(ctx, cell, bonus)
                continue
            if s.vote is not None:
                return
            if s.finale is not None:
                if self._finale_advance(ctx):
                    return
                continue
            if s.stage in COUNSELOR_STAGES:
                cid = s.order[s.active]
                c = s.counselors[cid]
                if c.dead or c.escaped or s.turn_over or (c.woods and s.stage != "woods"):
                    s.stage = "turnend"
            if s.stage == "turnend":
                self._next_turn(ctx)
                continue
            if s.stage == "cameos" and not hunting_cameos(s):
                s.stage = "roundend"
            if s.stage == "roundend":
                self._new_round(ctx)
                continue
            return
        raise RuntimeError("camp_grizzly: the game did not settle")

    def _game_over(self, ctx: Ctx, result: str, reason: str) -> None:
        s = ctx.state
        s.stage = "over"
        s.result = result
        s.end_reason = reason
        s.strike = s.panic = s.choice = s.vote = s.finale = None
        s.strikes_queued = []
        ctx.say(f"The game ends: {reason}")

    def _do_end(self, ctx: Ctx, action: End, p: str) -> None:
        ctx.state.stage = "turnend"

    def _do_otisturn(self, ctx: Ctx, action: OtisTurn, p: str) -> None:
        s = ctx.state
        if s.boosts:
            s.boosts = [b for b in s.boosts if b.lasts != "round"]
        if s.lasting:
            s.lasting = [x for x in s.lasting if x.lasts != "round"]
        stats = otis_now(s)
        ctx.say(f"Otis stalks (stalk {stats.stalk}, attack d{stats.attack}, damage {stats.damage}).")
        s.stage = "cameos"
        struck = otis_turn(ctx, stats)
        if struck is not None:
            s.strikes_queued = [*s.strikes_queued, (struck, 0)]

    def _do_cameosturn(self, ctx: Ctx, action: CameosTurn, p: str) -> None:
        s = ctx.state
        s.stage = "roundend"
        cards = content.cabin_cards()
        met = [(s.cameos[n].uid, cell) for n, cell in cameo_moves(ctx) if n < len(s.cameos)]
        for uid, cell in met:
            for cid in [x for x in alive(s) if s.counselors[x].cell == cell]:
                cam = next((x for x in s.cameos if x.uid == uid), None)
                if cam is not None and cam.cell == cell and s.choice is None and s.counselors[cid].cell == cell:
                    info = cards[cam.card]
                    assert info.cameo is not None  # a cameo on the map comes from a cameo card
                    ctx.say(f"{info.name} finds {name(cid)}.")
                    self._resolve(ctx, list(info.cameo.meet), cid, cell, info.name, cameo=uid)

    def _no_escape(self, ctx: Ctx) -> None:
        """When no face-down '?' is left and no finale can be made from the objectives in
        play, new '?' cards go on the setup's '?' spaces; with none left, the game is lost."""
        s = ctx.state
        if s.questions:
            return
        minis = content.minis()
        pool: Counter[str] = Counter()
        for cid in alive(s):
            for mid in s.counselors[cid].objectives:
                pool[minis[mid].objective] += 1
        for g in s.ground:
            if g.kind == "mini":
                pool[minis[g.id].objective] += 1
        pool["keys"] += s.key_supply
        for site, fin in content.finales().items():
            if site in s.failed_finales:
                continue
            if all(pool[k] >= n for k, n in Counter(fin.requires).items()):
                return
        if not s.question_deck:
            self._game_over(ctx, "loss", "No escape: no finale can be completed with what is left in the camp.")
            return
        setup = content.setups()[s.options.setup]
        for text in setup.question_spaces:
            if s.question_deck:
                s.questions = [*s.questions, (parse_label(text), s.question_deck[0])]
                s.question_deck = s.question_deck[1:]
        ctx.say("No Escape! New '?' cards appear around the camp.")


def _anyone_left(state: CampState) -> bool:
    """`alive(state)` is not empty (asked at every settling step, without building the list)."""
    counselors = state.counselors
    for cid in state.order:
        c = counselors[cid]
        if not (c.dead or c.escaped):
            return True
    return False
