"""The rules lookup of every ready game, generated from the registry: F1 on the game screen
opens the viewer, and every section of the book opens and scrolls to its last line."""

from __future__ import annotations

import pytest

from engines.core.match import Match, SeatSpec
from engines.registry import load_engine, ready_games
from tests.tui_helpers import becomes, open_game
from tui.app import CampfireApp

READY = [pytest.param(entry.id, id=entry.id) for entry in ready_games()]


def first_match(game_id: str) -> Match:
    engine = load_engine(game_id)
    count = max(engine.info.min_seats, 2) if engine.info.max_seats > 1 else 1
    seats = [SeatSpec(name) for name in ("Ana", "Ben", "Cyd", "Dee")[:count]]
    return Match(engine, engine.decode_options(None), seats, 7)


@pytest.mark.parametrize("game_id", READY)
async def test_f1_opens_the_rules_and_every_section_reaches_its_last_line(game_id: str) -> None:
    from engines.core.rules import load_rules
    from tui.screens.curtain import CurtainScreen
    from tui.screens.rules import RulesScreen, RulesText

    book = load_rules(game_id)
    app = CampfireApp(save_dir=None, bot_delay=0)
    # End jumps instead of gliding (as the SSH gateway runs every game): the glide moves 50
    # rows a second, which made this test wait seconds per section for the same last line.
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, first_match(game_id))
        if isinstance(app.screen, CurtainScreen):  # hot-seat: the first player takes the keyboard
            await pilot.press("enter")
            await pilot.pause()
        game = app.screen
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen), f"F1 opened {type(app.screen).__name__}"
        viewer = app.screen
        scroller = viewer.query_one(RulesText)
        for section in book.sections:
            viewer.show_section(section)
            await pilot.pause()
            assert viewer.section_shown is not None and viewer.section_shown.anchor == section.anchor
            await pilot.press("end")
            for _ in range(60):  # a long section may still be laying out: bounded (30 s)
                if await becomes(pilot, lambda: scroller.scroll_y == scroller.max_scroll_y, timeout=0.5):
                    break
                await pilot.press("end")  # it grew after the key: End again, as a player would
            assert scroller.scroll_y == scroller.max_scroll_y, f"{section.title}: not at its last line"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game
