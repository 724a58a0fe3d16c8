"""The Bivì screen: rivers, forest, the tile in hand as a ghost moved by keys.

The active river (whoever acts now) is drawn large, the others smaller beside it; as many
as fit are shown and `o` brings the next ones into view. When the viewer must place a tile,
a cube or their beaver, the river takes the focus: arrows / WASD / hjkl move the ghost (or
the beaver between its numbered spots), `r` rotates, `f` flips (basic mode), Enter places.
The ghost is red, with the rules' reason under the forest, wherever the rules refuse it.
Everything else is in the action list.

A key that moves the ghost redraws only the active river, whose board repaints the rows that
changed; legality comes from the placements listed once per tile in hand (bivi_ghost). The
widgets are in bivi_widgets, the drawings in bivi_draw and bivi_forest.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll

from engines.bivi.actions import CubeAt, Discard, MoveBeaver, Place
from engines.bivi.view import BiviView, view_river_text
from engines.bivi.geometry import absolute, oriented_cells
from engines.core.rules import load_rules
from tui.games.bivi_draw import (
    COMPACT,
    LARGE,
    NORMAL,
    WOOD_LETTER,
    CellSize,
    Ghost,
    draw_river,
    draw_river_rows,
    draw_shape,
    ghost_over,
    river_decorations,
    river_lines,
    river_size,
)
from tui.games.bivi_forest import cut_to_rows, forest_drawing, plain_rules, tile_name
from tui.games.bivi_ghost import GhostScreen
from tui.games.bivi_widgets import ForestBoard, RiverBoard
from tui.key_hints import key, move_keys, with_keys
from tui.widgets.board import LineBoard
from tui.widgets.frame import ActionList
from tui.widgets.steady_text import SteadyText
from tui.widgets.line_text import LineText
from tui.widgets.first_layout import planned_size
from tui.widgets.table import Table, cut_to_width

if TYPE_CHECKING:
    from textual import getters

    from tui.app import CampfireApp

#: Rows under the rivers the tile in hand needs (its name, picture, reason, keys).
HAND_ROWS = 8
#: Rows under the rivers kept for the tile in hand (its name, whether it fits) when
#: choosing how large the forest's tiles are drawn.
HAND_RESERVE = 2
#: From this many rows on, the board has room under the forest for the rules of what is
#: being done now.
RULES_HINT_ROWS = 40
#: Below that, the rules are shown in the rows the forest leaves when it leaves this many.
RULES_HINT_MIN_ROWS = 3


class BiviScreen(GhostScreen):
    if TYPE_CHECKING:  # Textual's way to tell a type checker the app's class; no run-time check
        app = getters.app(CampfireApp)

    BINDINGS = [Binding("o", "other_rivers", "Rivers", id="bivi.other_rivers")]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._ghost_for: tuple[int, str, int] | None = None
        #: The position (journal length, mode, viewer) the focus was last put in place for.
        self._focused_for: tuple[int, str, int] | None = None
        self._problem: str | None = None
        self._first_other = 0
        self._others_shown = 0
        self._sizes = (NORMAL, COMPACT)
        self._other_boxes: list[tuple[Vertical, SteadyText, RiverBoard]] = []
        #: What the active river's board shows: the view, glyphs, seat, cell size, numbered
        #: spots and ghost it was drawn from.
        self._river_drawn: tuple | None = None
        #: Lines of that river drawn without the ghost, by line number, drawn as ghost steps
        #: reach their rows: a step draws the ghost over them instead of redrawing rows.
        self._river_plain: dict[int, list[Any]] = {}
        #: The board size (and whether rows are scarce) the last whole table was drawn for.
        self._drawn_for: tuple[tuple[int, int], bool] | None = None
        #: The board size planned before the first layout, with the table and terminal size.
        self._planned_board: tuple[Any, Any, tuple[int, int]] | None = None
        #: Rows the tile in hand takes under the rivers, as last drawn.
        self._hand_rows = HAND_RESERVE
        #: Rows the tallest of the other rivers' boxes takes, title included, as last drawn.
        self._others_rows = 0
        #: The rules book, read once for the hint under the forest on tall terminals.
        self._rules: Any = None

    def compose_board(self) -> ComposeResult:
        with Horizontal(id="rivers"):
            with Vertical(id="active-side"):
                yield SteadyText(id="active-title", classes="river-title")
                yield RiverBoard(id="active-river")
            # Sized by their rivers and titles: painted once by the layout that resizes them.
            # A box for every opponent, composed with the screen: boxes mounted by the first
            # table reached the screen two frames after the rest of it. Those that do not
            # fit are hidden.
            with Horizontal(id="other-rivers"):
                for _ in self.match.seats[1:]:
                    yield self._new_other_box()
        # Under the rivers: what is in hand, then the forest; it scrolls (Tab, arrows) where
        # the terminal is too short for both.
        with VerticalScroll(id="below-rivers"):
            # Its line-drawn text: a ghost step changes whether the spot fits, and a Static
            # wraps and renders its whole text again for that.
            yield LineText(id="hand")
            yield ForestBoard(id="forest")
            yield SteadyText(id="rules-hint")

    def _new_other_box(self) -> Vertical:
        title, board = SteadyText(classes="river-title"), RiverBoard(classes="compact")
        board.can_focus = False
        box = Vertical(title, board, classes="river-box")
        self._other_boxes.append((box, title, board))
        return box

    def listed_actions(self, legal: list[Any]) -> list[Any]:
        return [a for a in legal if not isinstance(a, (Place, CubeAt))]

    def spends(self, action: Any, view: Any) -> bool:
        """What costs the player (the action list then highlights nothing, so Enter alone
        takes none of it): a beaver move pays cubes, a discard gives up the tile in hand."""
        return isinstance(action, (MoveBeaver, Discard))

    # -- sizes ------------------------------------------------------------------------
    def _choose_sizes(self, view: BiviView) -> tuple[CellSize, CellSize]:
        """Bigger cells when the terminal has room: the active river first, then the others."""
        width, height = self._board_size()
        others = len(view.rivers) - 1

        def room(active: CellSize, other: CellSize) -> bool:
            return river_size(view, active)[0] + others * (river_size(view, other)[0] + 2) < width

        active = NORMAL
        if river_size(view, LARGE)[1] + 2 + HAND_ROWS <= height and room(LARGE, COMPACT):
            # Only where the forest still shows whole under it at three characters a cell
            # (at 120x40 with two players a large river left the forest one-character
            # cells that scrolled): the offer is what the player reads to choose.
            forest, _ = forest_drawing(view, glyphs=self.app.glyphs, width=width - 2, rows=height, largest=NORMAL)
            if river_size(view, LARGE)[1] + 2 + HAND_RESERVE + forest.rows <= height:
                active = LARGE
        other = NORMAL if room(active, NORMAL) else COMPACT
        return active, other

    def _board_size(self) -> tuple[int, int]:
        """The board area's size; before the first layout, the size that layout will give it,
        so the first table drawn is the one the screen keeps (a guess drew it twice)."""
        board = self.query_one("#board")
        if board.size.area:
            return board.size.width, board.size.height
        # Planned once per table and terminal size: a drawing asks three times.
        planned = self._planned_board
        if planned is None or planned[0] is not self.table or planned[1] != self.app.size:
            size = planned_size(board)
            planned = self._planned_board = (self.table, self.app.size, (size.width, size.height))
        return planned[2]

    def _drawn_at(self) -> tuple[tuple[int, int], bool]:
        """What a whole drawing of the table depends on besides the table."""
        return self._board_size(), self.has_class("-height-under-30")

    def fit_layout(self, width: int, height: int) -> None:
        super().fit_layout(width, height)
        self.set_class(height < 30, "-height-under-30")

    def on_resize(self, event: events.Resize) -> None:
        if self.table is not None and self.is_mounted:
            self.call_after_refresh(self._redraw_all)

    def _redraw_all(self) -> None:
        # The first layout gives the board the size the first table was drawn for: nothing
        # to draw again then.
        if self.table is not None and self._drawn_at() != self._drawn_for:
            self.draw(self.table, self._mode())

    # -- drawing --------------------------------------------------------------------
    def watch_table(self, table: Table | None) -> None:
        if table is None:
            return
        mode = self._ghost_mode(table)
        key = (len(self.match.journal), mode, table.viewer or 0)
        if mode and self._ghost_for != key:
            self._reset_ghost(mode, table)
        self._ghost_for = key if mode else None
        self._mode_now = mode
        self.draw(table, mode)
        self._place_focus(table, mode, key)

    def _place_focus(self, table: Table, mode: str, position: tuple[int, str, int]) -> None:
        """The focus goes where the next input is expected: the river while placing, the
        action list while choosing from it. Once per position: a redraw of the same one (a
        refused key, a hint) leaves the focus where the player took it."""
        if self._curtain_up:
            return
        river = self.query_one("#active-river", RiverBoard)
        river.accepts_put = bool(mode)
        river.can_rotate = mode == "tile"
        river.can_flip = mode == "tile" and table.view.flip_allowed
        if self._focused_for != position:
            self._focused_for = position
            # The screen's own set_focus: a widget's focus() repaints it whole, even when
            # it already has the focus.
            if mode:
                if self.focused is not river:
                    self.set_focus(river)
            elif table.acting:
                actions = self.query_one(ActionList)
                if self.focused is not actions:
                    self.set_focus(actions)
        self.refresh_bindings()

    def draw(self, table: Table, mode: str) -> None:
        view: BiviView = table.view
        active = self._active_seat(table)
        self._drawn_for = self._drawn_at()
        self._sizes = self._choose_sizes(view)
        self._draw_active(table, mode)
        title = self._river_title(view, active, table.seat_names, width=river_size(view, self._sizes[0])[0])
        self.query_one("#active-title", SteadyText).show(title)
        self._draw_others(table, active)
        self._draw_forest(view)
        self._draw_rules_hint(table)

    def _rows_under_rivers(self, view: BiviView) -> int:
        """Rows of the board under the rivers: the active river under its two-line title,
        or the others under theirs (a long name wraps in a narrow box), the taller."""
        active = river_size(view, self._sizes[0])[1] + 2
        return self._board_size()[1] - max(active, self._others_rows)

    def _draw_forest(self, view: BiviView) -> None:
        """The offered tiles at the largest cells (up to the active river's) whose drawing
        fits the rows under the rivers left by the tile in hand."""
        width = self._board_size()[0] - 2  # the scrollbar of the area under the rivers, and a margin
        rows = self._rows_under_rivers(view) - max(HAND_RESERVE, self._hand_rows)
        self.query_one("#forest", ForestBoard).draw_offer(
            view, glyphs=self.app.glyphs, width=width, rows=rows, largest=self._sizes[0]
        )

    @property
    def forest_size(self) -> CellSize:
        """The cells the forest's tiles are drawn at now."""
        return self.query_one("#forest", ForestBoard).cell_size

    def _draw_rules_hint(self, table: Table) -> None:
        """The rules of what is being done now, under the forest: whole on a tall terminal;
        else in the rows the forest leaves (at 120x40, several), cut with a cue to the
        rules (F1), so the area under the rivers never scrolls for it."""
        widget = self.query_one("#rules-hint", SteadyText)
        width, height = self._board_size()
        view: BiviView = table.view
        spare = self._rows_under_rivers(view) - max(HAND_RESERVE, self._hand_rows)
        spare -= self.query_one("#forest", ForestBoard).rows_drawn + 1  # the hint's margin
        whole = height >= RULES_HINT_ROWS
        topic = table.summary.rules_topic
        shown = bool(topic) and (whole or spare >= RULES_HINT_MIN_ROWS)
        if widget.display != shown:
            widget.display = shown
        if not shown:
            return
        if self._rules is None:
            self._rules = load_rules(self.game_id)
        section = self._rules.section(topic)
        text = plain_rules(section) if section is not None else ""
        widget.show(text if whole else cut_to_rows(text, width - 2, spare, key(self, "game.rules")))

    def _active_seat(self, table: Table) -> int:
        view: BiviView = table.view
        return view.actor if view.phase != "over" and view.actor >= 0 else (table.viewer or 0)

    def _draw_active(self, table: Table, mode: str) -> None:
        """The active river with the ghost, and the text about the tile in hand."""
        view: BiviView = table.view
        ghost = None
        self._problem = None
        if mode:
            cells = self._ghost_cells(mode, view)
            self._clamp(cells, view)
            covered = frozenset(absolute(cells, *self.ghost_at))
            self._problem = self.ghost_problem(mode, covered)
            letter = {"tile": WOOD_LETTER[view.hand_tile.wood] if view.hand_tile else "?", "cube": "c"}.get(
                mode, self.app.glyphs.beaver
            )
            ghost = Ghost(cells=tuple(sorted(covered)), letter=letter, legal=self._problem is None)
        marks = view.beaver_spots if view.phase == "beaver" else ()
        self._show_active_river(view, view.rivers[self._active_seat(table)], ghost, marks)
        hand = self._hand_text(view, mode, self._problem, table.seat_names)
        widget = self.query_one("#hand", LineText)
        widget.show(hand)
        self._hand_rows = hand.count("\n") + 1 if hand else 0
        # Its rows are kept even with nothing in hand, except where rows are scarce.
        shown = bool(hand) or not self.has_class("-height-under-30")
        if widget.display != shown:
            widget.display = shown

    def _show_active_river(self, view: BiviView, river: Any, ghost: Ghost | None, marks: Any) -> None:
        """Draw the active river; when the board already shows this river of this view at
        this size and only the ghost differs, redraw just the rows the ghost left and took."""
        board = self.query_one("#active-river", RiverBoard)
        size, glyphs = self._sizes[0], self.app.glyphs
        drawn = self._river_drawn
        if drawn is not None and drawn[0] is view and drawn[1] is glyphs and drawn[2:5] == (river.seat, size, marks):
            if drawn[5] == ghost:
                return  # a step against the river's edge: the ghost stays where it is
            rows = {row for row, _ in drawn[5].cells} if drawn[5] else set()
            rows |= {row for row, _ in ghost.cells} if ghost else set()
            plain = self._river_plain
            missing = [row for row in rows if river_lines(row, size)[0] not in plain]
            if missing:
                plain.update(draw_river_rows(view, river, missing, size=size, glyphs=glyphs, marks=marks))
            lines = {line: plain[line] for row in rows for line in river_lines(row, size)}
            board.show_rows(ghost_over(lines, ghost, size=size, glyphs=glyphs) if ghost else lines)
        else:
            board.show(draw_river(view, river, size=size, glyphs=glyphs, ghost=ghost, marks=marks))
            self._river_plain = {}
        self._river_drawn = (view, glyphs, river.seat, size, marks, ghost)

    def _draw_others(self, table: Table, active: int) -> None:
        view: BiviView = table.view
        others = self.query_one("#other-rivers", Horizontal)
        wanted = [r for r in view.rivers if r.seat != active]
        size = self._sizes[1]
        room = self._board_size()[0] - river_size(view, self._sizes[0])[0] - 2
        fit = max(1, min(len(wanted), room // (river_size(view, size)[0] + 2)))
        if fit != self._others_shown:
            self._others_shown = fit
            self.refresh_bindings()
        self._first_other %= max(1, len(wanted))
        shown = [wanted[(self._first_other + n) % len(wanted)] for n in range(fit)] if wanted else []
        if len(self._other_boxes) < len(shown):  # more rivers than seats: never expected
            others.mount_all([self._new_other_box() for _ in range(len(shown) - len(self._other_boxes))])
        for number, (box, _, _) in enumerate(self._other_boxes):
            if box.display != (number < len(shown)):
                box.display = number < len(shown)
            box.set_class(number == len(shown) - 1, "-last-shown")
        hidden = len(wanted) - fit
        self._others_rows = 0
        river_width, river_rows = river_size(view, size)
        # Columns the rivers leave (the last box shown keeps one column of margin, not two,
        # so it never touches the side column): a box is widened (in turn) up to its widest
        # title line, then a name still too long is cut with an ellipsis, never wrapped.
        spare = max(0, room - fit * (river_width + 2) + 1)
        for (box, title, board), river in zip(self._other_boxes, shown):
            text = self._river_title(view, river.seat, table.seat_names, short=True)
            if hidden:
                text += f"\n(o: {hidden} more)"
            wider = min(spare, max(0, max(cell_len(line) for line in text.splitlines()) - river_width))
            spare -= wider
            box_width = river_width + wider
            box.styles.width = box_width
            name, rest = text.split("\n", 1)  # the name's line, cut to the box's width
            text = f"{cut_to_width(name, box_width)}\n{rest}"
            title.show(text)
            board.show(draw_river(view, river, size=size, glyphs=self.app.glyphs))
            title_rows = sum(len(textwrap.wrap(line, box_width)) or 1 for line in text.splitlines())
            self._others_rows = max(self._others_rows, title_rows + river_rows)

    def _river_title(self, view: BiviView, seat: int, names: list[str], short: bool = False, width: int = 0) -> str:
        """Whole words on narrow rivers too: the name, then the dam, cubes and decorations.
        Given a `width`, the name's line fits it: a name too long is cut with an ellipsis."""
        river = view.rivers[seat]
        mark = self.app.glyphs.seat_marks[seat]
        name = names[seat] if seat < len(names) else f"Player {seat + 1}"
        cubes = f"{river.cubes} cube" + ("" if river.cubes == 1 else "s")
        if width:
            name = cut_to_width(name, width - cell_len(f"{mark} " + ("" if short else f": {cubes}")))
        decorated = view.mode != "basic"
        deco = f"{river.moss}m {river.butterflies}f {river.ladybugs}l"
        if short:
            stats = f"{river.filled_below}/{river.total_below} {cubes}"
            return f"{mark} {name}\n{stats}" + (f"\n{deco}" if decorated else "")
        return f"{mark} {name}: {cubes}\ndam {river.filled_below}/{river.total_below} below the bank" + (
            f", {deco}" if decorated else ""
        )

    def _hand_text(self, view: BiviView, mode: str, problem: str | None, names: list[str]) -> str:
        """The tile in hand in a few lines: while placing, the ghost on the river shows its
        shape, so no picture is drawn here."""
        lines: list[str] = []
        tile = view.hand_tile
        if tile is not None:
            holder = names[view.hand_seat] if 0 <= view.hand_seat < len(names) else "?"
            lines.append(f"{holder} holds {tile_name(view, tile.id)}")
            if not mode:  # while placing, the ghost on the river shows the shape
                cells = oriented_cells(tile.cells, self.rotation, self.flipped) if mode == "tile" else tile.cells
                lines.extend("  " + row for row in draw_shape(cells, WOOD_LETTER[tile.wood]))
        if mode:
            if problem:
                lines.append(f"{self.app.glyphs.ghost_bad} {problem}")
            elif mode == "beaver":
                lines.append(
                    f"{move_keys(self)} pick a numbered spot; {key(self, 'board.place')} puts your beaver there."
                )
            else:
                turns = ""
                if mode == "tile":
                    turns = with_keys(
                        self, "  {board.rotate} rotate" + ("  {board.flip} flip" if view.flip_allowed else "")
                    )
                lines.append(with_keys(self, "Fits here: {board.place} to place.") + turns)
        return "\n".join(lines)

    def end_details(self) -> str:
        """Every final river in the notation `campfire rules bivi scoring` explains, with its
        decorations in the modes that count them."""
        names = [s.name for s in self.match.seats]
        view: BiviView = self.match.view(None)
        parts = []
        for seat in range(len(names)):
            text = f"{names[seat]}'s river:\n{view_river_text(view, seat)}"
            if view.mode != "basic":
                text += f"Decorations: {river_decorations(view.rivers[seat])}\n"
            parts.append(text)
        return "\n".join(parts)

    # -- keys -----------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "other_rivers":
            view = self.table.view if self.table else None
            return view is not None and len(view.rivers) - 1 > self._others_shown
        return super().check_action(action, parameters)

    def action_other_rivers(self) -> None:
        """Bring the next opponents' rivers into view when not all of them fit."""
        if self.table is None:
            return
        self._first_other += self._others_shown
        self._draw_others(self.table, self._active_seat(self.table))

    def on_line_board_nudged(self, message: LineBoard.Nudged) -> None:
        table, mode = self.table, self._mode()
        if table is None or not mode:  # (no mode without a table)
            return
        if mode == "beaver":
            self.ghost_at = self._next_spot(message.rows, message.cols)
        else:
            row, col = self.ghost_at
            self.ghost_at = (row + message.rows, col + message.cols)
        self._draw_active(table, mode)

    def on_river_board_turned(self, message: RiverBoard.Turned) -> None:
        table = self.table
        if table is None or self._mode() != "tile":  # (no mode without a table)
            return
        if message.flip:
            if not table.view.flip_allowed:
                self.notify("Tiles cannot be flipped in this mode: the decorated face stays up.")
                return
            self.flipped = not self.flipped
        else:
            self.rotation = (self.rotation + 1) % 4
        self._draw_active(table, "tile")

    def on_line_board_put(self, message: LineBoard.Put) -> None:
        table, mode = self.table, self._mode()
        if table is None or not mode:  # (no mode without a table)
            return
        action = self._ghost_action(mode)
        if isinstance(action, Place):
            # Journal the listed form, as typing the placement would.
            # An unlisted spot is sent as it is: the rules refuse it with the reason shown.
            action = self._legal.get(self._covered(mode, table.view)) or action
        self.choose_action(action)


SCREEN = BiviScreen
