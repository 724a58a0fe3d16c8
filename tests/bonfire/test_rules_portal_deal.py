"""Solo portals: the Great Bonfire gets `portals_per_space` portals on each space, as the
two-player dealer gives, and never two alike on one space."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import msgspec
import pytest

from engines.bonfire import ENGINE, content, setup


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


def test_great_bonfire_holds_all_28_portals_four_on_each_space():
    board = content.board()
    assert board.portals_per_space * len(board.great_bonfire) == 4 * len(board.portal_symbols) == 28


@pytest.mark.parametrize("seats", [1, 2])
def test_great_bonfire_every_symbol_a_board_needs_is_dealt_over_200_seeds(seats):
    """With 2 portals a space about 1 solo game in 20 lacked your first slot's symbol, so
    you could never take a portal; every slot's symbol must lie on the Great Bonfire."""
    needed = {symbol for layout in content.board().board_portals.values() for symbol in layout}
    for seed in range(200):
        s = ENGINE.new_game(ENGINE.default_options(), seats, seed)
        lying = {symbol for space in s.great_bonfire for symbol in space}
        assert needed <= lying, seed
        if seats == 1:
            assert all(len(set(space)) == len(space) == 4 for space in s.great_bonfire)


def test_the_rules_text_says_four_portals_a_space():
    rules = (Path(content.__file__).parent / "rules.md").read_text()
    assert "All 28 portals (4 of each of 7 symbols) lie on them, 4 on\n  each space" in rules
    assert "**Portals**: all 28, four on each Great Bonfire space at random" in rules  # two players
