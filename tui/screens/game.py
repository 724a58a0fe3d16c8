"""The shared game frame every game screen builds on.

Status line, board area (the game's own widgets), seat panels, the viewer's legal actions,
the log, and the footer. The screen owns the match; after every change it computes one
`Table` and hands it to its widgets through the `table` reactive. With a bot delay, bots
think in a worker thread so the interface never freezes while it waits.

Layouts follow the terminal: the screen carries `-width-120`, `-width-200`, `-height-40` and
`-height-60` classes (set on every resize) and the styles grow the side column, the log and
the board for them. A key that does nothing now is hidden from the footer, and pressing it
anyway says why in the status line.

With no bot delay (the app's `bot_delay` 0) bots and automatic actors play at once: their
steps are played one after another on the UI thread (a decision takes well under a
millisecond), each saved as it is played, and the screen draws once they are done, not a
flicker of each intermediate table. A batch stops after BOT_BATCH_SECONDS (game_turns.py), draws and lets
the event loop answer keys before it goes on, so an all-bot game keeps moving on screen
and Esc or undo still work. A bot that thinks for wall time (a search: the match's
`thinking_seat`) always decides in the worker thread, delay or not, and the status line
says it is thinking meanwhile (at a remote table, the server says so).
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING, Any

import msgspec
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import Reactive, reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from engines.core.levels import level_name
from engines.core.errors import IllegalAction
from engines.core.seat_match import SeatMatch
from saves.errors import SaveError
from saves.store import Autosaver
from tui.commands import GameActions
from tui.palette_search import PaletteEntries
from tui.screens.game_turns import BotTurns, GameEnd, HandOver
from tui.screens.handover import WhoseScreen, shows_secret
from tui.screens.styled import StyledOnOpen
from tui.textual_internals import binding_chain
from tui.textual_internals.compositor import use_refreshed_rows
from tui.widgets.first_layout import scroll_end_from_first_frame, scrollbar_from_first_frame
from tui.widgets.key_scroll import KeyScroll
from tui.widgets.footer import SteadyFooter
from tui.widgets.frame import ActionList, GameLog, SeatPanels, StatusLine, shown_on_screen
from tui.widgets.table import Table, name_seats

if TYPE_CHECKING:
    from textual import getters

    from tui.app import CampfireApp


def thinking_status(seat: Any) -> str:
    """The status line while a seat's bot thinks: "Bo (hard bot) is thinking…"."""
    return f"{seat.name} ({level_name(seat.level)} bot) is thinking…"


class GameScreen(StyledOnOpen, HandOver, BotTurns, GameEnd, Screen[None]):
    if TYPE_CHECKING:  # Textual's way to tell a type checker the app's class; no run-time check
        app = getters.app(CampfireApp)
    COMMANDS = Screen.COMMANDS | {GameActions}
    BINDINGS = [
        Binding("u", "undo", "Undo", id="game.undo"),
        # Every action is autosaved: ctrl+s stays out of a crowded footer (F2 lists it).
        Binding("ctrl+s", "save", "Save", id="game.save", show=False),
        Binding("f1,question_mark", "rules_here", "Rules", id="game.rules"),
        Binding("escape", "leave", "Menu", id="game.menu"),
        Binding("n", "next_player", "Next player", id="game.next_player"),
        Binding("L", "whole_log", "Log", id="game.log"),
        *(Binding(str(n), f"pick({n})", f"Action {n}", id=f"game.pick{n}", show=False) for n in range(1, 10)),
    ]

    #: A replay (tui/screens/replay.py): the journal is stepped through and nothing is
    #: played, so what only helps a player's next key (details made ahead) is not done.
    replaying = False
    #: In a replay, whether each seat panel keeps the room its tallest text in the journal
    #: takes (tui/screens/replay.py): for a game whose panels change height often, worth
    #: reading every position's summary when the replay opens (tens of ms for 500 actions).
    replay_panels_keep_room = False

    # No repaint: the screen draws nothing itself, and repainting it resends every cell of
    # the terminal (about 10 KB at 100x30) where only the widgets that changed need redrawing.
    table: reactive[Table | None] = reactive(None, repaint=False)
    # Textual's own `focused` repaints the whole screen on every focus move; the widgets
    # that gain and lose focus already redraw themselves, and focus styles restyle theirs.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    def __init__(self, match: SeatMatch, saver: Autosaver | None = None) -> None:
        super().__init__()
        # A key repaints a few cells: render only what overlaps them, not every container.
        use_refreshed_rows(self)
        self.match = match
        self.saver = saver
        self.viewer: int | None = self._initial_viewer()
        self.problem = ""
        self._steps_here = 0  # actions played or taken back at this screen (`Table.steps_here`)
        self._curtain_up = False
        self._thinking = False
        self._ended_shown = False
        self._gone = False
        self._heap_set_aside = False
        self._palette = PaletteEntries.NONE

    # -- layout ------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.match.game_id

    def compose(self) -> ComposeResult:
        # The size classes before any widget is styled: set on mount, they styled every
        # widget a second time before the first frame.
        self.fit_layout(*self.app.size)
        yield StatusLine(id="status").data_bind(GameScreen.table)
        with Horizontal(id="table"):
            with Vertical(id="board"):
                yield from self.compose_board()
            with KeyScroll(id="side"):
                yield SeatPanels(id="panels").data_bind(GameScreen.table)
                yield from self.compose_side()
                yield ActionList(id="actions").data_bind(GameScreen.table)
        yield self.make_log().data_bind(GameScreen.table)
        yield SteadyFooter(compact=True)

    def make_log(self) -> GameLog:
        """The log panel (the replay's shows only its latest rows, see tui/screens/replay.py)."""
        return GameLog(id="log")

    def compose_board(self) -> ComposeResult:
        """The game's own board widgets, redrawn by the game screen's `watch_table`. A game
        without its own screen is played from the action list and the log alone."""
        yield Static("", id="board-text")

    def compose_side(self) -> ComposeResult:
        """Game widgets between the seat panels and the action list (none by default)."""
        yield from ()

    def listed_actions(self, legal: list[Any]) -> list[Any]:
        """Which legal actions the list shows (a board may offer the rest by cursor)."""
        return legal

    def on_resize(self, event: events.Resize) -> None:
        self.fit_layout(event.size.width, event.size.height)

    def fit_layout(self, width: int, height: int) -> None:
        """Breakpoints by terminal size; games may add their own (call super)."""
        self.set_class(width >= 120, "-width-120")
        self.set_class(width >= 200, "-width-200")
        self.set_class(height >= 40, "-height-40")
        self.set_class(height >= 60, "-height-60")

    @property
    def alive(self) -> bool:
        """Whether this screen is still on the app's stack: callbacks that land after the
        player left (a bot's move, a replay step) check it and do nothing."""
        return not self._gone and self.is_attached and self in self.app.screen_stack

    def on_unmount(self) -> None:
        self._gone = True
        self.workers.cancel_group(self, "bots")
        if self._heap_set_aside:
            # What the game left behind is the collector's again (so are the app's start-up
            # objects, set aside with the game's; the next game sets them aside again).
            gc.unfreeze()

    def _set_heap_aside_when_idle(self) -> None:
        """Once the game waits for a person (the bots' first moves drawn), after that frame."""
        if not self._heap_set_aside and not self._thinking:
            self.call_after_refresh(self._set_heap_aside)

    def _set_heap_aside(self) -> None:
        """Keep the game's objects, as they stand once the screen is drawn, out of the
        collector's sight while it is played. Its full passes otherwise walked them all
        inside a key now and then (14-32 ms in a ghost tile's step: the bench's p95): the
        collector sizes the heap at its last full pass, which came before the app froze
        its start-up objects (or never: the start and a saved game's replay run without
        it), so it took the game for new heap and came back every tenth middle pass. A
        full pass first, so no garbage is set aside with them."""
        if self.alive and not self._heap_set_aside:
            gc.collect()
            gc.freeze()
            self._heap_set_aside = True

    async def on_mount(self) -> None:
        if sum(1 for seat in self.match.seats if not seat.is_bot) > 1:
            # Several people share this screen: it always says whose it is.
            self.mount(WhoseScreen(id="whose-screen"))
        if not self.app.bot_delay:
            # The bots' first steps before the first frame, which then shows the table the
            # player acts on rather than one about to change (with a delay, each is shown).
            self._maybe_run_bots()
        if self.hides_information and self.viewer is not None and shows_secret(self.match, self.viewer):
            # Whoever opened the game may not be the player whose secrets come first.
            self._raise_curtain(self.viewer)
        self._show_whose_screen()
        # The default focus first (the screen's own set_focus, at once, where a widget's
        # focus() waits for the app's queue): the first table may move it to the board, as
        # every later one does, and the footer's keys follow the focus.
        self.set_focus(self.query_one(ActionList))
        self.refresh_table()
        self.before_first_frame()
        # The keys with the first table, in the first frame: Textual's footer builds them
        # after that frame, which kept the screen changing one to four frames longer.
        await self.query_one(SteadyFooter).show_keys()
        self.call_after_refresh(self._after_first_frame)

    def before_first_frame(self) -> None:
        """Once every widget has the first table, before the first layout: what depends
        on the sizes that layout gives is worked out now (tui/widgets/first_layout.py), so
        the first frame is the final one. Games that fit their board to its size redraw
        it here (call super last: the board's content decides what scrolls), not in
        `watch_table`: planned before the frame's widgets have the table, the layout kept
        the status line's empty height (a game's snapshots caught it).

        Every scrolling container whose content overflows shows its scrollbar, and the
        log shows its last lines: the layout found both a frame or two later (the seat
        panels wrapped again beside the new scrollbar). Outer containers first, as their
        scrollbars narrow what is inside them."""
        for widget in self.query("*"):
            scrolls = widget.is_container or isinstance(widget, ActionList)
            if scrolls and widget.is_scrollable and widget.styles.overflow_y == "auto":
                if shown_on_screen(widget):
                    scrollbar_from_first_frame(widget)
        scroll_end_from_first_frame(self.query_one(GameLog))

    def _after_first_frame(self) -> None:
        """What `after_change` does after a change, once the first table is on screen, less
        the save (opening the game wrote this very state) and the table (drawn on mount)."""
        if not self.alive:
            return
        self.focus_input()
        if self.match.is_over():
            self._show_end()
            return
        # With a bot delay, the bots' first step (with none they played before this frame,
        # and a batch that ran out of time goes on by itself).
        self._maybe_run_bots()
        self._set_heap_aside_when_idle()

    # -- the table --------------------------------------------------------------
    def _initial_viewer(self) -> int | None:
        humans = [n for n, s in enumerate(self.match.seats) if not s.is_bot]
        acting = [s for s in self.match.actors() if s in humans]
        if acting:
            return acting[0]
        return humans[0] if humans else None

    @property
    def hides_information(self) -> bool:
        humans = sum(1 for s in self.match.seats if not s.is_bot)
        return self.match.engine.info.flags.hidden_information and humans > 1

    def refresh_table(self) -> None:
        if self._gone:
            return
        match = self.match
        viewer = None if self._curtain_up else self.viewer
        acting = viewer is not None and viewer in match.actors() and not match.seats[viewer].is_bot
        legal = match.legal_actions(viewer) if acting and viewer is not None else []
        shown = self.listed_actions(legal)
        names = [s.name for s in match.seats]
        summary = match.summary(viewer)
        summary = msgspec.structs.replace(
            summary,
            status=name_seats(summary.status, names),
            panels=[
                msgspec.structs.replace(
                    p, title=name_seats(p.title, names), lines=[name_seats(line, names) for line in p.lines]
                )
                for p in summary.panels
            ],
        )
        outcome = match.outcome()
        if outcome is not None:
            outcome = msgspec.structs.replace(outcome, reason=name_seats(outcome.reason, names))
        thinking = None if acting or outcome is not None else match.thinking_seat()
        if thinking is not None:
            summary = msgspec.structs.replace(summary, status=thinking_status(match.seats[thinking]))
        view = match.view(viewer)
        self.table = Table(
            summary=summary,
            view=view,
            viewer=viewer,
            actions=[(name_seats(self.label(view, a), names), a) for a in shown],
            log=[name_seats(line, names) for line in match.log_lines(viewer)],
            acting=acting,
            problem=self.problem,
            outcome=outcome,
            over=match.is_over(),
            seat_names=names,
            steps_here=self._steps_here,
        )
        self.refresh_bindings()

    @property
    def board_open(self) -> bool:
        """Whether the viewer may put something on the board now (boards ask it for their
        Place key)."""
        return self.table is not None and self.table.acting and self.table.outcome is None

    def focus_input(self) -> None:
        """Put the focus where the next input is expected, so arrows and Enter work at once.
        Runs after the repaint that follows each change (games' own focus calls have landed
        by then). The frame's default: keep a focus that is still on screen, else the action
        list; games with a board that takes the next input override this."""
        if not self.alive:
            return
        focused = self.focused
        if focused is not None and shown_on_screen(focused):
            return
        actions = self.query_one(ActionList)
        if shown_on_screen(actions):
            actions.focus()

    # -- acting -------------------------------------------------------------------
    def choose_action(self, action: Any) -> None:
        """A human at the keyboard plays `action` for the viewer seat."""
        if self.viewer is None or self._curtain_up:
            return
        try:
            self.match.act(self.viewer, action)
        except IllegalAction as refusal:
            self.problem = refusal.reason
            self.refresh_table()
            self.app.bell()
            return
        self.step_taken()
        self.problem = ""
        self.after_change()

    def step_taken(self) -> None:
        """An action was played (or sent, at a remote table) or taken back at this screen:
        the next decision is a new one, even with the same offers (`Table.steps_here`)."""
        self._steps_here += 1

    def action_pick(self, number: int) -> None:
        """Play the numbered action of the list."""
        if self.table is not None and number <= len(self.table.actions):
            self.choose_action(self.table.actions[number - 1][1])

    def on_action_list_nothing_chosen(self, message: ActionList.NothingChosen) -> None:
        """Enter on a list that offers something costly and has nothing highlighted (see the
        screen's `spends`): the status line says how to choose, and nothing is played."""
        self.problem = message.reason
        self.refresh_table()

    def on_action_list_chosen(self, message: ActionList.Chosen) -> None:
        self.choose_action(message.action)

    def palette_actions(self) -> PaletteEntries:
        """The viewer's legal actions with their texts, as the palette lists them: worked
        out once per position (every change draws a new table), not on every key typed
        into the palette (a seat may have thousands)."""
        table = self.table
        if table is None or self.viewer is None or self._curtain_up:
            return PaletteEntries.NONE
        position = (table, self.viewer, len(self.match.journal))
        if not self._palette.belongs_to(position):
            legal = self.match.legal_actions(self.viewer) if self.viewer in self.match.actors() else []
            names = table.seat_names
            self._palette = PaletteEntries(position, [(name_seats(self.label(table.view, a), names), a) for a in legal])
        return self._palette

    def label(self, view: Any, action: Any) -> str:
        """How the action list and the palette name `action`: the engine's wording; a game
        whose wording needs the table (which offering, which tile) says more."""
        return self.match.describe(action)

    def after_change(self) -> None:
        """Save, choose who looks at the screen next, let bots move, then draw."""
        if not self.alive:
            return
        self._save_and_hand_over()
        self._show_change()

    def _save_and_hand_over(self) -> None:
        """What follows every action at once: the autosave, then the keyboard handed to
        the human who must act next."""
        if self.saver is not None:
            try:
                self.saver.save()
            except SaveError as error:
                self.notify(f"Could not save the game: {error}", severity="error", markup=False)
        self._update_viewer()

    def _show_change(self) -> None:
        """Let bots move (at once with no bot delay), then draw the table."""
        if not self.match.is_over():
            self._maybe_run_bots()
        self.refresh_table()
        self.call_after_refresh(self.focus_input)
        if self.match.is_over():
            self._show_end()
            return
        self._set_heap_aside_when_idle()

    # -- bindings -----------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the keys that work now show in the footer; `refusal` says why the others do
        not when they are pressed anyway."""
        return not self.refusal(action, parameters)

    def refusal(self, action: str, parameters: tuple[object, ...] = ()) -> str:
        """Why `action` does nothing now, in one sentence, or "" when it works."""
        over = self.match.is_over()
        if action == "undo":
            if over:
                return "The game is over: nothing can be undone."
            if self.viewer is None or self.match.undoable(self.viewer) == 0:
                return "Nothing to undo: only your own moves this turn, before anything was revealed."
        if action == "put":
            if over:
                return "The game is over: nothing more goes on the board."
            return "Nothing of yours goes on the board now: see the status line."
        if action == "next_player" and len(self._humans_acting()) <= 1:
            return "Nobody else has to act now."
        if action == "pick":
            count = len(self.table.actions) if self.table is not None else 0
            number = parameters[0] if parameters else 0
            if over:
                return "The game is over."
            if not count:
                return "There is no numbered action to pick now."
            if isinstance(number, int) and number > count:
                return f"There are only {count} actions."
        return ""

    def on_key(self, event: events.Key) -> None:
        """A key bound here but refused now says why, instead of doing nothing silently."""
        if not self.alive or self._curtain_up:
            return
        refused = ""
        for namespace, bindings in binding_chain(self):
            for binding in bindings.key_to_bindings.get(event.key, ()):
                action, _, parameters = binding.action.partition("(")
                if "." in action:
                    return  # an app action (quit): never refused
                arguments = tuple(
                    int(p) if p.strip().isdigit() else p.strip().strip("'\"")
                    for p in parameters.rstrip(")").split(",")
                    if p.strip()
                )
                if namespace.check_action(action, arguments):
                    return  # someone takes this key now
                refused = refused or self.refusal(action, arguments) or f"{binding.description}: not now."
        if refused:
            self.problem = refused
            self.refresh_table()
            event.stop()

    def action_undo(self) -> None:
        if self.viewer is None:
            return
        try:
            self.match.undo(self.viewer)
        except IllegalAction as refusal:
            self.problem = refusal.reason
            self.refresh_table()
            return
        self.step_taken()
        self.problem = ""
        self.after_change()

    def action_save(self) -> None:
        if self.saver is None:
            self.notify("This game is not being saved.", severity="warning")
            return
        try:
            self.saver.save()
        except SaveError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        self.notify(f"Saved to {self.saver.path}", markup=False)

    def action_rules_here(self) -> None:
        from tui.screens.rules import RulesScreen

        topic = self.table.summary.rules_topic if self.table else ""
        self.app.push_screen(RulesScreen(self.game_id, topic))

    def action_whole_log(self) -> None:
        from tui.screens.log import LogScreen

        lines = self.table.log if self.table is not None else []
        self.app.push_screen(LogScreen(self.match.engine.info.title, lines))

    def action_leave(self) -> None:
        # Every action is already autosaved; leaving needs no extra write.
        self.dismiss(None)
