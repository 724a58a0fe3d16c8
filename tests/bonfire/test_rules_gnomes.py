"""Specialist abilities, applied as soon as the gnome is yours, and Elders at the end."""

from __future__ import annotations

from engines.bonfire import content, gnomes, scoring
from engines.bonfire.actions import (
    Common,
    Council,
    Fate,
    Fulfil,
    Procession,
    Receive,
    Recruit,
    TakeGuardian,
    Walk,
)
from engines.bonfire.state import YOU, Guardian
from tests.bonfire.helpers import act, edit, fresh, island, task_of, texts


def with_gnome(*gnome_ids: str, seed: int = 1):
    s = edit(fresh(seed))
    s.players[YOU].gnomes = list(gnome_ids)
    return s


def walking_city(*gnome_ids: str):
    s = with_gnome(*gnome_ids)
    p = s.players[YOU]
    p.tiles, p.resources = {"procession": 1}, {}
    p.path = [t.id for t in content.board().path_tiles[:3]]
    return s


def test_crowd_warden_lets_path_tiles_hold_several_guardians():
    s = walking_city("crowd-warden")
    s.players[YOU].guardians.append(Guardian("amber", 1))
    s = act(s, Procession(1), Walk("amber", "stay"))
    assert "walk own p1" in texts(s)


def test_barterer_pays_any_two_resources_for_a_task():
    s = with_gnome("barterer", seed=2)
    p = s.players[YOU]
    p.ship, p.tiles = island("mossback"), {"island": 1}
    p.resources = {"gold": 0, "shells": 1, "roots": 1}
    if p.offerings[0][-1] in ("shells", "roots"):
        p.resources = {"fruits": 1, "flowers": 1}
    task = s.islands[p.ship].tasks[0]
    assert act(s, Receive(task, 1, 1)).players[YOU].resources == {}
    p.gnomes = []
    assert f"receive {task} 1 1" not in texts(s)


def test_elder_friend_scores_two_per_elder_recruited():
    s = with_gnome("elder-friend")
    s.players[YOU].tiles = {"gnome": 2}
    s.players[YOU].resources = {"herbs": 1}
    after = act(s, Recruit("elder-of-embers"))
    assert after.players[YOU].track == {"Gnome abilities": 2}


def test_forager_brings_gold_from_a_path_tile():
    s = act(walking_city("forager"), Procession(1), Walk("own", "p1"))
    assert s.players[YOU].resources == {"gold": 1}


def test_council_herald_adds_a_gold_to_each_council_arrival():
    s = with_gnome("council-herald")
    tid = task_of("blue", "lit")
    s.players[YOU].bonfires[0].task = task_of("yellow", "lit")
    s.players[YOU].bonfires[1].task, s.players[YOU].bonfires[1].lit = tid, True
    s.players[YOU].resources = {}
    s = act(s, Fulfil(1), Council("seat-of-songs"))
    assert s.players[YOU].resources == {"gold": 1}


def test_road_gleaner_gains_the_resource_of_each_new_path_tile():
    s = with_gnome("road-gleaner")
    s.players[YOU].tiles, s.players[YOU].resources = {"path": 1}, {}
    tile = content.path_tile(s.path_display[0])
    from engines.bonfire.actions import BuildPath

    assert act(s, BuildPath("d1")).players[YOU].resources == {tile.resource: 1}


def test_gnome_broker_recruits_with_any_resource():
    s = with_gnome("gnome-broker")
    gid = s.specialists[0]
    other = next(r for r in content.PLAIN_RESOURCES if r != content.gnome_resource(gid))
    s.players[YOU].tiles, s.players[YOU].resources = {"gnome": 1}, {other: 1}
    assert act(s, Recruit(gid)).players[YOU].resources == {}


def test_colour_tender_doubles_the_resource_of_her_guardian():
    s = walking_city("amber-tender")
    s.players[YOU].guardians = [Guardian("amber", 0)]
    s = act(s, Procession(1), Walk("amber", "p1"))
    assert s.players[YOU].resources == {content.path_tile(s.players[YOU].path[0]).resource: 2}


def test_hoarder_places_a_fate_tile_holding_three_tiles():
    s = with_gnome("hoarder")
    s.players[YOU].tiles = {"ship": 3}
    assert any(t.startswith("fate") for t in texts(s))
    s.players[YOU].gnomes = []
    assert not any(t.startswith("fate") for t in texts(s))


def test_gift_bringer_gives_a_wild_tile_for_each_recruit_itself_included():
    s = edit(fresh(1))
    s.specialists[0] = "gift-bringer"
    s.players[YOU].tiles, s.players[YOU].resources = {"gnome": 1}, {content.gnome_resource("gift-bringer"): 1}
    assert act(s, Recruit("gift-bringer")).players[YOU].tiles == {"wild": 1}


def test_map_reader_doubles_printed_cells():
    s = with_gnome("map-reader")
    p = s.players[YOU]
    p.tiles = {}
    p.grid = [""] * 25
    p.grid[5] = "gnome"
    gold = p.resources["gold"]
    assert act(s, Fate("top", 0, 0, "E")).players[YOU].resources["gold"] == gold + 2


def test_gatekeeper_a_new_guardian_on_the_starting_tile_brings_a_free_one_step_procession():
    """Every guardian may take 1 step, where you choose, and nobody brings a resource."""
    s = with_gnome("gatekeeper")
    p = s.players[YOU]
    p.ship, p.tiles, p.resources = island("amber-rock"), {"island": 1}, {"gold": 3}
    p.path = [t.id for t in content.board().path_tiles[:2]]
    p.guardians[0].where = 1  # your own guardian already stands on path tile 1
    s = act(s, TakeGuardian(1))
    paid = dict(s.players[YOU].resources)
    assert set(texts(s)) == {"walk own stay", "walk own p2"}
    s = act(s, Walk("own", "p2"))
    assert set(texts(s)) == {"walk amber stay", "walk amber p1"}
    s = act(s, Walk("amber", "p1"))
    assert [(g.colour, g.where) for g in s.players[YOU].guardians] == [("own", 2), ("amber", 1)]
    assert s.players[YOU].resources == paid
    assert "end" in texts(s)


def test_gatekeeper_procession_may_be_declined():
    s = with_gnome("gatekeeper")
    p = s.players[YOU]
    p.ship, p.tiles, p.resources = island("amber-rock"), {"island": 1}, {"gold": 3}
    p.path = [content.board().path_tiles[0].id]
    s = act(s, TakeGuardian(1), Walk("own", "stay"), Walk("amber", "stay"))
    assert [(g.colour, g.where) for g in s.players[YOU].guardians] == [("own", 0), ("amber", 0)]


def test_fire_dancer_scores_two_when_a_guardian_enters_a_bonfire():
    s = walking_city("fire-dancer")
    p = s.players[YOU]
    p.path = p.path[:1]
    p.guardians[0].where = 1
    p.portals[1] = "moon"
    p.bonfires[1].task, p.bonfires[1].lit = "tide-vow", True
    s = act(s, Procession(1), Walk("own", "b2"))
    assert s.players[YOU].track == {"Gnome abilities": 2}


def test_common_friend_gains_gold_and_a_wild_tile_per_common_task():
    s = with_gnome("common-friend", "swift-walker", "barterer")
    s.players[YOU].tiles, s.players[YOU].resources = {}, {}
    s = act(s, Common("gnome-moot"))
    assert s.players[YOU].tiles == {"wild": 1} and s.players[YOU].resources == {"gold": 1}


def test_elders_score_their_counts_at_the_end():
    s = with_gnome("elder-of-roads", "elder-of-kin", "swift-walker")
    p = s.players[YOU]
    p.path = [t.id for t in content.board().path_tiles[:3]]
    assert gnomes.elder_points(p) == 3 * 1 + 2 * 1
    assert dict((line.label, line.points) for line in scoring.breakdown(p))["Elders"] == 5
