"""Final scoring in the engine: holes across players, tie-breaks and expert objectives."""

from __future__ import annotations

import pytest

from engines.bivi import content
from engines.bivi import ENGINE
from engines.bivi.scoring import breakdowns, decorations, objective_points
from engines.core.protocol import ScoreLine
from tests.bivi.helpers import EMPTY_RIVER, cells, position, start
from tests.bivi.test_bivi_notation import EXAMPLE_ONE, EXAMPLE_TWO


def compact(notation: str) -> str:
    rows = []
    for line in notation.splitlines():
        line = line.ljust(43)
        rows.append(" ".join(line[i : i + 3].strip() or "_" for i in range(0, 43, 4)))
    return "\n".join(rows) + "\n"


def over(**kw):
    return position(phase="over", end_reason="test", **kw)


def test_rulebook_examples_score_the_same_inside_the_engine():
    # dams that score like the two printed examples (the rulebook prints only the numbers)
    state = over(base=start(), rivers={0: compact(EXAMPLE_ONE), 1: compact(EXAMPLE_TWO)})
    out = ENGINE.outcome(state)
    assert out.breakdown[0] == [
        ScoreLine("Birch", 3),
        ScoreLine("Pine", 1),
        ScoreLine("Walnut", 3),
        ScoreLine("Holes", 0),
        ScoreLine("Largest hole", 0),
    ]
    assert out.breakdown[1][-2:] == [ScoreLine("Holes", -2), ScoreLine("Largest hole", -3)]
    assert out.scores == [7, 8] and out.winners == [1]
    assert out.reason == "Player 2 wins with 8 points."


def test_each_hole_costs_one_point_whatever_its_size():
    two_holes = compact(EXAMPLE_TWO)
    state = over(base=start(), rivers={0: two_holes, 1: two_holes})
    assert [line.points for line in ENGINE.outcome(state).breakdown[0] if line.label == "Holes"] == [-2]


def test_every_player_tied_for_the_largest_hole_loses_its_size():
    # three players: two share the largest hole (3 cells), the third has a smaller one
    small = compact(EXAMPLE_ONE).replace("# # # b1 b1 p28", "# # # . b1 p28", 1)
    state = over(base=start(seats=3), rivers={0: compact(EXAMPLE_TWO), 1: compact(EXAMPLE_TWO), 2: small})
    out = ENGINE.outcome(state)
    largest = [next(line.points for line in b if line.label == "Largest hole") for b in out.breakdown]
    assert largest == [-3, -3, 0]


def test_tie_break_more_cubes_left_wins():
    state = over(base=start(), cubes={0: 1, 1: 3}, taken={0: 1, 1: 9})
    out = ENGINE.outcome(state)
    assert out.scores[0] == out.scores[1] and out.winners == [1]
    assert "more wood cubes" in out.reason


def test_tie_break_then_fewer_tiles_taken_wins():
    state = over(base=start(), cubes={0: 2, 1: 2}, taken={0: 4, 1: 5})
    out = ENGINE.outcome(state)
    assert out.winners == [0] and "fewer tiles" in out.reason


def test_tie_break_on_tiles_is_explained_even_when_a_third_player_has_fewer_cubes():
    state = over(base=start(seats=3), cubes={0: 3, 1: 3, 2: 1}, taken={0: 4, 1: 5, 2: 1})
    out = ENGINE.outcome(state)
    assert out.winners == [0] and "fewer tiles" in out.reason


def test_tie_break_finally_the_victory_is_shared():
    state = over(base=start(), cubes={0: 2, 1: 2}, taken={0: 4, 1: 4})
    out = ENGINE.outcome(state)
    assert out.winners == [0, 1] and "share" in out.reason


def test_decorations_are_counted_exactly_not_by_tile():
    river = EMPTY_RIVER.replace("# # # . . . . . # # #", "# # # b4 b4 w52 w52 w52 # # #")
    counts = decorations(cells(river))
    t4, t52 = content.tile(4), content.tile(52)
    assert t4.moss == 2  # a tile showing two moss counts twice
    assert counts == {
        "moss": t4.moss + t52.moss,
        "butterflies": t4.butterflies + t52.butterflies,
        "ladybugs": t4.ladybugs + t52.ladybugs,
    }


def c(moss=0, butterflies=0, ladybugs=0):
    return {"moss": moss, "butterflies": butterflies, "ladybugs": ladybugs}


@pytest.mark.parametrize(
    "objective, counts, expected",
    [
        # A: 4 to the best, 2 to the next; ties share the bonus
        ("A1", [c(moss=5), c(moss=3), c(moss=1)], [4, 2, 0]),
        ("A1", [c(moss=5), c(moss=5), c(moss=1)], [4, 4, 0]),
        ("A1", [c(moss=5), c(moss=3), c(moss=3)], [4, 2, 2]),
        ("A2", [c(moss=5), c(moss=3), c(moss=1)], [0, 2, 4]),
        ("A2", [c(moss=2), c(moss=2)], [4, 4]),
        ("A3", [c(butterflies=2, ladybugs=2), c(butterflies=3), c(ladybugs=5)], [2, 0, 4]),
        ("A4", [c(butterflies=2, ladybugs=2, moss=9), c(butterflies=3), c(ladybugs=5)], [2, 4, 0]),
        # B: points per complete set
        ("B1", [c(butterflies=8), c(butterflies=2)], [4, 0]),
        ("B2", [c(butterflies=5), c(butterflies=1)], [2, 0]),
        ("B3", [c(ladybugs=6), c(ladybugs=5)], [4, 2]),
        ("B4", [c(ladybugs=7), c(ladybugs=2)], [3, 1]),
        ("B5", [c(moss=8), c(moss=3)], [2, 1]),
        ("B6", [c(butterflies=3, ladybugs=5), c(butterflies=4)], [3, 0]),
        ("B7", [c(moss=6, butterflies=2), c(moss=1, butterflies=1)], [2, 1]),
        ("B8", [c(moss=2, ladybugs=4), c(moss=0, ladybugs=4)], [2, 0]),
        ("B9", [c(moss=3, butterflies=2, ladybugs=5), c(moss=1, butterflies=1)], [4, 0]),
    ],
)
def test_expert_objectives_score_their_bonus(objective, counts, expected):
    assert objective_points(objective, counts) == expected


def test_expert_objectives_appear_in_the_breakdown():
    base = position(start(mode="expert"), objectives=("A1", "B5"))
    river = EMPTY_RIVER.replace("# # # . . . . . # # #", "# # # b4 b4 w52 w52 w52 # # #")
    state = over(base=base, rivers={0: river})
    out = ENGINE.outcome(state)
    moss = decorations(cells(river))["moss"]
    a = [line for line in out.breakdown[0] if line.label.startswith("Objective A")]
    b = [line for line in out.breakdown[0] if line.label.startswith("Objective B")]
    assert a == [ScoreLine("Objective A: Mossiest dam", 4)]
    assert b == [ScoreLine("Objective B: Moss trios", moss // 3)]
    assert [line.points for line in out.breakdown[1] if "Objective A" in line.label] == [2]


def test_the_beavers_cell_counts_as_empty_in_a_hole():
    # the beaver stands at the bank level (below the bank), on pine tile 23: its cell is part of a hole
    dipped = compact(EXAMPLE_ONE).replace("# b7 b7 b7 b8 b8 b8", "# b7 b7 b7 . . .", 1)
    state = over(base=start(), rivers={0: dipped}, beavers={0: (3, 5)})
    assert breakdowns(state)[0].hole_sizes == (3,)


def test_objectives_count_tiles_above_the_bank_too():
    river = EMPTY_RIVER.replace("_ . . . . . . . . . _", "_ b4 b4 . . . . . . . _", 1)
    assert decorations(cells(river))["moss"] == content.tile(4).moss == 2
