"""Who acts now and which actions they have: the legal list and the reasons for a refusal."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import permutations
from typing import Any

from engines.camp_grizzly import content
from engines.camp_grizzly.actions import (
    Accept,
    Action,
    CameosTurn,
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
    Pickup,
    Refuse,
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
from engines.camp_grizzly.base import CampRules
from engines.camp_grizzly.content import Effect, label, parse_label
from engines.camp_grizzly.fights import can_fight, equippable, hands_limit, hands_of, hands_used, usable_from_backpack
from engines.camp_grizzly.shared import (
    COUNSELOR_STAGES,
    MAX_TURN_ACTIONS,
    TIMINGS,
    Cell,
    alive,
    by_initials,
    has_keys,
    initials,
    name,
    phase,
    player,
    thing_name,
)
from engines.camp_grizzly.state import CampState
from engines.core.errors import IllegalAction
from engines.core.protocol import AUTO


#: The kinds `_handling` offers, each with the part of it that offers that kind, and the
#: kinds `_draw_options` offers (see `_allows`).
_HANDLING = {Pickup: "_pickups", Trade: "_trades", Equip: "_equips", Unequip: "_unequips", Drop: "_drops"}
_DRAWING = (Draw, Reveal)


@cache
def _move_to(cell: Cell) -> Move:
    """The one `Move` to each space, shared by every legal list (actions are frozen)."""
    return Move(label(cell))


@cache
def _moves_from(cell: Cell) -> tuple[tuple[Cell, Move], ...]:
    """(space, the `Move` there) for each walking step from `cell` (the map never changes)."""
    return tuple((there, _move_to(there)) for there in content.camp_map().walk_neighbours(cell))


@cache
def _move_actions_from(cell: Cell) -> tuple[Move, ...]:
    """The `Move` of each walking step from `cell`, in `_moves_from`'s order."""
    return tuple(move for _, move in _moves_from(cell))


@cache
def _trails_from(cell: Cell) -> tuple[Trail, ...]:
    """The nature trails a counselor on `cell` may attempt, in number order."""
    return tuple(Trail(n) for n, _ in content.camp_map().trail_links.get(cell, ()))


@cache
def _trail_ends_from(cell: Cell) -> tuple[tuple[Trail, Cell], ...]:
    """(the attempt, its far end) for each nature trail starting on `cell`."""
    return tuple((Trail(n), end) for n, end in content.camp_map().trail_links.get(cell, ()))


def _open_trails(state: CampState, cell: Cell | None) -> tuple[Trail, ...]:
    """The nature trail attempts from `cell`, less those whose far end burns (a burning
    space cannot be entered, by a trail either). None for off the map (no trails)."""
    if cell is None:
        return ()
    if not state.fires:
        return _trails_from(cell)
    return tuple(trail for trail, end in _trail_ends_from(cell) if end not in state.fires)


@cache
def _sites_at(cell: Cell) -> tuple[str, ...]:
    """The finale sites whose red arrow is on `cell`, in site order (most spaces have none)."""
    site_cells = content.camp_map().site_cells
    return tuple(site for site in content.SITE_IDS if site_cells[site] == cell)


#: The effects `_effect_useful` may find useless in a position: every other effect does something.
_USEFUL_AT_TIMES = frozenset({"otis_reroll", "calm", "gain_keys", "heal", "move_bonus"})

#: Actions with nothing to name, shared by every legal list (actions are frozen).
_DRAW, _REVEAL, _END, _WOODS, _STAY, _ACCEPT, _REFUSE = Draw(), Reveal(), End(), Woods(), Stay(), Accept(), Refuse()
_OTIS_TURN, _CAMEOS_TURN = OtisTurn(), CameosTurn()


class LegalRules(CampRules):
    """Mixed into the engine (engine.CampGrizzlyEngine): its methods call each other through self."""

    def actors(self, state: CampState) -> tuple[int, ...]:
        return self._actors_in(state, phase(state))

    def _actors_in(self, state: CampState, p: str) -> tuple[int, ...]:
        """`actors` when the phase `p` of `state` is already known."""
        if p in COUNSELOR_STAGES:  # the commonest case, asked several times a step: the turn's owner
            return (state.counselors[state.order[state.active]].seat,)
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
            assert state.choice is not None
            return state.choice.counselor
        if p == "panic":
            assert state.panic is not None
            return state.panic.counselor
        if p == "strike":
            st = state.strike
            assert st is not None
            if st.up and st.up in st.danger:
                return st.up
            return self._leader(state, st.danger or state.order)
        if p == "after_roll":
            assert state.strike is not None and state.strike.pending is not None
            return state.strike.pending.counselor
        if p == "finale":
            f = state.finale
            assert f is not None
            return self._leader(state, [x for x in f.participants if x not in f.failed] or f.participants)
        return state.order[state.active]

    def _actor_seat(self, state: CampState, p: str) -> int:
        if p == "vote":
            assert state.vote is not None
            return state.vote.voters[0]
        if p == "offer":
            assert state.offer is not None
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
        assert st is not None and st.pending is not None  # asked after a lost fight roll
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
        return self._auto_action_in(phase(state))

    def _auto_action_in(self, p: str) -> Action:
        """`auto_action` when the phase `p` is already known."""
        if p == "otis":
            return _OTIS_TURN
        if p == "cameos":
            return _CAMEOS_TURN
        raise IllegalAction("No automatic actor is due to act.")

    def legal_actions(self, state: CampState, seat: int) -> list[Action]:
        p = phase(state)
        if seat not in self._actors_in(state, p):
            return []
        if seat == AUTO:
            return [self._auto_action_in(p)]
        return self._listed(state, seat, p)

    def _listed(self, state: CampState, seat: int, p: str) -> list[Action]:
        """`legal_actions` for a `seat` already known to act in phase `p`."""
        out: list[Action] = []
        if p == "move":  # the commonest list: parts that would offer nothing are not asked
            cid = state.order[state.active]
            c = state.counselors[cid]
            if state.moves_left > 0:
                out = self._step_moves(state, cid)
                out += _open_trails(state, c.cell)
            if state.actions_this_turn < MAX_TURN_ACTIONS:
                out += self._handling(state, cid)
                if c.survival or c.backpack:
                    out += self._uses(state, [cid], TIMINGS["move"])
                if _sites_at(c.cell):
                    out += [StartFinale(site) for site in self._finale_sites(state, cid)]
            out += self._draw_options(state, cid)
        elif p == "draw":
            out += self._draw_options(state, state.order[state.active])
        elif p == "end":
            cid = state.order[state.active]
            if state.actions_this_turn < MAX_TURN_ACTIONS:
                out = self._handling(state, cid)
                c = state.counselors[cid]
                if c.survival or c.backpack:
                    out += self._uses(state, [cid], TIMINGS["end"])
            out.append(_END)
        elif p == "woods":
            out.append(_WOODS)
        elif p == "strike":
            own, others = self._strike_sides(state, seat)
            out += self._fights(state, own)
            out += [PanicNow(initials(cid)) for cid in own]
            out += [NextUp(initials(cid)) for cid in others]
            out += self._uses(state, own, TIMINGS["strike"])
        elif p == "after_roll":
            st = state.strike
            assert st is not None
            own = [cid for cid in st.danger if state.counselors[cid].seat == seat]
            out += self._uses(state, own, TIMINGS["after_roll"])
            out.append(_ACCEPT)
        elif p == "panic":
            assert state.panic is not None
            cid = state.panic.counselor
            out += [_move_to(cell) for cell in self._panic_steps(state, cid)]
            out.append(_STAY)
        elif p == "choice":
            ch = state.choice
            assert ch is not None
            if ch.kind == "trail":
                out += [Return(int(n)) for n in ch.options]
            elif ch.kind == "order":
                out += [Order(tuple(x)) for x in dict.fromkeys(permutations(ch.options))]
            else:
                out += [Pick(initials(cid)) for cid in ch.options]
        elif p == "vote":
            out += [CastVote(True), CastVote(False)]
        elif p == "offer":
            out += [_ACCEPT, _REFUSE]
        elif p == "finale":
            step = self._finale_step(state)
            if step.kind == "roll":
                f = state.finale
                assert f is not None
                if step.roller == "one":
                    out += [Roll(initials(cid)) for cid in f.participants if cid not in f.failed]
                else:
                    out.append(Roll())
            elif step.kind == "choice":
                out += [ChooseOption(o.label) for o in step.options]
        return out

    def _strike_sides(self, state: CampState, seat: int) -> tuple[list[str], list[str]]:
        """The counselors in danger whom `seat` decides for (fight or panic) and the others
        it may hand the next decision to."""
        st = state.strike
        assert st is not None
        if st.up and st.up in st.danger:
            return [st.up], []
        own = [cid for cid in st.danger if state.counselors[cid].seat == seat]
        others = [cid for cid in st.danger if state.counselors[cid].seat != seat]
        return own, others

    def _fights(self, state: CampState, own: list[str]) -> list[Action]:
        assert state.strike is not None
        cell = state.strike.cell
        return [Fight(initials(cid)) for cid in own if can_fight(state, cid, cell)]

    def _allows(self, state: CampState, seat: int, action: Action, p: str) -> bool:
        """Whether `action` is in `legal_actions(state, seat)` for a `seat` that acts in
        phase `p`. In a counselor's move and end phases and in a strike (the commonest and
        the costliest lists) only the part of the list that offers the action's kind is
        worked out: each kind comes from one part, offered under the same conditions as in
        `legal_actions`."""
        kind = type(action)
        if p == "move":
            cid = state.order[state.active]
            if kind is Move:
                return state.moves_left > 0 and action in self._step_moves(state, cid)
            if kind is Trail:
                return state.moves_left > 0 and action in _open_trails(state, state.counselors[cid].cell)
            if kind in _DRAWING:
                return action in self._draw_options(state, cid)
            if state.actions_this_turn >= MAX_TURN_ACTIONS:
                return False
            if kind in _HANDLING:
                return action in getattr(self, _HANDLING[kind])(state, cid)
            if kind is Use:
                return action in self._uses(state, [cid], TIMINGS["move"])
            if isinstance(action, StartFinale):  # `kind is StartFinale`, told to the type checker
                return action.site in self._finale_sites(state, cid)
            return False
        if p == "end":
            if kind is End:
                return True
            cid = state.order[state.active]
            if state.actions_this_turn >= MAX_TURN_ACTIONS:
                return False
            if kind in _HANDLING:
                return action in getattr(self, _HANDLING[kind])(state, cid)
            if kind is Use:
                return action in self._uses(state, [cid], TIMINGS["end"])
            return False
        if p == "strike":  # a panic is the commonest answer, and needs no fight worked out
            own, others = self._strike_sides(state, seat)
            if kind is PanicNow:
                return action in [PanicNow(initials(cid)) for cid in own]
            if kind is NextUp:
                return action in [NextUp(initials(cid)) for cid in others]
            if kind is Fight:
                return action in self._fights(state, own)
            if kind is Use:
                return action in self._uses(state, own, TIMINGS["strike"])
            return False
        return action in self._listed(state, seat, p)

    def _step_moves(self, state: CampState, cid: str) -> list[Action]:
        """The counselor's walking steps: not into a fire, nor a locked space without keys."""
        cell = state.counselors[cid].cell
        fires, locks = state.fires, state.locks
        if not fires and not locks:
            return list(_move_actions_from(cell))
        moves = _moves_from(cell)
        keys = None
        out: list[Action] = []
        for there, move in moves:
            if there in fires:
                continue
            if there in locks:
                if keys is None:
                    keys = has_keys(state, cid)
                if not keys:
                    continue
            out.append(move)
        return out

    def _panic_steps(self, state: CampState, cid: str) -> list[Cell]:
        """A panicking counselor runs: no locks (even with keys), no fires, not onto Otis."""
        cell = state.counselors[cid].cell
        assert cell is not None  # a panicking counselor runs on the map
        out = []
        for there in content.camp_map().walk_neighbours(cell):
            if there not in state.fires and there not in state.locks and there != state.otis:
                out.append(there)
        return out

    def _handling(self, state: CampState, cid: str) -> list[Action]:
        """Pick up, trade, equip, stow and drop: allowed in the move and end phases, each
        kind from its own part (`_HANDLING`), so `_allows` works out only the part it needs.
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

    def _draw_options(self, state: CampState, cid: str) -> list[Action]:
        here = state.counselors[cid].cell
        for cell, _ in state.questions:
            if cell == here:
                return [_DRAW, _REVEAL]
        return [_DRAW]

    def _combination(self, state: CampState, site: str, cid: str) -> list[tuple[str, str]] | None:
        """The objectives (holder, mini) that would start `site`'s finale, taken first from
        `cid` and then from the other counselors on the red arrow, or None."""
        fin = content.finales()[site]
        minis = content.minis()
        cell = state.counselors[cid].cell
        holders = [cid] + [o for o in alive(state) if o != cid and state.counselors[o].cell == cell]
        used: list[tuple[str, str]] = []
        taken: Counter[tuple[str, str]] = Counter()
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
        sites = _sites_at(state.counselors[cid].cell)
        if not sites:  # most spaces have no red arrow
            return []
        return [s for s in sites if s not in state.failed_finales and self._combination(state, s, cid) is not None]

    def _finale_step(self, state: CampState) -> content.FinaleStep:
        f = state.finale
        assert f is not None
        return content.finales()[f.site].steps[f.step]

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
            cell = state.counselors[cid].cell
            assert cell is not None  # moving and panicking counselors are on the map
            m = content.camp_map()
            if p == "move" and state.moves_left <= 0:
                return f"{name(cid)} has no movement left this turn."
            if to not in m.walk_neighbours(cell):
                return f"{action.to} is not a space {name(cid)} can step to from {label(cell)} (too far, or a wall is in the way)."
            if to in state.fires:
                return f"{action.to} is on fire."
            if to in state.locks:
                return f"{action.to} is locked{' and a panicking counselor cannot open locks' if p == 'panic' else ' and you hold no keys'}."
            if p == "panic" and to == state.otis:
                return "A panicking counselor runs away from Otis, not towards him."
        if isinstance(action, Trail) and p == "move":
            return f"There is no nature trail {action.number} starting here, its far end is on fire, or no movement is left."
        if isinstance(action, Equip):
            if f"unequip:{action.card}" in state.handled:
                return f"{thing_name(action.card)} was stowed this turn: it stays in the backpack until your next turn."
            return f"You cannot equip {thing_name(action.card)} now (not in your backpack, not equippable, or too many hands)."
        if isinstance(action, Pickup) and f"drop:{action.thing}" in state.handled:
            return f"{thing_name(action.thing)} was put down this turn: it stays there until your next turn."
        if isinstance(action, Trade) and f"trade:{action.thing}" in state.handled:
            return f"{thing_name(action.thing)} already changed hands (or was offered) this turn."
        if isinstance(action, Drop):
            return f"You cannot drop {thing_name(action.thing)}: you carry no such item, weapon, objective or keys (campers are never dropped)."
        if isinstance(action, (Fight, PanicNow, NextUp)) and p == "strike":
            st = state.strike
            assert st is not None
            up = st.up if st.up in st.danger else ""
            if up:
                return f"{name(up)}'s player decides now: fight {initials(up)} or panic {initials(up)}."
            if isinstance(action, NextUp):
                return f"{action.counselor} is not in danger, or is {player(seat)}'s own counselor (fight or panic them directly)."
            who = by_initials(state, action.counselor)
            if who is not None and who in st.danger and state.counselors[who].seat != seat:
                return f"Only {action.counselor}'s own player decides whether {action.counselor} fights or panics (hand it over with 'next {action.counselor}')."
        if isinstance(action, StartFinale):
            finale = content.finales().get(action.site)
            called = finale.name if finale is not None else f"'{action.site}'"
            return f"{called} needs its three objectives on its red arrow space during your move phase."
        if isinstance(action, Reveal):
            return "There is no face-down '?' on your space, or it is not your cabin draw phase."
        if isinstance(action, Fight):
            who = by_initials(state, action.counselor)
            called = name(who) if who is not None else f"'{action.counselor}'"
            return f"{called} cannot fight now: not in danger, or no roll of theirs could beat Otis' lowest roll."
        return f"That is not possible now: {player(seat)} must {wants}."
