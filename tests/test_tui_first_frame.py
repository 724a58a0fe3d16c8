"""Start on the setup form: every game's first frame is the screen as it settles. What the
layout decides (a scrollbar, text wrapped beside it, the log's last lines, a board fitted
to its box, the map key placed where it fits) used to change the screen a frame or two
later; `GameScreen.before_first_frame` works it out before the first layout."""

from __future__ import annotations

import pytest

from bench.keys import VirtualScreen
from engines.registry import ready_games
from tests.tui_helpers import settle
from tui.app import CampfireApp
from tui.screens import game_turns as game_screen
from tui.screens.game import GameScreen
from tui.screens.setup import SetupScreen

from tests.internals_marks import needs_internals

GAMES = [entry.id for entry in ready_games()]
SIZES = [(80, 24), (120, 40), (200, 60)]


class FramesApp(CampfireApp):
    """Keeps every frame a game screen displays."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.game_frames: list[object] = []

    def _display(self, screen, renderable) -> None:
        super()._display(screen, renderable)
        if renderable is not None and isinstance(screen, GameScreen):
            self.game_frames.append(renderable)


def _looks(app: FramesApp, size: tuple[int, int]) -> list[tuple]:
    """The terminal after each of the game's frames."""
    terminal = VirtualScreen(*size)
    looks = []
    for update in app.game_frames:
        terminal.apply(update, app.console)
        looks.append(terminal.snapshot())
    return looks


def _changed_rows(first: tuple, final: tuple) -> list[str]:
    return ["".join(char for char, _ in row) for was, row in zip(first, final) if was != row]


@pytest.mark.parametrize("seed", [3, 11])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", GAMES)
@needs_internals("settled_first_frame")
async def test_start_draws_the_settled_screen_in_its_first_frame(tmp_path, monkeypatch, game_id, size, seed) -> None:
    # The seed the form draws for a blank field, fixed so the games are the same each run;
    # and every bot step before the first table, however slow the machine (a batch that
    # runs out of time draws, then plays on: a later frame that rightly differs).
    monkeypatch.setattr("tui.screens.setup.random_seed", lambda: seed)
    monkeypatch.setattr(game_screen, "BOT_BATCH_SECONDS", 60.0)
    app = FramesApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        # The form as the launcher opens it (tests/test_tui_launcher.py walks there by keys).
        app.push_screen(SetupScreen(game_id))
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")  # Start
        await settle(app, pilot)
        await pilot.pause(0.2)
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        looks = _looks(app, size)
        assert looks, "the game screen drew no frame"
        assert looks[0] == looks[-1], _changed_rows(looks[0], looks[-1])
