"""Each refusal gives its true reason (an island action, the Great Bonfire, fate tiles,
discards and tile-paid tasks), not a catch-all."""

from __future__ import annotations

import pytest

from engines.bonfire import ENGINE, content
from engines.bonfire.actions import Receive, TakeGuardian
from engines.bonfire.state import YOU, Guardian
from engines.core.errors import IllegalAction
from tests.bonfire.helpers import edit, fresh, island


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
