"""The replay viewer of every ready game at 80x24: at the start, the middle and the end of
its journal, nothing is cut off without a scroll cue (tests/layout.py), as in live play
(tests/test_tui_layout.py). The replay's own bar must not take a row the game needs."""

from __future__ import annotations

import pytest

from tests.layout import lasting_layout_problems
from tests.replay_games import GAME_IDS, saved
from tests.tui_helpers import wait_until
from tui.app import CampfireApp
from tui.screens.replay import ReplayScreen, open_replay_file


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_every_position_fits_or_scrolls_at_80x24(game_id, tmp_path):
    path = saved(game_id, tmp_path)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    problems: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert open_replay_file(app, path)
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay opens")
        screen = app.screen
        replay = screen.replay
        for position in (0, replay.length // 2, replay.length):
            replay.go_to(position)
            screen.refresh_table()
            await pilot.pause()
            problems += [f"action {position}: {p}" for p in await lasting_layout_problems(pilot, screen)]
    assert not problems, f"{game_id} replay at 80x24:\n" + "\n".join(dict.fromkeys(problems))
