"""Pilot tests of the settings: a damaged file falls back to the defaults, a keymap remaps
a binding, the settings screen saves glyphs and bot pace and opens on its first field, and
a first run in a limited terminal offers ASCII once."""

from __future__ import annotations

import pytest

from tests.tui_helpers import make_app
from tests.tui_helpers import private_dirs  # noqa: F401 (autouse fixture)
from tui.app import CampfireApp
from tui.screens.launcher import LauncherScreen


async def test_damaged_settings_file_falls_back_to_defaults(tmp_path) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text("{not json")
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.settings.glyphs == "unicode"
        assert any("using default settings" in n.message for n in app._notifications)
    assert (config / "settings.json").read_text() == "{not json"


async def test_keymap_from_settings_remaps_a_binding(tmp_path) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text('{"keymap": {"launcher.load": "o"}}')
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        assert type(app.screen).__name__ == "LoadScreen"


async def test_settings_screen_saves_ascii_glyphs_and_bot_pace(tmp_path) -> None:
    import json

    from textual.widgets import Input, Select

    from tui.glyphs import ASCII
    from tui.screens.settings import SettingsScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        screen.query_one("#glyphs", Select).value = "ascii"
        screen.query_one("#bot-delay", Input).value = "9"
        screen.query_one("#save").press()
        await pilot.pause()
        assert "between 0 and 5" in str(screen.query_one("#settings-error").render())
        screen.query_one("#bot-delay", Input).value = "0.2"
        screen.query_one("#save").press()
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        assert app.glyphs == ASCII and app.bot_delay == 0.2
    saved = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert saved["glyphs"] == "ascii" and saved["bot_delay"] == 0.2


async def test_settings_screen_opens_with_the_focus_on_its_first_field(tmp_path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "glyphs"


async def test_enter_in_the_bot_pace_saves_as_the_button_does(tmp_path) -> None:
    """A player types the pace and presses Enter, as in the new game form: the settings are
    saved (Enter did nothing; only the button saved)."""
    from tests.tui_helpers import type_text, wait_until

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("tab", "ctrl+u")
        assert app.focused is not None and app.focused.id == "bot-delay"
        await type_text(app, pilot, "1.5")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, LauncherScreen), "the settings saved", timeout=10)
        assert app.bot_delay == 1.5


@pytest.mark.parametrize("term, offered", [("linux", True), ("vt100", True), ("xterm-256color", False)])
async def test_first_run_in_a_limited_terminal_offers_ascii(tmp_path, monkeypatch, term, offered) -> None:
    from tui.glyphs import ASCII
    from tui.screens.question import QuestionScreen

    monkeypatch.setenv("TERM", term)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, QuestionScreen) is offered
        if offered:
            await pilot.press("y")
            await pilot.pause()
            assert app.glyphs == ASCII and app.has_class("-ascii")
    if offered:  # answered once: the next start does not ask again
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, LauncherScreen) and app.glyphs == ASCII
