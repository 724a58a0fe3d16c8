"""High Council: when no space is free a novice stays home (yours on its bonfire space, a
neutral one on its Common Task), and the state shows it where the log says it is."""

from __future__ import annotations

from engines.bonfire import ENGINE, content
from engines.bonfire.actions import Common, Fulfil
from engines.bonfire.state import YOU
from tests.bonfire.helpers import edit, fresh, task_of


def full_council(seed: int = 3):
    s = edit(fresh(seed))
    s.council = ["tom"] * len(content.board().council)
    return s


def test_when_no_space_is_free_a_novice_stays_home_on_its_bonfire():
    s = full_council()
    p = s.players[YOU]
    p.bonfires[0].task = task_of("blue", "resources")
    p.resources = {r: 9 for r in content.RESOURCES}
    applied = ENGINE.apply(s, YOU, Fulfil(1))
    bonfire = applied.state.players[YOU].bonfires[0]
    assert bonfire.lit and bonfire.novice
    assert not applied.state.pending
    said = " ".join(e.text for e in applied.events)
    assert "its novice stays at home" in said and "leaves for the High Council" not in said


def test_when_no_space_is_free_a_neutral_novice_stays_on_its_common_task():
    s = full_council(1)
    s.players[YOU].path = [t.id for t in content.board().path_tiles[:4]]
    index = next(n for n, t in enumerate(content.board().common_tasks) if t.id == "road-of-light")
    applied = ENGINE.apply(s, YOU, Common("road-of-light"))
    assert applied.state.common_novices[index]
    assert not applied.state.pending
    assert any("neutral novice stays where it is" in e.text for e in applied.events)


def test_with_a_free_space_the_novice_leaves_its_bonfire():
    s = edit(fresh(3))
    p = s.players[YOU]
    p.bonfires[0].task = task_of("blue", "resources")
    p.resources = {r: 9 for r in content.RESOURCES}
    applied = ENGINE.apply(s, YOU, Fulfil(1))
    assert not applied.state.players[YOU].bonfires[0].novice
    assert applied.state.pending


def test_the_notes_say_where_each_novice_stays_when_no_space_is_free_toms_included():
    """Tom's novice stays beside his board and brings him no point
    (test_rules_tom.py::test_with_the_high_council_full_toms_novice_stays_beside_his_board)."""
    from engines.core.rules import load_rules

    notes = load_rules("bonfire").section("adaptation-notes").body
    council = " ".join(next(x for x in notes.split("\n- ") if x.startswith("**High Council**")).split())
    assert "yours on its bonfire space" in council and "a neutral one on its Common Task" in council
    assert "Tom's beside his board" in council and "no point" in council
