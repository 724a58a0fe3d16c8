"""What a Specialist gives is told in the same log line as the action that brings it."""

from __future__ import annotations

from engines.bonfire import ENGINE, content
from engines.bonfire.actions import BuildPath, Common, Procession, Recruit, Walk
from engines.bonfire.state import YOU
from tests.bonfire.helpers import act, edit, fresh
from tests.bonfire.test_rules_gnomes import walking_city


def said(state, *actions):
    for action in actions[:-1]:
        state = act(state, action)
    return [e.text for e in ENGINE.apply(state, YOU, actions[-1]).events]


def test_recruit_tells_the_wild_tile_and_the_elder_points_it_brings():
    s = edit(fresh(1))
    p = s.players[YOU]
    p.gnomes = ["gift-bringer", "elder-friend"]
    p.tiles, p.resources = {"gnome": 3}, {r: 3 for r in content.RESOURCES}
    elder = s.elders[0]
    told = said(s, Recruit(elder))
    assert told[0] == (
        f"You recruit {content.gnome_name(elder)}: you gain 1 wild tile from the Gift Bringer "
        "and 2 points from the Elder Friend."
    )


def test_building_a_path_tells_the_gleaners_resource():
    s = edit(fresh(1))
    p = s.players[YOU]
    p.gnomes, p.tiles = ["road-gleaner"], {"path": 1}
    resource = content.path_tile(s.path_display[0]).resource
    assert said(s, BuildPath("d1"))[0].endswith(f" and gain 1 {resource} from the Road Gleaner.")


def test_a_common_task_tells_the_friends_gold_and_wild_tile():
    s = edit(fresh(1))
    p = s.players[YOU]
    p.gnomes = ["common-friend"]
    p.path = [t.id for t in content.board().path_tiles[:4]]
    assert said(s, Common("road-of-light"))[0] == (
        "You fulfil the Common Task Road of Light and gain 1 gold and 1 wild tile from the Common Friend."
    )


def test_entering_a_bonfire_tells_the_fire_dancers_points():
    s = walking_city("fire-dancer")
    p = s.players[YOU]
    p.path = p.path[:1]
    p.guardians[0].where = 1
    p.portals[1] = "moon"
    p.bonfires[1].task, p.bonfires[1].lit = "tide-vow", True
    told = said(s, Procession(1), Walk("own", "b2"))
    assert told[0].endswith(": you gain 2 points from the Fire Dancer.")
