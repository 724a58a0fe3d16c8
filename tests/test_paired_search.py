"""The paired search (engines/core/paired_search.py): the guide's favourite actions played
out from the same samples, the guide's choice kept unless another is clearly better."""

from __future__ import annotations

from typing import Any

from engines.core.ismcts import random_rollout
from engines.core.paired_search import MIN_SAMPLES, PairedSearchBot
from engines.core.protocol import Bot, BotContext
from engines.core.rng import Rng
from engines.registry import load_engine
from tests.test_search_bots import acting, played_states


class _LastAction(Bot):
    """A guide with a taste easy to spot: the last of the actions it is offered."""

    def choose(self, ctx: BotContext) -> Any:
        return list(ctx.legal)[-1]


def _bot(**options: Any) -> PairedSearchBot:
    return PairedSearchBot(rollout=random_rollout, guide=_LastAction(), **options)


def test_another_action_must_beat_the_guides_on_the_same_samples_by_two_standard_errors() -> None:
    bot = _bot(iterations=10)
    guide = [0.2, 0.8, 0.5, 0.4, 0.9]
    steady = [r + 0.05 for r in guide]  # always a little better on the same sample
    lucky = [0.9, 0.1, 0.6, 0.9, 0.3]  # better on average, by chance of the samples
    assert bot.best_index([guide, lucky, steady]) == 2
    assert bot.best_index([guide, lucky]) == 0
    assert bot.best_index([guide, [r - 0.05 for r in guide]]) == 0
    few = MIN_SAMPLES - 1
    assert bot.best_index([guide[:few], steady[:few]]) == 0, "too few samples keep the guide's choice"


class _Counting:
    """The engine, counting the samples the bot draws."""

    def __init__(self, engine: Any) -> None:
        self._engine = engine
        self.samples = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def determinize(self, *args: Any) -> Any:
        self.samples += 1
        return self._engine.determinize(*args)


def test_each_sample_plays_out_every_candidate_in_the_guides_order() -> None:
    engine = load_engine("bivi")
    state = next(s for s in played_states(engine, 2, 4, every=3) if len(engine.legal_actions(s, acting(engine, s))) > 4)
    seat = acting(engine, state)
    legal = engine.legal_actions(state, seat)
    counting = _Counting(engine)

    def decide() -> tuple[Any, dict[str, int]]:
        bot = _bot(iterations=13, candidates=3)
        view = engine.view(state, seat)
        choice = bot.choose(BotContext(engine=counting, seat=seat, view=view, legal=legal, rng=Rng(3)))
        assert bot.last_root is not None
        return choice, {text: node.visits for text, node in bot.last_root.children.items()}

    choice, visits = decide()
    assert counting.samples == 4, "one sample for the three candidates, four within 13 playouts"
    assert list(visits) == [engine.format_action(a) for a in legal[-1:-4:-1]]
    assert set(visits.values()) == {4}
    assert choice in legal[-3:]
    assert decide() == (choice, visits), "the same seed and budget give the same decision"


def test_a_budget_under_one_sample_plays_out_fewer_candidates() -> None:
    engine = load_engine("bivi")
    state = next(s for s in played_states(engine, 2, 4, every=3) if len(engine.legal_actions(s, acting(engine, s))) > 4)
    seat = acting(engine, state)
    legal = engine.legal_actions(state, seat)
    bot = _bot(iterations=2, candidates=5)
    assert (
        bot.choose(BotContext(engine=engine, seat=seat, view=engine.view(state, seat), legal=legal, rng=Rng(3)))
        in legal
    )
    assert bot.last_root is not None
    assert [node.visits for node in bot.last_root.children.values()] == [1, 1]
