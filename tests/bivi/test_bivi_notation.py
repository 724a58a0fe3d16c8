"""River notation and `score`, including two dams that score like the rulebook's printed examples."""

from __future__ import annotations

import pytest

from engines.bivi.notation import NotationError, parse_river, render_river_text, score
from engines.core.protocol import ScoreLine

# A dam that scores like the printed first example (the rulebook prints only the numbers, not
# the dam): complete, birch 3, pine 1, walnut 3, total 7.
EXAMPLE_ONE = """\
    .   .   .   .   .   .   .   .   .
    .   .   .   .   .   .   .   .   .
    .   .   .   .   .   .   .   .   .
#   b7  b7  b7  b8  b8  b8  p30 p30 p30 #
#   b12 b12 b12 b12 p23 p23 w50 w50 w50 #
#   #   p29 p29 p29 w57 w57 w57 w57 #   #
#   #   w56 w56 w56 w56 b6  b6  b6  #   #
#   #   #   b1  b1  p28 p28 p28 #   #   #
#   #   #   #   #   #   #   #   #   #   #
"""

# A dam that scores like the printed second example: birch 6, pine 3, walnut 4, two holes,
# the largest of 3 cells: 8.
EXAMPLE_TWO = """\
    .   .   .   .   .   .   .   .   .
    .   .   .   .   .   .   .   .   .
    .   .   .   .   .   .   .   .   .
#   b8  b8  b8  p24 p24 p25 p25 p26 p26 #
#   .   b3  b3  w47 w47 w45 w45 w46 w46 #
#   #   b7  b7  b7  w56 w56 w56 w56 #   #
#   #   b6  b6  b6  b2  b2  .   .   #   #
#   #   #   b1  b1  p23 p23 .   #   #   #
#   #   #   #   #   #   #   #   #   #   #
"""


def test_rulebook_scoring_example_one_scores_7():
    result = score(EXAMPLE_ONE)
    assert result.lines() == [
        ScoreLine("Birch", 3),
        ScoreLine("Pine", 1),
        ScoreLine("Walnut", 3),
        ScoreLine("Holes", 0),
        ScoreLine("Largest hole", 0),
    ]
    assert result.total() == 7


def test_rulebook_scoring_example_two_scores_8():
    result = score(EXAMPLE_TWO)
    assert (result.holes, result.largest_hole, result.hole_sizes) == (2, 3, (3, 1))
    assert result.lines(largest_penalised=True) == [
        ScoreLine("Birch", 6),
        ScoreLine("Pine", 3),
        ScoreLine("Walnut", 4),
        ScoreLine("Holes", -2),
        ScoreLine("Largest hole", -3),
    ]
    assert result.total(largest_penalised=True) == 8


def test_river_text_round_trips():
    for example in (EXAMPLE_ONE, EXAMPLE_TWO):
        river = parse_river(example)
        assert render_river_text(river.board, river.cells, river.woods.__getitem__) == example


def test_wood_groups_count_tiles_not_cells():
    # one long walnut log (4 cells) and one birch pair of two short logs: walnut 1, birch 2
    result = score("""\
    .   .   .   .   .   .   .   .   .
#   .   .   .   .   .   .   .   .   .   #
#   w56 w56 w56 w56 b1  b1  b2  b2  .   #
#   #   #   #   #   #   #   #   #   #   #
""")
    assert (result.birch, result.pine, result.walnut) == (2, 0, 1)


def test_wood_groups_count_tiles_above_the_bank_too():
    # b2 lies above the bank on b1: one birch group of 2 tiles
    result = score("""\
    .   b2  b2  .
#   b1  b1  .   .   #
#   #   #   #   #   #
""")
    assert result.birch == 2 and result.holes == 1


def test_tiles_touching_at_a_corner_are_not_one_group():
    result = score("""\
#   .   b2  b2  #
#   b1  .   .   #
#   #   #   #   #
""")
    assert result.birch == 1


def test_cubes_do_not_join_wood_groups():
    result = score("""\
#   b1  b1  c   b2  b2  #
#   #   #   #   #   #   #
""")
    assert result.birch == 1


def test_holes_are_side_connected_empty_cells_below_the_bank():
    # the empty cells above the bank never count; two separate holes below it
    result = score("""\
    .   .   .   .
#   b1  b1  .   .   #
#   .   w45 w45 .   #
#   #   #   #   #   #
""")
    assert result.holes == 2 and result.hole_sizes == (3, 1)


def test_bad_river_text_is_refused_with_its_position():
    with pytest.raises(NotationError, match="Row 0, column 1: 'x9'"):
        parse_river("#   x9  #\n")
    with pytest.raises(NotationError, match="two woods"):
        parse_river("#   b1  p1  #\n")
