"""Pilot tests of the shared game frame, driven by the tiny counting game."""

from __future__ import annotations

import msgspec
import pytest

from engines.core.match import Match, SeatSpec
from engines.core.protocol import Flags
from saves.store import list_saves, load
from tests.fake_engine import ENGINE, CountEngine, CountOptions
from tui.app import CampfireApp
from tui.opening import open_match
from tui.screens.curtain import CurtainScreen
from tui.screens.end import EndScreen
from tui.screens.game import GameScreen
from tui.screens.launcher import LauncherScreen
from tui.widgets.frame import StatusLine


@pytest.fixture(autouse=True)
def private_dirs_and_count_game(tmp_path, monkeypatch):
    import engines.registry as registry
    from tests.fake_engine import ENTRY

    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, ENTRY))


async def start(app: CampfireApp, pilot, match: Match) -> GameScreen:
    await pilot.pause()
    open_match(app, match, None)
    await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    return app.screen


async def test_human_plays_by_digits_against_a_bot_to_the_end_screen(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    seats = [SeatSpec("Ana"), SeatSpec("Bot", "bot", "heuristic")]
    match = Match(ENGINE, CountOptions(target=9), seats, 4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, match)
        for _ in range(20):
            if isinstance(app.screen, EndScreen):
                break
            await pilot.press("2")  # "add 2"
            await app.workers.wait_for_complete()
            await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        assert match.is_over()
        assert "Ana" in str(app.screen.query_one("#end-headline").render()) or "Bot" in str(
            app.screen.query_one("#end-headline").render()
        )
        # Both seats took turns: Ana by keys, the bot in its worker.
        assert {e.seat for e in match.journal} == {0, 1}
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
    saved = list_saves(tmp_path / "saves")
    assert len(saved) == 1 and saved[0].over
    assert load(saved[0].path).digest() == screen.match.digest()


async def test_every_action_is_autosaved_before_the_next_key(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = Match(ENGINE, CountOptions(target=30), [SeatSpec("Ana"), SeatSpec("Bo")], 4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, match)
        await pilot.press("1")
        await pilot.press("2")
        await pilot.pause()
        path = screen.saver.path
        assert [e.action for e in load(path).journal] == ["add 1", "add 2"]


async def test_refused_action_shows_reason_in_status_line(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = Match(ENGINE, CountOptions(mode="expert"), [SeatSpec("Ana"), SeatSpec("Bo")], 4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, match)
        from tests.fake_engine import Add

        screen.choose_action(Add(2))  # not allowed in expert mode
        await pilot.pause()
        status = str(screen.query_one(StatusLine).render())
        assert "not allowed" in status
        assert match.journal == []


async def test_rules_open_on_the_current_topic_and_close_back_to_the_game(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = Match(ENGINE, CountOptions(), [SeatSpec("Ana"), SeatSpec("Bo")], 4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, match)
        await pilot.press("f1")
        await pilot.pause()
        from tui.screens.rules import RulesScreen

        assert isinstance(app.screen, RulesScreen)
        assert app.screen.query_one("#rules-sections").highlighted is not None
        shown = app.screen.shown[app.screen.query_one("#rules-sections").highlighted]
        assert shown.anchor == "turn"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


class SecretCount(CountEngine):
    info = msgspec.structs.replace(ENGINE.info, flags=Flags(hidden_information=True))


async def test_curtain_hides_the_table_between_two_humans(tmp_path) -> None:
    app = CampfireApp(save_dir=None, bot_delay=0)
    match = Match(SecretCount(), CountOptions(), [SeatSpec("Ana"), SeatSpec("Bo")], 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = GameScreen(match, None)
        app.push_screen(screen)
        await pilot.pause()
        # Opening a game with secrets starts behind the curtain too.
        assert isinstance(app.screen, CurtainScreen) and screen.table.viewer is None
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert "Bo" in str(app.screen.query_one(".title").render())
        assert screen.table.viewer is None and screen.table.actions == []
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.table.viewer == 1
        assert screen.table.actions


async def test_escape_behind_the_curtain_returns_to_the_menu(tmp_path) -> None:
    app = CampfireApp(save_dir=None, bot_delay=0)
    match = Match(SecretCount(), CountOptions(), [SeatSpec("Ana"), SeatSpec("Bo")], 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(GameScreen(match, None))
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
