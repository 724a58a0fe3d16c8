"""Your city: placing fate tiles, the adjacency bonus, printed cells, paying with
substitutes, and discarding."""

from __future__ import annotations

import pytest

from engines.bonfire import ENGINE, city
from engines.bonfire.actions import Discard, Fate
from engines.bonfire.state import YOU, Player
from engines.core.errors import IllegalAction
from tests.bonfire.helpers import act, edit, events, fresh

N = 5


def grid_with(cells: dict[tuple[int, int], str]) -> list[str]:
    grid = [""] * (N * N)
    for (r, c), symbol in cells.items():
        grid[r * N + c] = symbol
    return grid


def rulebook_example_state():
    """A 2-cell ship area beside the new tile's ship, a single island cell beside its
    island, and nothing alike beside its path symbol (the rulebook's example, our symbols)."""
    s = edit(fresh(1))
    p = s.players[YOU]
    p.grid = grid_with({(3, 0): "ship", (4, 0): "ship", (4, 2): "island"})
    p.tiles = {}
    p.fate_column = ["fate-1"] + [t for t in p.fate_column if t != "fate-1"][:6]
    return s


def test_rulebook_adjacency_example_gives_3_then_2_then_1():
    s = rulebook_example_state()
    after = act(s, Fate("top", 3, 1, "E"))
    assert after.players[YOU].tiles == {"ship": 3, "island": 2, "path": 1}


def test_the_fate_line_names_each_gain_with_a_noun_that_agrees_with_its_count():
    # Was "... and gain 3 ship, 2 island, 1 path action tiles.": "1 path action tiles".
    told = events(rulebook_example_state(), Fate("top", 3, 1, "E"))
    assert told[0] == (
        "You place a fate tile (ship / island / path) and gain 3 ship tiles, 2 island tiles and 1 path tile."
    )
    assert city.gain_words({"bonfire": 1}) == "1 Great Bonfire tile"
    assert city.gain_words({"bonfire": 2, "ship": 1}) == "2 Great Bonfire tiles and 1 ship tile"


def test_adjacency_gain_is_a_pure_function_of_the_grid():
    grid = grid_with({(3, 0): "ship", (4, 0): "ship", (4, 2): "island"})
    gain = city.fate_gain(grid, city.strip_cells(3, 1, "E"), ["ship", "island", "path"])
    assert gain == {"ship": 3, "island": 2, "path": 1}


def test_a_symbol_touching_two_separate_areas_counts_both():
    grid = grid_with({(1, 2): "gnome", (3, 2): "gnome", (3, 3): "gnome"})
    gain = city.fate_gain(grid, city.strip_cells(2, 1, "E"), ["ship", "gnome", "path"])
    assert gain["gnome"] == 1 + 1 + 2


def test_fate_tile_needs_at_most_one_action_tile_in_hand():
    s = rulebook_example_state()
    s.players[YOU].tiles = {"ship": 1, "gnome": 1}
    with pytest.raises(IllegalAction, match="discard down to 1"):
        ENGINE.apply(s, YOU, Fate("top", 3, 1, "E"))
    s2 = act(s, Discard("gnome"))
    assert act(s2, Fate("top", 3, 1, "E")).players[YOU].tiles["ship"] == 4


@pytest.mark.parametrize(
    "placement, reason",
    [
        (Fate("top", 0, 3, "E"), "wholly inside"),
        (Fate("top", 3, 0, "E"), "may not cover"),
        (Fate("top", 0, 1, "E"), "must touch"),
    ],
)
def test_fate_tile_must_fit_not_overlap_and_touch(placement, reason):
    s = rulebook_example_state()
    with pytest.raises(IllegalAction, match=reason):
        ENGINE.apply(s, YOU, placement)


def test_top_or_bottom_of_the_column_may_be_taken():
    s = rulebook_example_state()
    bottom = s.players[YOU].fate_column[-1]
    after = act(s, Fate("bottom", 3, 1, "E"))
    assert bottom not in after.players[YOU].fate_column
    assert after.players[YOU].fate_column[0] == "fate-1"


def test_covering_a_printed_cell_gives_its_object():
    s = rulebook_example_state()
    s.players[YOU].grid = grid_with({(1, 0): "gnome"})
    gold = s.players[YOU].resources["gold"]
    after = act(s, Fate("top", 0, 0, "E"))  # covers the printed gold in the corner
    assert after.players[YOU].resources["gold"] == gold + 1


def player(tiles=None, resources=None) -> Player:
    return Player(
        tiles=tiles or {}, resources=resources or {}, fate_column=[], grid=[], offerings=[[], []], bonfires=[]
    )


def test_missing_tile_paid_with_one_wild_tile():
    assert city.pay_tiles(player({"wild": 1, "ship": 1}), {"path": 1}) == {"ship": 1}


def test_missing_tile_paid_with_any_two_tiles():
    assert city.pay_tiles(player({"ship": 2, "gnome": 1}), {"path": 1}) == {"gnome": 1}


def test_missing_tile_without_substitutes_cannot_be_paid():
    assert city.pay_tiles(player({"ship": 1}), {"path": 1}) is None


def test_exact_tiles_are_spent_before_substitutes():
    assert city.pay_tiles(player({"path": 1, "wild": 1}), {"path": 1}) == {"wild": 1}


def test_twinmaker_wild_tile_stands_in_for_two():
    assert city.pay_tiles(player({"wild": 1}), {"path": 2}, wild_double=True) == {}
    assert city.pay_tiles(player({"wild": 1}), {"path": 2}) is None


def test_missing_resource_paid_with_gold_or_any_two():
    assert city.pay_resources(player(resources={"gold": 1}), {"herbs": 1}) == {}
    assert city.pay_resources(player(resources={"roots": 1, "shells": 1}), {"herbs": 1}) == {}
    assert city.pay_resources(player(resources={"roots": 1}), {"herbs": 1}) is None


def test_discarding_is_free_and_repeatable_in_your_turn():
    s = fresh(1)
    before = dict(s.players[YOU].tiles)
    after = act(s, Discard("wild"), Discard("wild"))
    assert after.players[YOU].tiles.get("wild", 0) == before["wild"] - 2
    assert not after.flags.main_done
