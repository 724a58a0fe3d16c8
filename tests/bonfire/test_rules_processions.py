"""Processions: steps, one guardian per space (the Starting Tile excepted), portals into
lit bonfires, resources from path tiles, the order guardians walk in."""

from __future__ import annotations

import pytest

from engines.bonfire import ENGINE, content
from engines.bonfire.actions import Procession, Walk
from engines.bonfire.state import YOU, Guardian
from engines.core.errors import IllegalAction
from tests.bonfire.helpers import act, edit, fresh, texts


def city(steps_tiles: int = 2, path: int = 4):
    s = edit(fresh(1))
    p = s.players[YOU]
    p.tiles = {"procession": steps_tiles}
    p.path = [t.id for t in content.board().path_tiles[:path]]
    p.resources = {}
    return s


def test_each_guardian_walks_up_to_the_steps_paid_and_brings_the_resource():
    s = act(city(2), Procession(2))
    assert set(texts(s)) == {"walk own stay", "walk own p1", "walk own p2"}
    after = act(s, Walk("own", "p2"))
    tile = content.path_tile(s.players[YOU].path[1])
    assert after.players[YOU].guardians[0].where == 2
    assert after.players[YOU].resources == {tile.resource: 1}
    assert "end" in texts(after)


def test_a_guardian_cannot_enter_or_pass_an_occupied_path_tile():
    s = city(3)
    s.players[YOU].guardians.append(Guardian("amber", 2))
    s = act(s, Procession(3))
    # amber (furthest along) walks first
    assert texts(s)[0].startswith("walk amber")
    s = act(s, Walk("amber", "stay"))
    assert set(texts(s)) == {"walk own stay", "walk own p1"}


def test_several_guardians_may_wait_on_the_starting_tile_and_you_choose_their_order():
    s = city(1)
    s.players[YOU].guardians.append(Guardian("jade", 0))
    s = act(s, Procession(1))
    assert {"walk own p1", "walk jade p1"} <= set(texts(s))
    s = act(s, Walk("jade", "p1"))
    assert set(texts(s)) == {"walk own stay"} or "walk own p1" not in texts(s)


def test_entering_a_bonfire_needs_a_portal_and_a_lit_bonfire():
    s = city(1, path=2)
    p = s.players[YOU]
    p.guardians[0].where = 2  # at the end of her path, beside bonfire 3
    p.bonfires[2].task, p.bonfires[2].lit = "tide-vow", True
    assert "procession 1" not in texts(s)  # no portal: she cannot go anywhere
    p.portals[2] = "star"
    s = act(s, Procession(1))
    assert "walk own b3" in texts(s)
    after = act(s, Walk("own", "b3"))
    assert after.players[YOU].guardians[0].where == 13
    assert after.players[YOU].resources == {}


def test_an_unlit_bonfire_stays_closed_even_with_a_portal():
    s = city(1, path=2)
    p = s.players[YOU]
    p.guardians[0].where = 2
    p.portals[2] = "star"
    p.bonfires[2].task = "tide-vow"
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, YOU, Procession(1))


def test_a_bonfire_holds_one_guardian():
    s = city(1, path=2)
    p = s.players[YOU]
    p.guardians = [Guardian("own", 2), Guardian("jade", 13)]
    p.portals[2] = "star"
    p.bonfires[2].task, p.bonfires[2].lit = "tide-vow", True
    assert "procession 1" not in texts(s)


def test_swift_walker_adds_a_step():
    s = city(1)
    s.players[YOU].gnomes = ["swift-walker"]
    s = act(s, Procession(1))
    assert "walk own p2" in texts(s)


def test_a_guardian_may_follow_into_the_tile_the_one_ahead_of_her_has_just_left():
    """Guardians resolve from the furthest along backwards, so the one behind walks on
    once the one ahead has moved."""
    s = city(1)
    s.players[YOU].guardians.append(Guardian("amber", 1))
    s = act(s, Procession(1), Walk("amber", "p2"))
    assert set(texts(s)) >= {"walk own stay", "walk own p1"}
    s = act(s, Walk("own", "p1"))
    assert [(g.colour, g.where) for g in s.players[YOU].guardians] == [("own", 1), ("amber", 2)]
