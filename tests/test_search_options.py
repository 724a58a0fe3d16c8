"""The search's opt-in options (engines/core/ismcts.py): `margin_rewards`, half the result and
half the squashed score margin over the best other player, an automa included (a co-operative
game keeps the team's result); and `guide_order`, nodes grown in the guide's order of
preference."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core.ismcts import SearchBot, margin_rewards, random_rollout, rewards
from engines.core.protocol import Bot, BotContext, Flags, GameInfo, Outcome, Rival
from engines.core.rng import Rng
from engines.registry import load_engine
from tests.test_search_bots import SEARCHABLE, acting, played_states


class _Ended:
    """Just enough engine for the rewards: an ended game with these scores."""

    def __init__(self, scores: list[int], winners: list[int], rivals: list[int] = (), cooperative: bool = False):
        self.info = GameInfo("x", "X", "", 1, 4, Flags(cooperative=cooperative))
        self._outcome = Outcome(
            scores=scores,
            breakdown=[[] for _ in scores],
            winners=winners,
            reason="",
            rivals=[Rival("Automa", score, []) for score in rivals],
        )

    def is_over(self, state: Any) -> bool:
        return state is not None

    def outcome(self, state: Any) -> Outcome:
        return self._outcome


def test_a_wider_margin_is_worth_more_and_a_win_more_than_any_loss() -> None:
    reward = margin_rewards(5.0)
    close_win = reward(_Ended([31, 30], [0]), "end")
    rout = reward(_Ended([50, 30], [0]), "end")
    assert close_win is not None and rout is not None
    assert rout[0] > close_win[0] > 0.5 > close_win[1] > rout[1] >= 0
    assert close_win[0] + close_win[1] == pytest.approx(1.0)
    assert reward(_Ended([30, 30], [0, 1]), "end") == [0.5, 0.5]


def test_an_automa_without_a_seat_is_the_margin_to_beat() -> None:
    reward = margin_rewards(5.0)
    lost = reward(_Ended([38], [], rivals=[40]), "end")
    won = reward(_Ended([42], [0], rivals=[40]), "end")
    assert lost is not None and won is not None
    assert 0 < lost[0] < 0.5 < won[0] < 1


def test_a_game_not_over_and_a_team_keep_the_plain_rewards() -> None:
    reward = margin_rewards(5.0)
    assert reward(_Ended([1, 2], [1]), None) is None
    team = _Ended([7, 7, 7], [0, 1, 2], cooperative=True)
    assert reward(team, "end") == rewards(team, "end") == [1.0, 1.0, 1.0]  # type: ignore[arg-type]


class _LastAction(Bot):
    """A guide with a taste easy to spot: the last of the actions it is offered."""

    def choose(self, ctx: BotContext) -> Any:
        return list(ctx.legal)[-1]


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_with_guide_order_the_root_grows_in_the_guides_order(game_id: str) -> None:
    engine = load_engine(game_id)
    state = next(
        s
        for s in played_states(engine, engine.info.usual_seats, 9, every=3)
        if len(engine.legal_actions(s, acting(engine, s))) >= 4
    )
    seat = acting(engine, state)
    legal = engine.legal_actions(state, seat)
    ctx = BotContext(engine=engine, seat=seat, view=engine.view(state, seat), legal=legal, rng=Rng(5))
    texts = [engine.format_action(action) for action in legal]
    ordered = SearchBot(iterations=4, rollout=random_rollout, guide=_LastAction(), guide_order=True)
    ordered.choose(ctx)
    assert ordered.last_root is not None
    grown = list(ordered.last_root.children)
    assert len(grown) >= 3 and grown == texts[::-1][: len(grown)]
    plain = SearchBot(iterations=4, rollout=random_rollout, guide=_LastAction())
    plain.choose(ctx)
    assert plain.last_root is not None and list(plain.last_root.children)[0] == texts[-1]


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_a_horizon_stops_playouts_and_scores_them_by_the_evaluation(game_id: str) -> None:
    engine = load_engine(game_id)
    state = played_states(engine, engine.info.usual_seats, 6, every=4)[2]
    seat = acting(engine, state)
    legal = engine.legal_actions(state, seat)
    seats = engine.info.usual_seats
    evaluated: list[Any] = []

    def evaluate(engine: Any, state: Any) -> list[float]:
        evaluated.append(state)
        return [0.25] * seats

    def ctx() -> BotContext:
        return BotContext(engine=engine, seat=seat, view=engine.view(state, seat), legal=legal, rng=Rng(8))

    bot = SearchBot(iterations=10, rollout=random_rollout, horizon=0, evaluate=evaluate)
    bot.choose(ctx())
    assert bot.last_root is not None and len(evaluated) == 10
    assert not any(engine.is_over(s) for s in evaluated)
    for node in bot.last_root.children.values():
        assert node.total == pytest.approx(0.25 * node.visits)
    # Without a horizon the evaluation is never asked.
    evaluated.clear()
    SearchBot(iterations=5, rollout=random_rollout, evaluate=evaluate).choose(ctx())
    assert evaluated == []


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_an_evaluation_that_declines_lets_the_playout_run_to_the_end(game_id: str) -> None:
    engine = load_engine(game_id)
    state = played_states(engine, engine.info.usual_seats, 6, every=4)[2]
    seat = acting(engine, state)
    legal = engine.legal_actions(state, seat)
    asked: list[int] = []
    ended: list[bool] = []

    def decline(engine: Any, state: Any) -> None:
        asked.append(1)

    def reward(engine: Any, state: Any) -> list[float] | None:
        ended.append(engine.is_over(state))
        return rewards(engine, state)

    bot = SearchBot(iterations=6, rollout=random_rollout, horizon=1, evaluate=decline, reward=reward)
    bot.choose(BotContext(engine=engine, seat=seat, view=engine.view(state, seat), legal=legal, rng=Rng(4)))
    assert len(asked) == 6 and ended == [True] * 6
