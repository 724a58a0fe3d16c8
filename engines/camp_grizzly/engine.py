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

This module is the thin Engine: it checks and dispatches each action to `_do_<action>`.
The rules themselves live by concern in the mixins it is made of: setup, legal (who acts
and what they may do, with legal_gear and legal_cards; refusals says why not), turn (the
round and settling), moves, gear, cards, strikes, finales and view.
"""

from __future__ import annotations

from collections.abc import Callable

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
from engines.camp_grizzly.cards import CardRules
from engines.camp_grizzly.finales import FinaleRules
from engines.camp_grizzly.gear import GearRules
from engines.camp_grizzly.legal import LegalRules
from engines.camp_grizzly.legal_cards import LegalCardRules
from engines.camp_grizzly.legal_gear import LegalGearRules
from engines.camp_grizzly.moves import MoveRules
from engines.camp_grizzly.refusals import RefusalRules
from engines.camp_grizzly.setup import SetupRules
from engines.camp_grizzly.shared import (
    COUNSELOR_STAGES,
    MAX_ROUNDS,
    MAX_TURN_ACTIONS,
    copy_state,
    phase,
    player,
)
from engines.camp_grizzly.state import CampState, Ctx, editable_copy
from engines.camp_grizzly.strikes import StrikeRules
from engines.camp_grizzly.turn import TurnRules
from engines.camp_grizzly.view import CampView, CounselorView, FinaleView, OtisView, StrikeView, ThingView, ViewRules
from engines.camp_grizzly.determinize import determinize
from engines.core.bots import noisy
from engines.core.errors import IllegalAction
from engines.core.protocol import AUTO, Applied, Bot, Engine, Flags, GameInfo, Outcome, ScoreLine
from engines.core.rng import Rng


class CampGrizzlyEngine(
    SetupRules,
    LegalRules,
    LegalGearRules,
    LegalCardRules,
    RefusalRules,
    TurnRules,
    MoveRules,
    GearRules,
    CardRules,
    StrikeRules,
    FinaleRules,
    ViewRules,
    Engine[CampState, Action],
):
    info = GameInfo(
        id="camp_grizzly",
        title="Camp Grizzly",
        pitch="Co-operative survival: counselors against Otis, who hunts the camp.",
        min_seats=1,
        max_seats=6,
        flags=Flags(hidden_information=False, chance=True, simultaneous=False, cooperative=True),
    )
    options_type = CampOptions
    # `bots` is filled below, after the bots module can import the engine's types.

    # -- apply ------------------------------------------------------------------------
    def apply(self, state: CampState, seat: int, action: Action) -> Applied[CampState]:
        if state.stage == "over":
            raise IllegalAction("The game is over.")
        p = phase(state)
        actors = self._actors_in(state, p)
        if seat not in actors:
            raise IllegalAction(f"It is not {player(seat) if seat != AUTO else 'the game'}'s turn to act.")
        # The automatic actor has one action, cheaper to name than to look up; a seat's
        # action is judged against the part of its legal list that could offer it.
        allowed = action == self._auto_action_in(p) if seat == AUTO else self._allows(state, seat, action, p)
        if not allowed:
            raise IllegalAction(self._why(state, seat, action))
        ctx = Ctx(editable_copy(state))  # the caller's state is never touched
        s = ctx.state  # an equal copy: the phase is the one worked out above
        if p in COUNSELOR_STAGES:
            s.actions_this_turn += 1
        _HANDLERS[type(action)](self, ctx, action, p)
        self._settle(ctx)
        return Applied(ctx.finish(), ctx.events, ctx.reveals)

    # -- search -----------------------------------------------------------------------
    def determinize(self, view: CampView, seat: int, rng: Rng) -> CampState:
        return determinize(view, seat, rng)

    # -- text forms and end -----------------------------------------------------------
    def format_action(self, action: Action) -> str:
        return CODEC.format(action)

    def is_over(self, state: CampState) -> bool:
        return state.stage == "over"

    def outcome(self, state: CampState) -> Outcome:
        s = state
        won = s.result == "win"
        survivors = [cid for cid in s.order if s.counselors[cid].escaped or (won and not s.counselors[cid].dead)]
        campers = sum(len(s.counselors[cid].campers) for cid in survivors)
        lines = [
            ScoreLine("Counselors who survived", len(survivors) if won else 0),
            ScoreLine("Campers saved", campers if won else 0),
        ]
        score = sum(x.points for x in lines)
        winners = list(range(s.seats)) if won else []
        reason = s.end_reason or "The game is not over."
        if won:
            reason = f"The counselors win: {reason} ({len(survivors)} survived, body count {s.body_count})."
        elif s.stage == "over":
            reason = f"Otis wins: {reason} (body count {s.body_count})."
        return Outcome(scores=[score] * s.seats, breakdown=[lines] * s.seats, winners=winners, reason=reason)


def _bots() -> dict[str, Callable[[], Bot]]:
    from engines.camp_grizzly.bots import HeuristicBot, RandomBot
    from engines.camp_grizzly.planner import PlannerBot
    from engines.camp_grizzly.search import search_level

    # Random playouts almost never survive: the search plays its rollouts by the planner (the
    # heuristic with its whole move, loadout and finale planned: planner.py), stops them
    # after a few choices to score the position (a whole game is too long for the budget)
    # and keeps the planner's choice unless clearly beaten.
    return {
        "random": RandomBot,
        "easy": noisy(HeuristicBot),
        "heuristic": HeuristicBot,
        "hard": search_level("hard", PlannerBot),
        "expert": search_level("expert", PlannerBot),
    }


CampGrizzlyEngine.bots = _bots()
ENGINE = CampGrizzlyEngine()

__all__ = [
    "ENGINE",
    "MAX_ROUNDS",
    "MAX_TURN_ACTIONS",
    "CampGrizzlyEngine",
    "CampView",
    "CounselorView",
    "FinaleView",
    "OtisView",
    "StrikeView",
    "ThingView",
    "copy_state",
    "phase",
]


#: Each kind of action with its handler, in the rules mixin of its part of the game.
_HANDLERS: dict[type, Callable[..., None]] = {
    Move: CampGrizzlyEngine._do_move,
    Stay: CampGrizzlyEngine._do_stay,
    Trail: CampGrizzlyEngine._do_trail,
    Pickup: CampGrizzlyEngine._do_pickup,
    Drop: CampGrizzlyEngine._do_drop,
    Trade: CampGrizzlyEngine._do_trade,
    Equip: CampGrizzlyEngine._do_equip,
    Unequip: CampGrizzlyEngine._do_unequip,
    Use: CampGrizzlyEngine._do_use,
    Draw: CampGrizzlyEngine._do_draw,
    Reveal: CampGrizzlyEngine._do_reveal,
    StartFinale: CampGrizzlyEngine._do_startfinale,
    CastVote: CampGrizzlyEngine._do_castvote,
    End: CampGrizzlyEngine._do_end,
    Woods: CampGrizzlyEngine._do_woods,
    Return: CampGrizzlyEngine._do_return,
    Fight: CampGrizzlyEngine._do_fight,
    PanicNow: CampGrizzlyEngine._do_panicnow,
    NextUp: CampGrizzlyEngine._do_nextup,
    Accept: CampGrizzlyEngine._do_accept,
    Refuse: CampGrizzlyEngine._do_refuse,
    Roll: CampGrizzlyEngine._do_roll,
    ChooseOption: CampGrizzlyEngine._do_chooseoption,
    Pick: CampGrizzlyEngine._do_pick,
    Order: CampGrizzlyEngine._do_order,
    OtisTurn: CampGrizzlyEngine._do_otisturn,
    CameosTurn: CampGrizzlyEngine._do_cameosturn,
}
