"""Bonfire's fate ghost: the fate tile the player moves over their fate area by keys before
placing it (arrows move it, `r` turns it, `c` takes the other end of the fate column, Enter
places it) over the fate area's board (the Bonfire screen's FateBoard), and the hint under
the city telling what it would gain or why it cannot go there. Whether it fits is read from the legal
placements listed once per state. UI state only, never part of the game; the Bonfire screen
is one of these screens and draws the rest of the table.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any


from engines.bonfire import city
from engines.bonfire.actions import Fate
from tui.games.bonfire_draw import FATE_LETTERS, TILE_LETTERS, FateGhost, fate_drawing, fate_drawing_rows, fate_symbols
from tui.key_hints import with_keys
from tui.screens.game import GameScreen
from tui.widgets.board import LineBoard
from tui.widgets.line_text import LineText

if TYPE_CHECKING:
    from engines.bonfire.state import Player
    from tui.app import CampfireApp
    from tui.games.bonfire import FateBoard

TURNS = ("E", "S", "W", "N")
WAYS = {"E": "right", "S": "down", "W": "left", "N": "up"}


class FateGhostScreen(GameScreen):
    """A game screen whose viewer places fate tiles on their fate area with a ghost (the
    Bonfire screen is one)."""

    #: The pane shown below 120 columns (the Bonfire screen's layout sets it).
    pane: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The ghost fate tile: UI state only, never part of the game.
        self.fate_at = (2, 2)
        self.fate_turn = "E"
        self.fate_end = "top"
        self._fate_legal: dict[tuple[str, int, int, str], Fate] = {}
        self._fate_for: int | None = None
        #: What the fate board shows: (state, whose city, big cells, ghost).
        self._fate_drawn: tuple | None = None

    # The screen's layout sets -wide (from 120 columns) and -xl (from 160x50, bigger cells).
    @property
    def wide(self) -> bool:
        return self.has_class("-wide")

    @property
    def xl(self) -> bool:
        return self.has_class("-xl")

    @property
    def me(self) -> int:
        """Whose city is drawn as yours: the seat looking at the screen (in solo, yours),
        or behind the hand-over curtain the seat taking its turn."""
        table = self.table
        if table is None:
            return 0
        return table.viewer if table.viewer is not None else table.view.current

    @property
    def campfire(self) -> CampfireApp:
        """The app with its settings (bot pacing, glyphs)."""
        return self.app

    def _you(self) -> Player:
        assert self.table is not None
        you: Player = self.table.view.players[self.me]
        return you

    def listed_actions(self, legal: list[Any]) -> list[Any]:
        """Fate placements go on the board (learnt here, once per state); the list shows
        the rest."""
        self._fate_legal = {(a.end, a.row, a.col, a.direction): a for a in legal if isinstance(a, Fate)}
        return [a for a in legal if not isinstance(a, Fate)]

    @property
    def placing(self) -> bool:
        return bool(self._fate_legal) and self.table is not None and self.table.acting and not self._curtain_up

    def _column_tile(self) -> str:
        column = self._you().fate_column
        return column[0] if self.fate_end == "top" else column[-1]

    def _ghost_cells(self) -> list[tuple[int, int]]:
        return city.strip_cells(*self.fate_at, self.fate_turn)

    def _ghost_action(self) -> Fate | None:
        return self._fate_legal.get((self.fate_end, *self.fate_at, self.fate_turn))

    def _reset_ghost(self) -> None:
        """A new turn's ghost starts on a legal spot near the centre, so Enter always works."""
        size = city.size()
        centre = size // 2

        def nearness(key: tuple[str, int, int, str]) -> tuple:
            end, row, col, turn = key
            return (end != "top", abs(row - centre) + abs(col - centre), TURNS.index(turn), row, col)

        end, row, col, turn = min(self._fate_legal, key=nearness)
        self.fate_end, self.fate_at, self.fate_turn = end, (row, col), turn

    @cached_property
    def _fate_board(self) -> FateBoard:
        """Looked up once: every step of the ghost draws on it."""
        # The board is the Bonfire screen's own widget, defined in its module with its keys
        # (the readiness test reads a game's bindings there); looked up once, imported here.
        from tui.games.bonfire import FateBoard

        return self.query_one("#fate-board", FateBoard)

    @cached_property
    def _city_hint(self) -> LineText:
        return self.query_one("#city-hint", LineText)

    def _draw_fate(self) -> None:
        you = self._you()
        ghost, hint = self._fate_ghost(you)
        self._show_fate_board(you, ghost, big=self.xl)
        # Drawn by lines: it changes on every step of the ghost, and a Static renders and
        # wraps its whole text again for any repainted row.
        widget = self._city_hint
        widget.show(hint)
        shown = bool(hint) and (self.wide or self.pane == 0)
        if widget.display != shown:
            widget.display = shown

    def _fate_ghost(self, you) -> tuple[FateGhost | None, str]:
        """The ghost as the fate area shows it, and the hint that tells what it would do."""
        if not self.placing:
            return None, self._no_fate_reason(you)
        symbols = fate_symbols(self._column_tile())
        cells = self._ghost_cells()
        legal = self._ghost_action() is not None
        inside = [
            (cell, symbol)
            for cell, symbol in zip(cells, symbols)
            if 0 <= cell[0] < city.size() and 0 <= cell[1] < city.size()
        ]
        ghost = FateGhost(cells=[c for c, _ in inside], symbols=[s for _, s in inside], legal=legal)
        letters = "/".join(FATE_LETTERS[x] for x in symbols)
        where = f"{self.fate_end.capitalize()} tile {letters} at {self.fate_at[0] + 1},{self.fate_at[1] + 1} going {WAYS[self.fate_turn]}"
        if legal:
            gain = city.fate_gain(you.grid, cells, symbols)
            gains = " ".join(f"{TILE_LETTERS[k]}{n}" for k, n in gain.items())
            other = ", {bonfire.fate_end} other tile" if len(you.fate_column) > 1 else ""
            return ghost, f"{where}: gains {gains} · " + with_keys(
                self, "{board.place} places, {board.rotate} turns" + other
            )
        reason = city.placement_problem(you.grid, cells) or "That fate tile cannot go there."
        return ghost, f"{self.campfire.glyphs.ghost_bad} {where}: {reason}"

    def _no_fate_reason(self, you) -> str:
        """Why no fate tile goes down now, while you act: the status line offers placing
        one on every turn, and the fate area took no keys without a word (with more than
        one action tile in hand)."""
        table = self.table
        if table is None or not table.acting or self._curtain_up or not you.fate_column:
            return ""
        view = table.view
        if view.phase != "turn" or view.flags.main_done or view.pending or view.flags.walkers:
            return ""  # the status line says what comes first
        reason = self.match.refusal(self.me, Fate("top", 0, 0, "E"))
        return f"{self.campfire.glyphs.ghost_bad} Fate tile: {reason}" if reason else ""

    def _show_fate_board(self, you, ghost: FateGhost | None, big: bool) -> None:
        """Draw the fate area; when the board already shows this city of this state at this
        size and only the ghost differs, redraw just the rows the ghost left and took."""
        board = self._fate_board
        drawn = self._fate_drawn
        assert self.table is not None
        view, me = self.table.view, self.me
        if drawn is not None and drawn[0] is view and drawn[1:3] == (me, big) and board.drawing:
            if drawn[3] == ghost:
                return  # a step against the edge: the ghost stays where it is
            rows = {row for row, _ in drawn[3].cells} if drawn[3] else set()
            rows |= {row for row, _ in ghost.cells} if ghost else set()
            board.show_rows(fate_drawing_rows(you, sorted(rows), ghost, big))
        else:
            board.show(fate_drawing(you, ghost, big=big))
        self._fate_drawn = (view, me, big, ghost)

    def on_line_board_nudged(self, message: LineBoard.Nudged) -> None:
        if not self.placing:
            return
        size = city.size()
        row, col = self.fate_at
        self.fate_at = (min(max(row + message.rows, 0), size - 1), min(max(col + message.cols, 0), size - 1))
        self._draw_fate()

    def on_fate_board_turned(self, message: FateBoard.Turned) -> None:
        if self.placing:
            self.fate_turn = TURNS[(TURNS.index(self.fate_turn) + 1) % len(TURNS)]
            self._draw_fate()

    def on_fate_board_other_end(self, message: FateBoard.OtherEnd) -> None:
        if self.placing and len(self._you().fate_column) > 1:
            self.fate_end = "bottom" if self.fate_end == "top" else "top"
            self._draw_fate()

    def on_line_board_put(self, message: LineBoard.Put) -> None:
        if not self.placing:
            return
        action = self._ghost_action()
        if action is None:
            self.app.bell()
            return
        self.choose_action(action)
