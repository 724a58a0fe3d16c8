"""Placing tiles: orientation, gravity, adjacency and the beaver."""

from __future__ import annotations


from engines.bivi.actions import Place
from engines.bivi import ENGINE
from engines.bivi.placing import placement_cells, placement_problem, placements
from engines.bivi.geometry import oriented_cells
from tests.bivi.helpers import EMPTY_RIVER, act, holding, refused, start

# Tile ids by shape in every wood: I2 1-5, I3 6-11, I4 12-15, L4 16-17, T4 18-19, S4 20-21,
# L5 22 (birch); pine adds 22, walnut 44.
I2, I3, I4, L4, S4 = 1, 6, 12, 16, 20

# A cube at the bed's left corner; a birch log above it reaching over empty cells.
OVERHANG = """\
_ . . . . . . . . . _
_ . . . . . . . . . _
_ . . . . . . . . . _
# . . . . . . . . . #
# . . . . . . . . . #
# # . . . . . . . # #
# # b7 b7 b7 . . . . # #
# # # c . . . . # # #
# # # # # # # # # # #
"""


def test_oriented_cells_turn_clockwise_after_mirroring():
    l4 = ((0, 0), (1, 0), (1, 1), (1, 2))
    assert oriented_cells(l4, 0, False) == l4
    assert oriented_cells(l4, 1, False) == ((0, 0), (0, 1), (1, 0), (2, 0))
    assert oriented_cells(l4, 0, True) == ((0, 2), (1, 0), (1, 1), (1, 2))
    assert oriented_cells(l4, 4, False) == l4
    assert oriented_cells(((0, 0), (0, 1)), 1, False) == ((0, 0), (1, 0))


def test_centre_over_the_edge_of_support_is_stable():
    # a 2-cell log on the left bank's step: only its left cell is supported, and its centre
    # lies exactly on that cell's right edge
    state = holding(I2)
    assert placement_problem(state, 0, Place(4, 1, 0)) is None


def test_centre_beyond_the_support_tips_over():
    state = holding(I3)
    assert placement_problem(state, 0, Place(4, 1, 0)) == (
        "That tile would tip over: its centre is not above a supported cell."
    )
    refused(state, 0, "place 4,1 r0", "tip over")


def test_a_tile_with_nothing_under_it_falls():
    state = holding(I2)
    assert "would fall" in placement_problem(state, 0, Place(2, 1, 1))  # standing up, in the air


def test_long_log_balances_on_a_cube_and_the_bank():
    state = holding(I4, rivers={0: OVERHANG.replace("b7 b7 b7", ".  .  .")})
    # supported at columns 2 (bank) and 3 (cube): centre 4.0 is on the right edge: stands
    assert placement_problem(state, 0, Place(6, 2, 0)) is None
    # moved one cell right: supported only by the cube, centre 5.0 beyond its edge 4.0: tips
    state = holding(I4, rivers={0: OVERHANG.replace("b7 b7 b7", ".  .  .")}, beavers={0: None}, banks={0: "left"})
    assert "tip over" in placement_problem(state, 0, Place(6, 3, 0))


def test_a_tile_may_slide_under_an_overhang_and_the_beaver_climbs_on_top():
    state = holding(23, rivers={0: OVERHANG}, beavers={0: (5, 3)})
    # the pine log goes under the birch log's free end, touching it along a side
    assert placement_problem(state, 0, Place(7, 4, 0)) is None
    after = act(state, 0, "place 7,4 r0").state
    assert after.phase == "beaver" and after.spots == ((5, 4), (6, 5))
    final = act(after, 0, "beaver 5,4").state
    assert final.players[0].beaver == (5, 4)


def test_the_beaver_never_stands_on_a_cube_even_on_top_of_the_stack_over_the_new_tile():
    # as above, but a cube sits on the birch log's free end: over column 4 the stack ends in a
    # cube, so the beaver's only cell is on the new pine log itself
    capped = OVERHANG.replace("# # . . . . . . . # #\n# # b7", "# # . . c . . . . # #\n# # b7")
    state = holding(23, rivers={0: capped}, beavers={0: (5, 3)})
    after = act(state, 0, "place 7,4 r0").state
    assert after.phase != "beaver" and after.players[0].beaver == (6, 5)


def test_tiles_may_rest_above_the_bank_but_stay_inside_the_river():
    full = """\
_ . . . . . . . . . _
_ . . . . . . . . . _
_ . . . . . . . . . _
# b12 b12 b12 b12 c c c c c #
# c c c c c c c c c #
# # c c c c c c c # #
# # c c c c c c c # #
# # # c c c c c # # #
# # # # # # # # # # #
"""
    state = holding(I3, rivers={0: full}, beavers={0: (2, 1)})
    assert placement_problem(state, 0, Place(2, 2, 0)) is None  # above the bank, on the log
    assert "stick out" in placement_problem(state, 0, Place(2, 0, 0))  # beyond the river's side
    assert "stick out" in placement_problem(state, 0, Place(-1, 1, 1))  # above the top row


def test_tiles_never_overlap():
    state = holding(I2, rivers={0: OVERHANG}, beavers={0: (5, 3)})
    assert "overlap another tile" in placement_problem(state, 0, Place(6, 4, 1))
    assert "overlap a wood cube" in placement_problem(state, 0, Place(7, 3, 0))
    assert "bank" in placement_problem(state, 0, Place(7, 2, 0))


def test_a_tile_must_touch_the_beavers_tile_along_a_side():
    state = holding(23, rivers={0: OVERHANG}, beavers={0: (5, 3)})
    assert placement_problem(state, 0, Place(5, 2, 0)) is None  # on top of the birch log
    assert placement_problem(state, 0, Place(3, 4, 1)) == "That tile would fall: nothing holds it up from below."
    assert placement_problem(state, 0, Place(7, 6, 0)) == "The tile must touch the tile your beaver stands on."


def test_touching_only_at_a_corner_is_refused():
    corner = EMPTY_RIVER.replace("# # # . . . . . # # #", "# # # b1 b1 c c . # # #")
    state = holding(23, rivers={0: corner}, beavers={0: (6, 3)})
    # the pine log would rest on the cubes, its end meeting the birch log only diagonally
    problem = placement_problem(state, 0, Place(6, 5, 0))
    assert problem.startswith("Touching only at a corner does not count")
    refused(state, 0, "place 6,5 r0", "corner")
    assert placement_problem(state, 0, Place(6, 4, 0)) is None


def test_first_placement_must_touch_the_bank_the_beaver_stands_on():
    state = holding(I2)  # beaver on the left bank
    assert placement_problem(state, 0, Place(7, 3, 0)) is None
    assert (
        placement_problem(state, 0, Place(7, 6, 0))
        == "Your first tile must touch the left bank, where your beaver stands."
    )
    right = holding(I2, banks={0: "right"})
    assert placement_problem(right, 0, Place(7, 6, 0)) is None
    assert placement_problem(right, 0, Place(7, 3, 0)) is not None


def test_flipping_is_allowed_only_in_basic_mode():
    basic = holding(L4)
    assert any(p.flipped for p, _ in placements(basic, 0))
    assert placement_problem(basic, 0, Place(6, 3, 0, True)) is None
    for mode in ("advanced", "expert"):
        state = holding(L4, base=start(mode=mode))
        assert not any(p.flipped for p, _ in placements(state, 0))
        assert "cannot be flipped" in placement_problem(state, 0, Place(6, 3, 0, True))
        refused(state, 0, "place 6,3 r0 f", "flipped")


def test_equivalent_orientations_are_listed_once():
    state = holding(I2)
    cells = [tuple(sorted(placement_cells(I2, p))) for p, _ in placements(state, 0)]
    assert len(cells) == len(set(cells))
    # yet a needless half turn of a log is still accepted
    assert placement_problem(state, 0, Place(7, 3, 2)) is None


def test_an_equivalent_form_is_normalised_to_the_listed_one():
    state = holding(I2)
    listed = [ENGINE.format_action(p) for p, _ in placements(state, 0)]
    assert "place 7,3 r0" in listed and "place 7,3 r2" not in listed and "place 7,3 r0 f" not in listed
    # text is read into the listed form, so a journal written from text holds it
    assert ENGINE.parse_action(state, 0, "place 7,3 r2") == Place(7, 3, 0, False)
    assert ENGINE.parse_action(state, 0, "place 7,3 r2 f") == Place(7, 3, 0, False)
    for form in (Place(7, 3, 2), Place(7, 3, 0, True), Place(7, 3, 2, True)):
        applied = ENGINE.apply(state, 0, form)  # a Place built by hand (the screen's ghost)
        assert applied.state.players[0].placed[-1].rotation == 0
        assert applied.state.players[0].placed[-1].flipped is False
        assert applied.events[0].text.endswith("at 7,3 (place 7,3 r0).")
    # a quarter turn is a different cell set: kept as it is
    assert ENGINE.parse_action(state, 0, "place 6,3 r1") == Place(6, 3, 1, False)
    # an S tetromino: r2 covers the same cells as r0, r3 as r1
    s4 = holding(S4)
    for rot in range(4):
        assert ENGINE.parse_action(s4, 0, f"place 6,3 r{rot}").rotation == rot % 2
    # every listed action's text reads back to itself
    for p, _ in placements(s4, 0):
        assert ENGINE.parse_action(s4, 0, ENGINE.format_action(p)) == p
    # a flip stays refused where flipping is not allowed, even when it changes nothing
    advanced = holding(I2, base=start(mode="advanced"))
    refused(advanced, 0, "place 7,3 r0 f", "cannot be flipped")


def test_the_beaver_moves_on_top_of_the_new_tile():
    state = holding(I2)
    after = act(state, 0, "place 7,3 r0").state
    assert after.phase == "beaver" and set(after.spots) == {(6, 3), (6, 4)}
    assert ENGINE.legal_actions(after, 0)[0] == ENGINE.parse_action(after, 0, "beaver 6,3")
    done = act(after, 0, "beaver 6,4").state
    assert done.players[0].beaver == (6, 4) and done.players[0].bank == ""


def test_a_single_beaver_spot_needs_no_choice():
    state = holding(I2)
    after = act(state, 0, "place 6,3 r1").state  # upright against the bank: one free cell on top
    assert after.phase != "beaver" and after.players[0].beaver == (5, 3)


def test_the_beaver_is_lifted_when_the_tile_needs_its_cell():
    state = holding(23, rivers={0: OVERHANG}, beavers={0: (5, 3)})
    after = act(state, 0, "place 5,2 r0").state  # covers the beaver's own cell
    assert after.players[0].beaver in {(4, 2), (4, 3)}


def test_a_tile_leaving_no_room_for_the_beaver_is_refused():
    brim = """\
_ . . . . . . . . . _
_ b1 b1 c c c c c c c _
_ c c c c c c c c c _
# c c c c c c c c c #
# c c c c c c c c c #
# # c c c c c c c # #
# # c c c c c c c # #
# # # c c c c c # # #
# # # # # # # # # # #
"""
    state = holding(23, rivers={0: brim}, beavers={0: (0, 1)})
    assert placement_problem(state, 0, Place(0, 2, 0)) == "There would be no room for your beaver on top of this tile."
    assert placements(state, 0) == []
