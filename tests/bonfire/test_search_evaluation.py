"""How the search scores a Bonfire playout it stops early (engines/bonfire/evaluate.py)."""

from __future__ import annotations

import pytest

from engines.bonfire import ENGINE, content
from engines.bonfire.evaluate import estimate, position_rewards
from engines.bonfire.state import BonfireState
from tests.bonfire.helpers import edit, fresh, fresh_two


def test_solo_playouts_are_played_to_the_end() -> None:
    assert position_rewards(5.0)(ENGINE, fresh()) is None


def test_the_seat_ahead_is_worth_more_and_a_held_task_counts_half() -> None:
    s: BonfireState = edit(fresh_two())
    evaluate = position_rewards(5.0)
    assert evaluate(ENGINE, s) == [0.25, 0.25]  # level: neither is ahead
    task = next(iter(content.tasks().values()))
    s.players[1].bonfires[0].task = task.id
    assert estimate(s, 1) == pytest.approx(estimate(s, 0) + task.points / 2)
    behind, ahead = evaluate(ENGINE, s)
    assert ahead > 0.5 > behind and ahead + behind == pytest.approx(1.0)
    s.players[0].track = {"Countdown passes": 20}
    lead, trail = evaluate(ENGINE, s)
    assert lead > ahead and trail < behind
