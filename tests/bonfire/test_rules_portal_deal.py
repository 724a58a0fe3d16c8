"""Solo portals: the Great Bonfire gets `portals_per_space` portals on each space, as the
two-player dealer gives, and never two alike on one space."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from engines.bonfire import content, setup


@pytest.mark.parametrize("per", [2, 3, 4])
def test_solo_portals_deal_portals_per_space_all_different_on_a_space(monkeypatch, per):
    board = msgspec.structs.replace(content.board(), portals_per_space=per)
    monkeypatch.setattr(content, "board", lambda: board)
    for seed in range(40):
        ctx = setup._empty(1, seed)
        spaces = setup.deal_solo_portals(ctx)
        assert len(spaces) == len(board.great_bonfire)
        assert all(len(space) == per == len(set(space)) for space in spaces)
        assert max(Counter(x for space in spaces for x in space).values()) <= 4  # 4 of each in the box
