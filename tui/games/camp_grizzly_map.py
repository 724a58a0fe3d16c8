"""Camp Grizzly's map: the board that draws the camp, and a `CampMapScreen` base that moves
a cursor over it by keys while the viewer may move (arrows / WASD / hjkl), draws the
shortest walk to the cursor with a hint under the map, walks the active counselor there on
Enter one legal step at a time (at a remote table each step is sent when the table has
taken the one before), and replays Otis' stalk one space per tick. UI state only, never part
of the game; the Camp Grizzly screen is one of these screens and lays out the cards, the map
key and the letter keys around it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.style import Style
from textual.binding import Binding
from textual.timer import Timer

from engines.camp_grizzly.actions import Move
from engines.camp_grizzly.board import shortest_path
from engines.camp_grizzly.content import camp_map, label, minis, parse_label
from tui.games.camp_grizzly_draw import SMALL, MapSize, draw_camp, draw_camp_rows, map_size
from tui.glyphs import ASCII
from tui.key_hints import key
from tui.screens.game import GameScreen
from tui.widgets.board import LineBoard
from tui.widgets.table import Table

if TYPE_CHECKING:
    from textual import getters

    from engines.camp_grizzly.view import CounselorView
    from tui.app import CampfireApp

STEP_SECONDS = 0.35


class CampMapBoard(LineBoard):
    """The camp; while the viewer may move, a cursor picks where to walk."""

    BINDINGS = [Binding("enter,space", "put", "Walk here", id="board.place")]

    STYLES = {
        "label": Style(dim=True),
        "edge": Style(bold=True),
        "open": Style(),
        "trail": Style(color="yellow"),
        "water": Style(color="bright_blue", bgcolor="blue"),
        "off": Style(color="bright_black"),
        "cabin": Style(color="bright_black", bgcolor="grey23"),
        "site": Style(color="black", bgcolor="bright_red", bold=True),
        "campfire": Style(color="bright_yellow", bold=True),
        "place": Style(color="bright_white", bold=True),
        "nature-trail": Style(color="bright_green", bold=True),
        "camp-trail": Style(color="green"),
        "thing": Style(color="bright_cyan", bold=True),
        "lock": Style(color="bright_magenta", bold=True),
        "fire": Style(color="bright_red", bold=True),
        "cameo": Style(color="bright_yellow"),
        "counselor": Style(color="black", bgcolor="bright_white", bold=True),
        "active": Style(bgcolor="bright_green"),
        "otis": Style(color="bright_white", bgcolor="red", bold=True),
        "wall-s": Style(underline=True),
        "cursor": Style(reverse=True, bold=True),
        "path": Style(bgcolor="dark_green"),
        "hint": Style(italic=True),
    }


class CampMapScreen(GameScreen):
    """A game screen whose viewer walks counselors over the camp map by a cursor (the Camp
    Grizzly screen is one)."""

    if TYPE_CHECKING:  # Textual's way to tell a type checker the app's class; no run-time check
        app = getters.app(CampfireApp)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._stalk_timer: Timer | None = None
        #: Where the map cursor points (UI state only), and for whose move phase it was placed.
        self.cursor: tuple[int, int] | None = None
        self._cursor_for: str = ""
        self._map_size: MapSize = SMALL
        # The moving counselor's legal steps and walks, worked out once per game state (a
        # cursor step asks for them several times).
        self._walks_for: object = None
        self._walks: dict[Any, Any] = {}
        #: The view, map size, wall glyph, cursor and path the map on the board shows (None
        #: while it shows a step of Otis' stalk).
        self._drawn: tuple | None = None
        #: The rest of a walk whose last step was sent to a remote table, taken step by step
        #: as the table answers each, and the journal length that step was sent at.
        self._walk_left: list[tuple[int, int]] = []
        self._walk_sent_at = 0

    @property
    def _wall_glyph(self) -> str:
        return "|" if self.app.glyphs == ASCII else "│"

    def _known(self, key: Any, work: Any) -> Any:
        """`work()`, remembered under `key` until the game moves on or the table is redrawn.

        Keyed on the journal's length, which a local and a remote match both know (a remote
        seat holds no state), and on the table drawn from the latest view."""
        moved, table = len(self.match.journal), self.table
        known = self._walks_for
        if not (isinstance(known, tuple) and known[0] == moved and known[1] is table):
            self._walks_for, self._walks = (moved, table), {}
        if key not in self._walks:
            self._walks[key] = work()
        return self._walks[key]

    def _moves(self) -> list[Move]:
        table = self.table
        # A table whose viewer acts has a viewer: the check tells the type checker so.
        if table is None or table.viewer is None or not table.acting or self._curtain_up:
            return []
        seat = table.viewer
        return self._known("moves", lambda: [a for a in self.match.legal_actions(seat) if isinstance(a, Move)])

    def _mover(self) -> CounselorView | None:
        table = self.table
        assert table is not None  # asked while the map shows a table
        view = table.view
        return next((c for c in view.counselors if c.active and c.cell), None)

    def _place_cursor(self, table: Table) -> None:
        """A new move starts with the cursor on the counselor who moves."""
        mover = self._mover() if self._moves() else None
        key = f"{mover.id} in round {table.view.round}" if mover else ""
        if mover is None:
            self.cursor = None
        elif self.cursor is None or key != self._cursor_for:
            self.cursor = parse_label(mover.cell)
        self._cursor_for = key

    def _draw_map(self, otis_at: str | None = None) -> None:
        if self.table is None:
            return
        path = self._walk_between() if otis_at is None else frozenset()
        drawing = draw_camp(
            self.table.view,
            otis_at=otis_at,
            cursor=self.cursor,
            size=self._map_size,
            wall_glyph=self._wall_glyph,
            path=path,
        )
        drawing.append(self._hint_row())
        self.query_one(CampMapBoard).show(drawing)
        # What a cursor step may redraw row by row: never a frame of Otis' stalk.
        self._drawn = (
            (self.table.view, self._map_size, self._wall_glyph, self.cursor, path) if otis_at is None else None
        )

    def _walk_between(self) -> frozenset[tuple[int, int]]:
        """The spaces a walk to the cursor crosses, drawn as a path on the map."""
        walk = self._path_to(self.cursor) if self.cursor is not None else None
        return frozenset(walk[1:-1]) if walk else frozenset()

    def _hint_row(self) -> list[tuple[str, str]]:
        width = map_size(self._map_size)[0]
        return [(self._cursor_hint().ljust(width)[:width], "hint")]

    def _redraw_cursor(self) -> None:
        """Redraw the rows a cursor step changes (where the cursor was and is, the spaces
        its path left or took, the hint under the map), or the whole map when the drawing
        on the board is not the same map with another cursor."""
        drawn, table, board = self._drawn, self.table, self.query_one(CampMapBoard)
        if (
            drawn is None
            or table is None
            or drawn[0] is not table.view
            or drawn[1:3] != (self._map_size, self._wall_glyph)
        ):
            self._draw_map()
            return
        _, size, glyph, was, old_path = drawn
        path = self._walk_between()
        changed = {cell[0] for cell in old_path ^ path} | {cell[0] for cell in (was, self.cursor) if cell is not None}
        lines = draw_camp_rows(table.view, changed, cursor=self.cursor, size=size, wall_glyph=glyph, path=path)
        lines[len(board.drawing) - 1] = self._hint_row()
        board.show_rows(lines)
        self._drawn = (table.view, size, glyph, self.cursor, path)

    def _cursor_hint(self) -> str:
        if self.cursor is None:
            return ""
        where = label(self.cursor)
        m = camp_map()
        cabin = m.cabin.get(self.cursor)
        place = f" {m.cabins[cabin].name}" if cabin else ""
        path = self._path_to(self.cursor)
        mover = self._mover()
        if mover is not None and mover.cell == where:
            return f"{where}{place}: {mover.name} is here"
        if path is None:
            return f"{where}{place}: no way there now"
        steps = len(path) - 1
        left = mover.moves_left if mover else steps
        far = "" if steps <= left else f", {left} left"
        return f"{where}{place}: {steps} step{'s' if steps != 1 else ''}{far}, {key(self, 'board.place')}"

    def _path_to(self, goal: tuple[int, int]) -> tuple[tuple[int, int], ...] | None:
        """A shortest walk for the moving counselor: around fires, Otis and (without a
        key) locks."""
        return self._known(("path", goal, self._curtain_up), lambda: self._find_path(goal))

    def _find_path(self, goal: tuple[int, int]) -> tuple[tuple[int, int], ...] | None:
        mover = self._mover()
        if mover is None:
            return (goal,) if Move(label(goal)) in self._moves() else None
        assert self.table is not None  # the mover is on it
        view = self.table.view
        start = parse_label(mover.cell)
        otis = {parse_label(view.otis.cell)} - {goal} if view.otis.cell else set()
        keys = any(minis()[m].kind == "key" for m in mover.objectives if m in minis())
        keys = keys or any(parse_label(a.to) in {parse_label(x) for x in view.locks} for a in self._moves())
        return shortest_path(
            camp_map(),
            start,
            goal,
            mover="counselor",
            locks=[parse_label(x) for x in view.locks],
            has_keys=keys,
            blocked={parse_label(x) for x in view.fires} | otis,
        )

    def on_line_board_nudged(self, message: LineBoard.Nudged) -> None:
        if self.cursor is None:
            return
        m = camp_map()
        row, col = self.cursor
        self.cursor = (min(max(row + message.rows, 0), m.height - 1), min(max(col + message.cols, 0), m.width - 1))
        self._redraw_cursor()

    def on_line_board_put(self, message: LineBoard.Put) -> None:
        """Walk to the cursor one legal step at a time; stop wherever the rules stop it."""
        if self.cursor is None:
            return
        goal = self.cursor
        path = self._path_to(goal)
        if path is None or len(path) < 2:
            self.notify(self._cursor_hint() or "Nothing to do here.", markup=False)
            return
        self._walk_on(list(path[1:]))
        self.cursor = goal if self.cursor is not None else None
        self._draw_map()

    def _walk_on(self, spaces: list[tuple[int, int]]) -> None:
        """Take the walk's steps in turn while each is legal. A step a remote table has only
        been sent leaves the rest for when its answer arrives (`watch_table`), so one Enter
        walks the whole way there as well."""
        self._walk_left = []
        while spaces and self.alive:
            step = Move(label(spaces[0]))
            if step not in self._moves():
                return
            before = len(self.match.journal)
            self.choose_action(step)
            spaces = spaces[1:]
            if len(self.match.journal) == before:
                if spaces and not self.problem:
                    self._walk_left, self._walk_sent_at = spaces, before
                return
            if self.match.view(self.viewer).stage != "move":
                return

    def _replay_stalk(self, view, cells: list[str]) -> None:
        """Show Otis walking his path, one space per tick, then the table as it is."""
        if self._stalk_timer is not None:
            self._stalk_timer.stop()
        remaining = list(cells)

        def tick() -> None:
            if not self.is_attached:
                return
            if remaining:
                self._draw_map(otis_at=remaining.pop(0))
                return
            if self._stalk_timer is not None:
                self._stalk_timer.stop()
            self._stalk_timer = None
            self._draw_map()

        delay = STEP_SECONDS if self.app.bot_delay else 0.01
        tick()
        self._stalk_timer = self.set_interval(delay, tick)
