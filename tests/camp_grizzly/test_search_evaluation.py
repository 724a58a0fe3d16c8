"""The Camp Grizzly search levels' evaluation (engines/camp_grizzly/search.py): the team's
chance of surviving from a position, used to stop a playout after a few choices."""

from __future__ import annotations

import msgspec

from engines.camp_grizzly import content
from engines.camp_grizzly.engine import ENGINE
from engines.camp_grizzly.search import HORIZON, survival, worth_searching
from engines.camp_grizzly.state import CampState
from engines.core.ismcts import SearchBot, bot_rollout
from engines.core.protocol import AUTO, BotContext
from engines.core.rng import Rng, seed_state
from tests.test_search_bots import played_states


def _normal(seed: int) -> CampState:
    options = msgspec.structs.replace(ENGINE.default_options(), setup="normal")
    return ENGINE.new_game(options, 2, seed)


def _doomed(state: CampState) -> CampState:
    """One counselor dead, the other a wound from death, the body count a step from
    Hopeless, late in the game."""
    first, second = state.order[:2]
    counselors = dict(state.counselors)
    counselors[first] = msgspec.structs.replace(counselors[first], dead=True, cell=None)
    health = content.counselors()[second].health
    counselors[second] = msgspec.structs.replace(counselors[second], injuries=health - 1)
    return msgspec.structs.replace(state, counselors=counselors, body_count=12, round=30)


def _safe(state: CampState) -> CampState:
    """Unhurt, the body count low, and a finale's three objectives in the first
    counselor's hands."""
    finale = next(iter(content.finales().values()))
    minis = content.minis()
    held = []
    for kind in finale.requires:
        held.append(next(mid for mid, mini in minis.items() if mini.objective == kind and mid not in held))
    first = state.order[0]
    counselors = dict(state.counselors)
    counselors[first] = msgspec.structs.replace(counselors[first], objectives=held)
    return msgspec.structs.replace(state, counselors=counselors, body_count=2)


def _searched(state: CampState) -> bool:
    """Whether the search levels search the decision `state` asks for (see below)."""
    return worth_searching(ENGINE.view(state, next(s for s in ENGINE.actors(state) if s != AUTO)))


def test_the_evaluation_is_a_chance_for_every_seat() -> None:
    states = played_states(ENGINE, 2, 5, every=7) + [_doomed(_normal(n)) for n in range(3)]
    assert len(states) > 5
    for state in states:
        value = survival(ENGINE, state)
        if state.finale is not None:
            assert value is None  # a finale is played out
            continue
        assert value is not None and len(value) == state.seats
        assert all(0.0 <= v <= 1.0 for v in value) and len(set(value)) == 1


def test_a_doomed_team_is_worth_less_than_a_safe_one() -> None:
    for seed in (1, 2, 3):
        start = _normal(seed)
        doomed, safe = survival(ENGINE, _doomed(start)), survival(ENGINE, _safe(start))
        assert doomed is not None and safe is not None
        assert doomed[0] < 0.25 < 0.5 < safe[0]


def test_the_search_levels_stop_their_playouts_with_the_evaluation() -> None:
    state = next(s for s in played_states(ENGINE, 2, 4, every=3) if s.finale is None and s.round <= 3 and _searched(s))
    seat = next(s for s in ENGINE.actors(state) if s != AUTO)
    calls: list[float] = []

    def counted(engine, position):
        value = survival(engine, position)
        if value is not None:
            calls.append(value[0])
        return value

    for level in ("hard", "expert"):
        bot = ENGINE.bots[level]()
        assert isinstance(bot, SearchBot)
        assert bot.evaluate is survival and bot.horizon == HORIZON
        bot.iterations, bot.seconds, bot.evaluate = 12, None, counted
        before = len(calls)
        ctx = BotContext(
            engine=ENGINE,
            seat=seat,
            view=ENGINE.view(state, seat),
            legal=ENGINE.legal_actions(state, seat),
            rng=Rng(seed_state(9)),
        )
        bot.choose(ctx)
        # Early in the game nearly every playout reaches the horizon and is scored there.
        assert len(calls) - before >= 6


def test_the_search_keeps_the_heuristics_choice_unless_clearly_beaten() -> None:
    """With `evidence` 0 the plain search plays its most visited action; the Camp Grizzly
    search, on the same playouts, keeps the heuristic's choice where 30 playouts cannot tell
    the actions apart."""
    from engines.camp_grizzly.bots import HeuristicBot
    from engines.camp_grizzly.search import CampSearch

    states = [s for s in played_states(ENGINE, 2, 6, every=4) if s.finale is None and _searched(s)][:8]
    assert len(states) >= 4
    overruled = kept = 0
    for state in states:
        seat = next(s for s in ENGINE.actors(state) if s != AUTO)
        legal = ENGINE.legal_actions(state, seat)

        def ctx() -> BotContext:
            return BotContext(engine=ENGINE, seat=seat, view=ENGINE.view(state, seat), legal=legal, rng=Rng(5))

        choices = []
        for kind in (CampSearch, SearchBot):
            bot = kind(iterations=30, rollout=bot_rollout(HeuristicBot()), guide=HeuristicBot(), horizon=HORIZON)
            bot.evaluate, bot.evidence = survival, 0
            choices.append(ENGINE.format_action(bot.choose(ctx())))
        planned = ENGINE.format_action(HeuristicBot().choose(ctx()))
        if choices[1] != planned:
            overruled += 1
            kept += choices[0] == planned
    assert overruled >= 1 and kept >= 1


def test_the_search_levels_search_a_moves_first_step_and_follow_the_plan_after() -> None:
    """The planner plans a whole move: the search weighs the first step, the planner walks
    the rest of it and plays the end phase at once; strikes are searched."""
    from engines.camp_grizzly.planner import PlannerBot

    seen: set[str] = set()
    for state in played_states(ENGINE, 2, 3, every=1):
        seat = next(s for s in ENGINE.actors(state) if s != AUTO)
        view = ENGINE.view(state, seat)
        me = next((c for c in view.counselors if c.active), None)
        if view.phase == "move" and me is not None:
            kind = "first step" if me.moves_left >= me.movement else "later step"
        elif view.phase in ("end", "strike"):
            kind = view.phase
        else:
            continue
        if kind in seen:
            continue
        seen.add(kind)
        bot = ENGINE.bots["hard"]()
        assert isinstance(bot, SearchBot)
        bot.iterations, bot.seconds = 6, None
        ctx = BotContext(engine=ENGINE, seat=seat, view=view, legal=ENGINE.legal_actions(state, seat), rng=Rng(3))
        chosen = bot.choose(ctx)
        searched = bot.last_root is not None
        assert searched == (kind in ("first step", "strike")), kind
        if not searched:
            assert chosen == PlannerBot().choose(ctx)
    assert seen == {"first step", "later step", "end", "strike"}
