"""The Campfire Textual app: one app, a launcher, one screen per game.

`launch()` is what the CLI calls; `CampfireApp` is also built directly by the Pilot tests, so
both share one factory.
"""

from __future__ import annotations

import gc
from importlib import resources
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App
from textual.geometry import Size
from textual.binding import Binding

from tui.glyphs import Glyphs, glyph_set
from tui.settings import Settings, load_settings

MIN_WIDTH = 80
MIN_HEIGHT = 24


def style_paths() -> list[Path]:
    """Every .tcss file shipped in the styles package, global first."""
    folder = resources.files("styles")
    names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".tcss"))
    names.sort(key=lambda name: name != "global.tcss")
    return [Path(str(folder.joinpath(name))) for name in names]


class CampfireApp(App[int]):
    TITLE = "Campfire"
    SUB_TITLE = "a terminal tabletop"
    CSS_PATH = style_paths()
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", id="app.quit", show=False, priority=True),
        Binding("f2", "keys", "Keys", id="app.keys"),
    ]

    def __init__(
        self,
        *,
        save_dir: Path | None = None,
        start: Any = None,
        settings: Settings | None = None,
        bot_delay: float | None = None,
    ) -> None:
        super().__init__()
        problem = None
        if settings is None:
            settings, problem = load_settings()
        self.settings = settings
        self.settings_problem = problem
        self.save_dir = save_dir
        self.start_request = start
        self.bot_delay = settings.bot_delay if bot_delay is None else bot_delay
        self.glyphs: Glyphs = glyph_set(settings.glyphs)
        from tui.commands import KeysPanel, RulesTopics

        self.COMMANDS = App.COMMANDS | {RulesTopics, KeysPanel}

    def use_glyphs(self, name: str) -> None:
        """Switch the glyph set for the whole screen: our own marks, and through the
        `-ascii` class and the scrollbar renderer, Textual's borders and bars too."""
        from tui.glyphs import use_scrollbars

        self.glyphs = glyph_set(name)
        self.set_class(name == "ascii", "-ascii")
        # The header joins title and subtitle with a long dash: in ASCII, one plain title.
        ascii_only = name == "ascii"
        self.title = f"{self.TITLE} - {self.SUB_TITLE}" if ascii_only else self.TITLE
        self.sub_title = "" if ascii_only else self.SUB_TITLE
        use_scrollbars(name)
        self.refresh(layout=True)

    def action_keys(self) -> None:
        from tui.screens.keys import KeysScreen

        if not isinstance(self.screen, KeysScreen):
            self.push_screen(KeysScreen(self.screen))

    def on_mount(self) -> None:
        self.use_glyphs(self.settings.glyphs)
        if self.settings.keymap:
            self.set_keymap(self.settings.keymap)
        from tui.screens.launcher import LauncherScreen

        self.push_screen(LauncherScreen())
        if self.settings_problem:
            self.notify(self.settings_problem, severity="warning", timeout=8)
        if self.start_request is not None:
            self.call_after_refresh(self._open_start_request)
        self.call_after_refresh(self._check_size)
        # Full collections caused the worst repaint spikes; everything built so far lives
        # for the whole session, so freeze it out of the collector's sight.
        self.call_after_refresh(gc.freeze)

    def _open_start_request(self) -> None:
        from tui.opening import open_start_request

        open_start_request(self, self.start_request)

    # -- terminal size ---------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size)

    def _check_size(self, size: Size | None = None) -> None:
        from tui.screens.too_small import TooSmallScreen

        width, height = size or self.size
        too_small = width < MIN_WIDTH or height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if too_small and not showing:
            self.push_screen(TooSmallScreen())
        elif showing:
            self.screen.update_size(width, height)
            if not too_small:
                self.pop_screen()


def launch(*, save_dir: Path | None = None, start: Any = None) -> int:
    """Run the app in this terminal; returns the exit code."""
    app = CampfireApp(save_dir=save_dir, start=start)
    result = app.run()
    return result or 0
