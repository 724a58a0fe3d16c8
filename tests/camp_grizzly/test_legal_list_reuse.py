"""`apply` reuses the legal list just given for the same position, and only for it: a
position edited in place, or another position, is judged afresh."""

from __future__ import annotations

import pytest

from engines.camp_grizzly.actions import Move
from engines.camp_grizzly.engine import ENGINE, copy_state
from engines.core.errors import IllegalAction
from tests.camp_grizzly.rules_helpers import fresh


def a_move(state):
    seat = ENGINE.actors(state)[0]
    moves = [a for a in ENGINE.legal_actions(state, seat) if isinstance(a, Move)]
    assert moves, "the opening position offers a move"
    return seat, moves[0]


def test_a_move_listed_then_the_position_edited_in_place_is_refused():
    state = fresh()
    seat, move = a_move(state)
    state.moves_left = 0
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, seat, move)


def test_a_move_listed_for_one_position_is_refused_in_another():
    state = fresh()
    other = copy_state(state)
    other.moves_left = 0
    seat, move = a_move(state)
    with pytest.raises(IllegalAction):
        ENGINE.apply(other, seat, move)
    assert ENGINE.apply(state, seat, move).state.moves_left == state.moves_left - 1


def test_the_list_handed_out_can_be_changed_without_harm():
    state = fresh()
    seat, move = a_move(state)
    listed = ENGINE.legal_actions(state, seat)
    listed.remove(move)
    ENGINE.apply(state, seat, move)  # still legal: the engine kept its own copy of the list
