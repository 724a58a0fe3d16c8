"""The Camp Grizzly rules engine.

A round: every counselor in turn order takes a turn (move phase, cabin draw phase, end
phase; or a Woods turn when lost), then Otis stalks (an AUTO action), then the hunting
cameos move (another AUTO action). Interruptions stack on top of the round: a strike (fight
or panic, one counselor at a time, in the order the players choose), a panic move, a card
that asks for a choice, a vote to start a finale, and the finale itself with its steps.

`phase(state)` names the decision due now; `actors` and `legal_actions` follow from it.
Every die and card comes from the state's generator inside `apply` (see `state.Ctx`), so
options + seed + journal replay a game exactly. See actions.py for the text forms and
rules.md for the rules in our words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import permutations
from typing import Any

import msgspec

from engines.camp_grizzly import content, fights
from engines.camp_grizzly.actions import (
    CODEC,
    Accept,
    Action,
    CameosTurn,
    CampOptions,
    CastVote,
    ChooseOption,
    Draw,
    Drop,
    End,
    Equip,
    Fight,
    Move,
    NextUp,
    Order,
    OtisTurn,
    PanicNow,
    Pick,
    Refuse,
    Pickup,
    Return,
    Reveal,
    Roll,
    StartFinale,
    Stay,
    Trade,
    Trail,
    Unequip,
    Use,
    Woods,
)
from engines.camp_grizzly.content import HOPELESS, Effect, label, parse_label
from engines.camp_grizzly.fights import (
    can_fight,
    equippable,
    hands_limit,
    hands_of,
    hands_used,
    has_passive,
    movement,
    otis_now,
    panic_distance,
    panic_injuries,
    passive_total,
    roll_fight,
    usable_from_backpack,
)
from engines.camp_grizzly.otis import cameo_moves, hunting_cameos, otis_turn
from engines.camp_grizzly.state import (
    Boost,
    CampState,
    Cameo,
    Choice,
    Counselor,
    Ctx,
    DieRoll,
    FinaleRun,
    Ground,
    Lasting,
    Offer,
    OtisMod,
    Panic,
    StalkStepView,
    Strike,
    Vote,
)
from engines.core.errors import BadOptions, IllegalAction
from engines.core.protocol import (
    AUTO,
    Applied,
    Engine,
    Event,
    Flags,
    GameInfo,
    Outcome,
    ScoreLine,
    SeatPanel,
    Summary,
)
from engines.core.rng import seed_state

Cell = tuple[int, int]

#: Safety cap: a game still running after this many rounds ends as a loss (dawn never
#: comes for the counselors). Real games end far sooner; it only guarantees bot games end.
MAX_ROUNDS = 40
#: Safety cap on one counselor's actions in one turn (pickups, trades, equips...): past
#: it only the actions that move the turn on are offered. Documented in rules.md.
MAX_TURN_ACTIONS = 60
COUNSELOR_STAGES = ("move", "draw", "end", "woods")
TIMINGS = {
    "move": ("turn", "any"),
    "end": ("turn", "any"),
    "strike": ("fight", "panic", "any"),
    "after_roll": ("after_roll", "any"),
}
_ENC = msgspec.msgpack.Encoder()
_DEC = msgspec.msgpack.Decoder(CampState)


def copy_state(state: CampState) -> CampState:
    return _DEC.decode(_ENC.encode(state))


def initials(cid: str) -> str:
    return content.counselors()[cid].initials


def name(cid: str) -> str:
    return content.counselors()[cid].name


def by_initials(state: CampState, text: str) -> str | None:
    for cid in state.order:
        if initials(cid) == text:
            return cid
    return None


def player(seat: int) -> str:
    return f"Player {seat + 1}"


def thing_name(thing: str) -> str:
    cards = content.cabin_cards()
    if thing in cards:
        return cards[thing].name
    minis = content.minis()
    if thing in minis:
        return minis[thing].name
    surv = content.survival_cards()
    if thing in surv:
        return surv[thing].name
    return thing


def peek_text(cards: list[str]) -> str:
    """What a peeking counselor's player alone sees (also the secret the views must keep)."""
    return "Top of the cabin deck: " + ", ".join(f"{n + 1}. {thing_name(x)}" for n, x in enumerate(cards)) + "."


def default_assignment(seats: int) -> tuple[int, ...]:
    if seats == 1:
        return (1, 1)
    return tuple(range(1, seats + 1))


def first_counselor(options: CampOptions, seats: int) -> str:
    """The counselor who takes the first turn (setup step 8: the players choose): the
    `first` option as initials or a roster number, else the first in roster order."""
    roster = list(content.counselors())
    assign = options.counselors or default_assignment(seats)
    playing = [cid for cid, seat in zip(roster, assign) if seat]
    text = options.first.strip()
    if not text:
        return playing[0]
    if text.isdigit():
        n = int(text)
        if not 1 <= n <= len(roster):
            raise BadOptions(f"First: '{text}' is not a roster number from 1 to {len(roster)}.")
        chosen = roster[n - 1]
    else:
        chosen = next((cid for cid in roster if initials(cid) == text.upper()), "")
        if not chosen:
            known = ", ".join(initials(cid) for cid in playing)
            raise BadOptions(f"First: '{text}' is not a counselor's initials (in this game: {known}).")
    if chosen not in playing:
        raise BadOptions(f"First: {name(chosen)} is not in this game.")
    return chosen


def phase(state: CampState) -> str:
    if state.stage == "over":
        return "over"
    if state.choice is not None:
        return "choice"
    if state.offer is not None:
        return "offer"
    if state.panic is not None:
        return "panic"
    if state.strike is not None:
        return "after_roll" if state.strike.pending is not None else "strike"
    if state.vote is not None:
        return "vote"
    if state.finale is not None:
        return "finale"
    return state.stage


def alive(state: CampState) -> list[str]:
    return [cid for cid in state.order if not state.counselors[cid].dead and not state.counselors[cid].escaped]


def in_camp(state: CampState, cid: str) -> bool:
    c = state.counselors[cid]
    return not c.dead and not c.escaped and c.cell is not None


def has_keys(state: CampState, cid: str) -> bool:
    minis = content.minis()
    c = state.counselors[cid]
    return any(minis[m].kind == "key" for m in c.objectives) or has_passive(state, cid, "lockpick")


# --- the view ---------------------------------------------------------------------------


class CounselorView(msgspec.Struct, frozen=True):
    id: str
    name: str
    initials: str
    seat: int
    cell: str  # "" when not on the map
    where: str  # "camp", "woods", "finale", "escaped", "dead"
    health: int
    injuries: int
    movement: int
    moves_left: int
    panic: int
    ability: str
    ability_text: str
    equipped: tuple[str, ...]
    backpack: tuple[str, ...]
    survival: tuple[str, ...]
    permanent: tuple[str, ...]
    objectives: tuple[str, ...]
    campers: tuple[str, ...]
    hands: int
    hands_limit: int
    fight_dice: tuple[int, ...]
    fight_bonus: int
    horrified: bool
    active: bool


class OtisView(msgspec.Struct, frozen=True):
    cell: str  # "" when lurking
    lurking: bool
    stalk: int
    attack: int
    damage: int
    modifiers: tuple[str, ...]


class ThingView(msgspec.Struct, frozen=True):
    cell: str
    kind: str  # "question", "key", "lock", "fire", "first_aid", "cameo", "item", "objective"
    id: str
    name: str


class StrikeView(msgspec.Struct, frozen=True):
    cell: str
    kind: str
    danger: tuple[str, ...]
    otis_bonus: int
    pending_total: int
    pending_otis: int
    won_by: str
    up: str = ""  # the counselor whose own player decides next ("" = the order is being chosen)
    chooser: str = ""  # the counselor whose player picks who faces Otis next


class FinaleView(msgspec.Struct, frozen=True):
    site: str
    name: str
    step: int
    step_id: str
    step_kind: str
    step_text: str
    participants: tuple[str, ...]
    failed: tuple[str, ...]
    tries_used: int


class CampView(msgspec.Struct, frozen=True):
    viewer: int | None
    map_name: str
    round: int
    phase: str
    stage: str
    actor: int
    active: str
    counselors: tuple[CounselorView, ...]
    otis: OtisView
    body_count: int
    hopeless_at: int
    hopeless: bool
    things: tuple[ThingView, ...]  # everything on the map but pawns of counselors/Otis
    locks: tuple[str, ...]
    fires: tuple[str, ...]
    first_aid: str
    dice: tuple[DieRoll, ...]
    stalk: tuple[StalkStepView, ...]
    strike: StrikeView | None
    finale: FinaleView | None
    finale_sites: tuple[tuple[str, str, bool], ...]  # (site, arrow label, failed)
    lasting: tuple[str, ...]
    choice: tuple[str, ...]  # the options of a pending card choice
    vote: tuple[int, ...]  # seats still to vote
    cabin_deck: int
    survival_deck: int
    question_deck: int
    result: str
    end_reason: str
    peek: tuple[str, ...] = ()  # peeked cabin cards (names, top first), for their player only
    capped: bool = False  # the active counselor used up the per-turn action cap
    offer: str = ""  # a trade waiting for the other counselor's player: "WP Gas Can -> MK"


# --- the engine -------------------------------------------------------------------------


class CampGrizzlyEngine(Engine[CampState, Action]):
    info = GameInfo(
        id="camp_grizzly",
        title="Camp Grizzly",
        pitch="Co-operative survival: counselors against Otis, who hunts the camp.",
        min_seats=1,
        max_seats=6,
        flags=Flags(hidden_information=False, chance=True, simultaneous=False, cooperative=True),
    )
    options_type = CampOptions
    bots: dict = {}  # filled below, after the bots module can import the engine's types
    #: The latest legal list given out: (state encoding, seat, actions); see legal_actions.
    _last_legal: tuple[bytes, int, tuple[Action, ...]] | None = None

    # -- setup ---------------------------------------------------------------------
    def check_setup(self, options: msgspec.Struct, seats: int) -> None:
        super().check_setup(options, seats)
        assert isinstance(options, CampOptions)
        roster = list(content.counselors())
        assign = options.counselors or default_assignment(seats)
        if len(assign) > len(roster):
            raise BadOptions(f"There are only {len(roster)} counselors, but {len(assign)} were assigned.")
        for number in assign:
            if not 0 <= number <= seats:
                raise BadOptions(f"Counselors: '{number}' is not a player number from 1 to {seats} (0 leaves one out).")
        missing = [n for n in range(1, seats + 1) if n not in assign]
        if missing:
            raise BadOptions(f"Counselors: Player {missing[0]} runs no counselor; give every player at least one.")
        first_counselor(options, seats)

    def new_game(self, options: msgspec.Struct, seats: int, seed: int) -> CampState:
        assert isinstance(options, CampOptions)
        self.check_setup(options, seats)
        roster = list(content.counselors())
        assign = options.counselors or default_assignment(seats)
        order = [cid for cid, seat in zip(roster, assign) if seat]
        first = first_counselor(options, seats)
        order = order[order.index(first) :] + order[: order.index(first)]  # setup step 8
        m = content.camp_map()
        setup = content.setups()[options.setup]
        minis = content.minis()
        fire = m.places["campfire"]
        counselors = {cid: Counselor(id=cid, seat=seat - 1, cell=fire) for cid, seat in zip(roster, assign) if seat}
        state = CampState(
            options=options,
            seats=seats,
            rng=seed_state(seed),
            order=order,
            counselors=counselors,
            body_count=setup.body_count,
            otis=m.places["tool_shed"],
        )
        ctx = Ctx(state)
        state.cabin_deck = ctx.shuffle(list(content.deck("cabin")))
        state.survival_deck = ctx.shuffle(list(content.deck("survival")))
        questions = [q for q in content.deck("question") if options.surprises or not minis[q].surprise]
        questions = ctx.shuffle(questions)
        for text in setup.question_spaces:
            state.questions.append((parse_label(text), questions.pop(0)))
        state.question_deck = questions
        key = next(mid for mid, mini in minis.items() if mini.kind == "key" and not mini.surprise)
        for text in setup.keys:
            state.ground.append(Ground(parse_label(text), "mini", key))
        state.key_supply = minis[key].copies - len(setup.keys)
        state.locks = [parse_label(t) for t in setup.locks]
        if setup.otis_stalk:
            state.otis_mods.append(OtisMod("stalk", setup.otis_stalk, "game", f"{setup.name} camp"))
        for cid in order:
            self._draw_survival(ctx, cid, 2, quiet=True)
        self._start_turn(ctx, 0)
        ctx.events.clear()
        return ctx.finish()

    # -- who acts ----------------------------------------------------------------------
    def actors(self, state: CampState) -> tuple[int, ...]:
        p = phase(state)
        if p == "over":
            return ()
        if p in ("otis", "cameos"):
            return (AUTO,)
        return (self._actor_seat(state, p),)

    def _leader(self, state: CampState, group: list[str]) -> str:
        """Whose player speaks for a group decision: the counselor whose turn it is if
        they are part of it, else the first of the group in turn order."""
        current = state.order[state.active] if state.active < len(state.order) else ""
        if current in group:
            return current
        for cid in state.order:
            if cid in group:
                return cid
        return group[0]

    def _actor_counselor(self, state: CampState, p: str) -> str:
        if p == "choice":
            return state.choice.counselor
        if p == "panic":
            return state.panic.counselor
        if p == "strike":
            st = state.strike
            if st.up and st.up in st.danger:
                return st.up
            return self._leader(state, st.danger or state.order)
        if p == "after_roll":
            return state.strike.pending.counselor
        if p == "finale":
            f = state.finale
            return self._leader(state, [x for x in f.participants if x not in f.failed] or f.participants)
        return state.order[state.active]

    def _actor_seat(self, state: CampState, p: str) -> int:
        if p == "vote":
            return state.vote.voters[0]
        if p == "offer":
            return state.offer.seat
        if p == "after_roll":
            seats = self._after_roll_seats(state)
            if seats:
                return seats[0]
        return state.counselors[self._actor_counselor(state, p)].seat

    def _after_roll_seats(self, state: CampState) -> list[int]:
        """Seats still to answer a lost fight roll: each player whose counselors in danger
        hold a usable after-roll card, the fighter's player first, then in turn order; a
        seat that passed (`accept`) is not asked again for this roll."""
        st = state.strike
        fighter = st.pending.counselor
        out: list[int] = []
        for cid in [fighter, *[x for x in state.order if x in st.danger and x != fighter]]:
            seat = state.counselors[cid].seat
            if seat in out or seat in st.passed:
                continue
            own = [x for x in st.danger if state.counselors[x].seat == seat]
            if self._uses(state, own, TIMINGS["after_roll"]):
                out.append(seat)
        return out

    def auto_action(self, state: CampState) -> Action:
        p = phase(state)
        if p == "otis":
            return OtisTurn()
        if p == "cameos":
            return CameosTurn()
        raise IllegalAction("No automatic actor is due to act.")

    # -- legal actions -----------------------------------------------------------------
    def legal_actions(self, state: CampState, seat: int) -> list[Action]:
        out = self._legal_actions(state, seat)
        # Callers (bots, replay, the screen) ask for the list and then apply one of it:
        # keep it for that state, recognised by its exact encoding, so `apply` need not
        # work the list out a second time to refuse an illegal action.
        self._last_legal = (_ENC.encode(state), seat, tuple(out))
        return out

    def _legal_for_apply(self, encoded: bytes, state: CampState, seat: int) -> Sequence[Action]:
        last = self._last_legal
        if last is not None and last[1] == seat and last[0] == encoded:
            return last[2]
        return self._legal_actions(state, seat)

    def _legal_actions(self, state: CampState, seat: int) -> list[Action]:
        if seat not in self.actors(state):
            return []
        p = phase(state)
        if seat == AUTO:
            return [self.auto_action(state)]
        out: list[Action] = []
        if p == "move":
            cid = state.order[state.active]
            capped = state.actions_this_turn >= MAX_TURN_ACTIONS
            if state.moves_left > 0:
                out += [Move(label(cell)) for cell in self._steps(state, cid)]
                out += [Trail(n) for n, _ in content.camp_map().trail_links.get(state.counselors[cid].cell, ())]
            if not capped:
                out += self._handling(state, cid)
                out += self._uses(state, [cid], TIMINGS["move"])
                out += [StartFinale(site) for site in self._finale_sites(state, cid)]
            out += self._draw_options(state, cid)
        elif p == "draw":
            out += self._draw_options(state, state.order[state.active])
        elif p == "end":
            cid = state.order[state.active]
            if state.actions_this_turn < MAX_TURN_ACTIONS:
                out += self._handling(state, cid)
                out += self._uses(state, [cid], TIMINGS["end"])
            out.append(End())
        elif p == "woods":
            out.append(Woods())
        elif p == "strike":
            st = state.strike
            if st.up and st.up in st.danger:
                own, others = [st.up], []
            else:
                own = [cid for cid in st.danger if state.counselors[cid].seat == seat]
                others = [cid for cid in st.danger if state.counselors[cid].seat != seat]
            out += [Fight(initials(cid)) for cid in own if can_fight(state, cid, st.cell)]
            out += [PanicNow(initials(cid)) for cid in own]
            out += [NextUp(initials(cid)) for cid in others]
            out += self._uses(state, own, TIMINGS["strike"])
        elif p == "after_roll":
            st = state.strike
            own = [cid for cid in st.danger if state.counselors[cid].seat == seat]
            out += self._uses(state, own, TIMINGS["after_roll"])
            out.append(Accept())
        elif p == "panic":
            cid = state.panic.counselor
            out += [Move(label(cell)) for cell in self._panic_steps(state, cid)]
            out.append(Stay())
        elif p == "choice":
            ch = state.choice
            if ch.kind == "trail":
                out += [Return(int(n)) for n in ch.options]
            elif ch.kind == "order":
                out += [Order(tuple(x)) for x in dict.fromkeys(permutations(ch.options))]
            else:
                out += [Pick(initials(cid)) for cid in ch.options]
        elif p == "vote":
            out += [CastVote(True), CastVote(False)]
        elif p == "offer":
            out += [Accept(), Refuse()]
        elif p == "finale":
            step = self._finale_step(state)
            if step.kind == "roll":
                f = state.finale
                if step.roller == "one":
                    out += [Roll(initials(cid)) for cid in f.participants if cid not in f.failed]
                else:
                    out.append(Roll())
            elif step.kind == "choice":
                out += [ChooseOption(o.label) for o in step.options]
        return out

    def _steps(self, state: CampState, cid: str) -> list[Cell]:
        c = state.counselors[cid]
        m = content.camp_map()
        out = []
        for there in m.walk_neighbours(c.cell):
            if there in state.fires:
                continue
            if there in state.locks and not has_keys(state, cid):
                continue
            out.append(there)
        return out

    def _panic_steps(self, state: CampState, cid: str) -> list[Cell]:
        """A panicking counselor runs: no locks (even with keys), no fires, not onto Otis."""
        c = state.counselors[cid]
        m = content.camp_map()
        return [
            there
            for there in m.walk_neighbours(c.cell)
            if there not in state.fires and there not in state.locks and there != state.otis
        ]

    def _handling(self, state: CampState, cid: str) -> list[Action]:
        """Pick up, trade, equip and unequip: allowed in the move and end phases."""
        out: list[Action] = []
        c = state.counselors[cid]
        seen: set[str] = set()
        done = set(state.handled)
        for g in state.ground:
            if g.cell == c.cell and g.id not in seen and f"drop:{g.id}" not in done:
                seen.add(g.id)
                out.append(Pickup(g.id))
        others = [o for o in alive(state) if o != cid and state.counselors[o].cell == c.cell and c.cell is not None]
        for other in others:
            for giver, taker in ((cid, other), (other, cid)):
                for thing in dict.fromkeys(self._tradeable(state, giver)):
                    if f"trade:{thing}" not in done:
                        out.append(Trade(initials(giver), thing, initials(taker)))
        limit = hands_limit(state, cid)
        used = hands_used(state, cid)
        for cardid in dict.fromkeys(c.backpack):
            if equippable(cardid) and used + hands_of(cardid) <= limit and f"unequip:{cardid}" not in done:
                out.append(Equip(cardid))
        for cardid in dict.fromkeys(c.equipped):
            out.append(Unequip(cardid))
        if c.cell is not None:
            for thing in dict.fromkeys([*c.equipped, *c.backpack, *c.objectives]):
                out.append(Drop(thing))
        return out

    def _tradeable(self, state: CampState, cid: str) -> list[str]:
        c = state.counselors[cid]
        return [*c.equipped, *c.backpack, *c.campers, *c.objectives]

    def _uses(self, state: CampState, who: list[str], timings: tuple[str, ...]) -> list[Action]:
        out: list[Action] = []
        surv = content.survival_cards()
        cards = content.cabin_cards()
        for cid in who:
            c = state.counselors[cid]
            if c.dead:
                continue
            names: dict[str, None] = {}
            for sid in c.survival:
                if surv[sid].timing in timings and self._useful(state, cid, surv[sid].effects):
                    names[sid] = None
            for cardid in c.backpack:
                if usable_from_backpack(cardid) and cards[cardid].timing in timings and self._useful(state, cid, cards[cardid].effects):
                    names[cardid] = None
            out += [Use(initials(cid), x) for x in names]
        return out

    def _useful(self, state: CampState, cid: str, effects: tuple[Effect, ...]) -> bool:
        """Cards that would do nothing now are not offered: a card is offered when at least
        one of its effects would do something (a reroll only when Otis just won the roll, a
        calm only with a horrified counselor in your space, a heal only for an injured
        counselor, extra movement only in your own move phase, keys only while the supply
        lasts)."""
        return any(self._effect_useful(state, cid, e) for e in effects)

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

    def _draw_options(self, state: CampState, cid: str) -> list[Action]:
        out: list[Action] = [Draw()]
        c = state.counselors[cid]
        if any(cell == c.cell for cell, _ in state.questions):
            out.append(Reveal())
        return out

    # -- finale eligibility ----------------------------------------------------------
    def _combination(self, state: CampState, site: str, cid: str) -> list[tuple[str, str]] | None:
        """The objectives (holder, mini) that would start `site`'s finale, taken first from
        `cid` and then from the other counselors on the red arrow, or None."""
        fin = content.finales()[site]
        minis = content.minis()
        cell = state.counselors[cid].cell
        holders = [cid] + [o for o in alive(state) if o != cid and state.counselors[o].cell == cell]
        used: list[tuple[str, str]] = []
        taken: Counter = Counter()
        for need in fin.requires:
            found = None
            for h in holders:
                for mid in state.counselors[h].objectives:
                    if minis[mid].objective == need and taken[(h, mid)] < state.counselors[h].objectives.count(mid):
                        found = (h, mid)
                        break
                if found:
                    break
            if found is None:
                return None
            taken[found] += 1
            used.append(found)
        return used

    def _finale_sites(self, state: CampState, cid: str) -> list[str]:
        m = content.camp_map()
        c = state.counselors[cid]
        out = []
        for site in content.SITE_IDS:
            if site in state.failed_finales or m.site_cells[site] != c.cell:
                continue
            if self._combination(state, site, cid) is not None:
                out.append(site)
        return out

    def _finale_step(self, state: CampState) -> content.FinaleStep:
        fin = content.finales()[state.finale.site]
        return fin.steps[state.finale.step]

    # -- apply ---------------------------------------------------------------------------
    def apply(self, state: CampState, seat: int, action: Action) -> Applied[CampState]:
        if state.stage == "over":
            raise IllegalAction("The game is over.")
        actors = self.actors(state)
        if seat not in actors:
            raise IllegalAction(f"It is not {player(seat) if seat != AUTO else 'the game'}'s turn to act.")
        encoded = _ENC.encode(state)
        if action not in self._legal_for_apply(encoded, state, seat):
            raise IllegalAction(self._why(state, seat, action))
        ctx = Ctx(_DEC.decode(encoded))  # a deep copy: the caller's state is never touched
        s = ctx.state
        p = phase(s)
        if p in COUNSELOR_STAGES:
            s.actions_this_turn += 1
        handler = getattr(self, f"_do_{type(action).__name__.lower()}")
        handler(ctx, action, p)
        self._settle(ctx)
        return Applied(ctx.finish(), ctx.events, ctx.reveals)

    def _why(self, state: CampState, seat: int, action: Any) -> str:
        p = phase(state)
        wants = {
            "move": "move, try a nature trail, handle gear, start a finale, or draw/reveal",
            "draw": "draw a cabin card or reveal the '?' here",
            "end": "finish the turn (equip, pick up, trade, use a card, or end)",
            "woods": "roll on the Woods table ('woods')",
            "strike": "choose who fights Otis next, or who panics",
            "after_roll": "play an after-roll card or accept the roll",
            "panic": "run from Otis one space at a time, or stay",
            "choice": "answer the card's choice",
            "offer": "accept or refuse the trade",
            "vote": "vote on starting the finale",
            "finale": "play the next step of the finale",
        }.get(p, "wait")
        if isinstance(action, Move) and p in ("move", "panic"):
            cid = self._actor_counselor(state, p)
            try:
                to = parse_label(action.to)
            except content.ContentError:
                return f"'{action.to}' is not a space on the map."
            c = state.counselors[cid]
            m = content.camp_map()
            if p == "move" and state.moves_left <= 0:
                return f"{name(cid)} has no movement left this turn."
            if to not in m.walk_neighbours(c.cell):
                return f"{action.to} is not a space {name(cid)} can step to from {label(c.cell)} (too far, or a wall is in the way)."
            if to in state.fires:
                return f"{action.to} is on fire."
            if to in state.locks:
                return f"{action.to} is locked{' and a panicking counselor cannot open locks' if p == 'panic' else ' and you hold no keys'}."
            if p == "panic" and to == state.otis:
                return "A panicking counselor runs away from Otis, not towards him."
        if isinstance(action, Trail) and p == "move":
            return f"There is no nature trail {action.number} starting here, or no movement is left."
        if isinstance(action, Equip):
            if f"unequip:{action.card}" in state.handled:
                return f"{thing_name(action.card)} was stowed this turn: it stays in the backpack until your next turn."
            return f"You cannot equip {thing_name(action.card)} now (not in your backpack, not equippable, or too many hands)."
        if isinstance(action, Pickup) and f"drop:{action.thing}" in state.handled:
            return f"{thing_name(action.thing)} was put down this turn: it stays there until your next turn."
        if isinstance(action, Trade) and f"trade:{action.thing}" in state.handled:
            return f"{thing_name(action.thing)} already changed hands (or was offered) this turn."
        if isinstance(action, Drop):
            return f"You cannot drop {action.thing}: you carry no such item, weapon, objective or keys (campers are never dropped)."
        if isinstance(action, (Fight, PanicNow, NextUp)) and p == "strike":
            st = state.strike
            up = st.up if st.up in st.danger else ""
            if up:
                return f"{name(up)}'s player decides now: fight {initials(up)} or panic {initials(up)}."
            if isinstance(action, NextUp):
                return f"{action.counselor} is not in danger, or is {player(seat)}'s own counselor (fight or panic them directly)."
            who = by_initials(state, action.counselor)
            if who in st.danger and state.counselors[who].seat != seat:
                return f"Only {action.counselor}'s own player decides whether {action.counselor} fights or panics (hand it over with 'next {action.counselor}')."
        if isinstance(action, StartFinale):
            return f"The {action.site} finale needs its three objectives on its red arrow space during your move phase."
        if isinstance(action, Reveal):
            return "There is no face-down '?' on your space, or it is not your cabin draw phase."
        if isinstance(action, Fight):
            return f"{action.counselor} cannot fight now: not in danger, or with no dice and no bonus."
        return f"That is not possible now: {player(seat)} must {wants}."

    # -- turn structure ----------------------------------------------------------------
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
                ctx.say(f"{name(cid)} patches up at the First Aid Station: {healed} injur{'y' if healed == 1 else 'ies'} healed.")
            amount = passive_total(s, cid, "heal_others")
            if amount:
                hurt = [o for o in alive(s) if o != cid and s.counselors[o].cell == c.cell and s.counselors[o].injuries]
                if hurt:
                    other = max(hurt, key=lambda o: (s.counselors[o].injuries, -s.order.index(o)))
                    healed = min(amount, s.counselors[other].injuries)
                    s.counselors[other].injuries -= healed
                    ctx.say(f"{name(cid)} tends to {name(other)}: {healed} injury healed.")
        if c.horrified:
            c.horrified -= 1
            if not c.horrified:
                ctx.say(f"{name(cid)} is no longer horrified.")
        s.boosts = [b for b in s.boosts if not (b.counselor == cid and b.lasts == "turn")]
        s.turn_over = False
        for index in range(s.active + 1, len(s.order)):
            if s.order[index] in alive(s):
                self._start_turn(ctx, index)
                return
        s.stage = "otis"
        s.moves_left = 0

    def _new_round(self, ctx: Ctx) -> None:
        s = ctx.state
        s.fires = []
        s.cabin_discard += s.aside
        s.aside = []
        s.otis_mods = [m for m in s.otis_mods if m.lasts == "game"]
        # "Until the end of the next round": a boost or lasting card that began this round
        # goes on through the next one and ends with it.
        s.boosts = [Boost(b.counselor, b.amount, "round") for b in s.boosts if b.lasts == "next_round"]
        s.lasting = [x if x.lasts == "game" else Lasting(x.card, "round") for x in s.lasting if x.lasts in ("game", "next_round")]
        if s.round >= MAX_ROUNDS:
            self._game_over(ctx, "loss", f"Dawn never came: the night ended after {MAX_ROUNDS} rounds (the safety cap).")
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
            if not alive(s):
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
                cell, bonus = s.strikes_queued.pop(0)
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

    # -- counselor actions ---------------------------------------------------------------
    def _do_move(self, ctx: Ctx, action: Move, p: str) -> None:
        s = ctx.state
        to = parse_label(action.to)
        if p == "panic":
            pan = s.panic
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
            s.locks.remove(to)
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
            s.strikes_queued.append((to, 0))
            return
        self._meet_cameos(ctx, cid, to)

    def _meet_cameos(self, ctx: Ctx, cid: str, cell: Cell | None) -> None:
        s = ctx.state
        cards = content.cabin_cards()
        for uid in [cam.uid for cam in reversed(s.cameos) if cam.cell == cell]:
            cam = next((x for x in s.cameos if x.uid == uid), None)
            c = s.counselors[cid]
            if cam is None or cam.cell != cell or s.choice is not None or c.dead or c.cell != cell or s.stage == "over":
                continue
            if uid in ctx.meeting:
                continue  # a cameo whose meeting puts you back on its own space is not met twice
            info = cards[cam.card]
            ctx.say(f"{name(cid)} meets {info.name}.")
            ctx.meeting.add(uid)
            self._resolve(ctx, list(info.cameo.meet), cid, cell, info.name, cameo=uid)
            ctx.meeting.discard(uid)

    def _do_stay(self, ctx: Ctx, action: Stay, p: str) -> None:
        s = ctx.state
        cid = s.panic.counselor
        ctx.say(f"{name(cid)} stops running at {label(s.counselors[cid].cell)}.")
        s.panic = None
        self._meet_cameos(ctx, cid, s.counselors[cid].cell)

    def _land(self, ctx: Ctx, cid: str, to: Cell) -> None:
        """A counselor is put on a space without walking there (a teleport, foolin' around,
        back from the Woods or a finale): Otis there strikes; else they meet cameos there."""
        s = ctx.state
        s.counselors[cid].cell = to
        if s.otis == to:
            ctx.say(f"{name(cid)} lands right in front of Otis!")
            s.strikes_queued.append((to, 0))
            return
        self._meet_cameos(ctx, cid, to)

    def _do_trail(self, ctx: Ctx, action: Trail, p: str) -> None:
        s = ctx.state
        cid = s.order[s.active]
        c = s.counselors[cid]
        s.moves_left -= 1
        far = dict(content.camp_map().trail_links[c.cell])[action.number]
        raw = ctx.roll(6, name(cid), f"nature trail {action.number}")
        value = raw - (1 if c.horrified else 0)
        need = min([6, *[e.amount for e in fights.passive_effects(s, cid) if e.effect == "nature_trail"]])
        if value >= need:
            ctx.say(f"{name(cid)} rolls {raw} and follows nature trail {action.number} to {label(far)}.")
            self._arrive(ctx, cid, far)
        elif value <= 1 and not has_passive(s, cid, "never_lost"):
            ctx.say(f"{name(cid)} rolls {raw} on nature trail {action.number} and gets lost in the Woods!")
            self._lose(ctx, cid)
        else:
            ctx.say(f"{name(cid)} rolls {raw}: nature trail {action.number} leads nowhere this time.")

    def _lose(self, ctx: Ctx, cid: str) -> None:
        s = ctx.state
        c = s.counselors[cid]
        c.cell = None
        c.woods = True
        if s.stage in COUNSELOR_STAGES and s.order[s.active] == cid:
            s.turn_over = True

    def _do_pickup(self, ctx: Ctx, action: Pickup, p: str) -> None:
        s = ctx.state
        cid = s.order[s.active]
        c = s.counselors[cid]
        for n, g in enumerate(s.ground):
            if g.cell == c.cell and g.id == action.thing:
                del s.ground[n]
                if g.kind == "mini":
                    c.objectives.append(g.id)
                else:
                    c.backpack.append(g.id)
                ctx.say(f"{name(cid)} picks up {thing_name(g.id)}.")
                return

    def _do_drop(self, ctx: Ctx, action: Drop, p: str) -> None:
        s = ctx.state
        cid = s.order[s.active]
        c = s.counselors[cid]
        for pile, kind in ((c.equipped, "card"), (c.backpack, "card"), (c.objectives, "mini")):
            if action.thing in pile:
                pile.remove(action.thing)
                s.ground.append(Ground(c.cell, kind, action.thing))
                break
        s.handled.append(f"drop:{action.thing}")
        ctx.say(f"{name(cid)} leaves {thing_name(action.thing)} at {label(c.cell)}.")

    def _do_trade(self, ctx: Ctx, action: Trade, p: str) -> None:
        """A trade needs both sides: with another player's counselor, that player accepts
        or refuses first (asked once per thing and turn, so no offer loops)."""
        s = ctx.state
        s.handled.append(f"trade:{action.thing}")
        cid = s.order[s.active]
        giver_id, taker_id = by_initials(s, action.giver), by_initials(s, action.taker)
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
        ctx.say(f"{player(s.offer.seat)} refuses the trade: {thing_name(s.offer.thing)} stays with {name(by_initials(s, s.offer.giver))}.")
        s.offer = None

    def _hand_over(self, ctx: Ctx, giver_initials: str, thing: str, taker_initials: str) -> None:
        s = ctx.state
        action = Trade(giver_initials, thing, taker_initials)
        giver = s.counselors[by_initials(s, action.giver)]
        taker = s.counselors[by_initials(s, action.taker)]
        for src, dst in (
            (giver.equipped, taker.backpack),
            (giver.backpack, taker.backpack),
            (giver.campers, taker.campers),
            (giver.objectives, taker.objectives),
        ):
            if action.thing in src:
                src.remove(action.thing)
                dst.append(action.thing)
                break
        ctx.say(f"{name(giver.id)} hands {thing_name(action.thing)} to {name(taker.id)}.")

    def _do_equip(self, ctx: Ctx, action: Equip, p: str) -> None:
        s = ctx.state
        c = s.counselors[s.order[s.active]]
        c.backpack.remove(action.card)
        c.equipped.append(action.card)
        ctx.say(f"{name(c.id)} equips {thing_name(action.card)}.")

    def _do_unequip(self, ctx: Ctx, action: Unequip, p: str) -> None:
        s = ctx.state
        c = s.counselors[s.order[s.active]]
        c.equipped.remove(action.card)
        c.backpack.append(action.card)
        s.handled.append(f"unequip:{action.card}")
        ctx.say(f"{name(c.id)} stows {thing_name(action.card)} in the backpack.")

    def _do_use(self, ctx: Ctx, action: Use, p: str) -> None:
        s = ctx.state
        cid = by_initials(s, action.counselor)
        c = s.counselors[cid]
        if action.card in c.survival:
            c.survival.remove(action.card)
            s.survival_discard.append(action.card)
            info_name, effects = content.survival_cards()[action.card].name, content.survival_cards()[action.card].effects
        else:
            c.backpack.remove(action.card)
            s.cabin_discard.append(action.card)
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
                del s.questions[n]
                self._reveal_mini(ctx, cid, mid, cell)
                break
        self._no_escape(ctx)

    def _reveal_mini(self, ctx: Ctx, cid: str, mid: str, cell: Cell) -> None:
        s = ctx.state
        mini = content.minis()[mid]
        c = s.counselors[cid]
        if mini.kind in ("objective", "key"):
            c.objectives.append(mid)
            ctx.say(f"{name(cid)} reveals {mini.name} and keeps it (an objective).")
        elif mini.kind == "first_aid":
            s.first_aid = cell
            ctx.say(f"{name(cid)} finds the First Aid Station at {label(cell)}.")
        else:
            ctx.say(f"{name(cid)} reveals a surprise: {mini.name}.")
            self._resolve(ctx, list(mini.effects), cid, cell, mini.name)

    def _do_end(self, ctx: Ctx, action: End, p: str) -> None:
        ctx.state.stage = "turnend"

    def _do_woods(self, ctx: Ctx, action: Woods, p: str) -> None:
        s = ctx.state
        cid = s.order[s.active]
        c = s.counselors[cid]
        raw = ctx.roll(6, name(cid), "the Woods")
        value = max(1, raw - (1 if c.horrified else 0))
        outcome = content.woods()[value]
        ctx.say(f"{name(cid)} rolls {raw} in the Woods: {outcome.name}. {outcome.text}")
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

    def _do_return(self, ctx: Ctx, action: Return, p: str) -> None:
        s = ctx.state
        ch = s.choice
        s.choice = None
        self._come_back(ctx, ch.counselor, action.number)
        self._resolve(ctx, ch.rest, ch.counselor, ch.cell, ch.source, cameo=ch.cameo)

    def _do_pick(self, ctx: Ctx, action: Pick, p: str) -> None:
        s = ctx.state
        ch = s.choice
        s.choice = None
        chosen = by_initials(s, action.counselor)
        if ch.effect == "foolin_around":
            ctx.say(f"{name(chosen)} joins {name(ch.counselor)} at {label(ch.cell)} for some foolin' around.")
            self._land(ctx, chosen, ch.cell)
        else:
            self._apply_effect(ctx, Effect(ch.effect, amount=ch.amount), [chosen], ch.counselor, ch.cell, ch.source)
        self._resolve(ctx, ch.rest, ch.counselor, ch.cell, ch.source, cameo=ch.cameo)

    def _do_order(self, ctx: Ctx, action: Order, p: str) -> None:
        s = ctx.state
        ch = s.choice
        s.choice = None
        n = len(ch.options)
        s.cabin_deck[:n] = list(action.cards)
        seat = s.counselors[ch.counselor].seat
        ctx.events.append(
            Event(
                f"{name(ch.counselor)} puts the cards back on the cabin deck.",
                private=f"{name(ch.counselor)} puts them back, top first: {', '.join(thing_name(x) for x in action.cards)}.",
                seats=(seat,),
            )
        )
        self._resolve(ctx, ch.rest, ch.counselor, ch.cell, ch.source, cameo=ch.cameo)

    # -- finales -------------------------------------------------------------------------
    def _do_startfinale(self, ctx: Ctx, action: StartFinale, p: str) -> None:
        s = ctx.state
        cid = s.order[s.active]
        combo = self._combination(s, action.site, cid)
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
        voter = v.voters.pop(0)
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
        return [x for x in f.participants if x not in f.failed and not s.counselors[x].dead]

    def _finale_advance(self, ctx: Ctx) -> bool:
        """Resolve finale steps that need no decision; True when a decision is due."""
        s = ctx.state
        f = s.finale
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
                s.strike = Strike(cell=None, danger=list(group), kind="finale", bonus=step.otis_bonus, resume="finale_step")
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
        fin = content.finales()[f.site]
        step = fin.steps[f.step]
        group = self._finale_active(s)

        def value(cid: str) -> int:
            raw = ctx.roll(step.die, name(cid), step.id)
            return raw - (1 if s.counselors[cid].horrified else 0)

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
                        f.failed.append(cid)
                        ctx.say(f"{name(cid)} fails and drops out of the finale.")
            self._goto(f, fin, f.step + 1, step.goto)
            return
        if step.roller == "team":
            total = sum(value(cid) for cid in group)
            success = total >= step.target
            roller = group
        else:
            roller = [by_initials(s, action.counselor)]
            success = value(roller[0]) >= step.target
        if success:
            ctx.say(f"Success: {step.text}")
            self._goto(f, fin, f.step + 1, step.goto)
            return
        f.tries += 1
        ctx.say(f"A miss ({f.tries} of {step.tries} tries).")
        for cid in roller:
            self._resolve(ctx, list(step.on_miss), cid, None, fin.name)
        if f.tries >= step.tries:
            if step.on_fail == "fail":
                for cid in self._finale_active(s):
                    f.failed.append(cid)
            else:
                self._goto(f, fin, f.step + 1)

    def _do_chooseoption(self, ctx: Ctx, action: ChooseOption, p: str) -> None:
        s = ctx.state
        f = s.finale
        fin = content.finales()[f.site]
        step = fin.steps[f.step]
        option = next(o for o in step.options if o.label == action.label)
        ctx.say(f"The team chooses: {option.label}. {option.text}")
        self._goto(f, fin, f.step, option.goto)

    def _finale_fail(self, ctx: Ctx) -> None:
        s = ctx.state
        f = s.finale
        fin = content.finales()[f.site]
        arrow = content.camp_map().site_cells[f.site]
        s.finale = None
        s.failed_finales.append(f.site)
        ctx.say(f"{fin.name} has failed: that finale is lost. The survivors stagger back to {label(arrow)}.")
        for cid in f.participants:
            c = s.counselors[cid]
            if not c.dead:
                self._land(ctx, cid, arrow)
        if s.stage in COUNSELOR_STAGES:
            s.stage = "turnend"
        if len(s.failed_finales) == len(content.SITE_IDS):
            self._game_over(ctx, "loss", "Every way out of the camp has failed.")

    # -- strikes, fights and panic -------------------------------------------------------
    def _start_strike(self, ctx: Ctx, cell: Cell | None, bonus: int) -> None:
        s = ctx.state
        m = content.camp_map()
        if cell is None:
            return
        s.otis = cell
        area = set(m.area(cell))
        killed = [cam for cam in s.cameos if cam.cell in area]
        for cam in killed:
            s.cameos.remove(cam)
            s.cabin_discard.append(cam.card)
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
            s.survival_discard += c.survival + c.permanent
            c.survival, c.permanent = [], []
            c.cell, c.woods = fire, False
        s.otis = fire
        ctx.say(f"The body count reaches {HOPELESS}: all hope is gone. Everyone is dragged to the Campfire for one last fight.")
        s.strike = Strike(cell=fire, danger=group, kind="hopeless")

    def _do_fight(self, ctx: Ctx, action: Fight, p: str) -> None:
        s = ctx.state
        st = s.strike
        cid = by_initials(s, action.counselor)
        rec = roll_fight(ctx, cid, st.cell, st.bonus)
        ctx.say(f"{name(cid)} fights: {'+'.join(map(str, rec.dice)) or 'no dice'} for a total of {rec.total}; Otis rolls {rec.otis}.")
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
                c.equipped.remove(cardid)
                s.cabin_discard.append(cardid)
                ctx.say(f"{name(cid)}'s {thing_name(cardid)} is {'gone' if 'thrown' in effects else 'broken'}.")

    def _fight_won(self, ctx: Ctx, cid: str) -> None:
        s = ctx.state
        st = s.strike
        st.pending = None
        st.won_by = cid
        st.danger = []
        ctx.say(f"{name(cid)} beats Otis! He flees into the dark.")

    def _do_accept(self, ctx: Ctx, action: Accept, p: str) -> None:
        s = ctx.state
        if p == "offer":
            offer = s.offer
            s.offer = None
            ctx.say(f"{player(offer.seat)} agrees to the trade.")
            self._hand_over(ctx, offer.giver, offer.thing, offer.taker)
            return
        st = s.strike
        seats = self._after_roll_seats(s)
        if seats:
            st.passed.append(seats[0])
        if not self._after_roll_seats(s):
            self._fight_lost(ctx, st.pending.counselor)

    def _do_nextup(self, ctx: Ctx, action: NextUp, p: str) -> None:
        s = ctx.state
        cid = by_initials(s, action.counselor)
        s.strike.up = cid
        ctx.say(f"{name(cid)} faces Otis next: {player(s.counselors[cid].seat)} chooses fight or panic.")

    def _fight_lost(self, ctx: Ctx, cid: str) -> None:
        s = ctx.state
        s.strike.pending = None
        ctx.say(f"Otis wins the fight against {name(cid)}.")
        self._panic(ctx, cid)

    def _do_panicnow(self, ctx: Ctx, action: PanicNow, p: str) -> None:
        cid = by_initials(ctx.state, action.counselor)
        ctx.say(f"{name(cid)} panics.")
        self._panic(ctx, cid)

    def _panic(self, ctx: Ctx, cid: str) -> None:
        s = ctx.state
        st = s.strike
        st.danger.remove(cid)
        st.panicked.append(cid)
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
                s.finale.failed.append(cid)
                ctx.say(f"{name(cid)} drops out of the finale.")
            return
        if not c.dead and c.cell is not None:
            s.panic = Panic(counselor=cid, steps=panic_distance(s, cid))
            if not self._panic_steps(s, cid):
                s.panic = None

    def _discard_aside(self, s: CampState) -> None:
        """Red cards set aside by Tempt Fate go to the discard pile once no strike is due."""
        if s.aside and not s.strikes_queued:
            s.cabin_discard += s.aside
            s.aside = []

    def _end_strike(self, ctx: Ctx) -> None:
        s = ctx.state
        st = s.strike
        s.strike = None
        self._discard_aside(s)
        if st.kind == "hopeless":
            if st.won_by:
                self._game_over(ctx, "win", f"{name(st.won_by)} beat Otis in the last fight at the Campfire.")
            else:
                self._game_over(ctx, "loss", "Nobody survived the last fight at the Campfire.")
            return
        if st.kind == "finale":
            if st.won_by and s.finale is not None and st.resume == "finale_step":
                f = s.finale
                fin = content.finales()[f.site]
                step = fin.steps[f.step]
                self._goto(f, fin, f.step + 1, step.goto)
            return
        if st.won_by:
            s.otis = None

    # -- card effects ------------------------------------------------------------------
    def _draw_cabin(self, ctx: Ctx) -> str | None:
        s = ctx.state
        if not s.cabin_deck:
            if not s.cabin_discard:
                return None
            s.cabin_deck = ctx.shuffle(s.cabin_discard)
            s.cabin_discard = []
            ctx.say("The cabin deck is reshuffled.")
        ctx.reveals = True
        return s.cabin_deck.pop(0)

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
            sid = s.survival_deck.pop(0)
            if surv[sid].kind == "permanent":
                c.permanent.append(sid)
            else:
                c.survival.append(sid)
            if not quiet:
                ctx.say(f"{name(cid)} draws a survival card: {surv[sid].name}.")

    def _resolve_cabin(self, ctx: Ctx, cid: str, cardid: str) -> None:
        s = ctx.state
        info = content.cabin_cards()[cardid]
        c = s.counselors[cid]
        ctx.say(f"{name(cid)} draws {info.name}: {info.text}")
        if info.kind in ("weapon", "item"):
            c.backpack.append(cardid)
        elif info.kind == "camper":
            c.campers.append(cardid)
        elif info.kind == "cameo":
            if c.cell is None:
                s.cabin_discard.append(cardid)
                return
            # Placed, not met: a meeting needs someone to walk into it or a hunting cameo
            # to come calling after Otis' stalk (otherwise hunting cameos could never hunt).
            s.cameo_serial += 1
            s.cameos.append(Cameo(card=cardid, cell=c.cell, uid=s.cameo_serial))
            ctx.say(f"{info.name} turns up at {label(c.cell)}.")
        else:
            if info.lasting:
                order = {"round": 0, "stalk": 1, "next_round": 2, "game": 3}
                lasts = max((e.lasts for e in info.effects if e.lasts in order), key=order.__getitem__)
                s.lasting.append(Lasting(cardid, lasts))
            s.cabin_discard.append(cardid)
            self._resolve(ctx, list(info.effects), cid, c.cell, info.name)

    def _targets(self, s: CampState, who: str, cid: str | None, cell: Cell | None) -> list[str]:
        if s.finale is not None and cid in (s.finale.participants if s.finale else []) and who in ("space", "cabin", "all"):
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
                others = [x for x in alive(s) if x != cid and s.counselors[x].cell is not None and s.counselors[x].cell != cell]
                if cid is None or cell is None or not others:
                    continue
                s.choice = Choice("counselor", cid, source, cell, "foolin_around", options=others, rest=rest, cameo=cameo)
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
                s.choice = Choice("counselor", cid, source, cell, e.effect, amount=e.amount, options=options, rest=rest, cameo=cameo)
                return
            if e.effect == "choose_trail":
                if cid is not None and s.counselors[cid].woods:
                    s.choice = Choice("trail", cid, source, None, "choose_trail", options=[str(n) for n in range(1, 7)], rest=rest)
                    return
                continue
            if e.effect == "leave":
                gone = next((x for x in s.cameos if x.uid == cameo), None) if cameo >= 0 else None
                if gone is not None:
                    s.cameos.remove(gone)
                    s.cabin_discard.append(gone.card)
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
                    s.choice = Choice("order", cid, source, cell, "peek_cabin", amount=len(top), options=list(top), rest=rest, cameo=cameo)
                    return
                continue
            self._apply_effect(ctx, e, self._targets(s, e.who, cid, cell), cid, cell, source)

    def _apply_effect(self, ctx: Ctx, e: Effect, who: list[str], cid: str | None, cell: Cell | None, source: str) -> None:
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
                s.strikes_queued.append((cell, 0))
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
            s.otis_mods.append(OtisMod(e.stat, e.amount, e.lasts, source))
            ctx.say(f"Otis' {e.stat} {'+' if e.amount >= 0 else ''}{e.amount} ({'this round' if e.lasts == 'stalk' else 'for the game'}).")
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
                s.fires.append(cell)
                ctx.say(f"Fire! {label(cell)} is burning until Otis' next stalk ends.")
        elif kind == "gain_keys":
            if s.key_supply > 0 and cid:
                s.key_supply -= 1
                key = next(k for k, mini in content.minis().items() if mini.kind == "key" and not mini.surprise)
                s.counselors[cid].objectives.append(key)
                ctx.say(f"{name(cid)} finds a set of keys.")
        elif kind == "fight_die":
            if s.strike is not None and cid:
                s.strike.extra.append((cid, e.die))
        elif kind == "otis_reroll":
            st = s.strike
            if st is not None and st.pending is not None:
                attack = otis_now(s).attack
                st.pending.otis = ctx.roll(attack, "Otis", f"attack d{attack} again") + st.bonus
                ctx.say(f"Otis rolls again: {st.pending.otis}.")
        elif kind == "hide":
            if s.strike is not None and cid in s.strike.danger:
                s.strike.danger.remove(cid)
                ctx.say(f"{name(cid)} hides and stays out of this strike.")
        elif kind == "prevent_injury":
            if s.strike is not None and cid:
                s.strike.shield.append((cid, e.amount))
        elif kind == "move_bonus":
            for x in who:
                s.boosts.append(Boost(x, e.amount, e.lasts or "turn"))
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
        s.cabin_discard += [x for x in drawn if not cards[x].red]
        red = len(reds)
        ctx.say(f"Tempting fate: {', '.join(cards[x].name + (' (red)' if cards[x].red else '') for x in drawn) or 'no cards'}.")
        if red and cell is not None:
            extra = red - 1
            ctx.say("A red card: Otis strikes!" + (f" (+{extra} to his attack roll)" if extra else ""))
            s.aside += reds
            s.strikes_queued.append((cell, extra))
        else:
            s.cabin_discard += reds

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
        for camper in c.campers:
            s.cabin_discard.append(camper)
        s.survival_discard += c.survival + c.permanent
        for cardid in c.equipped + c.backpack:
            s.ground.append(Ground(body, "card", cardid))
        for mid in c.objectives:
            s.ground.append(Ground(body, "mini", mid))
        lost_campers = len(c.campers)
        c.campers, c.survival, c.permanent, c.equipped, c.backpack, c.objectives = [], [], [], [], [], []
        ctx.say(
            f"{name(cid)} is dead" + (f", and {lost_campers} camper{'s' if lost_campers > 1 else ''} with them" if lost_campers else "")
            + f". Body count {s.body_count}."
        )
        if s.strike is not None and cid in s.strike.danger:
            s.strike.danger.remove(cid)
        if s.panic is not None and s.panic.counselor == cid:
            s.panic = None
        if s.finale is not None and cid in s.finale.participants and cid not in s.finale.failed:
            s.finale.failed.append(cid)
        if s.choice is not None and s.choice.counselor == cid:
            s.choice = None
        if s.stage in COUNSELOR_STAGES and s.order[s.active] == cid:
            s.turn_over = True

    # -- Otis and cameos -----------------------------------------------------------------
    def _do_otisturn(self, ctx: Ctx, action: OtisTurn, p: str) -> None:
        s = ctx.state
        s.boosts = [b for b in s.boosts if b.lasts != "round"]
        s.lasting = [x for x in s.lasting if x.lasts != "round"]
        ctx.say(f"Otis stalks (stalk {otis_now(s).stalk}, attack d{otis_now(s).attack}, damage {otis_now(s).damage}).")
        s.stage = "cameos"
        struck = otis_turn(ctx)
        if struck is not None:
            s.strikes_queued.append((struck, 0))

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
                    ctx.say(f"{info.name} finds {name(cid)}.")
                    self._resolve(ctx, list(info.cameo.meet), cid, cell, info.name, cameo=uid)

    # -- No Escape -----------------------------------------------------------------------
    def _no_escape(self, ctx: Ctx) -> None:
        """When no face-down '?' is left and no finale can be made from the objectives in
        play, new '?' cards go on the setup's '?' spaces; with none left, the game is lost."""
        s = ctx.state
        if s.questions:
            return
        minis = content.minis()
        pool: Counter = Counter()
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
                s.questions.append((parse_label(text), s.question_deck.pop(0)))
        ctx.say("No Escape! New '?' cards appear around the camp.")

    # -- text forms ------------------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        return CODEC.format(action)

    def describe_action(self, action: Action) -> str:
        """The action list names cards as they are printed, not by their ids."""
        if isinstance(action, Equip):
            return f"equip {thing_name(action.card)}"
        if isinstance(action, Unequip):
            return f"put {thing_name(action.card)} in the backpack"
        if isinstance(action, Use):
            return f"{action.counselor}: use {thing_name(action.card)}"
        if isinstance(action, Pickup):
            return f"pick up {thing_name(action.thing)}"
        if isinstance(action, Drop):
            return f"drop {thing_name(action.thing)}"
        if isinstance(action, Trade):
            return f"trade: {action.giver} gives {thing_name(action.thing)} to {action.taker}"
        return self.format_action(action)

    # -- views ---------------------------------------------------------------------------
    def view(self, state: CampState, viewer: int | None) -> CampView:
        s = state
        p = phase(s)
        m = content.camp_map()
        stats = otis_now(s)
        current = s.order[s.active] if s.stage in COUNSELOR_STAGES else ""
        cviews = []
        for cid in s.order:
            c = s.counselors[cid]
            info = content.counselors()[cid]
            where = "dead" if c.dead else "escaped" if c.escaped else "woods" if c.woods else "camp" if c.cell else "finale"
            cviews.append(
                CounselorView(
                    id=cid,
                    name=info.name,
                    initials=info.initials,
                    seat=c.seat,
                    cell=label(c.cell) if c.cell is not None else "",
                    where=where,
                    health=info.health,
                    injuries=c.injuries,
                    movement=movement(s, cid) if not c.dead else 0,
                    moves_left=s.moves_left if cid == current else 0,
                    panic=panic_distance(s, cid),
                    ability=info.ability.name,
                    ability_text=info.ability.text,
                    equipped=tuple(c.equipped),
                    backpack=tuple(c.backpack),
                    survival=tuple(c.survival),
                    permanent=tuple(c.permanent),
                    objectives=tuple(c.objectives),
                    campers=tuple(c.campers),
                    hands=hands_used(s, cid),
                    hands_limit=hands_limit(s, cid),
                    fight_dice=tuple(fights.fight_dice(s, cid)),
                    fight_bonus=fights.fight_bonus(s, cid, c.cell),
                    horrified=c.horrified > 0,
                    active=cid == current,
                )
            )
        things: list[ThingView] = []
        for cell, _ in s.questions:
            things.append(ThingView(label(cell), "question", "", "?"))
        for g in s.ground:
            kind = "key" if g.kind == "mini" and content.minis()[g.id].kind == "key" else "objective" if g.kind == "mini" else "item"
            things.append(ThingView(label(g.cell), kind, g.id, thing_name(g.id)))
        for cam in s.cameos:
            things.append(ThingView(label(cam.cell), "cameo", cam.card, thing_name(cam.card)))
        for cell in s.locks:
            things.append(ThingView(label(cell), "lock", "lock", "Locked"))
        for cell in s.fires:
            things.append(ThingView(label(cell), "fire", "fire", "Fire"))
        if s.first_aid is not None:
            things.append(ThingView(label(s.first_aid), "first_aid", "first_aid_station", "First Aid Station"))
        strike = None
        if s.strike is not None:
            st = s.strike
            strike = StrikeView(
                cell=label(st.cell) if st.cell else "",
                kind=st.kind,
                danger=tuple(st.danger),
                otis_bonus=st.bonus,
                pending_total=st.pending.total if st.pending else 0,
                pending_otis=st.pending.otis if st.pending else 0,
                won_by=st.won_by,
                up=st.up if st.up in st.danger else "",
                chooser="" if st.up in st.danger or not st.danger else self._leader(s, st.danger),
            )
        finale = None
        if s.finale is not None:
            f = s.finale
            fin = content.finales()[f.site]
            step = fin.steps[f.step]
            finale = FinaleView(
                f.site, fin.name, f.step, step.id, step.kind, step.text, tuple(f.participants), tuple(f.failed), f.tries
            )
        actor = -2
        if p != "over":
            actor = self.actors(s)[0]
        return CampView(
            viewer=viewer,
            map_name=m.data.name,
            round=s.round,
            phase=p,
            stage=s.stage,
            actor=actor,
            active=current,
            counselors=tuple(cviews),
            otis=OtisView(
                cell=label(s.otis) if s.otis is not None else "",
                lurking=s.otis is None,
                stalk=stats.stalk,
                attack=stats.attack,
                damage=stats.damage,
                modifiers=tuple(f"{x.stat} {x.amount:+d} ({x.source})" for x in s.otis_mods),
            ),
            body_count=s.body_count,
            hopeless_at=HOPELESS,
            hopeless=s.hopeless,
            things=tuple(things),
            locks=tuple(label(x) for x in s.locks),
            fires=tuple(label(x) for x in s.fires),
            first_aid=label(s.first_aid) if s.first_aid else "",
            dice=tuple(s.dice),
            stalk=tuple(s.last_stalk),
            strike=strike,
            finale=finale,
            finale_sites=tuple((site, label(m.site_cells[site]), site in s.failed_finales) for site in content.SITE_IDS),
            lasting=tuple(thing_name(x.card) for x in s.lasting),
            choice=self._choice_view(s, viewer),
            peek=self._peek_view(s, viewer),
            capped=s.stage in ("move", "end") and s.actions_this_turn >= MAX_TURN_ACTIONS,
            vote=tuple(s.vote.voters) if s.vote else (),
            offer=self._offer_text(s),
            cabin_deck=len(s.cabin_deck),
            survival_deck=len(s.survival_deck),
            question_deck=len(s.question_deck),
            result=s.result,
            end_reason=s.end_reason,
        )

    def _peek_view(self, s: CampState, viewer: int | None) -> tuple[str, ...]:
        ch = s.choice
        if ch is None or ch.kind != "order" or viewer != s.counselors[ch.counselor].seat:
            return ()
        return tuple(thing_name(x) for x in ch.options)

    def _choice_view(self, s: CampState, viewer: int | None) -> tuple[str, ...]:
        ch = s.choice
        if ch is None:
            return ()
        if ch.kind == "order":
            return self._peek_view(s, viewer)
        return tuple(ch.options)

    def secrets(self, state: CampState) -> dict[int, list[str]]:
        """Peeked cabin cards are seen by the peeking counselor's player alone (Gut Feeling:
        'look at the top 3 cabin cards'); they may tell the table, the screen does not."""
        ch = state.choice
        if ch is None or ch.kind != "order":
            return {}
        return {state.counselors[ch.counselor].seat: [peek_text(ch.options)]}

    def summary(self, state: CampState, viewer: int | None) -> Summary:
        s = state
        p = phase(s)
        topics = {
            "move": "movement",
            "draw": "cabins-and-cards",
            "end": "counselor-turn",
            "woods": "the-woods",
            "otis": "otis",
            "cameos": "otis",
            "strike": "otis-strikes-fights-and-panic",
            "after_roll": "otis-strikes-fights-and-panic",
            "panic": "otis-strikes-fights-and-panic",
            "choice": "cabins-and-cards",
            "vote": "finales",
            "finale": "finales",
            "offer": "counselor-turn",
            "over": "scoring",
        }
        stats = otis_now(s)
        head = f"Round {s.round} · body count {s.body_count}/{HOPELESS} · Otis {('lurking' if s.otis is None else label(s.otis))} (stalk {stats.stalk}, d{stats.attack}, damage {stats.damage})"
        if p == "over":
            status = f"Game over: {s.end_reason}"
        else:
            seat = self.actors(s)[0]
            who = "Otis" if seat == AUTO else player(seat)
            doing = {
                "move": f"{name(s.order[s.active])}'s move phase ({s.moves_left} movement left)",
                "draw": f"{name(s.order[s.active])} draws a cabin card or reveals",
                "end": f"{name(s.order[s.active])} ends the turn",
                "woods": f"{name(s.order[s.active])} is lost in the Woods",
                "otis": "Otis stalks",
                "cameos": "the cameos wander",
                "strike": self._strike_status(s),
                "after_roll": "Otis won the roll: play an after-roll card or accept",
                "panic": f"{name(s.panic.counselor) if s.panic else ''} panics and runs",
                "choice": (
                    f"{name(s.choice.counselor)} puts the peeked cabin cards back in any order"
                    if s.choice and s.choice.kind == "order"
                    else "a card asks for a choice"
                ),
                "vote": "vote on the finale",
                "finale": "the finale goes on",
                "offer": f"trade {self._offer_text(s)}? accept or refuse",
            }[p]
            status = f"{who}: {doing} — {head}"
            if p in ("move", "end") and s.actions_this_turn >= MAX_TURN_ACTIONS:
                status = f"{who}: {MAX_TURN_ACTIONS} actions this turn, the limit: only moving on is left — {head}"
        panels = []
        current = s.order[s.active] if s.stage in COUNSELOR_STAGES else ""
        for cid in s.order:
            c = s.counselors[cid]
            info = content.counselors()[cid]
            where = "dead" if c.dead else "escaped" if c.escaped else "in the Woods" if c.woods else label(c.cell) if c.cell else "in the finale"
            lines = [
                f"{player(c.seat)} · {where}",
                f"Health {info.health - c.injuries}/{info.health} · move {movement(s, cid)} · panic {panic_distance(s, cid)}"
                + (" · horrified" if c.horrified else ""),
                f"Ability: {info.ability.name}",
            ]
            if c.equipped:
                lines.append("Equipped: " + ", ".join(thing_name(x) for x in c.equipped))
            if c.backpack or c.survival:
                lines.append("Backpack: " + ", ".join(thing_name(x) for x in c.backpack + c.survival))
            if c.permanent:
                lines.append("Permanent: " + ", ".join(thing_name(x) for x in c.permanent))
            if c.objectives:
                lines.append("Objectives: " + ", ".join(thing_name(x) for x in c.objectives))
            if c.campers:
                lines.append("Campers: " + ", ".join(thing_name(x) for x in c.campers))
            panels.append(SeatPanel(title=f"{info.name} ({info.initials})", lines=lines, active=cid == current))
        return Summary(status=status, panels=panels, turn=s.turns, rules_topic=topics[p])

    def _offer_text(self, s: CampState) -> str:
        o = s.offer
        if o is None:
            return ""
        return f"{o.giver} {thing_name(o.thing)} -> {o.taker}"

    def _strike_status(self, s: CampState) -> str:
        st = s.strike
        if st is None:
            return ""
        if st.up and st.up in st.danger:
            return f"{name(st.up)} faces Otis: fight or panic?"
        if len({s.counselors[x].seat for x in st.danger}) > 1:
            return "who faces Otis next? fight or panic with your own counselor, or hand over with 'next XX'"
        return "fight or panic? choose who faces Otis next"

    # -- end -------------------------------------------------------------------------------
    def is_over(self, state: CampState) -> bool:
        return state.stage == "over"

    def outcome(self, state: CampState) -> Outcome:
        s = state
        won = s.result == "win"
        survivors = [cid for cid in s.order if s.counselors[cid].escaped or (won and not s.counselors[cid].dead)]
        campers = sum(len(s.counselors[cid].campers) for cid in survivors)
        lines = [ScoreLine("Counselors who survived", len(survivors) if won else 0), ScoreLine("Campers saved", campers if won else 0)]
        score = sum(x.points for x in lines)
        winners = list(range(s.seats)) if won else []
        reason = s.end_reason or "The game is not over."
        if won:
            reason = f"The counselors win: {reason} ({len(survivors)} survived, body count {s.body_count})."
        elif s.stage == "over":
            reason = f"Otis wins: {reason} (body count {s.body_count})."
        return Outcome(scores=[score] * s.seats, breakdown=[lines] * s.seats, winners=winners, reason=reason)


def _bots() -> dict:
    from engines.camp_grizzly.bots import HeuristicBot, RandomBot

    return {"random": RandomBot, "heuristic": HeuristicBot}


CampGrizzlyEngine.bots = _bots()
ENGINE = CampGrizzlyEngine()

__all__ = ["ENGINE", "CampGrizzlyEngine", "CampView", "copy_state", "phase"]
