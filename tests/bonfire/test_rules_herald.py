"""The Council Herald: 1 gold whenever you place a novice in the High Council, a Common
Task's neutral novice included, and the log names it."""

from __future__ import annotations

from engines.bonfire import ENGINE, content
from engines.bonfire.actions import Common, Council, Fulfil
from engines.bonfire.state import YOU
from tests.bonfire.helpers import act, edit, fresh, task_of


def _space():
    return content.board().council[0]


def test_herald_gold_for_a_common_tasks_neutral_novice_is_logged():
    s = edit(fresh(1))
    p = s.players[YOU]
    p.gnomes, p.resources = ["council-herald"], {}
    p.path = [t.id for t in content.board().path_tiles[:4]]
    s = act(s, Common("road-of-light"))
    applied = ENGINE.apply(s, YOU, Council(_space().id))
    assert applied.state.players[YOU].resources.get("gold") == 1 + _space().resources.get("gold", 0)
    assert any("and 1 gold from the Council Herald." in e.text for e in applied.events)


def test_herald_gold_for_your_own_novice_is_logged():
    s = edit(fresh(3))
    p = s.players[YOU]
    p.gnomes = ["council-herald"]
    p.bonfires[0].task = task_of("blue", "resources")
    p.resources = {r: 9 for r in content.PLAIN_RESOURCES}
    s = act(s, Fulfil(1))
    gold_before = s.players[YOU].resources.get("gold", 0)
    applied = ENGINE.apply(s, YOU, Council(_space().id))
    assert applied.state.players[YOU].resources.get("gold", 0) == gold_before + 1 + _space().resources.get("gold", 0)
    assert any("and 1 gold from the Council Herald." in e.text for e in applied.events)


def test_the_rules_text_says_the_neutral_novice_brings_herald_gold():
    rules = content.__file__.rsplit("/", 1)[0] + "/rules.md"
    text = open(rules).read()
    assert "whenever you place a novice in the High Council, a Common Task's neutral novice included" in text
