"""The action list keeps what the player sees while its offers are the same: a refused key
or a new table with the same offers neither rebuilds it nor moves the highlight."""

from __future__ import annotations

import pytest

from engines.core.match import Match, SeatSpec
from tests.fake_engine import ENGINE, CountOptions
from tui.app import CampfireApp
from tui.opening import open_match
from tui.widgets.frame import ActionList, StatusLine


@pytest.fixture(autouse=True)
def private_dirs_and_count_game(tmp_path, monkeypatch):
    import engines.registry as registry
    from tests.fake_engine import ENTRY

    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, ENTRY))


async def test_a_refused_key_leaves_the_highlight_where_the_player_moved_it(tmp_path) -> None:
    app = CampfireApp(save_dir=None, bot_delay=0)
    match = Match(ENGINE, CountOptions(target=30), [SeatSpec("Ana"), SeatSpec("Bo")], 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        open_match(app, match, None)
        await pilot.pause()
        actions = app.screen.query_one(ActionList)
        assert app.focused is actions and actions.option_count > 1
        await pilot.press("down")
        assert actions.highlighted == 1
        rebuilt = []
        actions.clear_options = lambda: rebuilt.append(True) or ActionList.clear_options(actions)
        await pilot.press("u")  # nothing to undo: refused, the offers stay the same
        await pilot.pause()
        assert "Nothing to undo" in str(app.screen.query_one(StatusLine).render())
        assert actions.highlighted == 1
        assert rebuilt == []
        second = app.screen.table.actions[1][1]
        await pilot.press("enter")  # plays the highlighted offer: the second one
        await pilot.pause()
        assert [entry.action for entry in match.journal] == [match.engine.format_action(second)]
