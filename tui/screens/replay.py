"""The replay viewer: a game's own screen, read-only, stepping through its journal.

`ReplayScreen` is mixed in before the game's screen class (as the remote screen is), and
the match it is handed is a `saves.replay.ReplayMatch`: the third implementation of the
screen interface. Left and right step one action, PageUp and PageDown one turn, Home and
End go to either end, `g` to a turn; `v` changes whose view is shown once the game is over,
`c` draws the scores by turn. The log follows the position, as everything else does.
Nothing here can act or save: the match refuses, and those keys are hidden.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.geometry import Size, Spacing
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, Static

from engines.core.errors import IllegalAction
from engines.core.protocol import SeatPanel
from saves.replay import READ_ONLY, ReplayMatch
from tui.key_hints import fixed_key, with_keys
from tui.screens.game import GameScreen
from tui.widgets.first_layout import planned_child_sizes
from tui.widgets.frame import GameLog, SeatPanels, SeatPanelView, panel_text
from tui.widgets.steady_text import SteadyText, shown_on_screen
from tui.widgets.line_text import TailText

#: Each pair of moves one way and back is one entry in the footer, its keys side by side.
STEP, ENDS, TURN = Binding.Group("Step", compact=True), Binding.Group("Ends"), Binding.Group("Turn")
REPLAY_BINDINGS: list[BindingType] = [
    # Priority: the game's boards bind the arrows (and Home/End scroll the log); in a
    # replay they move through the game.
    Binding("left", "step(-1)", "Back", id="replay.back", priority=True, group=STEP),
    Binding("right", "step(1)", "Forward", id="replay.forward", priority=True, group=STEP),
    Binding("pageup", "turn_step(-1)", "Turn back", id="replay.turn_back", priority=True, group=TURN),
    Binding("pagedown", "turn_step(1)", "Next turn", id="replay.turn_forward", priority=True, group=TURN),
    Binding("home", "home", "Start", id="replay.start", priority=True, group=ENDS),
    Binding("end", "end", "End", id="replay.end", priority=True, group=ENDS),
    Binding("g", "go_to", "Go to turn", id="replay.go_to", priority=True),
    Binding("v", "next_view", "View", id="replay.view", priority=True),
    Binding("c", "chart", "Scores", id="replay.chart", priority=True),
]
#: The frame's actions that change a game: hidden in a replay, and refused with READ_ONLY.
_PLAYING = {"undo", "save", "pick", "put", "next_player"}
#: The log panel's latest lines (the whole log is a key away: `L`).
LOG_WINDOW = 60
#: The viewer's own actions.
_MOVING = {"step", "turn_step", "home", "end", "go_to", "next_view", "chart"}


def seat_label(replay: ReplayMatch, seat: int | None) -> str:
    return "the public table" if seat is None else replay.seats[seat].name


class ReplayBar(SteadyText):
    """Where the replay stands: the action and turn shown, and whose view it is. A row of
    its own from 40 rows up; below, a short tag over the status line's right end (as the
    hot-seat tag is), so the game's own layout keeps every row it was made for."""

    #: Below this many rows the bar is the short tag.
    FULL_FROM_HEIGHT = 40

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._status_line: list[Widget] | None = None

    def on_mount(self) -> None:
        self.screen.screen_layout_refresh_signal.subscribe(self, lambda _screen: self.place())

    @property
    def compact(self) -> bool:
        return self.screen.size.height < self.FULL_FROM_HEIGHT

    def show_position(self, replay: ReplayMatch, viewer: int | None) -> None:
        low, high = replay.turn_range
        if self.compact:
            self.show(f"{replay.position}/{replay.length} t{replay.turn}")
        else:
            whose = seat_label(replay, replay.perspective(viewer))
            seen = "all revealed" if replay.finished else "as seen then"
            self.show(
                f"Replay {replay.position}/{replay.length}, turn {replay.turn} of {low}-{high}: {whose}'s view, {seen}"
            )
        self.place()

    @property
    def width_needed(self) -> int:
        return len(self.text) + 2

    def place(self) -> None:
        """As a tag: at the right end of the top row, the status line kept clear of it."""
        if not self.is_attached:
            return
        compact = self.compact
        self.set_class(compact, "-tag")
        if compact:
            x = max(self.screen.size.width - self.width_needed, 0)
            if self.styles.offset.x.value != x:
                self.styles.offset = (x, 0)
        padding = Spacing(0, self.width_needed + 1 if compact else 1, 0, 1)
        if self._status_line is None:
            # Looked up once: a query walks the whole screen, and this runs at every step
            # and after every layout.
            self._status_line = list(self.screen.query("#status"))
        for line in self._status_line:
            if line.styles.padding != padding:  # a new padding lays the screen out again
                line.styles.padding = padding
                line.clear_cached_dimensions()  # its height, worked out for the old width
                line.refresh(layout=True)


class ReplayLog(GameLog):
    """The log panel of a replay: only its latest rows, so a step wraps the line it brings
    and lays nothing out (the whole log is a key away: `L`)."""

    def make_text(self) -> TailText:
        return TailText(id="log-text")


class ReplayScreen:
    """Mixed in before a game screen class (the shared frame or a game's own screen)."""

    replaying = True
    #: A narrow footer shows the moves through the game before the game's own keys.
    footer_keeps = frozenset(_MOVING)

    # Set by the game frame (GameScreen.__init__), named here for the type checker.
    viewer: int | None
    problem: str

    def __init__(self, replay: ReplayMatch) -> None:
        replay.log_window = LOG_WINDOW
        self.replay = replay  # before the frame's own set-up, which asks for the viewer
        self._bar: ReplayBar | None = None
        #: Per view shown, each seat panel's longest texts in the journal (`_keep_panel_room`).
        self._panel_texts: dict[int | None, list[list[Text]]] = {}
        super().__init__(replay, None)  # type: ignore[call-arg]  # the screen interface, replayed

    def compose(self) -> ComposeResult:
        self.add_class("-replay")  # type: ignore[attr-defined]  # no action list: nothing is played
        yield from super().compose()  # type: ignore[misc]
        # Last, so the tag is drawn over the status line; as a row, it sits above the footer.
        bar = ReplayBar(id="replay-bar")
        bar.set_class(self.app.size.height < ReplayBar.FULL_FROM_HEIGHT, "-tag")  # type: ignore[attr-defined]
        yield bar

    def make_log(self) -> GameLog:
        return ReplayLog(id="log")

    # -- what the frame does in play, it does not do here ------------------------------------
    def _initial_viewer(self) -> int | None:
        return self.replay.seat

    @property
    def hides_information(self) -> bool:
        return False  # the view was chosen when the replay opened

    def _update_viewer(self) -> None:
        pass

    def _maybe_run_bots(self) -> None:
        pass

    def _show_end(self) -> None:
        pass  # the end of the journal is a position like any other: `c` shows the scores

    def _show_whose_screen(self) -> None:
        # The replay bar says whose view it is, where the hot-seat tag would stand.
        for tag in self.query("#whose-screen"):  # type: ignore[attr-defined]
            tag.remove()
        for bar in self.query(ReplayBar):  # type: ignore[attr-defined]
            bar.place()

    def after_change(self) -> None:
        self.refresh_table()

    # -- seat panels of one height throughout ------------------------------------------------
    def before_first_frame(self) -> None:
        # Before the scrollbars: one the panels' room brings narrows them, and each panel
        # then fits its room to its width after the layout (`SeatPanelView.on_resize`).
        self._keep_panel_room()
        super().before_first_frame()  # type: ignore[misc]

    def _keep_panel_room(self) -> None:
        """Each seat panel keeps the room its tallest text in the whole journal (in the view
        shown) takes: a panel whose height changed at a step laid the whole screen out
        again (tests/test_tui_replay_repaint.py). Worked out once per view, from each
        panel's few longest texts (the rows follow the length); each panel fits it to its
        width at every resize."""
        if not self.replay_panels_keep_room:  # type: ignore[attr-defined]
            return
        panels = next(iter(self.query(SeatPanels)), None)  # type: ignore[attr-defined]
        if panels is None or not shown_on_screen(panels):
            return  # a game that shows its seats its own way at this size
        texts = self._panel_texts.get(self.viewer)
        if texts is None:
            texts = self._panel_texts[self.viewer] = self._longest_panel_texts()
        planned = planned_child_sizes(panels) if not panels.size.width else {}
        for view, room in zip(panels.query(SeatPanelView), texts):
            view.keep_room_for(room, view.size.width or planned.get(view, Size(0, 0)).width)

    def _longest_panel_texts(self, keep: int = 4) -> list[list[Text]]:
        replay, glyphs = self.replay, self.app.glyphs  # type: ignore[attr-defined]
        here = replay.position
        seen: list[set[tuple[str, tuple[str, ...], bool]]] = []
        try:
            for position in range(replay.length + 1):
                replay.go_to(position)
                for number, panel in enumerate(replay.summary(self.viewer).panels):
                    if number == len(seen):
                        seen.append(set())
                    seen[number].add((panel.title, tuple(panel.lines), panel.active))
        finally:
            replay.go_to(here)

        def length(shown: tuple[str, tuple[str, ...], bool]) -> int:
            return cell_len(shown[0]) + cell_len(glyphs.separator.join(shown[1]))

        return [
            [
                panel_text(SeatPanel(title, list(lines), active), number, glyphs)
                for title, lines, active in sorted(panels, key=length, reverse=True)[:keep]
            ]
            for number, panels in enumerate(seen)
        ]

    def choose_action(self, action: Any) -> None:
        self.problem = READ_ONLY
        self.refresh_table()

    def refresh_table(self) -> None:
        super().refresh_table()  # type: ignore[misc]
        if self._bar is None:
            # Looked up once: a query walks the whole screen, at every step.
            self._bar = next(iter(self.query(ReplayBar)), None)  # type: ignore[attr-defined]
        if self._bar is not None:
            self._bar.show_position(self.replay, self.viewer)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in _PLAYING:
            return False
        if action in _MOVING:
            # Always taken, so a key another widget binds too (a board's arrows, a game's
            # `g` or `c`) never reaches it; where it cannot act, the action says why.
            return True
        return super().check_action(action, parameters)  # type: ignore[misc]

    def refusal(self, action: str, parameters: tuple[object, ...] = ()) -> str:
        replay = self.replay
        forward = bool(parameters) and isinstance(parameters[0], int) and parameters[0] > 0
        if action in _PLAYING:
            return READ_ONLY
        if action in ("step", "turn_step"):
            if forward and replay.position == replay.length:
                return "This is the last action of the journal."
            if not forward and replay.position == 0:
                return "This is the start of the game."
        if action == "home" and replay.position == 0:
            return "This is the start of the game."
        if action == "end" and replay.position == replay.length:
            return "This is the last action of the journal."
        if action == "go_to" and len(replay.turn_starts) < 2:
            return "This game has a single turn so far."
        if action == "next_view" and len(self._views()) < 2:
            return "Before the game's end a replay shows one seat's view: open it again to look as another seat."
        if action == "chart" and not replay.chart_allowed():
            return "Scores over time may count secrets: the chart opens once the game is over."
        return super().refusal(action, parameters)  # type: ignore[misc]

    def action_whole_log(self) -> None:
        from tui.screens.log import LogScreen
        from tui.widgets.table import name_seats

        names = [seat.name for seat in self.replay.seats]
        lines = [name_seats(line, names) for line in self.replay.whole_log_lines(self.viewer)]
        self.app.push_screen(LogScreen(self.replay.engine.info.title, lines))  # type: ignore[attr-defined]

    # -- moving ----------------------------------------------------------------------------------
    def _refused(self, action: str, parameters: tuple[object, ...] = ()) -> bool:
        """Say why `action` cannot act now, if it cannot."""
        reason = self.refusal(action, parameters)
        if reason:
            self.problem = reason
            self.refresh_table()
        return bool(reason)

    def _moved(self) -> None:
        self.problem = ""
        self.refresh_table()

    def action_step(self, count: int) -> None:
        if not self._refused("step", (count,)):
            self.replay.step(count)
            self._moved()

    def action_turn_step(self, direction: int) -> None:
        if self._refused("turn_step", (direction,)):
            return
        if direction > 0:
            self.replay.next_turn()
        else:
            self.replay.previous_turn()
        self._moved()

    def action_home(self) -> None:
        if not self._refused("home"):
            self.replay.go_to(0)
            self._moved()

    def action_end(self) -> None:
        if not self._refused("end"):
            self.replay.go_to(self.replay.length)
            self._moved()

    def action_go_to(self) -> None:
        if self._refused("go_to"):
            return
        low, high = self.replay.turn_range

        def chosen(turn: int | None) -> None:
            if turn is not None:
                self.replay.go_to_turn(turn)
                self._moved()

        self.app.push_screen(GoToTurn(low, high), chosen)  # type: ignore[attr-defined]

    def _views(self) -> list[int | None]:
        replay = self.replay
        return replay.seat_choices() if replay.finished else [replay.seat]

    def action_next_view(self) -> None:
        if self._refused("next_view"):
            return
        views = self._views()
        current = self.viewer if self.viewer in views else views[0]
        seat = views[(views.index(current) + 1) % len(views)]
        try:
            self.replay.look_as(seat)
        except IllegalAction as refused:
            self.problem = refused.reason
            self.refresh_table()
            return
        self.viewer = seat
        self._show_whose_screen()  # type: ignore[attr-defined]
        self._moved()
        self._keep_panel_room()

    def action_chart(self) -> None:
        if self._refused("chart"):
            return
        from tui.screens.scores import ScoresScreen

        self.app.push_screen(ScoresScreen(self.replay.score_history(), mark_turn=self.replay.turn))  # type: ignore[attr-defined]


class GoToTurn(ModalScreen[int | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="goto.cancel")]

    def __init__(self, low: int, high: int) -> None:
        super().__init__()
        self.low, self.high = low, high

    def compose(self) -> ComposeResult:
        with Vertical(id="goto-box"):
            # Enter is the text box's own key (Textual's Input): no binding id remaps it.
            hint = f"Go to turn ({self.low}-{self.high}), {fixed_key(self, 'enter')}; {{goto.cancel}} cancels"
            yield Static(with_keys(self, hint), classes="title", markup=False)
            yield Input(placeholder=f"{self.low}-{self.high}", type="integer", id="goto-input")
            yield Static("", id="goto-problem")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text.lstrip("-").isdigit():
            self.query_one("#goto-problem", Static).update(Text(f"Type a turn number from {self.low} to {self.high}."))
            return
        self.dismiss(int(text))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ReplayGameScreen(ReplayScreen, GameScreen):
    """The shared frame, for games without a screen of their own."""

    BINDINGS = REPLAY_BINDINGS


def replay_screen_class(game_id: str) -> type[GameScreen]:
    """The game's own screen (as the local app picks it) with ReplayScreen mixed in first."""
    from tui.opening import screen_class

    cls = screen_class(game_id)
    if cls is GameScreen:
        return ReplayGameScreen
    return type(f"Replay{cls.__name__}", (ReplayScreen, cls), {"BINDINGS": REPLAY_BINDINGS})


def open_replay_screen(app: Any, replay: ReplayMatch) -> None:
    screen_type: Any = replay_screen_class(replay.game_id)  # the mixin's constructor: a ReplayMatch
    app.push_screen(screen_type(replay))


__all__ = ["ReplayBar", "ReplayScreen", "GoToTurn", "open_replay_screen", "replay_screen_class"]


class SeatPicker(ModalScreen[tuple[int | None] | None]):
    """Before the end of a game with secrets: whose view the replay shows, throughout."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="seat_picker.cancel")]

    def __init__(self, replay: ReplayMatch) -> None:
        super().__init__()
        self.replay = replay
        self.choices = replay.seat_choices()

    def compose(self) -> ComposeResult:
        from textual.widgets import OptionList
        from textual.widgets.option_list import Option

        with Vertical(id="seat-picker-box"):
            # Enter is the list's own key (Textual's OptionList): no binding id remaps it.
            enter = fixed_key(self, "enter")
            yield Static(
                with_keys(
                    self,
                    f"This game is not over: the replay shows what one seat saw. Whose view? ({enter}; {{seat_picker.cancel}} cancels)",
                ),
                classes="title",
                markup=False,
            )
            yield OptionList(
                *(Option(Text(seat_label(self.replay, seat))) for seat in self.choices), id="seat-picker", markup=False
            )

    def on_option_list_option_selected(self, event: Any) -> None:
        self.dismiss((self.choices[event.option_index],))

    def action_cancel(self) -> None:
        self.dismiss(None)


def needs_seat_choice(replay: ReplayMatch) -> bool:
    """Before the end of a game with secrets played by several people: whose view?"""
    return not replay.finished and replay.engine.info.flags.hidden_information and len(replay.seat_choices()) > 2


def open_replay_file(app: Any, path: Any, seat: int | None = None, *, ask: bool = True) -> bool:
    """Replay the save at `path` (read once, never locked or written): before its end, as
    `seat` saw it, asked for when the game has secrets and several people played it."""
    from saves.errors import SaveError
    from saves.replay import default_seat, open_replay

    try:
        replay = open_replay(path, seat=seat)
    except SaveError as error:
        app.notify(str(error), severity="error", timeout=10, markup=False)
        return False
    except IllegalAction as refused:
        app.notify(refused.reason, severity="error", timeout=10, markup=False)
        return False
    if seat is None and ask and needs_seat_choice(replay):

        def chosen(picked: tuple[int | None] | None) -> None:
            if picked is not None:
                replay.look_as(picked[0], opening=True)
                replay.go_to(0)
                open_replay_screen(app, replay)

        app.push_screen(SeatPicker(replay), chosen)
        return True
    if seat is None:
        replay.look_as(default_seat(replay) if replay.finished or not needs_seat_choice(replay) else None, opening=True)
    replay.go_to(0)
    open_replay_screen(app, replay)
    return True
