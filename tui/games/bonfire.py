"""The Bonfire screen: your city, the sea, the Great Bonfire with the High Council, the
Common Tasks and displays, and Tom's card and board (solo) or the other player's city (two
players: "your" city is the one of the seat looking at the screen, the other city stands
where Tom's board does).

From 120 columns everything shows at once in compact form: your city across the top (the
fate area as a board, your supplies, your bonfires), the sea beside the Great Bonfire and
the Common Tasks, the High Council and gnome displays below, Tom above the action list.
Below 120 columns one pane shows at a time, your city first; `t` brings the next one (Tom
and the sea, then the Great Bonfire, council and displays) and `[` `]` scroll. From 160x50
the fate area has bigger cells, the texts are whole and the log is longer.

Fate tiles are placed on the fate area with a ghost: arrows move it, `r` turns it, `c`
takes the other end of your fate column, Enter places it. Whether it fits is read from the
legal actions listed once per state; the action list shows everything else. The ghost, its
moves and hint are in `bonfire_fate` (this screen is a `FateGhostScreen`).
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Footer, Static

from engines.bonfire.actions import (
    BuildPath,
    Discard,
    Fulfil,
    GreatBonfire,
    Procession,
    Receive,
    Recruit,
    Sail,
    TakeGuardian,
)
from engines.bonfire.state import is_solo
from tui.games import bonfire_labels
from tui.games.bonfire_draw import (
    city_bonfire_lines,
    city_head,
    city_path_line,
    city_side_lines,
    counts_line,
    rival_lines,
    tie_break_text,
    tom_lines,
)
from tui.games.bonfire_fate import FateGhostScreen
from tui.games.bonfire_table_draw import (
    common_lines,
    council_lines,
    gnome_lines,
    great_bonfire_lines,
    in_columns,
    legend_lines,
    path_display_line,
    sea_lines,
)
from tui.widgets.board import LineBoard
from tui.widgets.frame import ActionList
from tui.widgets.key_scroll import SCROLLED_BY_SCREEN_KEYS
from tui.widgets.line_text import LineText
from tui.widgets.steady_text import SteadyText
from tui.widgets.table import Table

WIDE = 120
XL = (160, 50)
STEP_SECONDS = 0.5
#: Which board widgets each pane shows below 120 columns.
PANES = (
    ("city-head", "city-top", "city-hint", "city-rest", "bonfire-legend"),
    ("tom-block", "bonfire-middle", "sea-block", "bonfire-legend"),
    ("bonfire-middle", "fire-block", "council-block", "gnome-block", "bonfire-legend"),
)
STYLES = {
    "label": Style(dim=True),
    "empty": Style(dim=True),
    "printed": Style(color="yellow"),
    "symbol": Style(bold=True),
    "ghost": Style(color="black", bgcolor="bright_cyan", bold=True),
    "ghost-bad": Style(color="bright_white", bgcolor="bright_red", bold=True),
}


class FateBoard(LineBoard):
    """Your fate area; while a fate tile may be placed, it carries the ghost."""

    BINDINGS = [
        Binding("r", "turn", "Turn", id="board.rotate"),
        Binding("c", "other_end", "Tile", id="bonfire.fate_end"),
    ]
    STYLES = STYLES

    class Turned(Message):
        pass

    class OtherEnd(Message):
        pass

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.accepts_put = False
        self.has_other_end = False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "turn":
            return self.accepts_put
        if action == "other_end":
            return self.accepts_put and self.has_other_end
        return super().check_action(action, parameters)

    def action_turn(self) -> None:
        self.post_message(self.Turned())

    def action_other_end(self) -> None:
        self.post_message(self.OtherEnd())


class BonfireScreen(FateGhostScreen):
    BINDINGS = [
        Binding("t", "switch_pane", "Pane", id="bonfire.switch_pane"),
        # One footer entry for the pair: the 80-column footer has little room.
        Binding("left_square_bracket", "scroll_board(-1)", "Scroll up", id="bonfire.scroll_up", show=False),
        Binding("right_square_bracket", "scroll_board(1)", "More", id="bonfire.scroll_down"),
        # From 120 columns Tom's block (or the other city) beside the action list scrolls on
        # its own, so the list keeps its room. Named for its place: two players have no Tom.
        Binding("left_curly_bracket", "scroll_notes(-1)", "Side up", id="bonfire.notes_up", show=False),
        Binding("right_curly_bracket", "scroll_notes(1)", "Side more", id="bonfire.notes_down"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pane = 0
        self._told: tuple = ()
        self._tom_timer: Timer | None = None

    # -- layout --------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield SteadyText(id="bonfire-counts")
        with VerticalScroll(id="bonfire-board", can_focus=False, classes=SCROLLED_BY_SCREEN_KEYS):  # [ ]
            with Vertical(id="bonfire-city"):
                yield SteadyText(id="city-head")
                yield LineText(id="city-hint")
                with Horizontal(id="city-top"):
                    yield FateBoard(id="fate-board")
                    yield SteadyText(id="city-side")
                    yield SteadyText(id="city-bonfires")
                yield SteadyText(id="city-rest")
            yield SteadyText(id="tom-block")
            with Horizontal(id="bonfire-middle"):
                yield SteadyText(id="sea-block")
                yield SteadyText(id="fire-block")
            yield SteadyText(id="council-block")
            yield SteadyText(id="gnome-block")
            yield SteadyText(id="bonfire-legend")

    def compose_side(self) -> ComposeResult:
        with VerticalScroll(id="bonfire-notes", can_focus=False, classes=SCROLLED_BY_SCREEN_KEYS):  # { }
            yield SteadyText(id="tom-side")
            yield SteadyText(id="legend-side")

    async def on_mount(self) -> None:
        # Textual runs GameScreen.on_mount itself after this one: calling it here too would
        # mount the hot-seat "whose screen" banner twice.
        self._layout(self.size.width, self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._layout(event.size.width, event.size.height)

    def _layout(self, width: int, height: int) -> None:
        self.set_class(width >= WIDE, "-wide")
        self.set_class(width >= XL[0] and height >= XL[1], "-xl")
        self._show_pane()
        if self.table is not None:
            self._draw(self.table)
        # Whether the board scrolls is known only once the new layout is done.
        self.call_after_refresh(self.refresh_bindings)

    def _show_pane(self) -> None:
        shown = {name for pane in PANES for name in pane} if self.wide else set(PANES[self.pane])
        if self.wide:
            # Tom and the legend stand beside the action list, above it, scrolling on their
            # own (`{` `}`) within half the column: the list keeps the other half.
            shown -= {"tom-block", "bonfire-legend"}
        for name in {name for pane in PANES for name in pane}:
            self.query_one(f"#{name}").display = name in shown
        self.query_one("#bonfire-city").display = self.wide or self.pane == 0
        self.query_one("#bonfire-notes").display = self.wide
        self.query_one("#legend-side").display = self.wide
        self.query_one("#bonfire-counts").display = not self.wide
        # Below 120 columns the footer is tight: its compact form keeps every live key on it.
        self.query_one(Footer).compact = not self.wide
        self.refresh_bindings()

    # -- drawing -------------------------------------------------------------------------
    def label(self, view: Any, action: Any) -> str:
        """Actions named from the table: the offering by its resource, the path tile by its
        crystal, the tile a swap takes by its symbols."""
        return bonfire_labels.label(view, self.me, action, super().label(view, action))

    #: Every action that gives up a tile, an offering, a gnome, a novice or a task card.
    PAID = (Sail, Receive, TakeGuardian, BuildPath, Procession, GreatBonfire, Recruit, Fulfil, Discard)

    def spends(self, action: Any, view: Any) -> bool:
        """What costs the player (the action list then highlights nothing, so Enter alone
        takes none of it)."""
        return isinstance(action, self.PAID)

    def watch_table(self, table: Table | None) -> None:
        if table is None:
            return
        key = len(self.match.journal)
        if self.placing and self._fate_for != key:
            self._reset_ghost()
            if not self.wide and self.pane != 0:
                self.pane = 0
                self._show_pane()
        self._fate_for = key if self.placing else None
        self._draw(table)
        self._place_focus(table)

    def _draw(self, table: Table) -> None:
        state = table.view
        compact = self.wide and not self.xl
        me, names = self.me, table.seat_names
        self.query_one("#bonfire-counts", Static).update(counts_line(state, me, names))
        self.query_one("#city-head", Static).update(city_head(state, me, names))
        self.query_one("#city-side", Static).update("\n".join(city_side_lines(state, me)))
        self.query_one("#city-bonfires", Static).update("\n".join(city_bonfire_lines(state, me)))
        self.query_one("#city-rest", Static).update(city_path_line(state, me))
        self._draw_fate()
        if is_solo(state):
            told = (state.turn, state.tom_card, tuple(state.tom_did))
            if self._told and told != self._told and state.tom_did and self.campfire.bot_delay:
                self._replay_tom(state)
            elif self._tom_timer is None:
                self._show_tom(state)
            self._told = told
        else:
            self.query_one("#tom-block", Static).update("\n".join(rival_lines(state, me, names)))
            self.query_one("#tom-side", Static).update("\n".join(rival_lines(state, me, names, compact=True)))
        self.query_one("#sea-block", Static).update("\n".join(sea_lines(state, compact, me)))
        fire = great_bonfire_lines(state, compact) + common_lines(state, compact) + [path_display_line(state, compact)]
        self.query_one("#fire-block", Static).update("\n".join(fire))
        council = council_lines(state, compact, names)
        if self.xl:
            council = [council[0], *in_columns(council[1:], 3)]
        self.query_one("#council-block", Static).update("\n".join(council))
        self.query_one("#gnome-block", Static).update("\n".join(gnome_lines(state, compact)))
        self.query_one("#bonfire-legend", Static).update("\n".join(legend_lines()))
        self.query_one("#legend-side", Static).update("\n".join(legend_lines(compact=True)))

    def _show_tom(self, state, steps: int | None = None) -> None:
        self.query_one("#tom-block", Static).update("\n".join(tom_lines(state, steps)))
        self.query_one("#tom-side", Static).update("\n".join(tom_lines(state, steps, compact=True)))

    def _replay_tom(self, state) -> None:
        """Tell Tom's turn one step at a time under his card, as the log does."""
        if self._tom_timer is not None:
            self._tom_timer.stop()
        shown = 0

        def tick() -> None:
            nonlocal shown
            current = self.table.view if self.table is not None else state
            if shown <= len(state.tom_did) and current is state:
                self._show_tom(state, shown)
                shown += 1
                return
            if self._tom_timer is not None:
                self._tom_timer.stop()
            self._tom_timer = None
            self._show_tom(current)

        tick()
        self._tom_timer = self.set_interval(STEP_SECONDS, tick)

    def end_details(self) -> str:
        """Two players: the tie-break's figures beside the breakdowns."""
        table = self.table
        if table is None or is_solo(table.view):
            return ""
        return tie_break_text(table.view, table.seat_names)

    def _place_focus(self, table: Table) -> None:
        """The focus goes where the next input is expected: the fate area while a fate tile
        may be placed, else the action list."""
        if self._curtain_up:
            return
        board = self.query_one("#fate-board", FateBoard)
        board.accepts_put = self.placing
        board.has_other_end = self.placing and len(self._you().fate_column) > 1
        board.can_focus = self.placing
        if self.placing:
            self.set_focus(board)
        elif table.acting:
            self.set_focus(self.query_one(ActionList))
        self.refresh_bindings()

    # -- keys --------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "switch_pane":
            return not self.wide
        if action == "scroll_board":
            # The board scrolls exactly when its scrollbar shows (both follow its layout);
            # the scrollbar is known before the first frame, the scroll range only after it.
            board = self._pane("#bonfire-board")
            return board is not None and board.show_vertical_scrollbar
        if action == "scroll_notes":
            notes = self._pane("#bonfire-notes")
            return notes is not None and notes.display and notes.show_vertical_scrollbar
        return super().check_action(action, parameters)

    def _pane(self, selector: str) -> VerticalScroll | None:
        """A scrolling pane, or None while the screen is composed again or torn down: the
        footer asks which keys are on at any moment (a replay once stopped on it)."""
        return next(iter(self.query(selector).results(VerticalScroll)), None)

    def action_scroll_notes(self, direction: int) -> None:
        """Scroll Tom's block (or the other city) beside the action list."""
        notes = self.query_one("#bonfire-notes", VerticalScroll)
        notes.scroll_relative(y=direction * max(1, notes.size.height - 2), animate=False)

    def action_scroll_board(self, direction: int) -> None:
        """Scroll the board by most of its height."""
        board = self.query_one("#bonfire-board", VerticalScroll)
        board.scroll_relative(y=direction * max(1, board.size.height - 2), animate=False)

    def action_switch_pane(self) -> None:
        self.pane = (self.pane + 1) % len(PANES)
        self.query_one("#bonfire-board", VerticalScroll).scroll_home(animate=False)
        self._show_pane()
        if self.table is not None:
            self._draw_fate()


SCREEN = BonfireScreen
