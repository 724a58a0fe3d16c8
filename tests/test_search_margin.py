"""`margin_rewards` (engines/core/ismcts.py): half the result, half the squashed score margin
over the best other player, an automa included; a co-operative game keeps the team's result."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core.ismcts import margin_rewards, rewards
from engines.core.protocol import Flags, GameInfo, Outcome, Rival


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
