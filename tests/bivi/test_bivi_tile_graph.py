"""Which tiles touch: the adjacency behind wood groups and beaver moves."""

from __future__ import annotations

from engines.bivi.beaver_and_cubes import tile_graph
from engines.bivi.geometry import layout
from engines.bivi.river_features import wood_groups
from engines.bivi.notation import parse_river, score


def river(text: str):
    parsed = parse_river(text)
    return layout(parsed.board), parsed.cells, parsed.woods


def test_a_tile_ending_a_row_does_not_touch_the_tile_starting_the_next_row():
    # No bank column: the river runs to both edges, so the last cell of row 0 and the
    # first cell of row 1 are neighbours in the flat grid but far apart on the board.
    lay, cells, _ = river(".   .   p2  p2\np1  p1  .   .\n")
    assert tile_graph(lay, cells) == {1: set(), 2: set()}


def test_tiles_side_by_side_and_stacked_touch():
    lay, cells, _ = river("p3  p3  .   .\np1  p1  p2  p2\n")
    assert tile_graph(lay, cells) == {1: {2, 3}, 2: {1}, 3: {1}}


def test_wood_groups_do_not_join_across_the_end_of_a_row():
    lay, cells, woods = river(".   .   p2  p2\np1  p1  .   .\n")
    assert wood_groups(lay, cells, woods.__getitem__) == {"pine": [1, 1]}
    text = ".   .   p2  p2\np1  p1  .   .\n"
    assert score(text).pine == 1
