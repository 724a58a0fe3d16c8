"""Bioviva's card beside the map on tall terminals: whole when the terminal has the rows.

At 40 rows and more the card sits above the map. In a challenge played on the card (a
question, a word association) the card takes the rows its text needs and the map the rest,
drawn as a window of rows around the cursor; at 80x24 the card takes turns with the map and
scrolls, with its scrollbar and keys.
"""

from __future__ import annotations

import pytest

from tests.layout import layout_problems, screen_text
from tests.tui_helpers import open_game, private_dirs, settle  # noqa: F401 (a fixture)
from tui.app import CampfireApp
from tui.games.bioviva import BiovivaScreen, WorldMap, card_text
from tui.screens.curtain import CurtainScreen
from tui.widgets.key_scroll import KeyScroll


def association_match(phase: str):
    """Three players in a word association's `phase`, after a challenge already played (so
    the card also tells the last one): the first legal action of whoever acts, seed 4."""
    from engines.bioviva import ENGINE
    from engines.core.match import Match, SeatSpec

    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Ben"), SeatSpec("Cyd")], 4)
    for _ in range(2000):
        match.run_automatic()
        state = match.state
        if state.phase == phase and state.kind == "association" and match.view(None).last is not None:
            return match
        seat = match.actors()[0]
        match.act(seat, match.legal_actions(seat)[0])
    raise AssertionError(f"no word association reached its {phase} phase")


async def open_past_the_curtain(app, pilot, match) -> BiovivaScreen:
    await open_game(app, pilot, match)
    if isinstance(app.screen, CurtainScreen):
        await pilot.press("enter")
        await settle(app, pilot)
    screen = app.screen
    assert isinstance(screen, BiovivaScreen)
    return screen


@pytest.mark.parametrize("phase", ["clue", "guess"])
@pytest.mark.parametrize("size", [(120, 40), (200, 60)])
async def test_a_word_association_card_shows_whole_above_the_map(tmp_path, size, phase) -> None:
    match = association_match(phase)
    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        screen = await open_past_the_curtain(app, pilot, match)
        card = screen.query_one("#card-beside", KeyScroll)
        lines = str(card_text(screen.table.view, screen.table.seat_names)).splitlines()
        assert len(lines) >= 12, "a card long enough to tell"
        assert card.max_scroll_y == 0, f"the card hides {card.max_scroll_y} of its rows"
        shown = screen_text(screen)
        for line in (lines[0], "WORD ASSOCIATION", lines[-1]):
            assert line[:40] in shown
        # The map keeps a window of rows, its cursor's row among them, with the cue.
        world = screen.query_one(WorldMap)
        assert world.region.height >= 5 and world.region.bottom <= screen.query_one("#log").region.y
        assert layout_problems(screen) == []


async def test_a_localization_keeps_the_whole_map_at_120x40(tmp_path) -> None:
    """The map is what a localization is played on: every row of it, the card above it
    taking the rows left (and scrolling)."""
    from engines.bioviva.worldmap import ROWS
    from tui.games.bioviva_draw import HEADER_ROWS

    match = association_match("guess")
    for _ in range(2000):
        if match.state.phase == "localization":
            break
        match.run_automatic()
        seat = match.actors()[0]
        match.act(seat, match.legal_actions(seat)[0])
    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_past_the_curtain(app, pilot, match)
        world = screen.query_one(WorldMap)
        assert world.region.height == ROWS + HEADER_ROWS
        assert layout_problems(screen) == []


async def test_at_80x24_a_long_card_scrolls_with_its_cue_and_keys(tmp_path) -> None:
    match = association_match("guess")
    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_past_the_curtain(app, pilot, match)
        assert screen.query_one("#bioviva-board").current == "card"
        card = screen.query_one("#card", KeyScroll)
        assert card.max_scroll_y > 0 and card.show_vertical_scrollbar  # the cue
        for _ in range(8):
            if app.focused is card:
                break
            await pilot.press("tab")
            await pilot.pause()
        assert app.focused is card
        await pilot.press("end")
        await pilot.pause()
        assert card.scroll_y == card.max_scroll_y
        assert layout_problems(screen) == []
