"""Action-tile actions: paths, the ship, island actions, the Great Bonfire, gnomes."""

from __future__ import annotations

import pytest

from engines.bonfire import ENGINE, content
from engines.bonfire.actions import (
    BuildPath,
    End,
    GreatBonfire,
    Receive,
    Recruit,
    Redraw,
    Sail,
    TakeGuardian,
)
from engines.bonfire.state import YOU
from engines.core.errors import IllegalAction
from tests.bonfire.helpers import act, edit, fresh, island, texts


def with_tiles(s, **tiles):
    s = edit(s)
    s.players[YOU].tiles = dict(tiles)
    return s


@pytest.mark.parametrize("built, cost", [(0, 1), (1, 1), (2, 1), (3, 2), (4, 2), (5, 2)])
def test_path_costs_1_1_1_2_2_2(built, cost):
    s = with_tiles(fresh(1), path=cost)
    s.players[YOU].path = [t.id for t in content.board().path_tiles[20 : 20 + built]]
    after = act(s, BuildPath("d1"))
    assert len(after.players[YOU].path) == built + 1 and after.players[YOU].tiles == {}
    if cost == 2:
        with pytest.raises(IllegalAction):
            ENGINE.apply(with_tiles(s, path=1), YOU, BuildPath("d1"))


def test_path_holds_at_most_six_tiles():
    s = with_tiles(fresh(1), path=5)
    s.players[YOU].path = [t.id for t in content.board().path_tiles[20:26]]
    with pytest.raises(IllegalAction, match="complete"):
        ENGINE.apply(s, YOU, BuildPath("d1"))


def test_building_from_the_display_refills_it_and_from_a_pile_takes_its_top():
    s = with_tiles(fresh(1), path=2)
    shown = s.path_display[1]
    after = act(s, BuildPath("d2"))
    assert after.players[YOU].path == [shown] and len(after.path_display) == 4
    top = s.path_piles[0][0]
    assert act(s, BuildPath("pile1")).players[YOU].path == [top]


def test_redraw_only_when_all_four_show_one_colour():
    s = fresh(1)
    blues = [t.id for t in content.board().path_tiles if t.crystal == "blue"]
    s = edit(s)
    s.path_display = blues[:4]
    s.path_piles = [[t for t in pile if t not in blues[:4]] for pile in s.path_piles]
    assert "redraw" in texts(s)
    after = act(s, Redraw())
    assert after.path_display != blues[:4] and len(after.path_display) == 4
    assert "redraw" not in texts(after)  # once a turn
    s.path_display = blues[:3] + [next(t.id for t in content.board().path_tiles if t.crystal == "red")]
    assert "redraw" not in texts(s)


def test_first_ship_move_goes_anywhere_for_one_tile_then_one_tile_per_island():
    s = with_tiles(fresh(1), ship=1)
    far = content.board().islands[7].id
    after = act(s, Sail(far))
    assert after.players[YOU].ship == 7 and after.players[YOU].tiles == {}
    after = edit(act(after, End()))
    after.phase, after.players[YOU].tiles = "turn", {"ship": 3}
    assert "sail " + content.board().islands[4].id in texts(after)  # 3 islands away
    assert "sail " + content.board().islands[3].id not in texts(after)  # 4 away
    two = act(after, Sail(content.board().islands[9].id))
    assert two.players[YOU].tiles == {"ship": 1}


def test_receive_a_task_pays_island_tile_island_resource_and_offering_which_stays():
    s = edit(fresh(2))
    p = s.players[YOU]
    p.ship = island("mossback")
    p.tiles = {"island": 1}
    offering = p.offerings[0][-1]
    p.resources = {"herbs": 1, offering: p.resources.get(offering, 0) + (1 if offering != "herbs" else 2)}
    task = s.islands[p.ship].tasks[0]
    after = act(s, Receive(task, 1, 4))
    you = after.players[YOU]
    assert you.bonfires[3].task == task and not you.bonfires[3].lit
    assert task not in after.islands[p.ship].tasks
    assert after.islands[p.ship].offerings == [YOU] and len(you.offerings[0]) == 4
    assert you.tiles == {} and sum(you.resources.values()) == sum(p.resources.values()) - 2


def test_a_task_goes_only_onto_an_empty_bonfire_space():
    s = edit(fresh(2))
    p = s.players[YOU]
    p.ship, p.tiles = island("mossback"), {"island": 1}
    p.resources = {"gold": 3}
    p.bonfires[0].task = "tide-vow"
    task = s.islands[p.ship].tasks[0]
    assert f"receive {task} 1 1" not in texts(s) and f"receive {task} 1 2" in texts(s)


def test_ship_move_then_island_action_in_the_same_turn():
    s = with_tiles(fresh(2), ship=1, island=1)
    s.players[YOU].resources = {"gold": 3}
    after = act(s, Sail("mossback"))
    task = after.islands[island("mossback")].tasks[0]
    assert f"receive {task} 1 1" in texts(after)
    done = act(after, Receive(task, 1, 1))
    assert not any(t.startswith("receive") for t in texts(done)) and "end" in texts(done)


def test_take_a_guardian_onto_your_starting_tile_once_per_colour():
    s = with_tiles(fresh(2), island=2)
    s.players[YOU].ship = island("amber-rock")
    s.players[YOU].resources = {"gold": 4}
    after = act(s, TakeGuardian(1))
    assert [(g.colour, g.where) for g in after.players[YOU].guardians] == [("own", 0), ("amber", 0)]
    assert after.islands[island("amber-rock")].guardians == 1
    again = edit(after)
    again.flags.main_done = False
    assert "guardian 1" not in texts(again)


def test_great_bonfire_first_use_goes_anywhere_for_one_tile():
    s = with_tiles(fresh(1), bonfire=1)
    space = content.board().great_bonfire[4]
    assert f"bonfire {space.id} tr" in texts(s)
    after = act(s, GreatBonfire(space.id, "tr"))
    assert after.figure == 4 and after.players[YOU].tiles == {space.tile: 1}


@pytest.mark.parametrize("distance, cost", [(1, 1), (2, 2), (3, 3), (5, 3)])
def test_great_bonfire_turn_costs(distance, cost):
    s = with_tiles(fresh(1), bonfire=cost)
    s.figure = 0
    space = content.board().great_bonfire[distance]
    after = act(s, GreatBonfire(space.id, "tr"))
    assert after.figure == distance and after.players[YOU].tiles.get("bonfire", 0) == 0
    if cost > 1:
        with pytest.raises(IllegalAction):
            ENGINE.apply(with_tiles(s, bonfire=cost - 1), YOU, GreatBonfire(space.id, "tr"))


def test_great_bonfire_two_points_and_a_portal_for_your_next_slot():
    s = with_tiles(fresh(1), bonfire=1)
    n = next(i for i, sp in enumerate(content.board().great_bonfire) if not sp.resource)
    wanted = content.board().board_portals["you"][6]  # portals fill from the right
    s.great_bonfire[n] = [wanted, "x"]
    after = act(s, GreatBonfire(content.board().great_bonfire[n].id, "rp"))
    you = after.players[YOU]
    assert you.portals[6] == wanted and you.track == {"Great Bonfire": 2}
    assert after.great_bonfire[n] == ["x"]


def test_no_portal_pick_when_the_space_lacks_your_next_symbol():
    s = with_tiles(fresh(1), bonfire=1)
    wanted = content.board().board_portals["you"][6]
    s.great_bonfire[0] = [x for x in content.board().portal_symbols if x != wanted][:2]
    sid = content.board().great_bonfire[0].id
    assert f"bonfire {sid} tp" not in texts(s) and f"bonfire {sid} tr" in texts(s)


def test_recruit_specialist_costs_a_gnome_tile_and_its_resource_elder_two_tiles():
    s = with_tiles(fresh(1), gnome=1)
    gid = s.specialists[0]
    s.players[YOU].resources = {content.gnome_resource(gid): 1}
    after = act(s, Recruit(gid))
    assert after.players[YOU].gnomes == [gid] and after.players[YOU].resources == {}
    assert len(after.specialists) == 6
    elder = s.elders[0]
    s.players[YOU].resources = {content.gnome_resource(elder): 1}
    assert f"recruit {elder}" not in texts(s)
    s.players[YOU].tiles = {"gnome": 2}
    assert act(s, Recruit(elder)).players[YOU].gnomes == [elder]


def test_at_most_six_gnomes():
    s = with_tiles(fresh(1), gnome=1)
    s.players[YOU].gnomes = list(s.gnome_pile[:6])
    s.players[YOU].resources = {"gold": 3}
    assert not any(t.startswith("recruit") for t in texts(s))


def test_only_the_top_offering_of_each_stack_is_seen_and_using_one_uncovers_the_next():
    s = edit(fresh(2))
    shown = ENGINE.view(s, YOU).players[YOU].offerings
    assert [stack[-1] for stack in shown] == [stack[-1] for stack in s.players[YOU].offerings]
    assert all(set(stack[:-1]) == {"?"} for stack in shown)
    p = s.players[YOU]
    p.ship = island("mossback")
    p.tiles = {"island": 1}
    p.resources = {"gold": 2}
    applied = ENGINE.apply(s, YOU, Receive(s.islands[p.ship].tasks[0], 1, 4))
    assert applied.reveals  # undo never goes back over the offering just uncovered


def test_an_island_tile_is_named_with_an():
    from engines.bonfire.actions import Discard

    s = with_tiles(fresh(1), island=1)
    assert ENGINE.describe_action(Discard("island")) == "discard an island tile"
    assert [e.text for e in ENGINE.apply(s, YOU, Discard("island")).events] == ["You discard an island tile."]


def _at_mossback_offering_herbs(resources):
    """Your ship at Mossback (herbs) with an island tile, and a herbs offering on top of
    stack 1: the island action asks 2 herbs."""
    s = edit(fresh(2))
    p = s.players[YOU]
    p.ship, p.tiles, p.resources = island("mossback"), {"island": 1}, dict(resources)
    p.offerings[0][-1] = "herbs"
    return s


def test_an_offering_showing_the_islands_resource_costs_two_of_it():
    s = _at_mossback_offering_herbs({"herbs": 2, "roots": 1})
    task = s.islands[island("mossback")].tasks[0]
    after = act(s, Receive(task, 1, 1))
    assert after.players[YOU].resources == {"roots": 1}


def test_one_of_the_islands_resource_does_not_pay_an_offering_of_the_same():
    s = _at_mossback_offering_herbs({"herbs": 1})
    task = s.islands[island("mossback")].tasks[0]
    assert not any(t.startswith(f"receive {task} 1 ") for t in texts(s))
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, YOU, Receive(task, 1, 1))


def test_taking_a_guardian_with_an_offering_of_the_islands_resource_costs_two_of_it():
    s = edit(fresh(2))
    p = s.players[YOU]
    p.ship, p.tiles = island("amber-rock"), {"island": 1}
    p.offerings[1][-1] = "flowers"
    p.resources = {"flowers": 1}
    assert "guardian 2" not in texts(s)
    p.resources = {"flowers": 2, "gold": 1}
    assert act(s, TakeGuardian(2)).players[YOU].resources == {"gold": 1}


def test_a_centre_tile_showing_one_symbol_twice_gives_two_of_that_tile():
    """The start tiles are counted per symbol shown (the same audit as island prices: a
    repeated symbol must not collapse into one)."""
    from engines.bonfire.actions import Keep
    from engines.bonfire.state import copy_state

    s = copy_state(ENGINE.new_game(ENGINE.default_options(), 1, 1))
    p = s.players[YOU]
    n = content.board().fate_size
    row = n // 2
    p.grid[row * n + 1 : row * n + 4] = ["ship", "ship", "path"]
    after = ENGINE.apply(s, YOU, Keep()).state
    assert after.players[YOU].tiles == {"ship": 2, "path": 1, "wild": 2}
