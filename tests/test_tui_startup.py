"""Start-up stays light: game stylesheets load with their screen, and the launcher's path
never imports the package-metadata or resources machinery (only `--version` and saves need
the version)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engines.registry import ready_games
from tests.tui_helpers import open_game
from tui.app import CampfireApp, game_style_path, style_paths

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


@pytest.mark.parametrize("game", styled_games())
async def test_a_game_stylesheet_loads_when_its_screen_opens(game, tmp_path):
    from engines.core.match import Match, SeatSpec
    from engines.registry import load_engine

    engine = load_engine(game)
    count = min(max(2, engine.info.min_seats), engine.info.max_seats)  # Bonfire is solo
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
