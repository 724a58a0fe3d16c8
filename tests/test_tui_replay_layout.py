"""The replay viewer of every ready game at 80x24: at the start, the middle and the end of
its journal, nothing is cut off without a scroll cue (tests/layout.py), as in live play
(tests/test_tui_layout.py). The replay's own bar must not take a row the game needs, and
its footer shows every replay key and the Keys panel's (F2, every key) whole."""

from __future__ import annotations

import pytest

from textual.binding import Binding

from tests.layout import footer_keys_shown, footer_problems, lasting_layout_problems
from tests.replay_games import GAME_IDS, saved
from tests.tui_helpers import becomes, wait_until
from tui.app import CampfireApp
from tui.screens.replay import REPLAY_BINDINGS, ReplayScreen, open_replay_file


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


async def lasting_footer_problems(pilot, screen) -> list[str]:
    """What the footer cuts or leaves out of the replay's keys once it has had a few seconds
    to fit its row (it fits it after its keys are laid out)."""

    def problems() -> list[str]:
        shown = footer_keys_shown(screen)
        left_out = [f"the footer leaves out {key!r}" for key in REPLAY_KEYS + ["f2"] if key not in shown]
        return footer_problems(screen) + left_out

    await becomes(pilot, lambda: not problems(), timeout=5)
    return problems()


#: Every key the replay binds (its moves, views and chart), as the footer names them.
REPLAY_KEYS = [key for binding in REPLAY_BINDINGS if isinstance(binding, Binding) for key in binding.key.split(",")]


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
            problems += [f"action {position}: {p}" for p in await lasting_footer_problems(pilot, screen)]
    assert not problems, f"{game_id} replay at 80x24:\n" + "\n".join(dict.fromkeys(problems))
