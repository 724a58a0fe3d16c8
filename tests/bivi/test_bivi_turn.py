"""The turn: setup, the foreman, the other beavers, refusals and the actions' text forms.
Cubes and beaver moves are tested in test_bivi_cubes.py; the end of the turn, the refill
and the game's end in test_bivi_turn_end.py."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from engines.bivi.actions import BiviOptions, ChooseBank, Discard
from engines.bivi import ENGINE
from engines.bivi.state import TOTAL_CUBES
from engines.core.errors import BadOptions, IllegalAction
from tests.bivi.helpers import ALMOST_FULL, act, holding, refused, start, tile_name, to_next_turn


# -- setup ------------------------------------------------------------------------------
@pytest.mark.parametrize("seats, per_side", [(2, 2), (3, 2), (4, 3)])
def test_setup_puts_tiles_on_each_forest_side_by_player_count(seats, per_side):
    state = ENGINE.new_game(BiviOptions(), seats, 5)
    assert [len(side) for side in state.forest] == [per_side] * 4
    assert len(state.bag) == 66 - 4 * per_side
    assert [p.cubes for p in state.players] == [1] * seats
    assert state.supply == TOTAL_CUBES - seats


def test_setup_each_beaver_starts_on_a_bank_of_its_players_choice():
    state = ENGINE.new_game(BiviOptions(), 3, 5)
    assert state.phase == "bank" and state.actor == 0
    assert ENGINE.legal_actions(state, 0) == [ChooseBank("left"), ChooseBank("right")]
    state = act(state, 0, "bank right").state
    state = act(state, 1, "bank left").state
    state = act(state, 2, "bank left").state
    assert [p.bank for p in state.players] == ["right", "left", "left"]
    assert state.phase == "foreman" and state.actor == 0 == state.foreman


def test_options_are_checked():
    with pytest.raises(BadOptions, match="mode"):
        ENGINE.check_setup(BiviOptions(mode="hard"), 2)
    with pytest.raises(BadOptions, match="board"):
        ENGINE.check_setup(BiviOptions(board="lake"), 2)
    with pytest.raises(BadOptions, match="2 to 4"):
        ENGINE.check_setup(BiviOptions(), 5)


def test_expert_mode_draws_one_a_and_one_b_objective():
    state = ENGINE.new_game(BiviOptions(mode="expert"), 2, 9)
    a, b = state.objectives
    assert a.startswith("A") and b.startswith("B")
    assert ENGINE.new_game(BiviOptions(mode="advanced"), 2, 9).objectives == ()


# -- foreman ----------------------------------------------------------------------------
def test_foreman_takes_a_tile_and_discards_the_rest_of_that_side():
    state = start()
    first, second = state.forest[0]
    applied = act(state, 0, f"take N {first}")
    after = applied.state
    assert applied.events[0].text == (
        f"Player 1 (foreman) takes {tile_name(first)} from the north side and discards {tile_name(second)}."
    )
    assert after.phase == "hand" and after.hand == first and after.actor == 0
    assert after.forest[0] == () and second in after.discard
    assert after.players[0].taken == 1


def test_foreman_may_discard_a_side_for_a_cube():
    state = start()
    applied = act(state, 0, "cube E")
    after = applied.state
    a, b = state.forest[1]
    assert applied.events[0].text == (
        f"Player 1 (foreman) discards the east side ({tile_name(a)} and {tile_name(b)}) and takes a wood cube."
    )
    assert after.forest[1] == () and set(state.forest[1]) <= set(after.discard)
    assert after.players[0].cubes == 2 and after.supply == state.supply - 1
    assert after.phase == "take" and after.actor == 1  # the other beaver takes from the west


def test_foreman_cannot_discard_an_empty_side():
    state = replace(start(), forest=((),) + start().forest[1:])
    refused(state, 0, "cube N", "empty")


def test_foreman_must_place_a_tile_that_fits():
    state = holding(1)
    assert Discard() not in ENGINE.legal_actions(state, 0)
    refused(state, 0, "discard", "must place")


def test_foreman_throws_away_a_tile_that_fits_nowhere_without_a_cube():
    full = ALMOST_FULL.replace("c c c c . # # #", "c c c c c # # #")
    full = full.replace(
        "_ . . . . . . . . . _\n_ . . . . . . . . . _\n_ . . . . . . . . . _",
        "_ . . . . . . . . . _\n_ c c c c c c c c c _\n_ c c c c c c c c c _",
    )
    state = holding(2, rivers={0: full}, banks={0: "left"}, cubes={0: 0})
    assert ENGINE.legal_actions(state, 0) == [Discard()]
    after = act(state, 0, "discard").state
    assert after.players[0].cubes == 0 and 2 in after.discard


# -- other beavers ------------------------------------------------------------------------
def test_others_take_from_the_opposite_side_clockwise():
    state = start(seats=3)
    after = act(state, 0, "cube N").state
    assert after.actor == 1 and after.phase == "take"
    assert all(a.side == "S" for a in ENGINE.legal_actions(after, 1))
    refused(after, 1, f"take E {after.forest[1][0]}", "opposite")
    tile = after.forest[2][0]
    after = act(after, 1, f"take S {tile}").state
    assert after.hand == tile and after.players[1].taken == 1
    after = act(after, 1, "discard").state
    assert after.actor == 2 and after.phase == "take" and len(after.forest[2]) == 1


def test_another_beaver_may_discard_its_tile_for_a_cube():
    state = act(start(), 0, "cube N").state
    tile = state.forest[2][0]
    state = act(state, 1, f"take S {tile}").state
    after = act(state, 1, "discard").state
    assert after.players[1].cubes == 2 and tile in after.discard


def test_tiles_taken_counts_a_tile_discarded_as_well_as_one_placed():
    # the second tie-break counts every tile taken from the forest
    state = act(start(), 0, "cube N").state
    assert state.players[0].taken == 0  # discarding a side takes no tile
    state = act(state, 1, f"take S {state.forest[2][0]}").state
    after = act(state, 1, "discard").state
    assert after.players[1].taken == 1


def test_others_are_skipped_when_the_opposite_side_is_empty():
    state = start()
    state = replace(state, forest=state.forest[:2] + ((),) + state.forest[3:])
    applied = act(state, 0, "cube N")
    after = applied.state
    # straight to the end of the turn: the foreman (2 cubes now) is asked for a cube first
    assert after.phase == "end" and after.actor == 0 and after.queue == (1,) and after.hand == 0
    assert after.players[1].taken == 0 and after.forest[2] == ()


# -- refusals and text forms ------------------------------------------------------------------
def test_illegal_actions_are_refused_and_change_nothing():
    state = start()
    refused(state, 1, "cube N", "turn")
    refused(state, 0, "place 7,3 r0", "foreman")
    refused(state, 0, "take N 999", "not on the north side")
    refused(state, 0, "discard", "foreman")
    with pytest.raises(IllegalAction, match="not a Bivì action"):
        ENGINE.parse_action(state, 0, "jump")
    refused(holding(1), 0, "place 7,3 r7", "Rotation")
    over = replace(state, phase="over")
    refused(over, 0, "cube N", "over")
    assert ENGINE.legal_actions(over, 0) == []


@pytest.mark.parametrize(
    "text",
    [
        "bank left",
        "take N 17",
        "cube W",
        "place 3,4 r1",
        "place 3,4 r1 f",
        "move-beaver 4,3",
        "discard",
        "beaver 2,5",
        "cube-at 7,2",
        "no-cube",
    ],
)
def test_every_action_text_form_round_trips(text):
    state = start()
    action = ENGINE.parse_action(state, 0, text)
    assert ENGINE.format_action(action) == text
    assert ENGINE.parse_action(state, 0, text.upper()) == action


def test_the_bank_rule_lasts_until_the_players_first_tile():
    # player 2 discarded in turn 1; in turn 2 their tile must still touch their bank
    state = to_next_turn(start(), cube=True)
    assert state.players[1].beaver is None and state.players[1].bank == "left"
    from engines.bivi.placing import placement_problem
    from engines.bivi.actions import Place

    held = holding(1, seat=1, foreman=1, base=state)
    assert placement_problem(held, 1, Place(7, 6, 0)).startswith("Your first tile must touch the left bank")
    assert placement_problem(held, 1, Place(7, 3, 0)) is None
