"""The Camp Grizzly screen: the camp map, Otis' card and the body count, the dice tray,
the active counselor's card (or the finale card); every counselor's panel and the legal
actions at the side.

The map takes the keys while the viewer may move: arrows / WASD / hjkl move a cursor and
Enter walks the active counselor there along a shortest path, one legal step at a time (at a
remote table each step is sent when the table has taken the one before). `c`
draws, `e` ends the turn, `f` starts a finale, `i` opens the map key (on screen already on
larger terminals). Otis' stalk is replayed on the map one step at a time so players can
follow it; the log lists every step and every roll as well. The map's cursor, walks and
stalk replay are in `camp_grizzly_map` (this screen is a `CampMapScreen`).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import Static

from engines.camp_grizzly.actions import Draw, Drop, End, Fight, StartFinale, Trade, Use
from engines.camp_grizzly.content import finales
from tui.games.camp_grizzly_cards import (
    counselor_card,
    dice_text,
    fight_odds,
    finale_text,
    map_legend,
    otis_text,
)
from tui.games.camp_grizzly_map import CampMapBoard, CampMapScreen
from tui.games.camp_grizzly_draw import LARGE, MEDIUM, SMALL, map_size
from tui.widgets.first_layout import planned_size
from tui.widgets.frame import ActionList
from tui.widgets.steady_text import SteadyText
from tui.widgets.table import Table, name_seats

__all__ = ["SCREEN", "CampGrizzlyScreen", "CampMapBoard", "finale_text"]

#: Rows the cards under the map need at least (Otis, dice, the card's five lines; what a
#: strike or a choice adds scrolls).
CARD_ROWS = 7
#: Columns the map key needs beside the map, and rows it takes under the cards.
LEGEND_BESIDE = 60
LEGEND_ROWS = 12


class MapKeyScreen(ModalScreen[None]):
    """The map key over the game, for terminals too small to show it beside the map."""

    BINDINGS = [Binding("escape,enter,i,space", "close", "Close", id="camp_legend.close")]

    def __init__(self, legend: list[str]) -> None:
        super().__init__()
        self.legend = legend

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="map-key-box"):
            yield Static("\n".join(self.legend), markup=False)

    def action_close(self) -> None:
        self.dismiss(None)


class CampGrizzlyScreen(CampMapScreen):
    BINDINGS = [
        Binding("c", "play('draw')", "Draw", id="camp.draw"),
        Binding("e", "play('end')", "End turn", id="camp.end"),
        Binding("f", "play('finale')", "Finale", id="camp.finale"),
        Binding("i", "map_key", "Map key", id="camp.legend"),
    ]
    #: The action each letter key plays, by kind.
    LETTER_ACTIONS = {"draw": Draw, "end": End, "finale": StartFinale}
    # A counselor's panel grows and shrinks with what they carry.
    replay_panels_keep_room = True

    def spends(self, action: Any, view: Any) -> bool:
        """What costs the team (the action list then highlights nothing, so Enter alone
        takes none of it): a single-use card played, an item dropped or handed over."""
        return isinstance(action, (Use, Drop, Trade))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown_stalk: tuple = ()
        self._legend_at = ""
        #: The board's size as the first layout will give it, until it is laid out.
        self._planned_board: tuple[int, int] | None = None

    def compose_board(self) -> ComposeResult:
        with Horizontal(id="camp-top"):
            yield CampMapBoard(id="camp")
            yield Static(
                "\n".join(map_legend(self._wall_glyph)), id="legend-beside", classes="map-legend", markup=False
            )
        yield SteadyText(id="otis-card")
        yield SteadyText(id="dice-tray")
        with VerticalScroll(id="card-scroll"):
            yield SteadyText(id="counselor-card")
        yield Static("\n".join(map_legend(self._wall_glyph)), id="legend-below", classes="map-legend", markup=False)

    # -- the table ----------------------------------------------------------------------
    def validate_table(self, table: Table | None) -> Table | None:
        """The action list names counselors and finales, never their initials or ids, and a
        fight entry says what the fight is worth: the dice and bonus against Otis'."""
        if table is None or not table.actions:
            return table
        view = table.view
        by_initials = {c.initials: c for c in view.counselors} | {c.id: c for c in view.counselors}
        initials = re.compile(r"\b(" + "|".join(re.escape(c.initials) for c in view.counselors) + r")\b")
        actions = []
        for text, action in table.actions:
            if isinstance(action, Fight) and action.counselor in by_initials:
                fighter = by_initials[action.counselor]
                text = f"fight: {fighter.name} ({fight_odds(view, fighter)})"
            elif isinstance(action, StartFinale) and action.site in finales():
                text = f"finale: {finales()[action.site].name}"
            elif view.counselors:
                text = initials.sub(lambda found: by_initials[found.group(1)].name, text)
            actions.append((text, action))
        return dataclasses.replace(table, actions=actions)

    def watch_table(self, table: Table | None) -> None:
        if table is None:
            return
        view = table.view
        names = table.seat_names
        self.query_one("#otis-card", Static).update(otis_text(view))
        self.query_one("#dice-tray", Static).update(name_seats(dice_text(view), names))
        # During a finale its card matters more than the counselor's.
        card = finale_text(view) if view.finale is not None else counselor_card(view, names, table.viewer)
        self.query_one("#counselor-card", Static).update(name_seats(card, names))
        self._place_cursor(table)
        if self._walk_left and (table.problem or len(self.match.journal) > self._walk_sent_at):
            # The table answered the last step: refused (the walk stops there), or taken.
            left, self._walk_left = self._walk_left, []
            if not table.problem:
                self.call_later(self._walk_on, left)
        steps = tuple(view.stalk)
        if steps and steps != self._shown_stalk:
            self._shown_stalk = steps
            self._replay_stalk(view, [s.cell for s in steps])
        elif self._stalk_timer is None:
            self._draw_map()
        self._fit_to_size()
        self._place_focus(table)

    def _place_focus(self, table: Table) -> None:
        if self._curtain_up:
            return
        board = self.query_one(CampMapBoard)
        moving = self.cursor is not None
        board.accepts_put = moving
        board.can_focus = moving
        if moving:
            self.set_focus(board)
        elif table.acting and (self.focused is None or self.focused is board):
            self.set_focus(self.query_one(ActionList))
        self.refresh_bindings()

    # -- the map key --------------------------------------------------------------------
    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self._fit_to_size)

    def _board_size(self) -> tuple[int, int]:
        """The board area's size; before the first layout, the size that layout will give
        it once every widget has the first table (see `before_first_frame`), or before
        that a guess from the terminal's (which placed the map key, then moved it a frame
        later)."""
        board = self.query_one("#board")
        if board.size.area:
            return board.size.width, board.size.height
        if self._planned_board is not None:
            return self._planned_board
        return self.app.size.width - 32, self.app.size.height - 8

    def before_first_frame(self) -> None:
        # Now that the status line has its text (it may take a second row).
        planned = planned_size(self.query_one("#board"))
        self._planned_board = planned.width, planned.height
        self._fit_to_size()
        super().before_first_frame()

    def _fit_to_size(self) -> None:
        """Bigger spaces when the board has room, then the map key where it fits."""
        width, height = self._board_size()
        size = SMALL
        for bigger in (LARGE, MEDIUM):
            columns, rows = map_size(bigger)
            key_beside = width - columns - 2 >= LEGEND_BESIDE
            if columns <= width and rows + 1 + CARD_ROWS + (0 if key_beside else LEGEND_ROWS) <= height:
                size = bigger
                break
        if size != self._map_size:
            self._map_size = size
            self._draw_map()
        self._place_legend()

    def _place_legend(self) -> None:
        """Beside the map where it fits, under the cards where there are rows to spare,
        else behind `i`."""
        width, height = self._board_size()
        beside = width - map_size(self._map_size)[0] - 2
        at = "beside" if beside >= LEGEND_BESIDE else "below" if width >= 80 and height >= 30 else ""
        if at != self._legend_at:
            self._legend_at = at
            self.query_one("#legend-beside").display = at == "beside"
            self.query_one("#legend-below").display = at == "below"
            self.refresh_bindings()

    def action_map_key(self) -> None:
        self.app.push_screen(MapKeyScreen(map_legend(self._wall_glyph)))

    # -- letter keys --------------------------------------------------------------------
    def _letter_actions(self, kind: str) -> list[Any]:
        table = self.table
        if table is None or not table.acting or self._curtain_up:
            return []
        wanted = self.LETTER_ACTIONS[kind]
        return [a for _, a in table.actions if isinstance(a, wanted)]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play":
            return bool(self._letter_actions(str(parameters[0])))
        if action == "map_key":
            return not self._legend_at
        return super().check_action(action, parameters)

    def action_play(self, kind: str) -> None:
        """Draw, end the turn or start a finale by a letter; with several finales open, the
        list shows them."""
        found = self._letter_actions(kind)
        if len(found) == 1:
            self.choose_action(found[0])
        elif found:
            table = self.table
            assert table is not None  # the actions were found on it
            actions = self.query_one(ActionList)
            actions.focus()
            actions.highlighted = next(n for n, (_, a) in enumerate(table.actions) if a is found[0])


SCREEN = CampGrizzlyScreen
