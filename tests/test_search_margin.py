"""The search's optional reward by score margin and its per-level evidence threshold
(engines/core/ismcts.py): what a game that asks for them gets, and that the defaults stay."""

from __future__ import annotations

import math
from typing import Any

import pytest

from engines.core.ismcts import EVIDENCE, SearchBot, margin_rewards, rewards
from engines.core.protocol import Flags, GameInfo, Outcome


class _Scores:
    """Just enough engine for a reward: final scores and winners."""

    def __init__(self, scores: list[int], winners: list[int], cooperative: bool = False) -> None:
        self.info = GameInfo("x", "X", "", 1, 4, Flags(cooperative=cooperative))
        self.scores, self.winners = scores, winners

    def is_over(self, state: Any) -> bool:
        return state is not None

    def outcome(self, state: Any) -> Outcome:
        return Outcome(scores=self.scores, breakdown=[[] for _ in self.scores], winners=self.winners, reason="")


def test_the_margin_tells_a_wide_win_from_a_narrow_one() -> None:
    reward = margin_rewards(10)
    narrow = reward(_Scores([51, 50], [0]), "end")  # type: ignore[arg-type]
    wide = reward(_Scores([80, 50], [0]), "end")  # type: ignore[arg-type]
    assert narrow is not None and wide is not None
    assert 0.5 < narrow[0] < wide[0] <= 1.0
    assert 0.0 <= wide[1] < narrow[1] < 0.5
    # The winner always gets more than the loser, and every reward stays in [0, 1].
    assert narrow[0] > narrow[1]


def test_the_margin_is_over_the_best_other_seat() -> None:
    reward = margin_rewards(10)(_Scores([60, 70, 40], [1]), "end")  # type: ignore[arg-type]
    assert reward is not None
    assert reward[1] > reward[0] > reward[2]
    assert reward[1] == pytest.approx(0.5 * 1 + 0.5 / (1 + math.exp(-1.0)))


def test_a_shared_win_a_team_and_a_game_not_over_keep_the_plain_rewards() -> None:
    reward = margin_rewards(10)
    shared = reward(_Scores([50, 50], [0, 1]), "end")  # type: ignore[arg-type]
    assert shared == [0.5, 0.5]
    team = _Scores([3, 3], [0, 1], cooperative=True)
    assert reward(team, "end") == rewards(team, "end") == [1.0, 1.0]  # type: ignore[arg-type]
    assert reward(_Scores([9, 1], [0]), None) is None  # type: ignore[arg-type]


def test_a_search_keeps_the_usual_reward_and_evidence_unless_told() -> None:
    bot = SearchBot(iterations=1)
    assert bot.reward is rewards and bot.evidence == EVIDENCE
    assert SearchBot(iterations=1, evidence=2).evidence == 2
