"""The Bonfire screen: your city, the sea with Tom's board and the card he just played,
and the Great Bonfire with the High Council, Common Tasks and displays.

Below 120 columns one pane shows at a time, your city first; `t` brings the next one
(sea and Tom, then Great Bonfire and council) and `[` `]` scroll a pane taller than the
screen. From 120 columns all three show at once. Tom's turns are told step by step in the
log and under his card.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.timer import Timer
from textual.widgets import Static

from tui.games.bonfire_draw import city_lines, counts_line, fire_lines, sea_lines, tom_lines
from tui.screens.game import GameScreen
from tui.widgets.table import Table

WIDE = 120
STEP_SECONDS = 0.5
PANES = ("bonfire-city", "bonfire-sea", "bonfire-fire")


class BonfireScreen(GameScreen):
    BINDINGS = [
        Binding("t", "switch_pane", "Next board", id="bonfire.switch_pane"),
        # One footer entry for the pair: the 80-column footer has little room.
        Binding("left_square_bracket", "scroll_board(-1)", "Scroll up", id="bonfire.scroll_up", show=False),
        Binding("right_square_bracket", "scroll_board(1)", "Scroll ([ up)", id="bonfire.scroll_down"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pane = 0
        self._told: tuple = ()
        self._tom_timer: Timer | None = None

    def compose_board(self) -> ComposeResult:
        yield Static(id="bonfire-counts", markup=False)
        with Horizontal(id="bonfire-panes"):
            with VerticalScroll(id="bonfire-city", can_focus=False):
                yield Static(id="city-text", markup=False)
            with VerticalScroll(id="bonfire-sea", can_focus=False):
                yield Static(id="tom-text", markup=False)
                yield Static(id="sea-text", markup=False)
            with VerticalScroll(id="bonfire-fire", can_focus=False):
                yield Static(id="fire-text", markup=False)

    def on_mount(self) -> None:
        super().on_mount()
        self._layout(self.size.width)

    def on_resize(self, event: events.Resize) -> None:
        self._layout(event.size.width)

    def _layout(self, width: int) -> None:
        wide = width >= WIDE
        self.set_class(wide, "-wide")
        for number, pane_id in enumerate(PANES):
            self.query_one(f"#{pane_id}").display = wide or number == self.pane
        self.refresh_bindings()

    def watch_table(self, table: Table | None) -> None:
        if table is None or not self.is_mounted:
            return
        state = table.view
        self.query_one("#bonfire-counts", Static).update(counts_line(state))
        self.query_one("#city-text", Static).update("\n".join(city_lines(state)))
        told = (state.turn, state.tom_card, tuple(state.tom_did))
        if self._told and told != self._told and state.tom_did and self.app.bot_delay:
            self._replay_tom(state)
        elif self._tom_timer is None:
            self.query_one("#tom-text", Static).update("\n".join(tom_lines(state)))
        self._told = told
        self.query_one("#sea-text", Static).update("\n".join(sea_lines(state)))
        self.query_one("#fire-text", Static).update("\n".join(fire_lines(state)))

    def _replay_tom(self, state) -> None:
        """Tell Tom's turn one step at a time under his card, as the log does."""
        if self._tom_timer is not None:
            self._tom_timer.stop()
        shown = 0

        def tick() -> None:
            nonlocal shown
            current = self.table.view if self.table is not None else state
            if shown <= len(state.tom_did) and current is state:
                self.query_one("#tom-text", Static).update("\n".join(tom_lines(state, shown)))
                shown += 1
                return
            if self._tom_timer is not None:
                self._tom_timer.stop()
            self._tom_timer = None
            self.query_one("#tom-text", Static).update("\n".join(tom_lines(current)))

        tick()
        self._tom_timer = self.set_interval(STEP_SECONDS, tick)

    def end_details(self) -> str:
        from engines.bonfire.view import tom_breakdown_text

        return tom_breakdown_text(self.match.state)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "switch_pane":
            return not self.has_class("-wide")
        if action == "scroll_board":
            return any(pane.display and pane.max_scroll_y > 0 for pane in self.query("#bonfire-panes > VerticalScroll"))
        return super().check_action(action, parameters)

    def action_scroll_board(self, direction: int) -> None:
        """Scroll the panes on show by most of their height."""
        for pane in self.query("#bonfire-panes > VerticalScroll"):
            if pane.display:
                pane.scroll_relative(y=direction * max(1, pane.size.height - 2), animate=False)

    def action_switch_pane(self) -> None:
        self.pane = (self.pane + 1) % len(PANES)
        self._layout(self.size.width)


SCREEN = BonfireScreen
