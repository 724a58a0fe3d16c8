"""Cards: drawing and revealing, playing a card, resolving effects top to bottom, and the
choices a card asks for."""

from __future__ import annotations

from engines.camp_grizzly import content
from engines.camp_grizzly.actions import Draw, Order, Pick, Return, Reveal, Use
from engines.camp_grizzly.base import CampRules
from engines.camp_grizzly.content import Effect, label
from engines.camp_grizzly.fights import has_passive, otis_now
from engines.camp_grizzly.shared import Cell, alive, by_initials, in_camp, name, peek_text, thing_name
from msgspec.structs import replace

from engines.camp_grizzly.state import Boost, Cameo, CampState, Choice, Ctx, Lasting, OtisMod, Strike, removed
from engines.core.protocol import Event


class CardRules(CampRules):
    """Mixed into the engine (engine.CampGrizzlyEngine): its methods call each other through self."""

    def _do_use(self, ctx: Ctx, action: Use, p: str) -> None:
        s = ctx.state
        cid = by_initials(s, action.counselor)
        assert cid is not None  # a legal use names its counselor
        c = s.counselors[cid]
        if action.card in c.survival:
            c.survival = removed(c.survival, action.card)
            s.survival_discard = [*s.survival_discard, action.card]
            info_name, effects = (
                content.survival_cards()[action.card].name,
                content.survival_cards()[action.card].effects,
            )
        else:
            c.backpack = removed(c.backpack, action.card)
            s.cabin_discard = [*s.cabin_discard, action.card]
            info_name, effects = content.cabin_cards()[action.card].name, content.cabin_cards()[action.card].effects
        ctx.say(f"{name(cid)} plays {info_name}.")
        cell = self._user_cell(s, cid)
        self._resolve(ctx, list(effects), cid, cell, info_name)
        st = s.strike
        if st is not None and st.pending is not None and p == "after_roll":
            rec = st.pending
            st.passed = []  # a new roll: everyone may answer it again
            if rec.total > rec.otis:
                self._fight_won(ctx, rec.counselor)
            elif not self._after_roll_seats(s):
                self._fight_lost(ctx, rec.counselor)

    def _do_draw(self, ctx: Ctx, action: Draw, p: str) -> None:
        s = ctx.state
        cid = s.order[s.active]
        s.stage = "end"
        s.moves_left = 0
        cardid = self._draw_cabin(ctx)
        if cardid is None:
            ctx.say("The cabin deck is empty.")
            return
        self._resolve_cabin(ctx, cid, cardid)

    def _do_reveal(self, ctx: Ctx, action: Reveal, p: str) -> None:
        s = ctx.state
        cid = s.order[s.active]
        c = s.counselors[cid]
        s.stage = "end"
        s.moves_left = 0
        ctx.reveals = True
        for n, (cell, mid) in enumerate(s.questions):
            if cell == c.cell:
                s.questions = [*s.questions[:n], *s.questions[n + 1 :]]
                self._reveal_mini(ctx, cid, mid, cell)
                break
        self._no_escape(ctx)

    def _reveal_mini(self, ctx: Ctx, cid: str, mid: str, cell: Cell) -> None:
        s = ctx.state
        mini = content.minis()[mid]
        c = s.counselors[cid]
        if mini.kind in ("objective", "key"):
            c.objectives = [*c.objectives, mid]
            ctx.say(f"{name(cid)} reveals {mini.name} and keeps it (an objective).")
        elif mini.kind == "first_aid":
            s.first_aid = cell
            ctx.say(f"{name(cid)} finds the First Aid Station at {label(cell)}.")
        else:
            ctx.say(f"{name(cid)} reveals a surprise: {mini.name}.")
            self._resolve(ctx, list(mini.effects), cid, cell, mini.name)

    def _do_return(self, ctx: Ctx, action: Return, p: str) -> None:
        s = ctx.state
        ch = s.choice
        assert ch is not None  # answers the card's choice
        s.choice = None
        self._come_back(ctx, ch.counselor, action.number)
        self._resolve(ctx, ch.rest, ch.counselor, ch.cell, ch.source, cameo=ch.cameo)

    def _do_pick(self, ctx: Ctx, action: Pick, p: str) -> None:
        s = ctx.state
        ch = s.choice
        chosen = by_initials(s, action.counselor)
        assert ch is not None and chosen is not None  # a legal pick answers the card's choice
        s.choice = None
        if ch.effect == "foolin_around":
            assert ch.cell is not None  # foolin' around happens on a space
            ctx.say(f"{name(chosen)} joins {name(ch.counselor)} at {label(ch.cell)} for some foolin' around.")
            self._land(ctx, chosen, ch.cell)
        else:
            self._apply_effect(ctx, Effect(ch.effect, amount=ch.amount), [chosen], ch.counselor, ch.cell, ch.source)
        self._resolve(ctx, ch.rest, ch.counselor, ch.cell, ch.source, cameo=ch.cameo)

    def _do_order(self, ctx: Ctx, action: Order, p: str) -> None:
        s = ctx.state
        ch = s.choice
        assert ch is not None  # answers the card's choice
        s.choice = None
        n = len(ch.options)
        s.cabin_deck = [*action.cards, *s.cabin_deck[n:]]
        seat = s.counselors[ch.counselor].seat
        ctx.events.append(
            Event(
                f"{name(ch.counselor)} puts the cards back on the cabin deck.",
                private=f"{name(ch.counselor)} puts them back, top first: {', '.join(thing_name(x) for x in action.cards)}.",
                seats=(seat,),
            )
        )
        self._resolve(ctx, ch.rest, ch.counselor, ch.cell, ch.source, cameo=ch.cameo)

    def _draw_cabin(self, ctx: Ctx) -> str | None:
        s = ctx.state
        if not s.cabin_deck:
            if not s.cabin_discard:
                return None
            s.cabin_deck = ctx.shuffle(s.cabin_discard)
            s.cabin_discard = []
            ctx.say("The cabin deck is reshuffled.")
        ctx.reveals = True
        top, s.cabin_deck = s.cabin_deck[0], s.cabin_deck[1:]
        return top

    def _draw_survival(self, ctx: Ctx, cid: str, amount: int, quiet: bool = False) -> None:
        s = ctx.state
        c = s.counselors[cid]
        surv = content.survival_cards()
        for _ in range(amount):
            if not s.survival_deck:
                if not s.survival_discard:
                    return
                s.survival_deck = ctx.shuffle(s.survival_discard)
                s.survival_discard = []
            ctx.reveals = True
            sid, s.survival_deck = s.survival_deck[0], s.survival_deck[1:]
            if surv[sid].kind == "permanent":
                c.permanent = [*c.permanent, sid]
            else:
                c.survival = [*c.survival, sid]
            if not quiet:
                ctx.say(f"{name(cid)} draws a survival card: {surv[sid].name}.")
            if c.horrified and surv[sid].kind == "permanent" and has_passive(s, cid, "immune_horrified"):
                c.horrified = 0  # "You can never be horrified": not from now on either
                ctx.say(f"{name(cid)} calms down.")

    def _resolve_cabin(self, ctx: Ctx, cid: str, cardid: str) -> None:
        s = ctx.state
        info = content.cabin_cards()[cardid]
        c = s.counselors[cid]
        ctx.say(f"{name(cid)} draws {info.name}: {info.text}")
        if info.kind in ("weapon", "item"):
            c.backpack = [*c.backpack, cardid]
        elif info.kind == "camper":
            c.campers = [*c.campers, cardid]
        elif info.kind == "cameo":
            if c.cell is None:
                s.cabin_discard = [*s.cabin_discard, cardid]
                return
            # Placed, not met: a meeting needs someone to walk into it or a hunting cameo
            # to come calling after Otis' stalk (otherwise hunting cameos could never hunt).
            s.cameo_serial += 1
            s.cameos = [*s.cameos, Cameo(card=cardid, cell=c.cell, uid=s.cameo_serial)]
            ctx.say(f"{info.name} turns up at {label(c.cell)}.")
        else:
            if info.lasting:
                order = {"round": 0, "stalk": 1, "next_round": 2, "game": 3}
                lasts = max((e.lasts for e in info.effects if e.lasts in order), key=order.__getitem__)
                s.lasting = [*s.lasting, Lasting(cardid, lasts)]
            s.cabin_discard = [*s.cabin_discard, cardid]
            self._resolve(ctx, list(info.effects), cid, c.cell, info.name)

    def _targets(self, s: CampState, who: str, cid: str | None, cell: Cell | None) -> list[str]:
        if (
            s.finale is not None
            and cid in (s.finale.participants if s.finale else [])
            and who in ("space", "cabin", "all")
        ):
            return self._finale_active(s)
        if who == "self" or cid is None and who not in ("all",):
            return [cid] if cid and not s.counselors[cid].dead else []
        if who == "all":
            return [x for x in alive(s) if s.counselors[x].cell is not None or x == cid]
        if cell is None:
            return [cid] if cid else []
        area = {cell} if who == "space" else set(content.camp_map().area(cell))
        return [x for x in alive(s) if s.counselors[x].cell in area]

    def _resolve(
        self, ctx: Ctx, effects: list[Effect], cid: str | None, cell: Cell | None, source: str, cameo: int = -1
    ) -> None:
        """Resolve effects top to bottom; a choice pauses them with the rest saved."""
        s = ctx.state
        for i, e in enumerate(effects):
            if s.stage == "over":
                return
            rest = list(effects[i + 1 :])
            if e.effect == "foolin_around":
                others = [
                    x
                    for x in alive(s)
                    if x != cid and s.counselors[x].cell is not None and s.counselors[x].cell != cell
                ]
                if cid is None or cell is None or not others:
                    if cid is not None and cell is not None:  # everyone else is here, lost or dead
                        ctx.say(f"{name(cid)} has nobody to call over for some foolin' around.")
                    continue
                s.choice = Choice(
                    "counselor", cid, source, cell, "foolin_around", options=others, rest=rest, cameo=cameo
                )
                return
            if e.who == "chosen":
                options = [x for x in alive(s) if in_camp(s, x) or x == cid]
                if e.effect == "calm":  # "a counselor in your space"
                    options = [x for x in self._space_mates(s, cid, cell) if s.counselors[x].horrified] if cid else []
                if not options:
                    continue
                if len(options) == 1 or cid is None:
                    self._apply_effect(ctx, e, options[:1], cid, cell, source)
                    continue
                s.choice = Choice(
                    "counselor", cid, source, cell, e.effect, amount=e.amount, options=options, rest=rest, cameo=cameo
                )
                return
            if e.effect == "choose_trail":
                if cid is not None and s.counselors[cid].woods:
                    s.choice = Choice(
                        "trail", cid, source, None, "choose_trail", options=[str(n) for n in range(1, 7)], rest=rest
                    )
                    return
                continue
            if e.effect == "leave":
                gone = next((x for x in s.cameos if x.uid == cameo), None) if cameo >= 0 else None
                if gone is not None:
                    s.cameos = removed(s.cameos, gone)
                    s.cabin_discard = [*s.cabin_discard, gone.card]
                    ctx.say(f"{content.cabin_cards()[gone.card].name} leaves.")
                continue
            if e.effect == "peek_cabin":
                top = s.cabin_deck[: e.amount]
                ctx.reveals = True
                if cid is None or not top:
                    ctx.say("There are no cabin cards to look at.")
                    continue
                seat = s.counselors[cid].seat
                ctx.events.append(
                    Event(
                        f"{name(cid)} looks at the top {len(top)} cabin card{'s' if len(top) > 1 else ''} ({source}).",
                        private=peek_text(top),
                        seats=(seat,),
                    )
                )
                if len(set(top)) > 1:
                    s.choice = Choice(
                        "order",
                        cid,
                        source,
                        cell,
                        "peek_cabin",
                        amount=len(top),
                        options=list(top),
                        rest=rest,
                        cameo=cameo,
                    )
                    return
                continue
            self._apply_effect(ctx, e, self._targets(s, e.who, cid, cell), cid, cell, source)

    def _apply_effect(
        self, ctx: Ctx, e: Effect, who: list[str], cid: str | None, cell: Cell | None, source: str
    ) -> None:
        s = ctx.state
        kind = e.effect
        m = content.camp_map()
        if kind == "heal":
            for x in who:
                c = s.counselors[x]
                healed = min(e.amount, c.injuries)
                c.injuries -= healed
                if healed:
                    ctx.say(f"{name(x)} heals {healed}.")
        elif kind == "injure":
            for x in who:
                self._injure(ctx, x, e.amount, source)
        elif kind == "horrify":
            for x in who:
                self._horrify(ctx, x)
        elif kind == "calm":
            for x in who:
                if s.counselors[x].horrified:
                    s.counselors[x].horrified = 0
                    ctx.say(f"{name(x)} calms down.")
        elif kind == "draw_survival":
            if cid:
                self._draw_survival(ctx, cid, e.amount)
        elif kind == "draw_cabin":
            for _ in range(e.amount):
                cardid = self._draw_cabin(ctx)
                if cardid and cid:
                    self._resolve_cabin(ctx, cid, cardid)
        elif kind == "tempt_fate":
            self._tempt_fate(ctx, e.amount, cid, cell)
        elif kind == "otis_strikes":
            if cell is None and cid is not None and s.finale is not None and cid in s.finale.participants:
                if s.strike is None:
                    ctx.say("Otis lunges at the finale!")
                    s.otis = None  # he leaves the board to attack the finale, as a fight step does
                    s.strike = Strike(cell=None, danger=self._finale_active(s), kind="finale")
            elif cell is not None:
                s.strikes_queued = [*s.strikes_queued, (cell, 0)]
            elif cid is not None and s.counselors[cid].woods:
                ctx.say(f"Otis finds {name(cid)} in the Woods!")
                s.otis = None
                if s.strike is None:
                    s.strike = Strike(cell=None, danger=[cid], kind="camp")
        elif kind == "otis_lurk":
            s.otis = None
            ctx.say("Otis slips away: he is lurking.")
        elif kind == "otis_move_to":
            s.otis = m.place_cell(e.place)
            ctx.say(f"Otis is seen at {label(s.otis)}.")
        elif kind == "otis_stat":
            before = otis_now(s).attack
            s.otis_mods = [*s.otis_mods, OtisMod(e.stat, e.amount, e.lasts, source)]
            when = "this round" if e.lasts == "stalk" else "for the game"
            if e.stat == "attack":  # a step up the die sizes, not a bonus on his roll
                now = otis_now(s).attack
                sizes = "one size" if abs(e.amount) == 1 else f"{abs(e.amount)} sizes"
                grows = "larger" if e.amount >= 0 else "smaller"
                if now == before:  # the die sizes stop at d4 and d10
                    ctx.say(f"Otis' attack die is already the {'largest' if e.amount >= 0 else 'smallest'} (d{now}).")
                else:
                    ctx.say(f"Otis' attack die is {sizes} {grows} (d{now}) {when}.")
            else:
                ctx.say(f"Otis' {e.stat} {'+' if e.amount >= 0 else ''}{e.amount} ({when}).")
        elif kind == "add_body_count":
            s.body_count += e.amount
            ctx.say(f"The body count rises to {s.body_count}.")
        elif kind == "lost":
            for x in who:
                if s.counselors[x].cell is not None:
                    ctx.say(f"{name(x)} is lost in the Woods!")
                    self._lose(ctx, x)
        elif kind == "teleport":
            to = m.place_cell(e.place)
            for x in who:
                ctx.say(f"{name(x)} ends up at {label(to)}.")
                self._land(ctx, x, to)
        elif kind == "place_fire":
            if cell is not None and cell not in s.fires and len(s.fires) < 2:
                s.fires = [*s.fires, cell]
                ctx.say(f"Fire! {label(cell)} is burning until Otis' next stalk ends.")
            elif cell is not None and cell not in s.fires:  # the two fire minis are both out
                ctx.say(f"Two fires already burn: no fire starts at {label(cell)}.")
        elif kind == "gain_keys":
            if s.key_supply > 0 and cid:
                s.key_supply -= 1
                key = next(k for k, mini in content.minis().items() if mini.kind == "key" and not mini.surprise)
                c = s.counselors[cid]
                c.objectives = [*c.objectives, key]
                ctx.say(f"{name(cid)} finds a set of keys.")
        elif kind == "fight_die":
            if s.strike is not None and cid:
                s.strike.extra = [*s.strike.extra, (cid, e.die)]
        elif kind == "otis_reroll":
            st = s.strike
            if st is not None and st.pending is not None:
                attack = otis_now(s).attack
                st.pending = replace(st.pending, otis=ctx.roll(attack, "Otis", f"attack d{attack} again") + st.bonus)
                ctx.say(f"Otis rolls again: {st.pending.otis}.")
        elif kind == "hide":
            if s.strike is not None and cid in s.strike.danger:
                s.strike.danger = removed(s.strike.danger, cid)
                ctx.say(f"{name(cid)} hides and stays out of this strike.")
        elif kind == "prevent_injury":
            if s.strike is not None and cid:
                s.strike.shield = [*s.strike.shield, (cid, e.amount)]
        elif kind == "move_bonus":
            for x in who:
                s.boosts = [*s.boosts, Boost(x, e.amount, e.lasts or "turn")]
                if s.stage == "move" and s.order[s.active] == x:
                    s.moves_left = max(0, s.moves_left + e.amount)

    def _tempt_fate(self, ctx: Ctx, amount: int, cid: str | None, cell: Cell | None) -> None:
        s = ctx.state
        cards = content.cabin_cards()
        drawn = [x for x in (self._draw_cabin(ctx) for _ in range(amount)) if x]
        reds = [x for x in drawn if cards[x].red]
        # "Discard all cards drawn except for RED Otis cards": the red ones stay out, text
        # ignored, for the strike they cause (each after the first adds 1 to Otis' roll in
        # that fight); they go to the discard pile when that strike is over.
        s.cabin_discard = [*s.cabin_discard, *(x for x in drawn if not cards[x].red)]
        red = len(reds)
        ctx.say(
            f"Tempting fate: {', '.join(cards[x].name + (' (red)' if cards[x].red else '') for x in drawn) or 'no cards'}."
        )
        if red and cell is not None:
            extra = red - 1
            ctx.say("A red card: Otis strikes!" + (f" (+{extra} to his attack roll)" if extra else ""))
            s.aside = [*s.aside, *reds]
            s.strikes_queued = [*s.strikes_queued, (cell, extra)]
        else:
            s.cabin_discard = [*s.cabin_discard, *reds]
