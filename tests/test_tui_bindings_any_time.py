"""The footer asks a screen which of its keys are on at any moment, also while the screen is
being composed again or torn down (a replay step, a resize, leaving the game): every game's
screen answers for each of its bindings without raising when its panes are not there (a pane
that is not there cannot scroll). Generated from the registry: a new game is covered by its
entry. A Bonfire replay once stopped the app here on a missing '#bonfire-notes'."""

from __future__ import annotations

import pytest
from textual.actions import parse
from textual.binding import Binding

from engines.core.match import SeatSpec
from engines.registry import ready_games
from tests.matrix import new_match
from tests.tui_helpers import open_game
from tui.app import CampfireApp

READY = [pytest.param(entry, id=entry.id) for entry in ready_games()]


def own_actions(screen) -> list[tuple[str, tuple[object, ...]]]:
    """Every action the screen's own bindings name (not the app's), with its parameters."""
    found = []
    for cls in type(screen).__mro__:
        for binding in vars(cls).get("BINDINGS", ()):
            if isinstance(binding, Binding):
                namespace, name, parameters = parse(binding.action)
                if not namespace:
                    found.append((name, parameters))
    return found


@pytest.mark.parametrize("entry", READY)
async def test_every_binding_is_answered_while_the_panes_are_gone(entry, tmp_path) -> None:
    seats = entry.seat_range[0]
    match = new_match(entry, [SeatSpec(f"Player {n + 1}") for n in range(seats)])
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        actions = own_actions(screen)
        assert actions, "the game screen binds keys of its own"
        await screen.query("*").remove()
        for name, parameters in actions:
            screen.check_action(name, parameters)  # raises on a pane it expects to find
