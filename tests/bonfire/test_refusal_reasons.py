"""Each refusal gives its true reason (an island action, the Great Bonfire, fate tiles,
discards and tile-paid tasks), not a catch-all."""

from __future__ import annotations

import pytest

from engines.bonfire import ENGINE, city, content, view
from engines.bonfire.actions import Discard, Fate, Fulfil, GreatBonfire, Receive, TakeGuardian
from engines.bonfire.state import YOU, Guardian
from engines.core.errors import IllegalAction
from tests.bonfire.helpers import edit, fresh, island, texts


def refused(state, action) -> str:
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, YOU, action)
    return str(caught.value)


def at_guardian_island(iid: str = "amber-rock"):
    s = edit(fresh(1))
    p = s.players[YOU]
    p.ship, p.tiles = island(iid), {"island": 2}
    p.resources = {r: 5 for r in content.RESOURCES}
    return s


def test_take_guardian_at_a_task_island_says_it_is_a_task_island():
    s = at_guardian_island("mossback")
    assert refused(s, TakeGuardian(1)).startswith("Mossback is a task island: it has no guardian to take")


def test_take_guardian_of_a_colour_you_hold_says_you_hold_it():
    s = at_guardian_island()
    s.players[YOU].guardians.append(Guardian("amber"))
    assert refused(s, TakeGuardian(1)).startswith("You already have the amber guardian")


def test_take_guardian_when_none_is_left_says_none_is_left():
    s = at_guardian_island()
    s.islands[island("amber-rock")].guardians = 0
    assert refused(s, TakeGuardian(1)) == "No amber guardian is left on Amber Rock."


def test_take_guardian_you_cannot_pay_still_says_you_cannot_pay():
    s = at_guardian_island()
    s.players[YOU].tiles = {}
    assert refused(s, TakeGuardian(1)).startswith("You cannot pay")


def test_receive_a_task_with_an_empty_offering_stack_says_the_stack_is_empty():
    s = at_guardian_island("mossback")
    s.players[YOU].offerings[0] = []
    task = s.islands[island("mossback")].tasks[0]
    assert refused(s, Receive(task, 1, 1)) == "Your offering stack 1 is empty: pay with the other one."
    assert ENGINE.apply(s, YOU, Receive(task, 2, 1)).state.players[YOU].bonfires[0].task == task


def test_great_bonfire_to_the_space_the_figure_points_at_says_so():
    s = edit(fresh(1))
    s.figure, s.players[YOU].tiles = 0, {"bonfire": 3}
    space = content.board().great_bonfire[0]
    assert refused(s, GreatBonfire(space.id, "tr")).startswith(
        f"The figure already points at the {space.name}: turn it to another space"
    )


def test_great_bonfire_you_cannot_pay_names_the_cost():
    s = edit(fresh(1))
    s.figure, s.players[YOU].tiles = 0, {"bonfire": 1}
    space = content.board().great_bonfire[3]
    assert refused(s, GreatBonfire(space.id, "tr")).startswith(
        f"Turning the figure to the {space.name} costs 3 Great Bonfire tiles"
    )


def test_great_bonfire_portal_missing_names_the_symbol_your_slot_needs():
    s = edit(fresh(1))
    s.players[YOU].tiles = {"bonfire": 3}
    wanted = content.board().board_portals["you"][city.next_portal_slot(s.players[YOU])]
    s.great_bonfire = [[sym for sym in space if sym != wanted] for space in s.great_bonfire]
    space = content.board().great_bonfire[2]
    assert refused(s, GreatBonfire(space.id, "tp")) == (
        f"The {space.name} has no {wanted} portal, the symbol your next portal slot needs."
    )


def test_fate_bottom_with_one_tile_left_says_place_it_as_top():
    s = edit(fresh(1))
    s.players[YOU].fate_column, s.players[YOU].tiles = s.players[YOU].fate_column[:1], {}
    assert "place it as 'top'" in refused(s, Fate("bottom", 1, 1, "E"))
    assert ENGINE.apply(s, YOU, Fate("top", 1, 1, "E")).state.players[YOU].fate_column == []


def test_discard_when_only_finish_is_left_says_there_is_no_action_to_discard_for():
    s = edit(fresh(1))
    p = s.players[YOU]
    p.fate_column, p.tiles, p.resources = [], {"gnome": 1}, {}
    s.specialists, s.elders = [], []
    assert texts(s) == ["finish"]
    assert refused(s, Discard("gnome")).startswith("You can take no action at all")


def test_discard_names_the_great_bonfire_tile_in_full():
    s = edit(fresh(2))
    s.players[YOU].tiles = {"ship": 1}
    assert refused(s, Discard("bonfire")) == "You hold no Great Bonfire tile."


@pytest.mark.parametrize(
    ("task", "named"),
    [("dawn-pledge", "needs 3 Great Bonfire action tiles ("), ("river-charm", "needs 1 ship action tile (")],
)
def test_a_tile_paid_task_names_its_tiles_and_their_number(task, named):
    s = edit(fresh(1))
    s.players[YOU].tiles = {}
    s.players[YOU].bonfires[0].task = task
    assert named in refused(s, Fulfil(1))


@pytest.mark.parametrize(
    ("pick", "words"), [("tr", "tile and 2 points"), ("rp", "2 points and portal"), ("tp", "tile and portal")]
)
def test_great_bonfire_action_on_a_points_space_says_points(pick, words):
    for space in content.board().great_bonfire:
        said = view.describe(GreatBonfire(space.id, pick))
        if space.resource:
            assert "points" not in said
        else:
            assert said.endswith(f": {words}")
