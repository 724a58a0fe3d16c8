"""The dialog that starts a remote table: every line of it reads whole at the smallest and a
common size, and a table the game cannot seat is refused in the dialog, which stays open."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Input, Select, Static

from tests.layout import layout_problems
from tui.app import CampfireApp
from tui.remote.create import CreateTableScreen


async def _opened(app, pilot, results: list[object] | None = None) -> CreateTableScreen:
    """The dialog on screen; what it is dismissed with goes into `results`."""
    dialog = CreateTableScreen("Ana")
    await app.push_screen(dialog, (results if results is not None else []).append)
    async with asyncio.timeout(10):
        while not dialog.is_mounted or dialog.query_one("#create-seats").region.width == 0:
            await pilot.pause(0.02)
    return dialog


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_line_of_the_dialog_reads_whole(size, tmp_path):
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=size) as pilot:
        dialog = await _opened(app, pilot)
        await pilot.pause()
        assert layout_problems(dialog) == []


async def test_the_hint_names_the_levels_the_chosen_game_offers(tmp_path):
    from engines.core.levels import offered_levels
    from engines.registry import GAMES, load_engine

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await _opened(app, pilot)
        for entry in (g for g in GAMES if g.ready):
            dialog.query_one("#create-game", Select).value = entry.id
            await pilot.pause()
            hint = " ".join(str(dialog.query_one("#create-levels", Static).render()).split())
            assert ", ".join(offered_levels(load_engine(entry.id))) in hint, (entry.id, hint)


async def _refused_for_bivi(tmp_path, seats: str) -> str:
    """Bivì (2 to 4 players) with `seats` typed, then Enter: the dialog stays open and gives
    nothing back; the problem it shows."""
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        results: list[object] = []
        dialog = await _opened(app, pilot, results)
        dialog.query_one("#create-game", Select).value = "bivi"
        box = dialog.query_one("#create-seats", Input)
        box.value = seats
        box.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog and results == []
        return str(dialog.query_one("#create-problem", Static).render())


@pytest.mark.parametrize("seats", ["", "me", "me,open,open,normal,normal"])
async def test_a_table_the_game_cannot_seat_is_refused_in_the_dialog(seats, tmp_path):
    problem = await _refused_for_bivi(tmp_path, seats)
    assert "2 to 4" in problem, problem


async def test_taking_two_seats_is_refused_in_the_dialog(tmp_path):
    """The host seats a player once per table: 'me,me' closed the dialog, seats typed and
    all, and only then came the host's refusal."""
    problem = await _refused_for_bivi(tmp_path, "me,open,me")
    assert "only one seat" in problem, problem
