"""Bivì's ghost: the tile in hand (or a cube, or the beaver) that the player moves over
their river by keys before placing it. Where it is, how it is turned, and whether the
rules take it there, judged from the placements listed once per tile in hand and from the
view alone, so a remote table says what the engine would. UI state only, never part of
the game; the Bivì screen draws it."""

from __future__ import annotations

from typing import Any

from engines.bivi.actions import CubeAt, Place, SetBeaver
from engines.bivi.geometry import absolute, oriented_cells
from engines.bivi.view import BiviView, view_problem
from tui.games.bivi_draw import bank_beaver
from tui.screens.game import GameScreen
from tui.widgets.table import Table


class GhostScreen(GameScreen):
    """A game screen with a ghost placed by keys (the Bivì screen is one)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Where the ghost is: UI state only, never part of the game.
        self.ghost_at = (0, 0)
        self.rotation = 0
        self.flipped = False
        #: The legal placements of the tile in hand (or cube / beaver spots), by covered cells.
        self._legal: dict[frozenset[tuple[int, int]], Any] = {}
        #: The rules' reasons already read for spots of one view, by viewer and ghost.
        self._problems: tuple[BiviView | None, dict[tuple, str | None]] = (None, {})
        #: What the board places now ("tile", "cube", "beaver" or nothing).
        self._mode_now = ""

    def _ghost_mode(self, table: Table) -> str:
        view: BiviView = table.view
        if table.viewer is None or table.viewer != view.actor or view.phase == "over" or self._curtain_up:
            return ""
        if view.phase == "hand" and view.hand_tile is not None:
            return "tile"
        if view.phase == "beaver" and view.beaver_spots:
            return "beaver"
        if view.phase == "end" and any(isinstance(a, CubeAt) for a in self.legal_moves(table.viewer)):
            return "cube"
        return ""

    def legal_moves(self, seat: int) -> list[Any]:
        """The seat's legal actions as engine actions (a remote table turns its texts back
        into them)."""
        return self.match.legal_actions(seat)

    def _ghost_cells(self, mode: str, view: BiviView) -> tuple[tuple[int, int], ...]:
        if mode == "tile" and view.hand_tile is not None:
            return oriented_cells(view.hand_tile.cells, self.rotation, self.flipped)
        return ((0, 0),)

    def _ghost_action(self, mode: str) -> Place | CubeAt | SetBeaver:
        row, col = self.ghost_at
        if mode == "tile":
            return Place(row, col, self.rotation, self.flipped)
        if mode == "beaver":
            return SetBeaver(row, col)
        return CubeAt(row, col)

    def _covered(self, mode: str, view: BiviView) -> frozenset[tuple[int, int]]:
        return frozenset(absolute(self._ghost_cells(mode, view), *self.ghost_at))

    def _learn_legal(self, mode: str, table: Table) -> None:
        """List the legal spots once per tile in hand; every ghost step is judged from it."""
        assert table.viewer is not None  # placing on the board is the viewer's own move
        legal = self.legal_moves(table.viewer)
        view: BiviView = table.view
        self._legal = {}
        for action in legal:
            if mode == "tile" and isinstance(action, Place) and view.hand_tile is not None:
                cells = oriented_cells(view.hand_tile.cells, action.rotation, action.flipped)
                self._legal[frozenset(absolute(cells, action.row, action.col))] = action
            elif mode == "cube" and isinstance(action, CubeAt) or mode == "beaver" and isinstance(action, SetBeaver):
                self._legal[frozenset({(action.row, action.col)})] = action

    def _reset_ghost(self, mode: str, table: Table) -> None:
        """A new tile starts on a legal spot near the beaver, as low as it can go, so
        Enter always works and the first look is where timber would go."""
        self._learn_legal(mode, table)
        view: BiviView = table.view
        self.rotation, self.flipped = 0, False
        assert table.viewer is not None  # placing on the board is the viewer's own move
        river = view.rivers[table.viewer]
        beaver = river.beaver or bank_beaver(view, river) or (0, 0)

        def closeness(item: tuple[frozenset, Any]) -> tuple:
            cells, action = item
            lowest = max(r for r, _ in cells)
            near = min(abs(r - beaver[0]) + abs(c - beaver[1]) for r, c in cells)
            turn = (getattr(action, "rotation", 0), getattr(action, "flipped", False))
            return (-lowest, near, turn, action.row, action.col) if mode == "tile" else (near, action.row, action.col)

        best = min(self._legal.items(), key=closeness, default=None)
        if best is None:
            self.ghost_at = (0, 1)
            return
        action = best[1]
        self.ghost_at = (action.row, action.col)
        if isinstance(action, Place):
            self.rotation, self.flipped = action.rotation, action.flipped

    def ghost_problem(self, mode: str, covered: frozenset[tuple[int, int]] | None = None) -> str | None:
        """None when the ghost's spot is legal, else the rules' own reason, read from the
        view alone so a remote table says what the engine would. `covered`: the ghost's
        cells, when the caller has them."""
        table = self.table
        assert table is not None and table.viewer is not None  # the viewer places on a table
        view: BiviView = table.view
        if (self._covered(mode, view) if covered is None else covered) in self._legal:
            return None
        # The reason depends on the view and the spot alone: a step back to a spot of the same
        # view reads it again rather than judging it again.
        if self._problems[0] is not view:
            self._problems = (view, {})
        known = self._problems[1]
        spot = (table.viewer, mode, self.ghost_at, self.rotation, self.flipped)
        if spot not in known:
            known[spot] = view_problem(view, table.viewer, self._ghost_action(mode))
        return known[spot]

    def _clamp(self, cells: tuple[tuple[int, int], ...], view: BiviView) -> None:
        height = len(view.board_rows) - max(r for r, _ in cells) - 1
        width = len(view.board_rows[0]) - max(c for _, c in cells) - 1
        row, col = self.ghost_at
        self.ghost_at = (min(max(row, 0), height), min(max(col, 0), width))

    def _mode(self) -> str:
        """What the board places now, as judged when the table last changed."""
        return self._mode_now if self.table else ""

    def _next_spot(self, rows: int, cols: int) -> tuple[int, int]:
        """The nearest beaver spot in the arrow's direction, else the next one round."""
        assert self.table is not None  # the beaver is placed on a table
        spots = sorted(self.table.view.beaver_spots)
        row, col = self.ghost_at
        ahead = [s for s in spots if (s[0] - row) * rows + (s[1] - col) * cols > 0]
        if ahead:
            return min(ahead, key=lambda s: (abs(s[0] - row) + abs(s[1] - col), s))
        if (row, col) not in spots:
            return spots[0]
        step = 1 if rows + cols > 0 else -1
        return spots[(spots.index((row, col)) + step) % len(spots)]
