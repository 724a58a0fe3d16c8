"""Starting a remote table (game, seats open or bot, options, public or private) and
joining a private one by its invite code."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

import msgspec

from engines.core.errors import BadOptions
from engines.core.levels import offered_levels, resolve_level
from engines.core.protocol import Engine
from engines.registry import GAMES, load_engine
from saves.start import parse_options
from server.protocol import INVITE_LENGTH, ONE_SEAT_EACH, CreateTable, SeatRequest


def read_seats(text: str, engine: Engine[Any, Any]) -> list[SeatRequest]:
    """`me,open,normal`: your seat, a seat for a friend, a bot of that level (any name of
    it: `heuristic` is the normal bot)."""
    seats = []
    for word in filter(None, (w.strip().lower() for w in text.split(","))):
        level = resolve_level(engine, word)
        if word == "me":
            seats.append(SeatRequest("me"))
        elif word == "open":
            seats.append(SeatRequest("open"))
        elif level is not None:
            seats.append(SeatRequest("bot", level))
        else:
            choices = ", ".join(["me", "open", *offered_levels(engine)])
            raise BadOptions(f"A seat is one of {choices}, not '{word}'.")
    if sum(1 for seat in seats if seat.kind == "me") > 1:
        raise BadOptions(ONE_SEAT_EACH)  # the host would refuse it, and the dialog be gone
    return seats


def levels_hint(game: str) -> str:
    """The bot levels `game` offers, weakest first."""
    return f"Bot levels: {', '.join(offered_levels(load_engine(game)))}"


class CreateTableScreen(ModalScreen[CreateTable | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="create.cancel")]

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player

    def compose(self) -> ComposeResult:
        ready = [(g.title, g.id) for g in GAMES if g.ready]
        with Vertical(id="create-box"):
            yield Static("A new table", classes="title")
            yield Label("Game")
            yield Select(ready, value=ready[0][1], allow_blank=False, compact=True, id="create-game")
            yield Label("Seats: me, open (for a friend) or a bot level, in order")
            yield Static(levels_hint(ready[0][1]), id="create-levels", classes="hint", markup=False)
            yield Input(value="me,open", compact=True, id="create-seats")
            yield Label("Options, key=value separated by spaces (empty: the defaults)")
            yield Input(compact=True, id="create-options")
            yield Select(
                [("Public: listed for everyone", "public"), ("Private: by invite code", "private")],
                value="public",
                allow_blank=False,
                compact=True,
                id="create-visibility",
            )
            yield Static("", id="create-problem", classes="error", markup=False)
            with Horizontal(id="create-buttons"):
                yield Button("Create", id="create-go", variant="primary", compact=True)
                yield Button("Cancel", id="create-cancel", compact=True)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "create-game":
            self.query_one("#create-levels", Static).update(levels_hint(str(event.value)))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create-go":
            self._create()
        else:
            self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._create()

    def _create(self) -> None:
        game = str(self.query_one("#create-game", Select).value)
        engine = load_engine(game)
        try:
            seats = read_seats(self.query_one("#create-seats", Input).value, engine)
            pairs = self.query_one("#create-options", Input).value.split()
            parsed = parse_options(engine, pairs)
            engine.check_setup(parsed, len(seats))  # the host would refuse it, and the dialog be gone
            options = msgspec.to_builtins(parsed)
        except BadOptions as problem:
            self.query_one("#create-problem", Static).update(str(problem))
            return
        public = self.query_one("#create-visibility", Select).value == "public"
        self.dismiss(CreateTable(game=game, seats=seats, options=options, public=public))

    def action_cancel(self) -> None:
        self.dismiss(None)


class InviteCodeScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="invite.cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="invite-box"):
            yield Static("Join a private table", classes="title")
            yield Input(placeholder="its 6-letter invite code", max_length=INVITE_LENGTH, id="invite-code")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip().upper() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
