"""New game: seats (name, human or bot level), the game's options, and an optional seed."""

from __future__ import annotations

import functools
import inspect
import os
import re
import typing
from typing import Any

import msgspec
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from engines.core.errors import BadOptions
from engines.core.levels import bot_seat_name, default_level, level_key, level_name, offered_levels
from engines.core.match import Match, SeatSpec, random_seed
from engines.registry import find_game, load_engine
from saves.limits import MAX_SEAT_NAME, clean_name, seed_problem
from tui.screens.styled import StyledOnOpen
from tui.widgets.choice import ChoiceField
from tui.widgets.first_layout import scrollbar_from_first_frame
from tui.widgets.footer import SteadyFooter
from tui.widgets.title_bar import TitleBar

# `campfire serve` names the first seat after the SSH username (already sanitised).
PLAYER_NAME_ENV = "CAMPFIRE_PLAYER_NAME"


class OptionField(msgspec.Struct, frozen=True):
    """One game option as the setup form shows it."""

    name: str
    choices: list[str]  # empty: typed in
    default: str
    hint: str = ""
    meaning: str = ""

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").capitalize()


def option_fields(options_type: type[msgspec.Struct]) -> list[OptionField]:
    """Every option, in declaration order: a closed choice for Literal and bool fields, a
    text box for numbers and lists of seat numbers."""
    return list(_option_fields(options_type))


@functools.cache
def _option_fields(options_type: type[msgspec.Struct]) -> tuple[OptionField, ...]:
    # Read once per game: the meanings come from the engine's source file.
    hints = typing.get_type_hints(options_type)
    meanings = option_help(options_type)
    defaults = options_type()
    fields = []
    for name in options_type.__struct_fields__:
        hint = hints[name]
        default = getattr(defaults, name)
        meaning = meanings.get(name, "")
        if typing.get_origin(hint) is typing.Literal:
            fields.append(OptionField(name, [str(c) for c in typing.get_args(hint)], str(default), meaning=meaning))
        elif hint is bool:
            fields.append(OptionField(name, ["no", "yes"], "yes" if default else "no", meaning=meaning))
        elif hint is int:
            fields.append(OptionField(name, [], str(default), "a whole number", meaning))
        elif typing.get_origin(hint) in (tuple, list):
            fields.append(OptionField(name, [], ",".join(map(str, default)), "numbers, e.g. 1,3", meaning))
        # Other kinds (board names and the like) keep their defaults in the form.
    return tuple(fields)


_OPTION_DOC = re.compile(r"^\s*#:\s?(.*)$")
_FIELD = re.compile(r"^\s*(\w+)\s*:")


def option_help(options_type: type) -> dict[str, str]:
    """What each option means, from the `#:` comment lines above its field in the engine's
    options Struct (the engines' own documentation, so the form and the code never differ)."""
    try:
        source = inspect.getsource(options_type)
    except (OSError, TypeError):
        return {}
    found: dict[str, str] = {}
    pending: list[str] = []
    for line in source.splitlines()[1:]:
        doc = _OPTION_DOC.match(line)
        if doc:
            pending.append(doc.group(1).strip())
            continue
        field = _FIELD.match(line)
        if field and pending:
            found[field.group(1)] = " ".join(pending)
        pending = []
    return found


def read_option(field: OptionField, text: str) -> object:
    if field.choices == ["no", "yes"]:
        return text == "yes"
    if field.choices:
        return text
    if field.hint == "a whole number":
        return int(text)
    return [int(part) for part in text.replace(" ", "").split(",") if part]


def default_seat_name(engine: Any, kind: str, number: int) -> str:
    """What a seat is called when nobody names it: "Player 2", "Hard bot 2" (the first
    seat's person, after the SSH username when there is one)."""
    if kind != "human":
        return bot_seat_name(level_key(engine, kind), number)
    if number == 1:
        return os.environ.get(PLAYER_NAME_ENV, "").strip() or "Player 1"
    return f"Player {number}"


class SeatRow(Horizontal):
    def __init__(self, number: int, name: str, kind: str, kinds: list[str], engine: Any) -> None:
        super().__init__(classes="seat-row")
        self._engine = engine
        self.number = number
        self._seat_name = name
        self._kind = kind
        self._kinds = kinds

    def compose(self) -> ComposeResult:
        yield Label(f"Seat {self.number}", classes="hint")
        yield Input(value=self._seat_name, placeholder="name", classes="seat-name", max_length=MAX_SEAT_NAME)
        yield ChoiceField(self._kinds, self._kind, classes="seat-kind")

    def on_mount(self) -> None:
        self.watch(self.query_one(".seat-kind", ChoiceField), "value", self._kind_changed, init=False)

    def _kind_changed(self, kind: str) -> None:
        # A name the form gave follows the kind (a person was called "Normal bot 2");
        # a name somebody typed stays.
        name = self.query_one(".seat-name", Input)
        if name.value == default_seat_name(self._engine, self._kind, self.number):
            name.value = default_seat_name(self._engine, kind, self.number)
        self._kind = kind

    def spec(self) -> SeatSpec:
        name = clean_name(self.query_one(".seat-name", Input).value)[:MAX_SEAT_NAME] or f"Player {self.number}"
        kind = self.query_one(".seat-kind", ChoiceField).value
        if kind == "human":
            return SeatSpec(name=name)
        # The form shows the names players read ("normal"); the seat keeps the engine's key.
        return SeatSpec(name=name, kind="bot", level=level_key(self._engine, kind))


class SetupScreen(StyledOnOpen, Screen[None]):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="setup.back"),
        Binding("ctrl+n", "add_seat", "Add seat", id="setup.add_seat"),
        Binding("ctrl+d", "remove_seat", "Remove seat", id="setup.remove_seat"),
    ]
    # The Start button has the focus, so Enter starts at once; the first Tab wraps round to
    # the first seat's name (the scrolling body itself takes no focus).
    AUTO_FOCUS = "#start"

    def __init__(self, game_id: str) -> None:
        super().__init__()
        #: The game being set up: the palette over the form offers its rules topics.
        self.game_id = game_id
        self.entry = find_game(game_id)
        self.engine = load_engine(game_id)
        self.kinds = ["human", *offered_levels(self.engine)]

    def compose(self) -> ComposeResult:
        info = self.engine.info
        yield TitleBar(icon="*")
        with VerticalScroll(id="setup-body", can_focus=False):
            yield Static(f"New game of {info.title} ({info.min_seats}-{info.max_seats} players)", classes="title")
            with Vertical(id="seats"):
                for number in range(1, info.min_seats + 1):
                    yield self._seat_row(number)
            for field in option_fields(self.engine.options_type):
                with Horizontal(classes="seat-row"):
                    yield Label(field.label, classes="hint")
                    if field.choices:
                        yield ChoiceField(field.choices, field.default, id=f"option-{field.name}")
                    else:
                        yield Input(field.default, placeholder=field.hint, id=f"option-{field.name}")
                if field.meaning:
                    yield Static(field.meaning, classes="hint option-meaning", markup=False)
            with Horizontal(classes="seat-row"):
                yield Label("Seed", classes="hint")
                yield Input(placeholder="blank = random", id="seed-input", type="integer")
            yield Static(id="setup-error", classes="error", markup=False)
            yield Button("Start game", id="start", variant="primary")
        # Textual's footer rebuilt its keys once for each of the four bindings refreshes
        # that opening the form brings (some 25 ms each); this one builds them with the form.
        yield SteadyFooter(keys_at_once=True)

    def scroll_to_center(self, widget: Widget, animate: bool = True, **kwargs: Any) -> None:
        # Focus scrolls the field into view; gliding there kept a form taller than the
        # terminal moving for some 200 ms after it opened (the Start button is at its foot).
        super().scroll_to_center(widget, animate=False, **kwargs)

    def on_mount(self) -> None:
        self._open_at_start_button()
        # The game's stylesheet, while the player reads the form rather than after Start.
        load_game_styles = getattr(self.app, "load_game_styles", None)
        if load_game_styles is not None:
            self.call_after_refresh(load_game_styles, self.entry.id)
        from tui.opening import rehearse_start

        self.call_after_refresh(rehearse_start, self.entry.id)

    def _open_at_start_button(self) -> None:
        """A form taller than the terminal (a game with many options, at 24 rows) opens at its
        Start button, which has the focus. Scrolling there waited for the first layout, so
        the form was drawn at its top and again at its foot; Textual's anchor drew a blank
        first frame and set a form that fits at the foot of a tall terminal. Here the
        layout the first frame will use (cached, so laid out once) tells how far down the
        foot is, and the form starts scrolled there."""
        body = self.query_one("#setup-body", VerticalScroll)
        # Its scrollbar shows from the first frame too (the text beside it wraps to the
        # width that leaves), rather than from a second layout.
        view = scrollbar_from_first_frame(body)
        if view is None:
            return
        below = body.arrange(view.size).spatial_map.total_region.bottom - view.height
        body.set_reactive(Widget.scroll_y, below)
        body.set_reactive(Widget.scroll_target_y, below)

    def _seat_row(self, number: int) -> SeatRow:
        best_bot = default_level(self.engine)
        kind = "human" if number == 1 or best_bot is None else level_name(best_bot)
        return SeatRow(number, default_seat_name(self.engine, kind, number), kind, self.kinds, self.engine)

    def action_add_seat(self) -> None:
        seats = self.query_one("#seats", Vertical)
        count = len(seats.children)
        if count >= self.engine.info.max_seats:
            self.notify(f"{self.engine.info.title} takes at most {self.engine.info.max_seats} players.")
            return
        seats.mount(self._seat_row(count + 1))

    def action_remove_seat(self) -> None:
        seats = self.query_one("#seats", Vertical)
        if len(seats.children) <= self.engine.info.min_seats:
            self.notify(f"{self.engine.info.title} needs at least {self.engine.info.min_seats} players.")
            return
        seats.children[-1].remove()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.start()

    def start(self) -> None:
        error = self.query_one("#setup-error", Static)
        seats = [row.spec() for row in self.query(SeatRow)]
        seed_text = self.query_one("#seed-input", Input).value.strip()
        try:
            raw_options = {}
            for field in option_fields(self.engine.options_type):
                widget = self.query_one(f"#option-{field.name}")
                assert isinstance(widget, (ChoiceField, Input))  # as compose built it
                text = str(widget.value).strip()
                try:
                    raw_options[field.name] = read_option(field, text)
                except ValueError:
                    raise BadOptions(f"{field.label}: '{text}' is not {field.hint}.") from None
            options = msgspec.convert(raw_options, type=self.engine.options_type)
            seed = int(seed_text) if seed_text else random_seed()
            if seed_problem(seed):
                raise ValueError(f"Seed: {seed_problem(seed)}.")
            match = Match(self.engine, options, seats, seed)
        except (BadOptions, msgspec.ValidationError, ValueError) as problem:
            error.update(str(problem))
            # Under the last field: in a form taller than the terminal, Enter in a field
            # near its top seemed to do nothing.
            self.call_after_refresh(error.scroll_visible, animate=False)
            return
        from tui.opening import open_match

        open_match(self.app, match, path=None, replace=True)
