"""A bot that thinks for wall time (a search) never freezes the game screen: it decides in a
worker thread even with no bot delay, the status line says it is thinking, and keys are
answered meanwhile. The bot here thinks until the test lets it go (an Event), so nothing
depends on how fast the machine is."""

from __future__ import annotations

import threading

import pytest

from engines.core.match import Match, SeatSpec
from tests.fake_engine import ENGINE, CountOptions
from tests.thinking_bot import THINKING, HeldBot
from tests.tui_helpers import wait_until
from tui.app import CampfireApp
from tui.opening import open_match
from tui.screens.game import GameScreen
from tui.widgets.frame import StatusLine


@pytest.fixture(autouse=True)
def private_dirs_and_count_game(tmp_path, monkeypatch):
    import engines.registry as registry
    from tests.fake_engine import ENTRY

    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, ENTRY))
    HeldBot.reset()
    yield
    HeldBot.go.set()  # never leave a worker waiting


def status_of(screen: GameScreen) -> str:
    return str(screen.query_one(StatusLine).render())


@pytest.mark.parametrize("delay", [0, 0.01], ids=["no-delay", "delay"])
async def test_a_thinking_bot_decides_off_the_ui_thread_and_says_so(tmp_path, delay) -> None:
    from tui.screens.rules import RulesScreen

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=delay)
    match = Match(THINKING, CountOptions(target=60), [SeatSpec("Bo", "bot", "hard"), SeatSpec("Ana")], 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        open_match(app, match, None)
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await wait_until(pilot, lambda: "Bo (hard bot) is thinking" in status_of(screen), "the thinking status")
        await wait_until(pilot, lambda: HeldBot.threads, "the bot starting to think")
        assert HeldBot.threads[0] is not threading.main_thread()
        # Keys are answered while it thinks: the rules open and close, the log scrolls.
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules opening")
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen, "the rules closing")
        await pilot.press("pageup")
        assert match.journal == [] and "is thinking" in status_of(screen)
        HeldBot.go.set()
        await wait_until(pilot, lambda: len(match.journal) >= 1, "the bot's move")
        await wait_until(pilot, lambda: "is thinking" not in status_of(screen), "the status moving on")
        assert match.journal[0].seat == 0


async def test_bots_that_do_not_think_still_play_on_the_ui_thread_at_once(tmp_path) -> None:
    """Only a bot that thinks goes to the worker: the heuristic moves within the frame."""
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = Match(ENGINE, CountOptions(target=60), [SeatSpec("Bo", "bot", "heuristic"), SeatSpec("Ana")], 3)
    assert match.thinking_seat() is None
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        open_match(app, match, None)
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
        assert len(match.journal) >= 1 and not app.screen._thinking


def test_the_match_names_the_seat_whose_bot_thinks() -> None:
    match = Match(THINKING, CountOptions(), [SeatSpec("Ana"), SeatSpec("Bo", "bot", "hard")], 3)
    assert match.thinking_seat() is None  # Ana acts first
    match.act_text(0, "add 1")
    assert match.thinking_seat() == 1
