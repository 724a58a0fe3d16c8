"""Enter never spends at a remote table either: when the same costly offers come back after
the player's action (the next tile to discard), the list starts again with nothing
highlighted, so Enter alone sends nothing (`tests/test_tui_enter_never_spends.py` for the
local screens)."""

from __future__ import annotations

from tests.remote.helpers import store_table
from tests.remote.helpers import remote_app
from tests.remote.test_lobby import ANA, _until
from tests.test_tui_enter_never_spends import focus_action_list, repeated_offer
from tui.remote.lobby import LobbyScreen
from tui.remote.screen import RemoteScreen


async def test_enter_sends_nothing_costly_when_the_same_offers_come_back(start_host, tmp_path, monkeypatch) -> None:
    match, seat, index, action, following = repeated_offer("bonfire")
    assert following == seat
    store_table(tmp_path / "root", "again", match, ANA)
    host = await start_host()
    table = host.tables["again"]
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and len(app.screen.tables) == 1, "the table")
        await pilot.press("enter")
        await _until(pilot, lambda: isinstance(app.screen, RemoteScreen), "the table's screen")
        screen = app.screen
        await _until(pilot, lambda: screen.table is not None and screen.table.acting, "Ana due to act")
        actions = await focus_action_list(app, pilot)
        assert screen.table.viewer == seat and actions.highlighted is None
        offers = [text for text, _ in screen.table.actions]
        version = table.version
        await pilot.press(*["down"] * (index + 1), "enter")  # her choice, by the highlight
        await _until(pilot, lambda: screen.remote.version > version, "her step shown")
        assert table.match.journal[version].action == match.engine.format_action(action)
        actions = await focus_action_list(app, pilot)
        assert [text for text, _ in screen.table.actions] == offers, "the same offers come back"
        version = table.version
        await pilot.press("enter")
        await _until(pilot, lambda: bool(screen.problem) or table.version > version, "the answer to Enter")
        assert table.version == version and actions.highlighted is None
