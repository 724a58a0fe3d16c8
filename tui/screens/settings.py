"""Settings: glyph set and bot pace; key remapping is done in the settings file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from tui.settings import GlyphSetName, Settings, save_settings, settings_path

if TYPE_CHECKING:
    from textual import getters

    from tui.app import CampfireApp


class SettingsScreen(Screen[None]):
    if TYPE_CHECKING:  # Textual's way to tell a type checker the app's class; no run-time check
        app = getters.app(CampfireApp)
    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="settings.back")]
    AUTO_FOCUS = "#glyphs"

    def compose(self) -> ComposeResult:
        current = self.app.settings
        with VerticalScroll(id="setup-body", can_focus=False):
            yield Static("Settings", classes="title")
            with Horizontal(classes="seat-row"):
                yield Label("Glyphs", classes="hint")
                yield Select(
                    [("unicode", "unicode"), ("ascii (plain terminals)", "ascii")],
                    value=current.glyphs,
                    allow_blank=False,
                    id="glyphs",
                )
            with Horizontal(classes="seat-row"):
                yield Label("Seconds between bot moves", classes="hint")
                yield Input(str(current.bot_delay), id="bot-delay", type="number")
            yield Static(
                f"Keys: every binding has an id; remap them in {settings_path()} under "
                '"keymap", e.g. {"game.undo": "z", "board.left": "left,a,h"}.',
                classes="hint",
                markup=False,
            )
            yield Static(id="settings-error", classes="error")
            yield Button("Save settings", id="save", variant="primary")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.apply_and_save()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        # Enter in the bot pace saves, as Enter in a field of the new game form starts.
        self.apply_and_save()

    def apply_and_save(self) -> None:
        try:
            delay = float(self.query_one("#bot-delay", Input).value or 0)
        except ValueError:
            self.query_one("#settings-error", Static).update("The bot pace must be a number of seconds.")
            return
        if not 0 <= delay <= 5:
            self.query_one("#settings-error", Static).update("The bot pace must be between 0 and 5 seconds.")
            return
        glyphs: GlyphSetName = "ascii" if self.query_one("#glyphs", Select).value == "ascii" else "unicode"
        settings = Settings(glyphs=glyphs, bot_delay=delay, keymap=self.app.settings.keymap)
        try:
            path = save_settings(settings)
        except OSError as error:
            self.notify(
                f"Could not save settings in {settings_path().parent} ({error.strerror or error}); "
                "they apply until you quit.",
                severity="error",
                markup=False,
            )
            path = None
        self.app.settings = settings
        self.app.bot_delay = delay
        self.app.use_glyphs(glyphs)
        if path is not None:
            self.notify(f"Settings saved to {path}.", markup=False)
        self.app.pop_screen()
