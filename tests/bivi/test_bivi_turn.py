"""The turn: setup, foreman, other beavers, cubes, end of turn, refill and the game's end."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from engines.bivi.actions import BiviOptions, ChooseBank, Discard
from engines.bivi.engine import ENGINE, TOTAL_CUBES
from engines.core.errors import BadOptions, IllegalAction
from tests.bivi.helpers import act, holding, position, refused, start

CHAIN = """\
_ . . . . . . . . . _
_ . . . . . . . . . _
_ . . . . . . . . . _
# . . . . . . . . . #
# b4 b4 . . . . . . . #
# # b3 b3 . . . . . # #
# # b2 b2 . . . . . # #
# # # b1 b1 . . . # # #
# # # # # # # # # # #
"""

ALMOST_FULL = """\
_ . . . . . . . . . _
_ . . . . . . . . . _
_ . . . . . . . . . _
# c c c c c c c c c #
# c c c c c c c c c #
# # c c c c c c c # #
# # c c c c c c c # #
# # # c c c c . # # #
# # # # # # # # # # #
"""


def to_next_turn(state, cube=False):
    """Finish the turn the plain way: others take and discard, cubes only if `cube`."""
    start_turn = state.turn
    while state.phase != "over" and state.turn == start_turn:
        seat = state.actor
        legal = ENGINE.legal_actions(state, seat)
        if state.phase == "foreman":
            action = next(a for a in legal if ENGINE.format_action(a).startswith("cube"))
        elif state.phase == "hand":
            action = next((a for a in legal if isinstance(a, Discard)), legal[0])
        elif state.phase == "end":
            action = legal[0] if cube else legal[-1]
        else:
            action = legal[0]
        state = ENGINE.apply(state, seat, action).state
    return state


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
    after = act(state, 0, f"take N {first}").state
    assert after.phase == "hand" and after.hand == first and after.actor == 0
    assert after.forest[0] == () and second in after.discard
    assert after.players[0].taken == 1


def test_foreman_may_discard_a_side_for_a_cube():
    state = start()
    after = act(state, 0, "cube E").state
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
    full = full.replace("_ . . . . . . . . . _\n_ . . . . . . . . . _\n_ . . . . . . . . . _",
                        "_ . . . . . . . . . _\n_ c c c c c c c c c _\n_ c c c c c c c c c _")
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


def test_others_are_skipped_when_the_opposite_side_is_empty():
    state = start()
    state = replace(state, forest=state.forest[:2] + ((),) + state.forest[3:])
    after = act(state, 0, "cube N").state
    assert after.phase in ("end", "foreman")  # straight to the end of the turn
    assert after.players[1].taken == 0


# -- cubes --------------------------------------------------------------------------------
def test_a_cube_is_stolen_from_the_richest_player_when_the_supply_is_empty():
    state = position(start(seats=3), cubes={0: 0, 1: 2, 2: 2}, supply=0)
    after = act(state, 0, "cube N").state
    assert [p.cubes for p in after.players] == [1, 1, 2]  # tie: the first after the taker
    state = position(start(seats=3), cubes={0: 0, 1: 1, 2: 3}, supply=0)
    after = act(state, 0, "cube N").state
    assert [p.cubes for p in after.players] == [1, 1, 2]
    assert sum(p.cubes for p in after.players) + after.supply == 4


def test_no_cube_is_gained_when_nobody_has_one():
    state = position(start(), cubes={0: 0, 1: 0}, supply=0)
    applied = act(state, 0, "cube N")
    assert [p.cubes for p in applied.state.players] == [0, 0]
    assert "none is left" in applied.events[0].text


def test_moving_the_beaver_costs_a_cube_per_two_tiles():
    state = holding(23, rivers={0: CHAIN}, beavers={0: (6, 4)}, cubes={0: 2})
    moves = [ENGINE.format_action(a) for a in ENGINE.legal_actions(state, 0) if "move" in ENGINE.format_action(a)]
    assert moves == ["move-beaver 4,3"]  # two tiles away; the third is out of reach
    refused(state, 0, "move-beaver 3,1", "1 or 2 tiles away")
    after = act(state, 0, "move-beaver 4,3").state
    assert after.players[0].beaver == (4, 3) and after.players[0].cubes == 1
    assert after.supply == state.supply + 1 and after.phase == "hand"
    again = act(after, 0, "move-beaver 3,1").state  # one more cube: now one tile away
    assert again.players[0].beaver == (3, 1) and again.players[0].cubes == 0


def test_moving_the_beaver_needs_a_cube():
    state = holding(23, rivers={0: CHAIN}, beavers={0: (6, 4)}, cubes={0: 0})
    refused(state, 0, "move-beaver 4,3", "costs a wood cube")


def test_one_cube_at_most_per_player_at_the_end_of_the_turn():
    state = position(start(), cubes={0: 3, 1: 0}, phase="end", actor=0, queue=(1,), side="N")
    after = act(state, 0, "cube-at 7,3").state
    assert after.players[0].cubes == 2
    assert not (after.phase == "end" and after.actor == 0)  # no second cube this turn


def test_a_cube_must_rest_on_something_and_not_on_the_beaver():
    state = position(start(), rivers={0: CHAIN}, beavers={0: (6, 4)}, cubes={0: 3}, phase="end", actor=0, side="N")
    refused(state, 0, "cube-at 2,5", "would fall")
    refused(state, 0, "cube-at 6,4", "beaver stands there")
    refused(state, 0, "cube-at 7,3", "already taken")
    refused(state, 0, "cube-at 8,3", "inside your river")
    assert act(state, 0, "cube-at 7,5").state.players[0].cells[7 * 11 + 5] == -1


def test_players_without_cubes_are_not_asked_at_the_end_of_the_turn():
    state = position(start(), cubes={0: 0, 1: 0})
    state = act(state, 0, "cube N").state  # foreman now holds 1 cube
    state = act(state, 1, f"take S {state.forest[2][0]}").state
    state = act(state, 1, "discard").state
    assert state.phase == "end" and state.actor == 0
    state = act(state, 0, "no-cube").state
    assert state.phase == "end" and state.actor == 1  # player 2 gained a cube by discarding


# -- end of turn ------------------------------------------------------------------------------
def test_refill_tops_up_only_empty_sides_and_passes_the_foreman():
    state = start()
    before = state.forest
    after = to_next_turn(state)
    assert after.turn == 2 and after.foreman == 1 and after.phase == "foreman"
    assert len(after.forest[0]) == 2 and after.forest[1] == before[1] and after.forest[3] == before[3]


def test_two_players_opposite_side_keeps_its_last_tile_until_empty():
    state = start()
    taken_side = state.forest[2]
    after = to_next_turn(state)
    assert len(after.forest[2]) == 1 and after.forest[2][0] in taken_side
    # next turn the new foreman picks S: the other player then takes from N
    nxt = act(after, 1, "cube S").state
    assert nxt.forest[2] == ()


def test_the_bag_is_refilled_from_the_discards():
    state = replace(start(), bag=(), discard=(40, 41, 42, 43))
    applied = None
    while state.turn == 1:
        legal = ENGINE.legal_actions(state, state.actor)
        action = legal[-1] if state.phase == "end" else next(
            (a for a in legal if ENGINE.format_action(a).startswith("cube ")), None
        ) or next((a for a in legal if isinstance(a, Discard)), legal[0])
        applied = ENGINE.apply(state, state.actor, action)
        state = applied.state
    assert applied.reveals
    assert "shuffled back" in " ".join(e.text for e in applied.events)
    refilled = [t for side in state.forest for t in side]
    assert {40, 41, 42, 43} & set(refilled)


@pytest.mark.parametrize("seats, order", [(2, [0, 1, 0]), (3, [0, 2, 1, 0]), (4, [0, 3, 2, 1, 0])])
def test_the_foreman_role_passes_counter_clockwise(seats, order):
    state = start(seats=seats)
    seen = [state.foreman]
    for _ in range(seats):
        state = to_next_turn(state, cube=True)
        seen.append(state.foreman)
    assert seen == order


def test_the_game_ends_only_at_the_end_of_a_turn_with_a_complete_dam():
    state = position(start(), rivers={0: ALMOST_FULL}, beavers={0: None}, cubes={0: 1, 1: 1})
    state = act(state, 0, "cube N").state
    state = act(state, 1, f"take S {state.forest[2][0]}").state
    state = act(state, 1, "discard").state
    state = act(state, 0, "cube-at 7,7").state  # the dam is now complete...
    assert state.phase == "end" and state.actor == 1 and not ENGINE.is_over(state)
    applied = act(state, 1, "no-cube")  # ...and the turn ends here
    assert ENGINE.is_over(applied.state) and ENGINE.actors(applied.state) == ()
    assert applied.state.end_reason == "Player 1 completed their dam"


def test_a_round_in_which_nobody_adds_anything_ends_a_stuck_game():
    state = position(start(), idle_turns=1)
    state = to_next_turn(state)
    assert ENGINE.is_over(state) and "whole round" in state.end_reason


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
    ["bank left", "take N 17", "cube W", "place 3,4 r1", "place 3,4 r1 f", "move-beaver 4,3",
     "discard", "beaver 2,5", "cube-at 7,2", "no-cube"],
)
def test_every_action_text_form_round_trips(text):
    state = start()
    action = ENGINE.parse_action(state, 0, text)
    assert ENGINE.format_action(action) == text
    assert ENGINE.parse_action(state, 0, text.upper()) == action or text.startswith("take")


def test_the_bank_rule_lasts_until_the_players_first_tile():
    # player 2 discarded in turn 1; in turn 2 their tile must still touch their bank
    state = to_next_turn(start(), cube=True)
    assert state.players[1].beaver is None and state.players[1].bank == "left"
    from engines.bivi.engine import placement_problem
    from engines.bivi.actions import Place

    held = holding(1, seat=1, foreman=1, base=state)
    assert placement_problem(held, 1, Place(7, 6, 0)).startswith("Your first tile must touch the left bank")
    assert placement_problem(held, 1, Place(7, 3, 0)) is None


def test_the_game_ends_when_the_timber_runs_out():
    state = start()
    state = replace(state, bag=(), discard=(), forest=((), state.forest[1], (), ()),
                    players=state.players)
    # the foreman discards the last side; the other side opposite is empty too
    after = act(state, 0, "cube E").state
    while not ENGINE.is_over(after):
        after = ENGINE.apply(after, after.actor, ENGINE.legal_actions(after, after.actor)[0]).state
    assert after.end_reason == "the timber ran out"
