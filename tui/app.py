"""The Campfire Textual app: one app, a launcher, one screen per game.

`launch()` is what the CLI calls; `CampfireApp` is also built directly by the Pilot tests, so
both share one factory.
"""

from __future__ import annotations

import functools
import gc
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events
from textual.app import App
from textual.geometry import Size
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.filter import LineFilter
from textual.screen import Screen

from tui.crash import CRASH_EXIT, crash_line, write_crash_log
from tui.glyphs import Glyphs, fold_to_ascii, glyph_set
from tui.textual_internals import UnhandledErrorHook
from tui.settings import Settings, read_settings, settings_path

MIN_WIDTH = 80
MIN_HEIGHT = 24


def _styles_folder() -> Path:
    # The folder itself, not importlib.resources: Textual reads stylesheets from real
    # paths anyway, and importing the resources machinery (zipfile and all) cost the
    # launcher's first paint a few milliseconds.
    import styles

    return Path(styles.__file__).parent


#: The shared sheets in the order they apply: the launcher's first (all its first paint
#: needs), then global.tcss, then the others by name.
_FIRST_STYLES = ("launcher.tcss", "global.tcss")


@functools.cache
def style_paths() -> tuple[Path, ...]:
    """The .tcss files every screen needs, launcher.tcss and global.tcss first; a game's own
    file (named after its id) is left for when its screen opens (`game_style_path`)."""
    from engines.registry import GAMES

    games = {f"{entry.id}.tcss" for entry in GAMES}
    folder = _styles_folder()
    names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".tcss") and p.name not in games)
    names.sort(key=lambda name: _FIRST_STYLES.index(name) if name in _FIRST_STYLES else len(_FIRST_STYLES))
    return tuple(folder / name for name in names)


def first_paint_style_paths(glyphs: str) -> list[Path]:
    """What is read before the launcher's first paint: launcher.tcss alone (parsing and
    matching every screen's rules there cost the first paint several milliseconds). In the
    ASCII glyph set every sheet, since its border rules live in global.tcss."""
    paths = list(style_paths())
    return paths if glyphs == "ascii" else paths[:1]


def game_style_path(game_id: str) -> Path | None:
    """`styles/<game id>.tcss`, when the game has one."""
    path = _styles_folder() / f"{game_id}.tcss"
    return path if path.is_file() else None


def _rules_topics() -> type:
    """The palette's rules provider, imported when the palette first opens, not at start."""
    from tui.commands import RulesTopics

    return RulesTopics


def _keys_panel() -> type:
    """The palette's way to the Keys panel, imported when the palette first opens."""
    from tui.commands import KeysPanel

    return KeysPanel


def backdrop() -> Screen[None]:
    """The app's default screen. The launcher is pushed over it as the app mounts, and
    nothing shows it again. A plain Screen, not a Screen subclass: Textual's set-up of each
    subclass costs some 2M instructions, all of them before the first paint. (It also went
    without the tooltip and notification widgets Textual gives every screen, through
    Textual's internals: the first paint measured 0.95-0.97x with it, so it went.)"""
    return Screen(id="_default")


class CampfireApp(UnhandledErrorHook, App[int]):
    TITLE = "Campfire"
    SUB_TITLE = "a terminal tabletop"
    COMMANDS = App.COMMANDS | {_rules_topics, _keys_panel}
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", id="app.quit", show=False, priority=True),
        Binding("f2", "keys", "Keys", id="app.keys"),
    ]
    #: The ASCII fold while the ASCII glyph set is on (None before the glyphs are set too).
    _ascii_filter: LineFilter | None = None

    def __init__(
        self,
        *,
        save_dir: Path | None = None,
        start: Any = None,
        settings: Settings | None = None,
        bot_delay: float | None = None,
    ) -> None:
        problems: list[str] = []
        if settings is None:
            settings, problems = read_settings(settings_path())
        # Textual types css_path as a list of str | PurePath (invariant): a list of Paths is read the same.
        super().__init__(css_path=first_paint_style_paths(settings.glyphs))  # type: ignore[arg-type]
        self.settings = settings
        self.settings_problems = problems
        self.save_dir = save_dir
        self.start_request = start
        self.bot_delay = settings.bot_delay if bot_delay is None else bot_delay
        self.glyphs: Glyphs = glyph_set(settings.glyphs)
        self.crash_log: Path | None = None
        #: The keymap given to Textual (which keeps its own copy private).
        self.keymap: dict[str, str] = {}

    def set_keymap(self, keymap: Mapping[str, str]) -> None:
        self.keymap = dict(keymap)
        super().set_keymap(keymap)

    # -- failures --------------------------------------------------------------
    def unhandled_error(self, error: Exception, exiting: bool) -> tuple[int, Any] | None:
        """An unhandled error (through Textual's internals, tui/textual_internals): instead
        of a traceback over the screen, write a crash log, exit non-zero and leave one line
        on the terminal."""
        if exiting and _is_shutdown_noise(error):
            return None  # a bot thread finishing after the player quit: nothing was lost
        line = None
        if self.crash_log is None:
            cause = _cause(error)
            self.crash_log = write_crash_log(cause)
            line = Text(crash_line(cause, self.crash_log))
        return CRASH_EXIT, line

    def use_glyphs(self, name: str) -> None:
        """Switch the glyph set for the whole screen: our own marks, and through the
        `-ascii` class and the scrollbar renderer, Textual's borders and bars too."""
        self._set_glyphs(name)
        self.refresh(layout=True)

    def _set_glyphs(self, name: str) -> None:
        from tui.glyphs import ascii_line_filter, use_scrollbars

        self.glyphs = glyph_set(name)
        self.set_class(name == "ascii", "-ascii")
        # The header joins title and subtitle with a long dash: in ASCII, one plain title.
        ascii_only = name == "ascii"
        self.title = f"{self.TITLE} - {self.SUB_TITLE}" if ascii_only else self.TITLE
        self.sub_title = "" if ascii_only else self.SUB_TITLE
        use_scrollbars(name)
        self._ascii_filter = ascii_line_filter() if ascii_only else None

    def get_line_filters(self) -> list[LineFilter]:
        """Textual's filters (no colour, dimming), plus the ASCII fold in ASCII mode."""
        filters = list(super().get_line_filters())
        if self._ascii_filter is not None:
            filters.append(self._ascii_filter)
        return filters

    def get_key_display(self, binding: Binding) -> str:
        """A key as the footer, the Keys panel and every hint name it. In the ASCII glyph set
        a key Textual shows by a sign the ASCII fold has no letter for (Enter's ⏎) goes by its
        name: folded, it showed as "?", which is a key of its own."""
        shown = super().get_key_display(binding)
        if self._ascii_filter is not None and "?" in fold_to_ascii(shown) and "?" not in shown:
            return binding.key
        return shown

    def action_keys(self) -> None:
        from tui.screens.keys import KeysScreen

        if not isinstance(self.screen, KeysScreen):
            self.push_screen(KeysScreen(self.screen))

    def get_default_screen(self) -> Screen:
        return backdrop()

    def on_load(self) -> None:
        # Before any screen is composed, so none is laid out twice.
        self._set_glyphs(self.settings.glyphs)
        if self.settings.keymap:
            self.set_keymap(self.settings.keymap)

    def on_mount(self) -> None:
        from tui.screens.launcher import LauncherScreen

        # Pushed over the default screen rather than made the default screen: that painted
        # a frame earlier but drew the footer's keys some 30 ms later. Past our own
        # push_screen, which would bring every shared stylesheet along.
        super().push_screen(LauncherScreen())
        for problem in self.settings_problems:  # one warning per bad key
            self.notify(problem, severity="warning", timeout=8, markup=False)
        if self.start_request is not None:
            self.call_after_refresh(self._open_start_request)
        self.call_after_refresh(self._check_size)
        self.call_after_refresh(self._after_first_paint)

    def _after_first_paint(self) -> None:
        # Full collections caused the worst repaint spikes; everything built so far lives
        # for the whole session, so freeze it out of the collector's sight. The command line turns
        # the collector off while starting (collecting then only delays the first paint).
        gc.freeze()
        gc.enable()
        self.call_when_drawn(self._after_first_screen)

    def _after_first_screen(self) -> None:
        from saves.store import sweep_temp_files

        # Left by a killed write; nothing on the first screen depends on them being gone.
        sweep_temp_files(self.save_dir)
        # Every other screen's rules, now rather than when the player's first key opens one.
        self._load_shared_styles()

    def call_when_drawn(self, work: Any, tries: int = 25) -> None:
        """Run `work` once the current screen is wholly on the terminal: its footer keys
        come a frame or two after the first paint, and work done before them (a reparse of
        every stylesheet, imports in a thread) would keep the player waiting for them.
        Gives up waiting after about half a second (a footer with nothing to show). A
        screen whose footer mounts after its first paint holds its row (`#footer-row`)
        until then: that waits for the footer too."""
        from textual.widgets import Footer

        if not self.screen_stack:
            return  # the app closed while it waited
        footers = self.screen.query(Footer)
        to_come = not footers and bool(self.screen.query("#footer-row"))
        if tries <= 0 or (not footers and not to_come) or any(footer.children for footer in footers):
            self.call_after_refresh(work)  # after the frame that shows them
        else:
            self.set_timer(0.02, functools.partial(self.call_when_drawn, work, tries - 1))

    # -- styles after the launcher's ------------------------------------------------
    # Parsing every stylesheet before the launcher's first paint cost start-up time. Textual
    # reads a screen's `css_path` when the screen is pushed (each file once), so every screen
    # brings the shared sheets along, should it come before `_after_first_screen` has read
    # them, and a game screen its own file too.
    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        self._add_screen_styles(screen)
        return super().push_screen(screen, *args, **kwargs)

    def switch_screen(self, screen: Any) -> Any:
        self._add_screen_styles(screen)
        return super().switch_screen(screen)

    def _add_screen_styles(self, screen: Any) -> None:
        paths = getattr(screen, "css_path", None)
        if not isinstance(paths, list):
            return  # a screen named by a string, installed earlier
        game_id = getattr(getattr(screen, "match", None), "game_id", None)
        game_path = game_style_path(game_id) if isinstance(game_id, str) else None
        wanted = [*self._shared_styles_to_load(), *([game_path] if game_path else [])]
        paths[:0] = [path for path in wanted if path not in paths]

    def _shared_styles_to_load(self) -> list[Path]:
        return [path for path in style_paths() if not self.stylesheet.has_source(str(path), "")]

    def _load_shared_styles(self) -> None:
        self._load_styles(self._shared_styles_to_load())

    def load_game_styles(self, game_id: str) -> None:
        """Read a game's own sheet ahead of its screen (the setup form calls this once it is
        drawn), so Start does not wait for every sheet to be parsed again. Its rules name
        the game screen's own widgets, none of which exist yet: nothing on screen is styled
        again (that restyle of the launcher and the form held the form's footer keys back
        some 30 ms)."""
        path = game_style_path(game_id)
        if path is not None and not self.stylesheet.has_source(str(path), ""):
            self._load_styles([path], restyle=False)

    def _load_styles(self, paths: list[Path], restyle: bool = True) -> None:
        """Read the sheets and restyle what is on screen, as Textual does for a screen's own
        `css_path`, but parsing in the app's stylesheet itself: Textual's `reparse` parses
        every sheet again in a fresh one and leaves this one's parse cache behind, so the
        next widget class to bring its default CSS (the setup form's inputs) paid for
        parsing all of them once more."""
        if not paths:
            return
        for path in paths:
            self.stylesheet.read(path)
        if self.css_monitor is not None:  # `textual run --dev` reloads them on change
            self.css_monitor.add_paths(paths)
        self.stylesheet.parse()
        if restyle:
            self.stylesheet.update(self)

    def _open_start_request(self) -> None:
        from tui.opening import open_start_request

        open_start_request(self, self.start_request)

    # -- terminal size ---------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size)

    def _check_size(self, size: Size | None = None) -> None:
        width, height = size or self.size
        too_small = width < MIN_WIDTH or height < MIN_HEIGHT
        if not too_small and "tui.screens.too_small" not in sys.modules:
            return  # never shown: no need to import it (this runs before the first paint)
        from tui.screens.too_small import TooSmallScreen

        screen = self.screen
        if not isinstance(screen, TooSmallScreen):
            if too_small:
                self.push_screen(TooSmallScreen())
            return
        screen.update_size(width, height)
        if not too_small:
            self.pop_screen()


def _cause(error: BaseException) -> BaseException:
    """The error itself, not the WorkerFailed wrapped around it."""
    inner = getattr(error, "error", None)
    return inner if isinstance(inner, BaseException) else error


def _is_shutdown_noise(error: BaseException) -> bool:
    """While quitting: a bot thread reporting back after the app stopped ("App is not
    running"), or a redraw reaching for widgets already torn down."""
    cause = _cause(error)
    return isinstance(cause, NoMatches) or (isinstance(cause, RuntimeError) and "not running" in str(cause))


def launch(*, save_dir: Path | None = None, start: Any = None) -> int:
    """Run the app in this terminal; returns the exit code."""
    app = CampfireApp(save_dir=save_dir, start=start)
    result = app.run()
    return app.return_code or result or 0
