"""Start-up stays light: the launcher paints with its own stylesheet alone (the shared ones
follow, a game's comes with its setup form or screen), it imports the highlighted game only
in the background, and its path never imports the package-metadata or resources machinery
(only `--version` and saves need the version)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engines.registry import ready_games
from tests.tui_helpers import open_game
from tests.internals_marks import needs_internals
from tui.app import CampfireApp, first_paint_style_paths, game_style_path, style_paths

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


def styled_games() -> list[str]:
    return [entry.id for entry in ready_games() if game_style_path(entry.id) is not None]


def test_launcher_styles_leave_out_every_game_stylesheet():
    shared = {path.name for path in style_paths()}
    assert "global.tcss" in shared
    assert styled_games(), "no game ships a stylesheet: nothing to check"
    assert not shared & {f"{game}.tcss" for game in styled_games()}


def test_the_launcher_paints_with_its_own_sheet_alone_except_in_ascii():
    assert [path.name for path in style_paths()][:2] == ["launcher.tcss", "global.tcss"]
    assert [path.name for path in first_paint_style_paths("unicode")] == ["launcher.tcss"]
    # The ASCII borders are global.tcss rules: in that glyph set every sheet comes at once.
    assert first_paint_style_paths("ascii") == list(style_paths())


@needs_internals("settled_first_frame")  # the sheets wait for the footer's keys
async def test_the_shared_sheets_follow_the_first_paint_and_style_every_screen(tmp_path):
    from tui.screens.setup import SetupScreen

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    assert [Path(path).name for path in app.css_path] == ["launcher.tcss"]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert all(app.stylesheet.has_source(str(path), "") for path in style_paths())
        app.push_screen(SetupScreen("bivi"))
        await pilot.pause()
        assert app.screen.query_one(".seat-row Input").styles.width.value == 28  # global.tcss


async def test_a_screen_opened_before_the_shared_sheets_brings_them(tmp_path):
    from tui.screens.setup import SetupScreen

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    app._load_shared_styles = lambda: None  # as if the first paint had not come yet
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.stylesheet.has_source(str(style_paths()[1]), "")
        app.push_screen(SetupScreen("bivi"))
        await pilot.pause()
        assert all(app.stylesheet.has_source(str(path), "") for path in style_paths())
        assert app.screen.query_one(".seat-row Input").styles.width.value == 28


@pytest.mark.parametrize("game", styled_games())
async def test_a_game_stylesheet_loads_when_its_screen_opens(game, tmp_path):
    from engines.core.match import Match, SeatSpec
    from engines.registry import load_engine

    engine = load_engine(game)
    count = min(max(2, engine.info.min_seats), engine.info.max_seats)  # two seats where the game allows them
    seats = [SeatSpec(f"Player {n + 1}") for n in range(count)]
    match = Match(engine, engine.default_options(), seats, 1)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    path = str(game_style_path(game))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not app.stylesheet.has_source(path, "")
        await open_game(app, pilot, match)
        assert app.stylesheet.has_source(path, "")


def test_launcher_path_does_not_import_package_metadata_or_resources():
    code = (
        "import sys; import tui.cli, tui.app, tui.screens.launcher; tui.app.style_paths(); "
        "print(sorted(m for m in ('importlib.metadata', 'importlib.resources', 'zipfile') if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.strip() == "[]"


async def test_the_setup_form_reads_its_game_stylesheet_before_start(tmp_path):
    from tui.screens.setup import SetupScreen

    game = styled_games()[0]
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.stylesheet.has_source(str(game_style_path(game)), "")
        app.push_screen(SetupScreen(game))
        await pilot.pause()
        await pilot.pause()
        assert app.stylesheet.has_source(str(game_style_path(game)), "")


def test_the_launcher_imports_the_highlighted_game_in_the_background():
    code = (
        "import sys, threading; from tui.screens.launcher import prefetch_game; "
        "before = 'engines.bonfire' in sys.modules or 'tui.games.bonfire' in sys.modules; "
        "prefetch_game('bonfire'); "
        "[t.join() for t in threading.enumerate() if t.name.startswith('prefetch-')]; "
        "print(before, 'engines.bonfire' in sys.modules, 'tui.games.bonfire' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.split() == ["False", "True", "True"]


# Bioviva opens on its die roll, played just after the first frame or just before it as the
# machine allows: the keys it settles on are of the position after the roll, so its first
# frame's keys are not comparable with them.
_OPENS_ON_A_ROLL = {"bioviva"}


@pytest.mark.parametrize(
    "game",
    [e.id for e in ready_games() if e.id not in _OPENS_ON_A_ROLL],
)
@needs_internals("settled_first_frame")
async def test_a_game_screen_draws_its_footer_keys_in_its_first_frame(game, tmp_path):
    """Start -> game: the first frame of the game screen already shows the keys the footer
    settles on (Textual's footer built them a frame or more later)."""
    from textual.widgets._footer import FooterKey

    from tui.screens.game import GameScreen
    from tui.screens.setup import SetupScreen

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    keys_at_first_frame: list[list[str]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen(game))
        await pilot.pause()
        display = app._display

        def recording(screen, update):
            if isinstance(screen, GameScreen) and not keys_at_first_frame:
                keys_at_first_frame.append([key.key for key in screen.query(FooterKey)])
            display(screen, update)

        app._display = recording
        app.screen.start()
        await pilot.pause(0.3)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        settled = [key.key for key in app.screen.query(FooterKey)]
    assert settled and keys_at_first_frame == [settled]


#: Modules the launcher's first frame has no use for: the save store and format (read for
#: Continue after the frame), engines.core (matches, bots, the protocol), any game, and
#: msgspec (the game list, glyphs and settings are plain records, settings.json stdlib JSON).
DEFERRED = ("engines.core", "saves.store", "saves.format", "saves.start", "saves.durable", "saves.lock", "msgspec")

#: `campfire` with no arguments, headless at 80x24: at its first frame with widgets, the
#: modules imported so far and the launcher's details text go to the file named by argv[1].
_FIRST_FRAME_PROGRAM = """
import json, os, sys
from textual.app import App

def first_frame(self):
    if self.screen.children and self.screen.query("#game-details"):
        details = str(self.screen.query_one("#game-details").render())
        with open(sys.argv[1], "w") as handle:
            json.dump({"modules": sorted(sys.modules), "details": details}, handle)
        os._exit(0)

App.post_display_hook = first_frame
run = App.run
App.run = lambda self, **kwargs: run(self, headless=True, size=(80, 24))
from tui.cli import main

main([])
"""


@pytest.mark.parametrize("settings_file", [False, True], ids=["first run", "with settings.json"])
def test_the_launchers_first_frame_imports_no_save_store_engine_core_game_or_msgspec(tmp_path, settings_file):
    if settings_file:  # a returning player's: reading it must not bring msgspec in either
        (tmp_path / "config").mkdir()
        (tmp_path / "config" / "settings.json").write_text(
            '{"glyphs": "unicode", "bot_delay": 0.2, "keymap": {"game.undo": "z"}}'
        )
    out = tmp_path / "first-frame.json"
    subprocess.run([sys.executable, "-c", _FIRST_FRAME_PROGRAM, str(out)], cwd=ROOT, check=True, timeout=60)
    frame = json.loads(out.read_text())
    games = tuple(f"engines.{entry.id}" for entry in ready_games())
    eager = [name for name in frame["modules"] if name.startswith(DEFERRED + games)]
    assert eager == []
    # Nor the footer: its row is held empty, and the footer mounts into it after the frame.
    assert [name for name in frame["modules"] if name.endswith("_footer") or name == "tui.widgets.footer"] == []
    # The frame is complete all the same: the highlighted game's details are on it.
    first = ready_games()[0]
    assert first.title in frame["details"] and first.pitch in frame["details"]


@needs_internals("settled_first_frame")
async def test_the_launchers_footer_keys_come_in_the_frame_after_the_first(tmp_path):
    """The first frame holds the footer's row, empty, as Textual's footer drew it; the
    footer mounts into it right after, and the very next frame shows its keys."""
    from textual.widgets._footer import FooterKey

    from tui.screens.launcher import LauncherScreen

    class Frames(CampfireApp):
        def __init__(self, **kwargs) -> None:
            super().__init__(**kwargs)
            self.keys_per_frame: list[int] = []

        def _display(self, screen, renderable) -> None:
            super()._display(screen, renderable)
            if renderable is not None and isinstance(screen, LauncherScreen):
                self.keys_per_frame.append(len(screen.query(FooterKey)))

    app = Frames(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        row = app.screen.query_one("#footer-row")
        assert row.region.height == 1 and row.region.y == 23
        assert app.keys_per_frame[0] == 0 and app.keys_per_frame[1] > 0, app.keys_per_frame
