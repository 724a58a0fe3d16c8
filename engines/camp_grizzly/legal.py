"""Who acts now and which actions they have: the legal list, phase by phase, and the check
of one action against it. The parts of the list that offer gear handling are in
`legal_gear`, the cards one may play in `legal_cards`; the sentence for a refused action
is in `refusals`."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import permutations

from engines.camp_grizzly import content
from engines.camp_grizzly.actions import (
    Accept,
    Action,
    CameosTurn,
    CastVote,
    ChooseOption,
    Draw,
    End,
    Fight,
    Move,
    NextUp,
    Order,
    OtisTurn,
    PanicNow,
    Pick,
    Refuse,
    Return,
    Reveal,
    Roll,
    StartFinale,
    Stay,
    Trail,
    Use,
    Woods,
)
from engines.camp_grizzly.base import CampRules
from engines.camp_grizzly.legal_gear import HANDLED_KINDS
from engines.camp_grizzly.content import label
from engines.camp_grizzly.fights import can_fight
from engines.camp_grizzly.shared import (
    COUNSELOR_STAGES,
    MAX_TURN_ACTIONS,
    TIMINGS,
    Cell,
    alive,
    has_keys,
    initials,
    phase,
)
from engines.camp_grizzly.state import CampState
from engines.core.errors import IllegalAction
from engines.core.protocol import AUTO


#: The kinds `_draw_options` offers (see `_allows`).
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
            if kind in HANDLED_KINDS:
                return action in self._handling_of_kind(kind, state, cid)
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
            if kind in HANDLED_KINDS:
                return action in self._handling_of_kind(kind, state, cid)
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
