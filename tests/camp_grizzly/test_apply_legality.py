"""`apply` judges an action against the position it is given, working out only the part of
the legal list that could offer it: it accepts exactly the listed actions, a position edited
in place or another position is judged afresh, and the list handed out is the caller's."""

from __future__ import annotations

import pytest

from engines.camp_grizzly.actions import Move
from engines.camp_grizzly.content import label, parse_label
from engines.camp_grizzly.engine import ENGINE, copy_state
from engines.core.errors import IllegalAction
from engines.core.match import Match, SeatSpec
from engines.core.protocol import AUTO
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


@pytest.mark.parametrize(
    "levels,seed", [(("random",), 3), (("random", "random"), 8), (("heuristic", "random", "heuristic"), 5)]
)
def test_apply_accepts_exactly_the_listed_actions(levels, seed):
    """Every action offered anywhere in a seeded game (legal there, often illegal here) is
    tried in positions of that game: apply refuses it exactly when the list leaves it out."""
    match = Match(
        ENGINE, ENGINE.default_options(), [SeatSpec(f"Bot {n}", "bot", lv) for n, lv in enumerate(levels)], seed
    )
    positions, offered = [], {}
    while (step := match.next_bot_or_auto()) is not None:
        if step[0] != AUTO:
            positions.append((match.state, step[0]))
            offered.update(dict.fromkeys(ENGINE.legal_actions(match.state, step[0])))
        match.act(*step)
    assert len(positions) > 50 and len(offered) > 50
    for state, seat in positions[::3]:
        listed = ENGINE.legal_actions(state, seat)
        for action in offered:
            try:
                ENGINE.apply(state, seat, action)
                accepted = True
            except IllegalAction:
                accepted = False
            assert accepted == (action in listed), (ENGINE.format_action(action), accepted)


def test_a_move_to_a_step_spelled_otherwise_or_to_no_space_is_refused():
    state = fresh()
    seat, move = a_move(state)
    row, col = parse_label(move.to)
    for text in (move.to.lower(), f"{move.to[0]}0{move.to[1:]}", "Z99", "B", "", "B³", "?1"):
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, seat, Move(text))
    assert ENGINE.apply(state, seat, Move(label((row, col)))).state.moves_left == state.moves_left - 1


def test_refusals_name_cards_finales_and_counselors_never_their_ids():
    """Players read names, never ids or codes: a refusal names the card, the finale and
    the counselor as printed."""
    from engines.camp_grizzly.actions import Drop, Fight, StartFinale

    state = fresh()
    seat = ENGINE.actors(state)[0]
    for action, named, code in (
        (Drop("gas_can"), "Gas Can", "gas_can"),
        (StartFinale("tower"), "The Ranger Tower", "tower finale"),
        (Fight("MK"), "Mitch Kowalski", "MK cannot"),
    ):
        with pytest.raises(IllegalAction) as refusal:
            ENGINE.apply(state, seat, action)
        assert named in str(refusal.value) and code not in str(refusal.value), str(refusal.value)


def test_every_kind_of_action_has_its_handler_named_in_one_table() -> None:
    """Dispatch is explicit (a table of handlers, no method names looked up at run time):
    every kind of action the engine accepts has its handler there, and nothing else."""
    from typing import get_args

    from engines.camp_grizzly.actions import Action
    from engines.camp_grizzly.engine import _HANDLERS

    assert set(_HANDLERS) == set(get_args(Action))
    assert all(handler.__name__ == f"_do_{kind.__name__.lower()}" for kind, handler in _HANDLERS.items())
