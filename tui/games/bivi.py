"""The Bivì screen: rivers, forest, the tile in hand as a ghost moved by keys.

The active river (whoever acts now) is drawn large, the others compact. When the viewer
must place a tile or a cube, the river takes the focus: arrows / WASD / hjkl move the ghost,
`r` rotates, `f` flips (basic mode), Enter places. The ghost is red, with the reason shown
under the forest, wherever the rules refuse it. Everything else is in the action list.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Static

from engines.bivi.actions import CubeAt, Place
from engines.bivi.engine import BiviView, canonical_place, river_text
from engines.bivi.geometry import oriented_cells
from engines.core.errors import IllegalAction
from tui.games.bivi_draw import WOOD_LETTER, Ghost, draw_river, draw_shape, forest_lines
from tui.screens.game import GameScreen
from tui.widgets.board import LineBoard
from tui.widgets.table import Table

STYLES = {
    "label": Style(dim=True),
    "bank": Style(color="bright_black"),
    "outside": Style(),
    "empty": Style(dim=True),
    "empty-below": Style(color="cyan"),
    "birch": Style(color="black", bgcolor="bright_white"),
    "pine": Style(color="bright_white", bgcolor="green"),
    "walnut": Style(color="bright_white", bgcolor="red"),
    "cube": Style(color="black", bgcolor="yellow", bold=True),
    "beaver": Style(color="bright_yellow", bold=True, reverse=True),
    "ghost": Style(color="black", bgcolor="bright_cyan", bold=True),
    "ghost-bad": Style(color="bright_white", bgcolor="bright_red", bold=True),
    "mark": Style(color="bright_magenta", bold=True),
}


class RiverBoard(LineBoard):
    """A river; the focused one also turns the ghost tile."""

    BINDINGS = [
        Binding("r", "turn(False)", "Rotate", id="board.rotate"),
        Binding("f", "turn(True)", "Flip", id="board.flip"),
    ]
    STYLES = STYLES

    class Turned(Message):
        def __init__(self, flip: bool) -> None:
            super().__init__()
            self.flip = flip

    def action_turn(self, flip: bool) -> None:
        self.post_message(self.Turned(flip=flip))


class BiviScreen(GameScreen):
    # Wide terminals show every river side by side; narrow ones scroll the compact ones.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Where the ghost is: UI state only, never part of the game.
        self.ghost_at = (0, 0)
        self.rotation = 0
        self.flipped = False
        self._ghost_for: tuple[int, str, int] | None = None

    def compose_board(self) -> ComposeResult:
        with Horizontal(id="rivers"):
            with Vertical(id="active-side"):
                yield Static(id="active-title", classes="river-title", markup=False)
                yield RiverBoard(id="active-river")
            yield VerticalScroll(id="other-rivers", can_focus=False)
        with Horizontal(id="below-rivers"):
            yield Static(id="forest", markup=False)
            yield Static(id="hand", markup=False)

    def listed_actions(self, legal: list[Any]) -> list[Any]:
        return [a for a in legal if not isinstance(a, (Place, CubeAt))]

    # -- ghost ---------------------------------------------------------------------
    def _ghost_mode(self, table: Table) -> str:
        view: BiviView = table.view
        if table.viewer is None or table.viewer != view.actor or view.phase == "over":
            return ""
        if view.phase == "hand" and view.hand_tile is not None:
            return "tile"
        if view.phase == "end" and any(isinstance(a, CubeAt) for a in self.match.legal_actions(table.viewer)):
            return "cube"
        return ""

    def _ghost_cells(self, mode: str, view: BiviView) -> tuple[tuple[int, int], ...]:
        if mode == "tile" and view.hand_tile is not None:
            return oriented_cells(view.hand_tile.cells, self.rotation, self.flipped)
        return ((0, 0),)

    def _ghost_action(self, mode: str) -> Place | CubeAt:
        row, col = self.ghost_at
        if mode == "tile":
            return Place(row, col, self.rotation, self.flipped)
        return CubeAt(row, col)

    def _reset_ghost(self, mode: str, table: Table) -> None:
        """A new tile (or cube) starts at the first legal spot, so Enter always works."""
        legal = self.match.legal_actions(table.viewer)
        first = next((a for a in legal if isinstance(a, Place if mode == "tile" else CubeAt)), None)
        self.rotation, self.flipped = 0, False
        if isinstance(first, Place):
            self.ghost_at, self.rotation, self.flipped = (first.row, first.col), first.rotation, first.flipped
        elif isinstance(first, CubeAt):
            self.ghost_at = (first.row, first.col)
        else:
            self.ghost_at = (0, 1)

    def ghost_problem(self, mode: str) -> str | None:
        """None when the ghost's spot is legal, else the rules' own reason."""
        try:
            self.match.engine.apply(self.match.state, self.table.viewer, self._ghost_action(mode))
        except IllegalAction as refusal:
            return refusal.reason
        return None

    def _clamp(self, mode: str, view: BiviView) -> None:
        cells = self._ghost_cells(mode, view)
        height = len(view.board_rows) - max(r for r, _ in cells) - 1
        width = len(view.board_rows[0]) - max(c for _, c in cells) - 1
        row, col = self.ghost_at
        self.ghost_at = (min(max(row, 0), height), min(max(col, 0), width))

    # -- drawing --------------------------------------------------------------------
    def watch_table(self, table: Table | None) -> None:
        if table is None or not self.is_mounted:
            return
        mode = self._ghost_mode(table)
        key = (len(self.match.journal), mode, table.viewer or 0)
        if mode and self._ghost_for != key:
            self._reset_ghost(mode, table)
        self._ghost_for = key if mode else None
        self.draw(table, mode)
        if mode and not self._curtain_up:
            self.query_one("#active-river", RiverBoard).focus()

    def draw(self, table: Table, mode: str) -> None:
        view: BiviView = table.view
        glyphs = self.app.glyphs
        names = table.seat_names
        active = view.actor if view.phase != "over" else (table.viewer or 0)
        ghost = None
        problem = None
        if mode:
            self._clamp(mode, view)
            problem = self.ghost_problem(mode)
            row, col = self.ghost_at
            letter = WOOD_LETTER[view.hand_tile.wood] if mode == "tile" and view.hand_tile else "c"
            cells = tuple((row + r, col + c) for r, c in self._ghost_cells(mode, view))
            ghost = Ghost(cells=cells, letter=letter, legal=problem is None)
        marks = view.beaver_spots if view.phase == "beaver" else ()
        river = view.rivers[active]
        self.query_one("#active-title", Static).update(self._river_title(view, active, names))
        self.query_one("#active-river", RiverBoard).drawing = draw_river(
            view, river, wide=True, glyphs=glyphs, ghost=ghost, marks=marks
        )
        others = self.query_one("#other-rivers")
        wanted = [r for r in view.rivers if r.seat != active]
        boards = list(others.query(RiverBoard))
        titles = list(others.query(".river-title"))
        if len(boards) != len(wanted):
            others.remove_children()
            titles = [Static(classes="river-title", markup=False) for _ in wanted]
            boards = [RiverBoard(classes="compact") for _ in wanted]
            for title, board in zip(titles, boards):
                board.can_focus = False
                others.mount(Vertical(title, board, classes="river-box"))
        for title, board, other in zip(titles, boards, wanted):
            title.update(self._river_title(view, other.seat, names, short=True))
            board.drawing = draw_river(view, other, wide=False, glyphs=glyphs)
        self.query_one("#forest", Static).update(
            f"Forest: bag {view.bag}, discards {view.discard}, cubes {view.supply}\n"
            + "\n".join(forest_lines(view))
        )
        self.query_one("#hand", Static).update(self._hand_text(view, mode, problem, names))
        # While placing, the tile in hand matters more than the forest, and 80x24 has
        # room for only one of them under the rivers.
        self.query_one("#forest", Static).display = not mode

    def _river_title(self, view: BiviView, seat: int, names: list[str], short: bool = False) -> str:
        river = view.rivers[seat]
        mark = self.app.glyphs.seat_marks[seat]
        name = names[seat] if seat < len(names) else f"Player {seat + 1}"
        if short:
            return f"{mark} {name[:10]}"
        return f"{mark} {name}: {river.filled_below}/{river.total_below} below bank, {river.cubes} cubes"

    def _hand_text(self, view: BiviView, mode: str, problem: str | None, names: list[str]) -> str:
        lines: list[str] = []
        tile = view.hand_tile
        if tile is not None:
            holder = names[view.hand_seat] if 0 <= view.hand_seat < len(names) else "?"
            cells = oriented_cells(tile.cells, self.rotation, self.flipped) if mode == "tile" else tile.cells
            lines.append(f"{holder} holds {tile.wood} {tile.id} ({tile.shape})")
            lines.extend("  " + row for row in draw_shape(cells, WOOD_LETTER[tile.wood]))
        if mode:
            if problem:
                lines.append(f"{self.app.glyphs.ghost_bad} {problem}")
            else:
                lines.append("Fits here: Enter to place.")
            keys = "arrows move  r rotate" + ("  f flip" if mode == "tile" and view.flip_allowed else "")
            lines.append(keys + "  Tab: list")
        if view.objectives:
            lines.append("Objectives: " + "; ".join(o.title for o in view.objectives))
        return "\n".join(lines)

    def end_details(self) -> str:
        """Every final river in the notation `campfire rules bivi scoring` explains."""
        names = [s.name for s in self.match.seats]
        return "\n\n".join(
            f"{names[seat]}'s river:\n{river_text(self.match.state, seat)}" for seat in range(len(names))
        )

    # -- keys -----------------------------------------------------------------------
    def _mode(self) -> str:
        return self._ghost_mode(self.table) if self.table else ""

    def on_line_board_nudged(self, message: LineBoard.Nudged) -> None:
        mode = self._mode()
        if not mode:
            return
        row, col = self.ghost_at
        self.ghost_at = (row + message.rows, col + message.cols)
        self.draw(self.table, mode)

    def on_river_board_turned(self, message: RiverBoard.Turned) -> None:
        if self._mode() != "tile":
            return
        if message.flip:
            if not self.table.view.flip_allowed:
                self.notify("Tiles cannot be flipped in this mode: the decorated face stays up.")
                return
            self.flipped = not self.flipped
        else:
            self.rotation = (self.rotation + 1) % 4
        self.draw(self.table, "tile")

    def on_line_board_put(self, message: LineBoard.Put) -> None:
        mode = self._mode()
        if mode:
            action = self._ghost_action(mode)
            if isinstance(action, Place):
                # Journal the listed form, as typing the placement would.
                action = canonical_place(self.match.state, action)
            self.choose_action(action)


SCREEN = BiviScreen
