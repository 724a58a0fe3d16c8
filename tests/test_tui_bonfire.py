"""Pilot tests of Bonfire played through the screens by key presses, and its drawings."""

from __future__ import annotations

import re

import pytest

from engines.bonfire import ENGINE, content
from engines.core.match import Match, SeatSpec
from engines.core.protocol import AUTO
from tests.tui_helpers import highlight_game, open_game, settle
from tui.app import CampfireApp
from tui.games.bonfire import BonfireScreen
from tui.games.bonfire_draw import city_lines, fire_lines, sea_lines, tom_lines
from tui.screens.end import EndScreen
from tui.screens.launcher import LauncherScreen
from tui.screens.setup import SetupScreen


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


async def press_turn_key(app: CampfireApp, pilot) -> None:
    """End the turn when the list offers it, else take the first listed action."""
    texts = [text for text, _ in app.screen.table.actions]
    key = str(texts.index("end your turn") + 1) if "end your turn" in texts[:9] else "1"
    await pilot.press(key)
    await settle(app, pilot)


async def test_solo_game_by_keys_through_toms_turns_then_save_and_reload(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await highlight_game(app, pilot, "bonfire")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, BonfireScreen)
        match = screen.match
        assert len(match.seats) == 1 and match.state.phase == "setup"

        for _ in range(60):
            tom_turns = sum(e.seat == AUTO for e in match.journal)
            if tom_turns >= 3 or isinstance(app.screen, EndScreen):
                break
            await press_turn_key(app, pilot)
        assert sum(e.seat == AUTO for e in match.journal) >= 3, "Tom took his turns"
        assert match.state.tom_card and any("Tom reveals" in line for line in screen.table.log)

        await pilot.press("ctrl+s")
        await pilot.pause()
        digest, journal = match.digest(), list(match.journal)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("c")
        await settle(app, pilot)
        reloaded = app.screen
        assert isinstance(reloaded, BonfireScreen) and reloaded is not screen
        assert reloaded.match.journal == journal and reloaded.match.digest() == digest


async def test_t_switches_boards_at_80_columns_and_all_show_at_120(tmp_path) -> None:
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 3)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        shown = lambda: [p.id for p in screen.query("#bonfire-panes > VerticalScroll") if p.display]  # noqa: E731
        assert shown() == ["bonfire-city"]
        await pilot.press("t")
        assert shown() == ["bonfire-sea"]
        await pilot.press("t")
        assert shown() == ["bonfire-fire"]
        await pilot.press("t")
        assert shown() == ["bonfire-city"]
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert shown() == ["bonfire-city", "bonfire-sea", "bonfire-fire"]
        assert not screen.check_action("switch_pane", ())


def test_drawings_name_things_and_never_show_ids() -> None:
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana", "bot", "heuristic")], 4)
    for _ in range(40):
        match.act(*match.next_bot_or_auto())
    view = ENGINE.view(match.state, 0)
    text = "\n".join(city_lines(view) + tom_lines(view) + sea_lines(view) + fire_lines(view))
    ids = [t for t in content.tasks()] + [g.id for g in content.gnomes().specialists] + [i.id for i in content.board().islands]
    for some_id in ids:
        if "-" in some_id:
            assert not re.search(rf"\b{re.escape(some_id)}\b", text), some_id
    assert "Legend:" in text and "Mossback" in text
    assert any(content.tasks()[t].name in text for island in view.islands for t in island.tasks)
