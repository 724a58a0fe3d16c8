"""The turn: setup, foreman, other beavers, cubes, end of turn, refill and the game's end."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from engines.bivi.actions import BiviOptions, ChooseBank, Discard, MoveBeaver, NoCube, Place
from engines.bivi import ENGINE
from engines.bivi.state import TOTAL_CUBES
from engines.core.errors import BadOptions, IllegalAction
from tests.bivi.helpers import act, holding, position, refused, start


def tile_name(tile_id: int) -> str:
    from engines.bivi import content

    return f"{content.tile(tile_id).wood} tile {tile_id}"


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


# -- cubes --------------------------------------------------------------------------------
def test_a_cube_is_stolen_from_the_richest_player_when_the_supply_is_empty():
    state = position(start(seats=3), cubes={0: 0, 1: 2, 2: 2}, supply=0)
    after = act(state, 0, "cube N").state
    assert [p.cubes for p in after.players] == [1, 1, 2]  # tie: the first after the taker
    state = position(start(seats=3), cubes={0: 0, 1: 1, 2: 3}, supply=0)
    after = act(state, 0, "cube N").state
    assert [p.cubes for p in after.players] == [1, 1, 2]
    assert sum(p.cubes for p in after.players) + after.supply == 4


def test_another_beaver_discarding_steals_a_cube_when_the_supply_is_empty():
    # an adaptation: every cube gained follows "from the supply, else steal", not only action B
    state = position(start(seats=3), cubes={0: 0, 1: 0, 2: 3}, supply=0)
    state = act(state, 0, "cube N").state  # the foreman steals one from player 3
    assert [p.cubes for p in state.players] == [1, 0, 2]
    tile = state.forest[2][0]
    state = act(state, 1, f"take S {tile}").state
    applied = act(state, 1, "discard")
    assert [p.cubes for p in applied.state.players] == [1, 1, 1] and applied.state.supply == 0
    assert applied.events[0].text == (
        f"Player 2 discards {tile_name(tile)} and steals a wood cube from Player 3 (the supply is empty)."
    )


def test_no_cube_is_gained_when_nobody_has_one():
    state = position(start(), cubes={0: 0, 1: 0}, supply=0)
    applied = act(state, 0, "cube N")
    assert [p.cubes for p in applied.state.players] == [0, 0]
    assert "none is left" in applied.events[0].text


def test_stealing_never_takes_from_the_taker_and_the_log_says_no_other_player_has_a_cube():
    # the supply is empty and only the taker holds cubes: nothing is gained, and the log must
    # not claim that no player holds a cube when the taker holds three
    state = position(start(), cubes={0: 3, 1: 0}, supply=0)
    applied = act(state, 0, "cube N")
    assert [p.cubes for p in applied.state.players] == [3, 0] and applied.state.supply == 0
    text = applied.events[0].text
    assert text.endswith("would take a wood cube, but none is left in the supply and no other player holds one.")


def moves(state, seat=0):
    return [ENGINE.format_action(a) for a in ENGINE.legal_actions(state, seat) if isinstance(a, MoveBeaver)]


def test_moving_the_beaver_costs_a_cube_per_two_tiles():
    # b1 -> b2 -> b3 -> b4: the free cells on top are 4,3 (on b3, 2 tiles) and 3,1/3,2 (on b4, 3 tiles)
    one = holding(23, rivers={0: CHAIN}, beavers={0: (6, 4)}, cubes={0: 1})
    assert moves(one) == ["move-beaver 4,3"]  # with one cube the third tile is out of reach
    refused(one, 0, "move-beaver 3,1", "3 tiles away: the move costs 2 wood cubes .one per 2 tiles., and you have 1")
    two = replace(one, players=(replace(one.players[0], cubes=2),) + one.players[1:])
    assert moves(two) == ["move-beaver 3,1", "move-beaver 3,2", "move-beaver 4,3"]  # each cell once
    applied = act(two, 0, "move-beaver 4,3")
    after = applied.state
    assert after.players[0].beaver == (4, 3) and after.players[0].cubes == 1
    assert after.supply == two.supply + 1 and after.phase == "hand"
    assert applied.events[0].text == "Player 1 discards 1 wood cube and moves their beaver 2 tiles to 4,3."
    applied = act(two, 0, "move-beaver 3,1")  # 3 tiles in one go: 2 cubes
    assert applied.state.players[0].beaver == (3, 1) and applied.state.players[0].cubes == 0
    assert applied.state.supply == two.supply + 2
    assert applied.events[0].text == "Player 1 discards 2 wood cubes and moves their beaver 3 tiles to 3,1."
    again = act(after, 0, "move-beaver 3,1").state  # from b3 one more cube: now one tile away
    assert again.players[0].beaver == (3, 1) and again.players[0].cubes == 0


def test_the_move_costs_are_shown_with_the_moves():
    state = holding(23, rivers={0: CHAIN}, beavers={0: (6, 4)}, cubes={0: 2})
    panel = ENGINE.summary(state, 0).panels[0]
    assert "Beaver moves: 3,1 (2 wood cubes), 3,2 (2 wood cubes), 4,3 (1 wood cube)" in panel.lines
    assert "move your beaver with cubes" in ENGINE.summary(state, 0).status
    assert not any(line.startswith("Beaver moves") for line in ENGINE.summary(state, 0).panels[1].lines)


# The beaver's tile b1 leads to w45 only through w45's neighbours p23 and b2, whose tops are
# covered (by cubes and b2): the only free cells on top of a tile 1 or 2 tiles away are none.
BURIED_PATH = """\
_ . . . . . . . . . _
_ . . . . . . . . . _
_ . . . . . . . . . _
# . . . . . . . . . #
# . . . . . . . . . #
# # . . c c b2 b2 . # #
# # b1 b1 w45 w45 p23 p23 c # #
# # # c c c c c # # #
# # # # # # # # # # #
"""


def test_a_multi_cube_move_reaches_a_tile_three_or_four_tiles_away():
    # b1 -> w45 -> p23 -> b2: the first free cell on the way is on top of b2, 3 tiles away
    state = holding(24, rivers={0: BURIED_PATH}, beavers={0: (5, 2)}, cubes={0: 2})
    assert moves(state) == ["move-beaver 4,6", "move-beaver 4,7"]
    assert moves(replace(state, players=(replace(state.players[0], cubes=1),) + state.players[1:])) == []
    after = act(state, 0, "move-beaver 4,6").state
    assert after.players[0].beaver == (4, 6) and after.players[0].cubes == 0
    # a fourth tile on top of b2 is 4 tiles away: still 2 cubes
    four = BURIED_PATH.replace("# . . . . . . . . . #\n# # .", "# . . . . . p24 p24 . . #\n# # .")
    four = four.replace("# . . . . . . . . . #\n# . . . . . p24", "# . . . . . . . . . #\n# . . . . . p24")
    state = holding(25, rivers={0: four}, beavers={0: (5, 2)}, cubes={0: 2})
    assert "move-beaver 3,6" in moves(state)
    assert act(state, 0, "move-beaver 3,6").state.players[0].cubes == 0


def test_a_beaver_move_is_refused_with_its_reason():
    state = holding(23, rivers={0: CHAIN}, beavers={0: (6, 4)}, cubes={0: 3})
    refused(state, 0, "move-beaver 6,5", "right on top of a tile")  # over empty cells
    refused(state, 0, "move-beaver 2,5", "right on top of a tile")
    refused(state, 0, "move-beaver 4,1", "right on top of a tile")  # occupied by b4
    lone = CHAIN.replace("# # # b1 b1 . . .", "# # # b1 b1 . p23 p23")
    state = holding(24, rivers={0: lone}, beavers={0: (6, 4)}, cubes={0: 3})
    refused(state, 0, "move-beaver 6,6", "not joined")
    refused(state, 0, "move-beaver 6,4", "already stands on that tile")  # its own cell
    refused(holding(24, cubes={0: 2}), 0, "move-beaver 6,3", "still on the bank")


def test_moving_the_beaver_needs_a_cube():
    state = holding(23, rivers={0: CHAIN}, beavers={0: (6, 4)}, cubes={0: 0})
    refused(state, 0, "move-beaver 4,3", "costs a wood cube")


# The beaver's b1 has room beside it; w45, 2 tiles up the chain b1-p23-w45, is boxed in by
# cubes, and a tile on its top row would leave the beaver no room.
BOXED_TOP = """\
_ . . . . . . . . . _
_ . . . . . . . c w45 _
_ . . . . . . . c w45 _
# . . . . . . . c p23 #
# . . . . . c b1 b1 p23 #
# # . . . . . c c # #
# # . . . . . c c # #
# # # . . . . c # # #
# # # # # # # # # # #
"""


def test_the_foreman_may_move_away_then_discard_a_tile_that_no_longer_fits():
    state = holding(2, rivers={0: BOXED_TOP}, beavers={0: (3, 7)}, cubes={0: 1})
    assert any(isinstance(a, Place) for a in ENGINE.legal_actions(state, 0))
    refused(state, 0, "discard", "must place")
    state = act(state, 0, "move-beaver 0,9").state  # 2 tiles: one cube
    assert state.players[0].cubes == 0 and state.phase == "hand"
    assert ENGINE.legal_actions(state, 0) == [Discard()]
    status = ENGINE.summary(state, 0).status
    assert "fits nowhere" in status and "discard" in status and "move your beaver" not in status
    applied = act(state, 0, "discard")
    assert applied.state.players[0].cubes == 0 and 2 in applied.state.discard
    assert applied.events[0].text == (
        "Player 1 (foreman) cannot fit birch tile 2 from where their beaver stands and discards it (no cube)."
    )


def test_a_foremans_discard_is_logged_as_fitting_nowhere_from_the_beaver_not_anywhere():
    # from the top of w45 birch tile 2 fits nowhere, but one cube would take the beaver back
    # to b1, where it fits: the log must not say the tile fits nowhere in the river
    state = holding(2, rivers={0: BOXED_TOP}, beavers={0: (0, 9)}, cubes={0: 1})
    assert ENGINE.legal_actions(state, 0) == [MoveBeaver(3, 7), Discard()]
    assert any(isinstance(a, Place) for a in ENGINE.legal_actions(act(state, 0, "move-beaver 3,7").state, 0))
    applied = act(state, 0, "discard")
    assert applied.state.players[0].cubes == 1
    assert applied.events[0].text == (
        "Player 1 (foreman) cannot fit birch tile 2 from where their beaver stands and discards it (no cube)."
    )


def test_another_beaver_whose_tile_fits_nowhere_is_told_so_not_asked_to_place_it():
    # Player 2's beaver stands on top of w45, boxed in: birch tile 2 fits nowhere from there
    state = holding(2, seat=1, foreman=0, rivers={1: BOXED_TOP}, beavers={1: (0, 9)}, cubes={1: 0})
    assert ENGINE.legal_actions(state, 1) == [Discard()]
    assert ENGINE.summary(state, 1).status == (
        "Player 2: birch tile 2 fits nowhere from where your beaver stands: discard it for a cube."
    )
    with_cube = holding(2, seat=1, foreman=0, rivers={1: BOXED_TOP}, beavers={1: (0, 9)}, cubes={1: 1})
    assert ENGINE.summary(with_cube, 1).status == (
        "Player 2: birch tile 2 fits nowhere from where your beaver stands: "
        "move your beaver with cubes (1 per 2 tiles), or discard it for a cube."
    )
    # where it fits, the status still asks to place it
    fits = holding(2, seat=1, foreman=0, rivers={1: BOXED_TOP}, beavers={1: (3, 7)}, cubes={1: 0})
    assert ENGINE.summary(fits, 1).status == "Player 2: place birch tile 2, or discard it for a cube."


def test_another_beaver_is_not_promised_a_cube_that_nobody_could_give():
    # the supply is empty and the only cubes are the actor's own: a discard gains nothing
    state = holding(2, seat=1, foreman=0, rivers={1: BOXED_TOP}, beavers={1: (3, 7)}, cubes={0: 0, 1: 2}, supply=0)
    status = ENGINE.summary(state, 1).status
    assert "for a cube" not in status and status.endswith("or discard it (no cube is left to gain).")
    assert act(state, 1, "discard").state.players[1].cubes == 2


def test_the_foreman_status_offers_a_move_only_with_a_cube():
    assert (
        "move your beaver"
        not in ENGINE.summary(holding(23, rivers={0: CHAIN}, beavers={0: (6, 4)}, cubes={0: 0}), 0).status
    )
    assert (
        "move your beaver"
        in ENGINE.summary(holding(23, rivers={0: CHAIN}, beavers={0: (6, 4)}, cubes={0: 1}), 0).status
    )


def test_others_and_end_of_turn_cubes_go_clockwise_from_a_foreman_who_is_not_seat_0():
    state = position(start(seats=4), cubes={0: 1, 1: 1, 2: 1, 3: 1}, foreman=2, actor=2)
    state = act(state, 2, "cube N").state
    others = []
    while state.phase in ("take", "hand"):
        others.append(state.actor)
        action = ENGINE.legal_actions(state, state.actor)[0] if state.phase == "take" else Discard()
        state = ENGINE.apply(state, state.actor, action).state
    assert others == [3, 3, 0, 0, 1, 1]  # each takes, then discards: from the foreman's left
    ends = []
    while state.phase == "end":
        ends.append(state.actor)
        state = act(state, state.actor, "no-cube").state
    assert ends == [2, 3, 0, 1]  # end-of-turn cubes: the foreman first, then clockwise
    assert state.foreman == 1 and state.actor == 1  # the card passes counter-clockwise


def test_one_cube_at_most_per_player_at_the_end_of_the_turn():
    state = position(start(), cubes={0: 3, 1: 0}, phase="end", actor=0, queue=(1,), side="N")
    after = act(state, 0, "cube-at 7,3").state
    assert after.players[0].cubes == 2
    # no second cube this turn: player 2 has none, so the turn is over and the foreman passes
    assert after.phase == "foreman" and after.turn == 2 and after.actor == after.foreman == 1


def test_a_cube_must_rest_on_something_and_not_on_the_beaver():
    state = position(start(), rivers={0: CHAIN}, beavers={0: (6, 4)}, cubes={0: 3}, phase="end", actor=0, side="N")
    refused(state, 0, "cube-at 2,5", "would fall")
    refused(state, 0, "cube-at 6,4", "beaver stands there")
    refused(state, 0, "cube-at 7,3", "already taken")
    refused(state, 0, "cube-at 8,3", "inside your river")
    assert act(state, 0, "cube-at 7,5").state.players[0].cells[7 * 11 + 5] == -1


def test_players_without_a_free_supported_cell_are_not_asked_at_the_end_of_the_turn():
    # player 1 holds cubes, but the river is full up to its top row, where the only free cell
    # is the beaver's (on b1)
    full = """\
_ c c c c . c c c c _
_ c c c c b1 b1 c c c _
_ c c c c c c c c c _
# c c c c c c c c c #
# c c c c c c c c c #
# # c c c c c c c # #
# # c c c c c c c # #
# # # c c c c c # # #
# # # # # # # # # # #
"""
    state = position(start(), rivers={0: full}, beavers={0: (0, 5)}, cubes={0: 3, 1: 0})
    assert ENGINE.legal_actions(replace(state, phase="end", actor=0, side="N"), 0) == [NoCube()]
    state = act(state, 0, "cube N").state  # player 2 takes from the south and discards
    state = act(state, 1, f"take S {state.forest[2][0]}").state
    state = act(state, 1, "discard").state
    # player 1 (4 cubes, no room) is skipped; player 2 is asked
    assert state.players[0].cubes == 4 and state.phase == "end" and state.actor == 1


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
    left = after.forest[2][0]
    # next turn the new foreman (player 2) picks N: player 1 must take from S, its last tile
    nxt = act(after, 1, "cube N").state
    assert nxt.phase == "take" and nxt.actor == 0
    assert [ENGINE.format_action(a) for a in ENGINE.legal_actions(nxt, 0)] == [f"take S {left}"]
    refused(nxt, 0, f"take E {nxt.forest[1][0]}", "opposite")
    nxt = act(nxt, 0, f"take S {left}").state
    done = to_next_turn(nxt)
    # the emptied sides (N and S) are refilled to 2 from the bag; E and W keep theirs
    assert done.turn == 3 and len(done.forest[0]) == 2 and len(done.forest[2]) == 2
    assert set(done.forest[0] + done.forest[2]) <= set(after.bag)
    assert done.forest[1] == after.forest[1] and done.forest[3] == after.forest[3]


def test_the_bag_is_refilled_from_the_discards():
    from tests.bivi.test_bivi_playouts import check_invariants

    base = start()
    last, *rest = base.bag  # one tile left in the bag, the rest discarded earlier
    state = replace(base, bag=(last,), discard=tuple(rest))
    check_invariants(state)
    north = state.forest[0]
    applied = None
    while state.turn == 1:
        legal = ENGINE.legal_actions(state, state.actor)
        action = (
            legal[-1]
            if state.phase == "end"
            else next((a for a in legal if ENGINE.format_action(a) == "cube N"), None)
            or next((a for a in legal if isinstance(a, Discard)), legal[0])
        )
        applied = ENGINE.apply(state, state.actor, action)
        state = applied.state
    check_invariants(state)
    assert applied.reveals
    assert "shuffled back" in " ".join(e.text for e in applied.events)
    # the north side was emptied: it gets the bag's last tile, then one from the reshuffled
    # discards (the earlier discards, the north pair and the tile player 2 discarded)
    assert len(state.forest[0]) == 2 and state.forest[0][0] == last
    assert state.forest[0][1] in set(rest) | set(north) | set(base.forest[2])
    assert len(state.bag) == len(rest) + len(north) and state.discard == ()  # +1 discarded, -1 drawn


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


def pass_whole_turn(state):
    """The probe scenario: the foreman discards a side for a cube, everyone else discards,
    nobody places a cube."""
    sides = [s for s in "NESW" if state.forest["NESW".index(s)]]
    state = act(state, state.actor, f"cube {sides[0]}").state
    while state.phase not in ("foreman", "over"):
        if state.phase == "take":
            action = ENGINE.legal_actions(state, state.actor)[0]
        elif state.phase == "hand":
            action = Discard()
        else:
            action = ENGINE.parse_action(state, state.actor, "no-cube")
        state = ENGINE.apply(state, state.actor, action).state
    return state


def test_players_may_pass_for_whole_rounds_while_they_could_still_build():
    # hoarding cubes (the first tie-break) is legitimate: passing rounds never end the game
    state = start()
    for _ in range(4):
        state = pass_whole_turn(state)
        assert not ENGINE.is_over(state), state.end_reason
    assert state.turn == 5 and state.idle_turns == 4
    assert sum(p.cubes for p in state.players) > 2 * 4  # cubes piled up in the stocks


# Every cell of the river is taken but one below the bank, which only a cube could fill.
STUCK = ALMOST_FULL.replace(
    "_ . . . . . . . . . _\n_ . . . . . . . . . _\n_ . . . . . . . . . _",
    "_ c c c c c c c c c _\n_ c c c c c c c c c _\n_ c c c c c c c c c _",
)


def test_the_game_ends_when_nobody_can_ever_add_anything():
    stuck = position(start(), rivers={0: STUCK, 1: STUCK}, cubes={0: 0, 1: 0}, supply=0)
    state = to_next_turn(stuck)  # one turn without a placement: not yet a whole round
    assert not ENGINE.is_over(state)
    state = to_next_turn(state)
    assert ENGINE.is_over(state) and state.end_reason == "nobody can add anything to their dam any more"


def test_a_single_cube_anywhere_keeps_a_stuck_looking_game_going():
    # the last hole takes a cube, and one cube is still loose (in player 2's stock)
    state = position(start(), rivers={0: STUCK, 1: STUCK}, cubes={0: 0, 1: 1}, supply=0, idle_turns=5)
    state = to_next_turn(state)
    assert not ENGINE.is_over(state)


def test_timber_that_fits_keeps_the_game_going_even_if_the_forest_offers_none_now():
    # no cube is loose; only a 2-cell log fits (under player 2's beaver, on b12), and the
    # forest holds none
    gap = STUCK.replace("# # # c c c c . # # #", "# # # c c c . . # # #")
    gap = gap.replace("# # c c c c c c c # #", "# # c c c c . c c # #", 1)
    gap = gap.replace("# # c c c c c c c # #", "# # c c c c b12 b12 c # #", 1)
    from engines.bivi import content

    logs = [t for t in range(1, 67) if content.tile(t).shape == "I2"]
    base = position(start(), beavers={1: (5, 6)})
    rest = [t for t in base.bag + tuple(x for side in base.forest for x in side) if t not in logs and t != 12]
    bag = tuple(t for t in base.bag if t in logs)
    forest = (tuple(rest[0:2]), tuple(rest[2:4]), tuple(rest[4:6]), tuple(rest[6:8]))
    state = position(
        base,
        rivers={0: STUCK, 1: gap},
        cubes={0: 0, 1: 0},
        supply=0,
        idle_turns=5,
        forest=forest,
        bag=bag,
        discard=tuple(rest[8:]),
    )
    after = to_next_turn(state)
    assert not ENGINE.is_over(after)
    no_logs = replace(state, bag=(), discard=tuple(rest[8:]) + bag)
    assert not ENGINE.is_over(to_next_turn(no_logs))  # a log can still come back from the discards
    gone = position(state, rivers={1: STUCK}, beavers={1: None}, banks={1: "left"})
    assert ENGINE.is_over(to_next_turn(gone))


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


def test_sides_stay_short_when_the_bag_and_the_discards_run_dry():
    # one tile left in the bag and nothing discarded: of the two emptied sides, the first in
    # N, E, S, W order gets the last tile and the other stays empty
    base = start()
    state = replace(base, forest=((1,), (), (2,), (4,)), bag=(3,), discard=())
    while state.turn == 1:
        legal = ENGINE.legal_actions(state, state.actor)
        state = ENGINE.apply(state, state.actor, legal[-1] if state.phase == "end" else legal[0]).state
    assert state.phase == "foreman" and state.discard == () and state.bag == ()
    assert state.forest == ((3,), (), (), (4,))


def test_the_game_ends_when_the_timber_runs_out():
    state = start()
    state = replace(state, bag=(), discard=(), forest=((), state.forest[1], (), ()), players=state.players)
    # the foreman discards the last side; the other side opposite is empty too
    after = act(state, 0, "cube E").state
    while not ENGINE.is_over(after):
        after = ENGINE.apply(after, after.actor, ENGINE.legal_actions(after, after.actor)[0]).state
    assert after.end_reason == "the timber ran out"
