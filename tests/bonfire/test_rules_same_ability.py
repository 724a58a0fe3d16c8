"""Two Specialists with the same ability: each card acts on its own (Adaptation notes).

A gain (steps, a resource, gold, points, a wild tile) comes once per card; an ability that
only allows something (pay any 2 resources, hold 3 tiles, gold instead of a path tile's
resource) allows it once, however many cards grant it.
"""

from __future__ import annotations

import pytest

from engines.bonfire import content
from engines.bonfire.actions import BuildPath, Common, Council, Fulfil, Procession, Receive, Walk
from engines.bonfire.state import YOU
from tests.bonfire.helpers import act, edit, fresh, island, task_of, texts


def city_with(*gnome_ids: str, seed: int = 1):
    s = edit(fresh(seed))
    s.players[YOU].gnomes = list(gnome_ids)
    return s


@pytest.mark.parametrize("gnomes, steps", [(("swift-walker",), 2), (("swift-walker", "second-walker"), 3)])
def test_walkers_each_add_a_step(gnomes, steps):
    s = city_with(*gnomes)
    p = s.players[YOU]
    p.tiles, p.resources = {"procession": 1}, {}
    p.path = [t.id for t in content.board().path_tiles[:4]]
    s = act(s, Procession(1))
    assert s.flags.steps == steps
    reachable = {t for t in texts(s) if t.startswith("walk own p")}
    assert reachable == {f"walk own p{n}" for n in range(1, steps + 1)}


@pytest.mark.parametrize("gnomes, gained", [(("road-gleaner",), 1), (("road-gleaner", "second-gleaner"), 2)])
def test_gleaners_each_gain_the_new_path_tiles_resource(gnomes, gained):
    s = city_with(*gnomes)
    s.players[YOU].tiles, s.players[YOU].resources = {"path": 1}, {}
    tile = content.path_tile(s.path_display[0])
    assert act(s, BuildPath("d1")).players[YOU].resources == {tile.resource: gained}


@pytest.mark.parametrize("gnomes, gold", [(("council-herald",), 1), (("council-herald", "second-herald"), 2)])
def test_heralds_each_add_a_gold_to_a_council_arrival(gnomes, gold):
    s = city_with(*gnomes)
    p = s.players[YOU]
    p.bonfires[0].task = task_of("yellow", "lit")
    p.bonfires[1].task, p.bonfires[1].lit = task_of("blue", "lit"), True
    p.resources = {}
    s = act(s, Fulfil(1), Council("seat-of-songs"))
    assert s.players[YOU].resources == {"gold": gold}


@pytest.mark.parametrize("gnomes, points", [(("fire-dancer",), 2), (("fire-dancer", "second-dancer"), 4)])
def test_fire_dancers_each_score_when_a_guardian_enters_a_bonfire(gnomes, points):
    s = city_with(*gnomes)
    p = s.players[YOU]
    p.tiles, p.resources = {"procession": 1}, {}
    p.path = [content.board().path_tiles[0].id]
    p.guardians[0].where = 1
    p.portals[1] = "moon"
    p.bonfires[1].task, p.bonfires[1].lit = task_of("blue", "lit"), True
    s = act(s, Procession(1), Walk("own", "b2"))
    assert s.players[YOU].track == {"Gnome abilities": points}


@pytest.mark.parametrize("gnomes, each", [(("common-friend",), 1), (("common-friend", "second-friend"), 2)])
def test_common_friends_each_give_gold_and_a_wild_tile(gnomes, each):
    s = city_with(*gnomes, "swift-walker", "barterer")
    s.players[YOU].tiles, s.players[YOU].resources = {}, {}
    s = act(s, Common("gnome-moot"))
    assert s.players[YOU].tiles == {"wild": each} and s.players[YOU].resources == {"gold": each}


@pytest.mark.parametrize("gnomes", [("forager",), ("forager", "second-forager")])
def test_foragers_bring_one_gold_however_many(gnomes):
    s = city_with(*gnomes)
    p = s.players[YOU]
    p.tiles, p.resources = {"procession": 1}, {}
    p.path = [content.board().path_tiles[0].id]
    s = act(s, Procession(1), Walk("own", "p1"))
    assert s.players[YOU].resources == {"gold": 1}


@pytest.mark.parametrize("gnomes", [("hoarder",), ("hoarder", "second-hoarder")])
def test_hoarders_allow_three_tiles_however_many(gnomes):
    s = city_with(*gnomes)
    s.players[YOU].tiles = {"ship": 3}
    assert any(t.startswith("fate") for t in texts(s))
    s.players[YOU].tiles = {"ship": 4}
    assert not any(t.startswith("fate") for t in texts(s))


@pytest.mark.parametrize("gnomes", [("barterer",), ("barterer", "second-barterer")])
def test_barterers_replace_the_price_by_two_resources_however_many(gnomes):
    s = city_with(*gnomes, seed=2)
    p = s.players[YOU]
    p.ship, p.tiles = island("mossback"), {"island": 1}
    p.offerings[0][-1] = "fruits"
    p.resources = {"shells": 1, "roots": 1}
    task = s.islands[p.ship].tasks[0]
    assert act(s, Receive(task, 1, 1)).players[YOU].resources == {}
    p.resources = {"shells": 1}
    assert f"receive {task} 1 1" not in texts(s)
