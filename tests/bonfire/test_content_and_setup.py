"""Content loads and validates; the solo setup follows the solo page."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.bonfire import ENGINE, content
from engines.bonfire.actions import Keep, Swap
from engines.bonfire.state import TOM, YOU
from engines.core.errors import BadOptions
from tests.bonfire.helpers import fresh


def test_all_content_loads_and_passes_its_own_checks():
    board = content.board()
    assert len(content.tasks()) == 66
    assert len(content.gnomes().specialists) == 27 and len(content.gnomes().elders) == 6
    assert len(board.tom_cards) == 8 and len(board.great_bonfire) == 7 and len(board.common_tasks) == 5
    assert len({t.name for t in content.tasks().values()}) == 66


@pytest.mark.parametrize("seed", range(1, 8))
def test_solo_tasks_are_7_blue_7_red_6_yellow_two_colours_per_island(seed):
    s = fresh(seed)
    colours = Counter()
    for n, island in enumerate(content.board().islands):
        tasks = s.islands[n].tasks
        if island.kind == "task":
            assert len(tasks) == 2
            a, b = (content.tasks()[t].colour for t in tasks)
            assert a != b
            colours.update([a, b])
        else:
            assert tasks == [] and s.islands[n].guardians == 2
    assert colours == {"blue": 7, "red": 7, "yellow": 6}


@pytest.mark.parametrize("seed", range(1, 8))
def test_portals_on_one_great_bonfire_space_all_differ(seed):
    s = fresh(seed)
    for portals in s.great_bonfire:
        assert len(portals) == content.board().portals_per_space == len(set(portals)) == 4


def test_gold_specialists_are_left_out_of_solo():
    s = fresh(3)
    for gid in s.specialists + s.gnome_pile:
        assert content.gnome_resource(gid) != "gold"
    assert len(s.specialists) == 6 and len(s.specialists) + len(s.gnome_pile) == 24


def test_tom_starts_with_guardian_four_novices_no_tiles_no_resources_score_zero():
    s = fresh(2)
    tom = s.players[TOM]
    assert [g.colour for g in tom.guardians] == ["own"] and tom.guardians[0].where == 0
    assert tom.novices == 4 and tom.tiles == {} and tom.resources == {} and tom.track == {}
    assert len(s.tom_pile) == 8 and s.tom_discard == []
    assert not any(b.novice for b in tom.bonfires)


def test_you_start_first_with_centre_tile_tiles_two_wilds_and_one_of_each_resource():
    state = ENGINE.new_game(ENGINE.default_options(), 1, 4)
    assert state.phase == "setup" and ENGINE.actors(state) == (YOU,)
    p = state.players[YOU]
    centre = [p.grid[2 * 5 + c] for c in (1, 2, 3)]
    s = ENGINE.apply(state, YOU, Keep()).state
    you = s.players[YOU]
    assert you.tiles == {**{sym: 1 for sym in centre}, "wild": 2}
    assert you.resources == {r: 1 for r in content.RESOURCES}
    assert len(you.fate_column) == 7 and all(b.novice for b in you.bonfires)
    assert [len(stack) for stack in you.offerings] == [5, 5]
    assert s.phase == "turn"


def test_swapping_the_centre_tile_takes_the_middle_tile_of_the_column():
    state = ENGINE.new_game(ENGINE.default_options(), 1, 4)
    p = state.players[YOU]
    middle = p.fate_column[3]
    symbols = next(t.symbols for t in content.board().fate_tiles if t.id == middle)
    s = ENGINE.apply(state, YOU, Swap()).state
    you = s.players[YOU]
    assert [you.grid[10 + c] for c in (1, 2, 3)] == symbols
    assert you.tiles == {**{sym: 1 for sym in symbols}, "wild": 2}
    assert you.fate_column[3] != middle


def test_bonfire_is_played_solo_or_by_two():
    ENGINE.check_setup(ENGINE.default_options(), 1)
    ENGINE.check_setup(ENGINE.default_options(), 2)
    for seats in (0, 3):
        with pytest.raises(BadOptions):
            ENGINE.check_setup(ENGINE.default_options(), seats)


def test_rules_reference_is_the_generated_one():
    from engines.bonfire.tools import make_rules

    here = make_rules.HERE
    expected = make_rules.rules_text()
    assert expected.startswith((here / "rules_head.md").read_text() + "\n" + make_rules.glossary())
    assert (here.parent / "rules.md").read_text() == expected, "run python -m engines.bonfire.tools.make_rules"


def test_rules_printed_cells_are_described_from_the_data():
    """Every printed cell of the fate area is named with what it gives (rows, columns from 1)."""
    from engines.bonfire import council
    from engines.bonfire.tools import make_rules

    text = make_rules.printed_cells()
    for bonus in content.board().fate_bonuses:
        gain = council.gain_text(bonus).replace("1 wild tile", "a wild tile")
        listed = text.split(gain + " at ", 1)[1].split(")", 1)[0]  # the cells listed for this gain
        assert f"{bonus.row + 1},{bonus.col + 1}" in listed, bonus
    assert text.startswith(f"{len(content.board().fate_bonuses)} printed cells")
    rules = (make_rules.HERE.parent / "rules.md").read_text()
    assert text in rules.replace("\n  ", " ")


def test_content_data_is_what_the_tables_make(tmp_path, monkeypatch):
    from engines.bonfire.tools import make_content

    monkeypatch.setattr(make_content, "DATA", tmp_path)
    make_content.main()
    for name in ("board.json", "gnomes.json", "tasks.json"):
        assert (tmp_path / name).read_text() == (content.DATA / name).read_text(), name
