"""The search bots (engines/core/ismcts.py) and the determinizers they stand on, for every
game that has one: samples are consistent with the view, the bot cannot read what its seat
cannot see, the same seed gives the same decision, and search bots play games to the end.
Iteration budgets only (small ones), never time budgets: tests must not depend on speed."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from engines.core.ismcts import SearchBot, can_search, random_rollout, rewards
from engines.core.match import Match, SeatSpec
from engines.core.protocol import AUTO, Bot, BotContext, Engine, Outcome
from engines.core.rng import Rng, seed_state
from engines.registry import load_engine, ready_games

SEARCHABLE = [g.id for g in ready_games() if can_search(load_engine(g.id))]
NOT_SEARCHABLE = [g.id for g in ready_games() if g.id not in SEARCHABLE]
SENTINEL = 0x5E27_1E5E_27_1E5E7  # a generator state no seed of these tests reaches


def test_some_game_can_be_searched() -> None:
    assert "bivi" in SEARCHABLE


def played_states(engine: Engine[Any, Any], seats: int, seed: int, every: int) -> list[Any]:
    """States along a seeded game played by random bots (automatic actors act as usual),
    one every `every` choices, each with a seat that has more than one legal action."""
    state = engine.new_game(engine.default_options(), seats, seed)
    rng = Rng(seed_state(seed))
    kept: list[Any] = []
    step = 0
    while not engine.is_over(state):
        seat = engine.actors(state)[0]
        if seat == AUTO:
            state = engine.apply(state, AUTO, engine.auto_action(state)).state
            continue
        legal = engine.legal_actions(state, seat)
        if len(legal) > 1:  # a real choice (the search answers a lone action at once)
            if step % every == 0:
                kept.append(state)
            step += 1
        state = engine.apply(state, seat, rng.choice(legal)).state
    return kept


def acting(engine: Engine[Any, Any], state: Any) -> int:
    return next(s for s in engine.actors(state) if s != AUTO)


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_every_sample_gives_the_seat_its_view_and_legal_actions(game_id: str) -> None:
    engine = load_engine(game_id)
    rng = Rng(seed_state(11))
    states = played_states(engine, engine.info.usual_seats, 3, every=9)[:6]
    assert len(states) >= 4
    for state in states:
        seat = acting(engine, state)
        view = engine.view(state, seat)
        legal = [engine.format_action(a) for a in engine.legal_actions(state, seat)]
        hidden = set()
        for _ in range(20):
            sample = engine.determinize(view, seat, rng)
            assert engine.view(sample, seat) == view
            assert [engine.format_action(a) for a in engine.legal_actions(sample, seat)] == legal
            hidden.add(msgspec.json.encode(sample))
        # The hidden parts really are drawn anew (the generator at least).
        assert len(hidden) > 1


class Spy:
    """The engine, as the bot sees it, with every state it is handed checked for the
    sentinel planted in the real state's generator."""

    def __init__(self, engine: Engine[Any, Any]) -> None:
        self._engine = engine
        self.states_seen = 0

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._engine, name)
        if not callable(method):
            return method

        def spied(*args: Any) -> Any:
            for arg in args:
                if getattr(arg, "rng", None) == SENTINEL:
                    raise AssertionError(f"the bot handed {name} the real state")
                if isinstance(arg, msgspec.Struct):
                    assert str(SENTINEL) not in msgspec.json.encode(arg).decode()
                    self.states_seen += 1
            return method(*args)

        return spied


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_the_bot_never_reads_the_real_state(game_id: str) -> None:
    engine = load_engine(game_id)
    state = played_states(engine, engine.info.usual_seats, 5, every=7)[3]
    state = msgspec.structs.replace(state, rng=SENTINEL)
    seat = acting(engine, state)
    spy = Spy(engine)
    ctx = BotContext(
        engine=spy, seat=seat, view=engine.view(state, seat), legal=engine.legal_actions(state, seat), rng=Rng(7)
    )
    assert str(SENTINEL) not in msgspec.json.encode(ctx.view).decode()
    SearchBot(iterations=12).choose(ctx)
    assert spy.states_seen > 0


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_other_hidden_parts_leave_the_decision_unchanged(game_id: str) -> None:
    """A match whose state has other values where the seat cannot see (another sample of
    the same view) gives its bot the same inputs, so the same decision."""
    engine = load_engine(game_id)
    seats = [SeatSpec(f"Bot {n + 1}", "bot", "random") for n in range(engine.info.usual_seats)]
    decisions = []
    for variant in range(3):
        match = Match(engine, engine.default_options(), seats, 21)
        for _ in range(12):
            step = match.next_bot_or_auto()
            assert step is not None
            match.act(*step)
        # on to a real choice (the search answers a lone action without searching)
        while match.actors() == (AUTO,) or len(match.legal_actions(acting(engine, match.state))) < 2:
            step = match.next_bot_or_auto()
            assert step is not None
            match.act(*step)
        seat = acting(engine, match.state)
        if variant:
            other = engine.determinize(engine.view(match.state, seat), seat, Rng(variant * 1000))
            assert msgspec.json.encode(other) != msgspec.json.encode(match.state)
            match._states[-1] = other
        bot = SearchBot(iterations=25)
        decisions.append(engine.format_action(match.bot_choice(seat, bot)))
        assert bot.last_root is not None and len(bot.last_root.children) > 1
    assert decisions[0] == decisions[1] == decisions[2]


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_the_same_seed_and_budget_give_the_same_decision(game_id: str) -> None:
    engine = load_engine(game_id)
    state = played_states(engine, engine.info.usual_seats, 8, every=5)[4]
    seat = acting(engine, state)

    def decide(seed: int) -> tuple[str, dict[str, int]]:
        bot = SearchBot(iterations=30)
        ctx = BotContext(
            engine=engine,
            seat=seat,
            view=engine.view(state, seat),
            legal=engine.legal_actions(state, seat),
            rng=Rng(seed_state(seed)),
        )
        action = engine.format_action(bot.choose(ctx))
        assert bot.last_root is not None
        return action, {text: node.visits for text, node in bot.last_root.children.items()}

    first = decide(1)
    assert decide(1) == first
    assert sum(first[1].values()) == 30


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_a_search_bot_plays_seeded_games_to_the_end(game_id: str) -> None:
    """Random playouts here (a heuristic playout of Camp Grizzly costs a tenth of a second,
    too much for a whole game of decisions in a test; the levels' own playouts are tried
    below)."""
    engine = load_engine(game_id)
    seats = engine.info.usual_seats
    for seed in (1, 2):
        match = Match(
            engine, engine.default_options(), [SeatSpec(f"P{n}", "bot", "random") for n in range(seats)], seed
        )
        searcher = SearchBot(iterations=3, rollout=random_rollout)
        while not match.is_over():
            step = match.next_bot_or_auto()
            assert step is not None
            seat, action = step
            if seat == seed % seats:
                action = match.bot_choice(seat, searcher)
                assert engine.format_action(action) in [engine.format_action(a) for a in match.legal_actions(seat)]
            match.act(seat, action)
        assert match.outcome().reason


@pytest.mark.parametrize("game_id", SEARCHABLE)
@pytest.mark.parametrize("level", ["hard", "expert"])
def test_each_search_level_as_offered_chooses_a_legal_action(game_id: str, level: str) -> None:
    engine = load_engine(game_id)
    for state in played_states(engine, engine.info.usual_seats, 4, every=15)[:3]:
        seat = acting(engine, state)
        bot = engine.bots[level]()
        assert isinstance(bot, SearchBot) and bot.seconds is not None
        bot.iterations, bot.seconds = 3, None  # the level's own playouts, on a test's budget
        legal = engine.legal_actions(state, seat)
        ctx = BotContext(engine=engine, seat=seat, view=engine.view(state, seat), legal=legal, rng=Rng(3))
        assert bot.choose(ctx) in legal


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_search_levels_are_offered(game_id: str) -> None:
    engine = load_engine(game_id)
    assert {"random", "heuristic", "hard", "expert"} <= set(engine.bots)
    assert isinstance(engine.bots["hard"](), SearchBot)


def _without_determinizer() -> list[Any]:
    """Every ready game that has no determinizer, and the tests' own engine (which has none),
    so the check runs even when every ready game can be searched."""
    from tests.fake_engine import CountEngine

    return [load_engine(game_id) for game_id in NOT_SEARCHABLE] + [CountEngine()]


@pytest.mark.parametrize("engine", _without_determinizer(), ids=lambda engine: engine.info.id)
def test_a_game_without_determinizer_offers_no_search(engine: Engine[Any, Any]) -> None:
    assert not can_search(engine)
    assert "hard" not in engine.bots
    assert not any(isinstance(make(), SearchBot) for make in engine.bots.values())


class _Outcomes:
    """Just enough engine for `rewards`."""

    def __init__(self, winners: list[int], cooperative: bool) -> None:
        from engines.core.protocol import Flags, GameInfo

        self.info = GameInfo("x", "X", "", 1, 4, Flags(cooperative=cooperative))
        self.winners = winners

    def is_over(self, state: Any) -> bool:
        return state is not None

    def outcome(self, state: Any) -> Outcome:
        return Outcome(scores=[0, 0, 0], breakdown=[[], [], []], winners=self.winners, reason="")


def test_rewards_split_a_shared_win_and_give_a_team_its_result() -> None:
    assert rewards(_Outcomes([1], False), "end") == [0.0, 1.0, 0.0]  # type: ignore[arg-type]
    assert rewards(_Outcomes([0, 2], False), "end") == [0.5, 0.0, 0.5]  # type: ignore[arg-type]
    assert rewards(_Outcomes([], False), "end") == [0.0, 0.0, 0.0]  # type: ignore[arg-type]
    assert rewards(_Outcomes([0, 1, 2], True), "end") == [1.0, 1.0, 1.0]  # type: ignore[arg-type]
    assert rewards(_Outcomes([0], False), None) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_easy_is_the_heuristic_with_some_mistakes(game_id: str) -> None:
    engine = load_engine(game_id)
    same = differ = 0
    for n, state in enumerate(played_states(engine, engine.info.usual_seats, 6, every=1)[:60]):
        seat = acting(engine, state)
        legal = engine.legal_actions(state, seat)

        def ctx() -> BotContext:
            return BotContext(engine=engine, seat=seat, view=engine.view(state, seat), legal=legal, rng=Rng(n))

        easy, again = engine.bots["easy"]().choose(ctx()), engine.bots["easy"]().choose(ctx())
        assert easy in legal and easy == again
        if easy == engine.bots["heuristic"]().choose(ctx()):
            same += 1
        else:
            differ += 1
    assert same > differ > 0


def test_camp_grizzly_peeked_cards_are_known_to_the_peeker_alone() -> None:
    """Gut Feeling shows the top cabin cards to one counselor's player: that player's
    samples keep them on top in the order seen; another seat's view does not carry them,
    and its samples are still consistent with it."""
    engine = load_engine("camp_grizzly")
    state = None
    for seed in range(20, 30):  # random play reaches a peek early in one of these games
        s = engine.new_game(engine.default_options(), 2, seed)
        rng = Rng(seed)
        while not engine.is_over(s) and state is None:
            if s.choice is not None and s.choice.kind == "order":
                state = s
                break
            seat = engine.actors(s)[0]
            action = engine.auto_action(s) if seat == AUTO else rng.choice(engine.legal_actions(s, seat))
            s = engine.apply(s, seat, action).state
        if state is not None:
            break
    assert state is not None and state.choice is not None
    peeker = state.counselors[state.choice.counselor].seat
    peeked = list(state.choice.options)
    view = engine.view(state, peeker)
    for n in range(10):
        sample = engine.determinize(view, peeker, Rng(n))
        assert sample.cabin_deck[: len(peeked)] == peeked
        assert engine.view(sample, peeker) == view
    if state.seats > 1:
        other = (peeker + 1) % state.seats
        other_view = engine.view(state, other)
        assert other_view.public is not None and other_view.public.choice.options == []
        tops = set()
        for n in range(10):
            sample = engine.determinize(other_view, other, Rng(n))
            assert engine.view(sample, other) == other_view
            tops.add(tuple(sample.cabin_deck[: len(peeked)]))
        assert len(tops) > 1


class _LastAction(Bot):
    """A guide with a taste easy to spot: the last legal action."""

    def choose(self, ctx: BotContext) -> Any:
        return list(ctx.legal)[-1]


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_with_too_few_iterations_the_search_plays_as_its_guide(game_id: str) -> None:
    engine = load_engine(game_id)
    for state in played_states(engine, engine.info.usual_seats, 9, every=10)[:3]:
        seat = acting(engine, state)
        legal = engine.legal_actions(state, seat)
        bot = SearchBot(iterations=3, rollout=random_rollout, guide=_LastAction())
        ctx = BotContext(engine=engine, seat=seat, view=engine.view(state, seat), legal=legal, rng=Rng(5))
        assert bot.choose(ctx) == legal[-1]
