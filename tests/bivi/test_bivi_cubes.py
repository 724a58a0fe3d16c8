"""Cubes: gained, stolen when the supply is empty, spent to move the beaver (a cube per two
tiles, refused with a reason), and placed at the end of the turn (one each, clockwise,
resting on something, asked only of players who can place one)."""

from __future__ import annotations

from msgspec.structs import replace

from engines.bivi.actions import Discard, MoveBeaver, NoCube, Place
from engines.bivi import ENGINE
from tests.bivi.helpers import act, holding, position, refused, start, tile_name


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
