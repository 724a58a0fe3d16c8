"""The Bivouac screen: the month strip, the camp board with every location and its spaces,
the cursor's detail (under the camp; beside it from 200 columns, in a pane of its own), and
the player boards (all of them on wide terminals; one at a time on narrow ones, `b` showing
the next).

In phase 1 and phase 2 the camp board takes the focus: arrows / WASD / hjkl move the cursor
over the locations and the viewer's own activities, Enter places a worker there (phase 1)
or brings one back (phase 2). Choices (what to buy, resources for wages, staff, upgrades,
skip, done) are in the numbered action list.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import TYPE_CHECKING, Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from engines.bivouac.actions import Place, Return
from engines.bivouac.view import BivouacView
from tui.games import bivouac_draw
from tui.games.bivouac_detail import SpotDetail
from tui.games.bivouac_draw import (
    CHOICE_LABEL,
    NO_DEFAULT_HINT,
    camp_drawing,
    camp_shape,
    cursor_items,
    cursor_step_rows,
    detail,
    legend,
    location_rows,
    month_strip,
    player_board,
    symbols,
)
from tui.glyphs import ASCII
from tui.key_hints import fixed_key, pick_keys
from tui.screens.game import GameScreen
from tui.widgets.board import LineBoard
from tui.widgets.first_layout import planned_size
from tui.widgets.frame import ActionList, offers_something_costly
from tui.widgets.steady_text import SteadyText
from tui.widgets.table import Table

if TYPE_CHECKING:
    from tui.games.bivouac_draw import Symbols
    from tui.glyphs import Glyphs


class CampBoard(LineBoard):
    """The camp board; the screen decides what a cursor move or Enter means."""

    BINDINGS = [Binding("enter,space", "put", "Place / bring back", id="board.place")]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "put":
            screen = self.screen
            return isinstance(screen, BivouacScreen) and screen.board_in_play()
        return True

    STYLES = {
        "label": Style(dim=True),
        "place": Style(bold=True),
        "cursor": Style(reverse=True, bold=True),
        "taken": Style(color="bright_yellow", bold=True),
        "free": Style(dim=True),
        "closed": Style(color="bright_black"),
        "card": Style(),
        "down": Style(dim=True),
    }


class BivouacScreen(GameScreen):
    BINDINGS = [
        Binding("b", "next_board", "Board", id="bivouac.next_board"),
        Binding("c", "show_hand", "Hand", id="bivouac.show_hand"),
        # Always in the footer (the cue that the panel pages): whether it overflows is known
        # only after a layout, and the footer of the first frame is the settled one.
        Binding("pagedown", "scroll_info(1)", "More", id="bivouac.info_down"),
        Binding("pageup", "scroll_info(-1)", "Back up", id="bivouac.info_up", show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # UI state only, never part of the game: where the cursor is, which board is shown.
        self.cursor = 0
        self.shown_board: int | None = None
        # Why each spot is refused, judged once per game state (the cursor passes often).
        self._detail_for: object = None  # the view whose spots the detail has made
        # The view, compactness, glyphs and room the camp was drawn for.
        self._camp_drawn: tuple[BivouacView, bool, Symbols, int | None] | None = None
        self._planned_room = 0  # the camp column's width in the first frame, before any layout
        self._fitted_width: int | None = None  # the terminal's width at the last fit_layout
        self._hand_shown_to: int | None = None  # the seat that asked to see its upgrade hand

    def compose_board(self) -> ComposeResult:
        # Held, not queried: a key reaches both, and the first key after the screen's
        # children changed (a notice shown, say) walked the whole screen to find them (1 ms).
        self.camp_board = CampBoard(id="bv-camp")
        self.spot_detail = SpotDetail(id="bv-detail")
        beside = self.detail_beside_camp()
        yield SteadyText(id="bv-month")
        with Horizontal(id="bv-top"):
            yield self.camp_board
            # From 200 columns the detail (whole card texts) sits beside the camp, in a pane
            # of its own that Tab reaches and the arrow and page keys scroll.
            with VerticalScroll(id="bv-beside", can_focus=True):
                if beside:
                    yield self.spot_detail
        # Focusable, so Tab reaches it and the arrow and page keys scroll it; PgUp / PgDn
        # scroll it from anywhere (the footer shows PgDn).
        with VerticalScroll(id="bv-info", can_focus=True):
            if not beside:
                yield self.spot_detail
            with Horizontal(id="bv-boards"):
                for seat in range(len(self.match.seats)):
                    yield SteadyText(id=f"bv-board-{seat}", classes="bv-board")
            yield SteadyText(id="bv-legend")

    def listed_actions(self, legal: list[Any]) -> list[Any]:
        return [a for a in legal if not isinstance(a, (Place, Return))]

    def spends(self, action: Any, view: Any) -> bool:
        """What costs the player (the action list then highlights nothing, so Enter alone
        takes none of it): a purchase, a paid staff card, a hire, a wage paid in resources,
        an upgrade played at its cost."""
        return bivouac_draw.spends(action, view)

    @property
    def hides_information(self) -> bool:
        """Only the expansion has secrets (upgrade hands): the base game needs no curtain
        between two humans, who would otherwise pass the screen after every worker."""
        return super().hides_information and self.match.view(None).expansion

    @property
    def glyphs(self) -> Glyphs:
        return self.app.glyphs

    def fit_layout(self, width: int, height: int) -> None:
        # Set with the others on mount, where the first table is drawn: Textual's
        # breakpoints came with the first resize, after the first frame had shown every
        # player's board on a narrow terminal.
        super().fit_layout(width, height)
        self.set_class(width < 120, "-narrow")
        self.set_class(width >= 120, "-wide")
        detail = getattr(self, "spot_detail", None)  # none yet when composing
        if detail is not None and detail.parent is not None:
            self._move_detail()
        table = self.table
        if table is not None and self._fitted_width not in (None, width):
            # The details were wrapped at the old width: the next step to each spot would
            # wrap it again inside the key.
            self.spot_detail.prepare(self._spot_details_around(table.view, self.items(), self.cursor))
        self._fitted_width = width

    @property
    def wide(self) -> bool:
        return self.has_class("-wide")

    def detail_beside_camp(self) -> bool:
        """Whether the detail goes beside the camp (from 200 columns) rather than under it."""
        return self.has_class("-width-200")

    def _move_detail(self) -> None:
        """After a resize across 200 columns, the detail moves to its place (a new one: a
        widget cannot change parents), drawn again for the cursor."""
        beside = self.detail_beside_camp()
        home = self.query_one("#bv-beside" if beside else "#bv-info", VerticalScroll)
        if self.spot_detail.parent is home:
            return
        self.spot_detail.remove()
        self.spot_detail = SpotDetail(id="bv-detail")
        home.mount(self.spot_detail, before=None if beside else 0)
        self._detail_for = None
        self.draw_cursor(self.table)

    # -- the cursor ------------------------------------------------------------------
    def items(self) -> list[str]:
        table = self.table
        return cursor_items(table.view, table.viewer) if table is not None else []

    def board_in_play(self) -> bool:
        """Whether Enter on the board does something now: the viewer places or retrieves."""
        table = self.table
        return (
            table is not None
            and table.acting
            and not self._curtain_up
            and table.view.phase in ("place", "retrieve")
            and not table.view.pending
        )

    def cursor_action(self, at: int | None = None) -> Place | Return | None:
        """What Enter does with the cursor on item `at` (where it is, by default)."""
        table = self.table
        items = self.items()
        if table is None or not items or table.view.phase not in ("place", "retrieve"):
            return None
        item = items[min(self.cursor if at is None else at, len(items) - 1)]
        return Place(item) if table.view.phase == "place" else Return(item)

    def cursor_problem(self, at: int | None = None) -> str | None:
        """Why Enter with the cursor on item `at` (where it is, by default) is refused."""
        table = self.table
        action = self.cursor_action(at)
        if table is None or action is None or table.viewer is None or not table.acting or table.view.pending:
            return None
        return self.match.refusal(table.viewer, action)

    def _cursor_to_a_worker(self, table: Table) -> None:
        """In phase 2 the cursor jumps to one of the viewer's workers when it is not on one,
        so Enter always brings a worker back."""
        if table.viewer is None:
            return
        legal = {a.spot for a in self.match.legal_actions(table.viewer) if isinstance(a, Return)}
        items = self.items()
        if legal and (self.cursor >= len(items) or items[self.cursor] not in legal):
            self.cursor = next(n for n, item in enumerate(items) if item in legal)

    def on_line_board_nudged(self, message: LineBoard.Nudged) -> None:
        items = self.items()
        if not items:
            return
        step = message.rows if message.rows else message.cols * self._column_step()
        was, self.cursor = self.cursor, min(max(self.cursor + step, 0), len(items) - 1)
        self.draw_cursor(self.table, stepping_from=was)

    def on_line_board_put(self, message: LineBoard.Put) -> None:
        action = self.cursor_action()
        if action is not None and self.board_in_play():
            self.choose_action(action)

    def hand_open(self) -> bool:
        """Whether the viewer's upgrade hand is listed: always on a screen of one's own; on
        a shared one in its owner's phase 3 turn to play an upgrade (the curtain fell before it) or
        asked with `c` (and until the keyboard changes hands)."""
        viewer = self.viewer
        if not self.hides_information or viewer is None:
            return True
        return self._hand_shown_to == viewer or self.match.shows_secret(viewer)

    def action_show_hand(self) -> None:
        self._hand_shown_to = None if self._hand_shown_to == self.viewer else self.viewer
        self.draw(self.table)
        if self._hand_shown_to is not None and self.viewer is not None:
            # The hand is listed on the player's board, under the camp's detail: out of
            # sight in a small terminal, where `c` seemed to do nothing.
            self.call_after_refresh(self._hand_into_view, self.viewer)

    def _hand_into_view(self, seat: int) -> None:
        """Scroll the panel under the camp to the foot of `seat`'s board, where its hand is."""
        info = self.info_panel()
        boards = self.query_one("#bv-boards")
        board = self.query_one(f"#bv-board-{seat}")
        if boards.parent is not info:  # beside the camp (200 columns): all of it in view
            return
        top = boards.virtual_region.y + board.virtual_region.y
        bottom = boards.virtual_region.y + board.virtual_region.bottom
        info.scroll_to(y=max(top, bottom - info.scrollable_content_region.height), animate=False)

    def info_panel(self) -> VerticalScroll:
        return self.query_one("#bv-info", VerticalScroll)

    def action_scroll_info(self, direction: int) -> None:
        """Page the panel under the camp (detail, boards, legend) from wherever the focus is."""
        info = self.info_panel()
        if direction > 0:
            info.scroll_page_down(animate=False)
        else:
            info.scroll_page_up(animate=False)

    def action_next_board(self) -> None:
        seats = len(self.match.seats)
        current = self._board_seat(self.table) if self.table is not None else 0
        self.shown_board = (current + 1) % seats
        self.draw(self.table)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_board":
            return not self.wide
        if action == "show_hand":
            table = self.table
            return (
                self.hides_information
                and table is not None
                and table.viewer is not None
                and bool(table.view.players[table.viewer].upgrade_hand)
            )
        return super().check_action(action, parameters)

    def on_resize(self, event: events.Resize) -> None:  # GameScreen's own handler runs too
        self.refresh_bindings()
        # The board's new width is known once laid out: a camp drawn for another room (or
        # the other compactness) is drawn again then, not left cut until the next key.
        self.call_after_refresh(self._fit_camp)

    def _fit_camp(self) -> None:
        drawn, compact = self._camp_drawn, not self.wide
        if self.table is not None and drawn is not None and drawn[1:] != (compact, drawn[2], self._camp_room(compact)):
            self._draw_camp(self.table, self.items())

    def _camp_room(self, compact: bool) -> int | None:
        """The width the camp board may take (its column's, as laid out or as planned for the
        first frame: the board itself is as wide as its drawing), None before either."""
        if not compact and self.detail_beside_camp() and self.table is not None:
            # One column, names whole: the room beside it is the detail's.
            return camp_shape(self.table.seat_names, False).width
        column = self.camp_board.parent
        room = (column.size.width if isinstance(column, Widget) else 0) or self._planned_room
        return room if room > 0 else None

    def _column_step(self) -> int:
        """How many items left and right move the cursor: a column of locations (none when
        the camp is drawn in one column)."""
        table = self.table
        if table is None:
            return 0
        shape = camp_shape(table.seat_names, not self.wide, self._camp_room(not self.wide))
        return location_rows(table.view, shape) if shape.columns > 1 else 0

    def before_first_frame(self) -> None:
        # Planned here, once every widget has the first table (see GameScreen). The board
        # column's width, which the camp's row spans: planning the row itself (its height
        # auto) kept its arrangement with the camp as first drawn, and the first frame cut
        # the camp redrawn for the room to that height.
        self._planned_room = planned_size(self.query_one("#board")).width
        self._fit_camp()
        super().before_first_frame()

    # -- drawing -----------------------------------------------------------------------
    def _board_seat(self, table: Table) -> int:
        if self.shown_board is not None:
            return self.shown_board
        if table.viewer is not None:
            return table.viewer
        return max(table.view.actor, 0)

    def watch_table(self, table: Table | None) -> None:
        if table is None:
            return
        on_board = self.board_in_play()
        if on_board and table.view.phase == "retrieve":
            self._cursor_to_a_worker(table)
        self.draw(table)
        if on_board:
            self.set_focus(self.camp_board)
        elif table.acting and table.actions:
            # a choice (hire, buy, pay, ...) waits in the list: the keys go there
            self.set_focus(self.query_one(ActionList))

    def draw(self, table: Table | None) -> None:
        if table is None:
            return
        view = table.view
        sym = symbols(self.glyphs == ASCII)
        names = table.seat_names
        marks = self.glyphs.seat_marks
        self.query_one("#bv-month", Static).update(month_strip(view, sym))
        self.draw_cursor(table)
        shown = self._board_seat(table)
        if self._hand_shown_to != self.viewer:
            self._hand_shown_to = None  # the keyboard changed hands: the hand is put down
        hand_open = self.hand_open()
        for seat in range(len(names)):
            board = self.query_one(f"#bv-board-{seat}", Static)
            board.update(player_board(view, seat, names, sym, marks, hand_open))
            board.set_class(seat != shown, "-other")
            board.set_class(seat == view.actor and view.phase != "over", "-acting")
        self.query_one("#bv-legend", Static).update(legend(sym, names, marks))

    def end_details(self) -> str:
        """The tie-break in numbers: activities owned by each player."""
        table = self.table
        if table is None:
            return ""
        owned = ", ".join(f"{name} {len(p.activities)}" for name, p in zip(table.seat_names, table.view.players))
        return f"Activities owned (ties go to the most): {owned}."

    def choice_prompt(self, table: Table) -> str:
        """What the list asks of the viewer (a returning worker's choice, wages, upgrades),
        said under the board where the eye already is."""
        view = table.view
        if not (table.acting and table.actions) or self.board_in_play():
            return ""
        if view.pending:
            asked = CHOICE_LABEL[view.pending]
        elif view.phase == "wages" and view.wage_debt:
            asked = f"Wages: {view.wage_debt} money still owed, paid with resources"
        elif view.phase == "wages":
            asked = "Phase 3: play an activity upgrade, or done"
        else:
            return ""
        count = min(len(table.actions), 9)
        # The list's arrows and Enter are Textual's own (OptionList): no binding id remaps them.
        enter = fixed_key(self, "enter")
        if offers_something_costly(table, self):
            return f"{asked} ({NO_DEFAULT_HINT.format(keys=pick_keys(self, count), enter=enter)})"
        return f"{asked} (keys {pick_keys(self, count)} or {enter})"

    def draw_cursor(self, table: Table | None, stepping_from: int | None = None) -> None:
        """Only the camp board and the detail depend on the cursor: a key redraws just them.
        A step from item `stepping_from` draws only the board rows it changes, and the
        detail keeps its height so the screen needs no new layout."""
        if table is None:
            return
        view = table.view
        items = self.items()
        self.cursor = min(self.cursor, max(len(items) - 1, 0))
        self._draw_camp(table, items, stepping_from)
        spot_detail = self.spot_detail
        if view != self._detail_for:  # a table of the same state (and a microsecond to compare)
            self._detail_for = view
            spot_detail.forget()
        spot_detail.show(*self._spot_detail(view, items, self.cursor), stepping=stepping_from is not None)
        if stepping_from is None and not self.replaying:  # a replay's cursor stays put
            spot_detail.prepare(self._spot_details_around(view, items, self.cursor))

    def _draw_camp(self, table: Table, items: list[str], stepping_from: int | None = None) -> None:
        view, sym, marks = table.view, symbols(self.glyphs == ASCII), self.glyphs.seat_marks
        board, compact = self.camp_board, not self.wide
        drawn = self._camp_drawn  # by identity: comparing views would cost more than drawing
        if stepping_from is not None and drawn is not None and drawn[0] is view and drawn[1:3] == (compact, sym):
            board.show_rows(
                cursor_step_rows(
                    view, table.seat_names, items, stepping_from, self.cursor, sym, marks, compact, drawn[3]
                )
            )
        else:
            room = self._camp_room(compact)
            board.drawing = camp_drawing(
                view, table.seat_names, items, self.cursor, sym, marks, compact, self.choice_prompt(table), room
            )
            self._camp_drawn = (view, compact, sym, room)

    def _spot_detail(self, view: BivouacView, items: list[str], at: int) -> tuple[Hashable, Callable[[], Text]]:
        """The detail of item `at`: its key among the shown state's details (the item and
        why Enter there is refused), and how to make its text."""
        item = items[at] if items else ""
        problem = self.cursor_problem(at)
        said = problem and f"{self.glyphs.ghost_bad} {problem}"
        return (item, said), lambda: detail(view, item, said)

    def _spot_details_around(
        self, view: BivouacView, items: list[str], cursor: int
    ) -> Iterator[tuple[Hashable, Callable[[], Text]]]:
        """The details of every item but the cursor's, those one key away first; each is
        judged (the engine's refusal) only when taken."""
        step = self._column_step()
        one_key_away = (cursor + 1, cursor - 1, cursor + step, cursor - step)
        by_distance = sorted(range(len(items)), key=lambda n: abs(n - cursor))
        taken = {cursor}
        for at in (*one_key_away, *by_distance):
            if 0 <= at < len(items) and at not in taken:
                taken.add(at)
                yield self._spot_detail(view, items, at)


SCREEN = BivouacScreen
