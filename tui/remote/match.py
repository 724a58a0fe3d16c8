"""A match that lives on the table host: what the game screen needs, from the last Update.

It implements `engines.core.seat_match.SeatMatch` (actors, legal actions, log lines, view,
summary, outcome, act, refusal) but never holds a state or a seed: everything comes computed
for this client's seat by the server. Its legal actions are the engine's own (decoded from
the Update), so a game's screen works as at a local table; `act` sends one as text and the
answer arrives later as a new Update, a Stale or a Refused.
"""

from __future__ import annotations

import time
import typing
from typing import Any

import msgspec

from engines.core.errors import IllegalAction
from engines.core.match import SeatSpec
from engines.core.protocol import Engine, Outcome, Summary
from server.client import TableClient
from server.protocol import Act, LegalAction, Probe, ProbeAnswer, Update


def view_type(engine: Engine) -> Any:
    """The Struct an engine's `view` returns, to decode the view the server sent."""
    return typing.get_type_hints(type(engine).view)["return"]


def actions_type(engine: Engine) -> Any:
    """The list of actions an engine's `legal_actions` returns, to decode the server's."""
    return typing.get_type_hints(type(engine).legal_actions)["return"]


class RemoteMatch:
    def __init__(self, engine: Engine, client: TableClient, update: Update) -> None:
        self.engine = engine
        self.client = client
        self.table_id = update.table
        self._view_type = view_type(engine)
        self._actions_type = actions_type(engine)
        self._legal: list[Any] = []
        self._labels: dict[str, str] = {}  # an action's text -> how the list shows it
        self._log: list[str] = []  # the game's lines as the server numbers them
        #: Chat lines, each with how many game lines came before it: said aloud, a chat
        #: line stays when the server sends the log again or rewrites its end.
        self._chats: list[tuple[int, str]] = []
        self.update: Update = update
        self._turn_started = time.monotonic()
        self._refusals: dict[tuple[int, str], str | None] = {}  # (version, text) -> answer
        self._asked: set[tuple[int, str]] = set()
        self.receive(update)

    # -- from the server ---------------------------------------------------------------
    def receive(self, update: Update) -> None:
        # The lines that really changed (an undo) go; chat said after them stays, after
        # the lines kept. A log sent again unchanged keeps every chat line where it was.
        before = self._log[update.log_from :]
        differs = next((n for n, (old, new) in enumerate(zip(before, update.log)) if old != new), None)
        kept = update.log_from + (min(len(before), len(update.log)) if differs is None else differs)
        self._chats = [(min(at, kept), line) for at, line in self._chats]
        self._log = self._log[: update.log_from] + list(update.log)
        if update.actors != self.update.actors:
            self._turn_started = time.monotonic()
        self.update = update
        self._received = time.monotonic()
        self._view = msgspec.msgpack.decode(update.view, type=self._view_type)
        self._labels = {a.text: a.label for a in update.legal}
        if update.actions:
            self._legal = msgspec.msgpack.decode(update.actions, type=self._actions_type)
        else:  # a server that sends only texts: the list shows and sends them as they are
            self._legal = list(update.legal)

    # -- what the screen reads ---------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.engine.info.id

    @property
    def seat(self) -> int | None:
        return self.update.seat

    @property
    def version(self) -> int:
        return self.update.version

    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        return tuple(
            SeatSpec(name=s.name, kind="bot", level=s.level) if s.kind == "bot" else SeatSpec(name=s.name)
            for s in self.update.seats
        )

    @property
    def journal(self) -> range:
        """Only its length is known here: the version."""
        return range(self.update.version)

    def actors(self) -> tuple[int, ...]:
        return tuple(self.update.actors)

    def is_over(self) -> bool:
        return self.update.over

    def legal_actions(self, seat: int | None) -> list[Any]:
        return list(self._legal) if seat is not None and seat == self.seat else []

    def log_lines(self, viewer: int | None) -> list[str]:
        lines: list[str] = []
        start = 0
        for at, chat in self._chats:  # in the order said, so `at` never goes down
            lines += self._log[start:at]
            lines.append(chat)
            start = at
        return lines + self._log[start:]

    @property
    def chats(self) -> list[tuple[int, str]]:
        """The chat lines shown, each with how many of the game's lines came before it."""
        return list(self._chats)

    def add_chat(self, line: str, at: int | None = None) -> None:
        """A chat line said after the game's first `at` lines (None: after all of them, as
        it arrives); never before a chat line already placed, so the panel keeps their order."""
        placed = len(self._log) if at is None else min(at, len(self._log))
        if self._chats:
            placed = max(placed, self._chats[-1][0])
        self._chats.append((placed, line))

    def view(self, viewer: int | None) -> Any:
        return self._view

    def summary(self, viewer: int | None) -> Summary:
        waiting = self.waiting_note()
        summary = self.update.summary
        return msgspec.structs.replace(summary, status=f"{summary.status}  ({waiting})") if waiting else summary

    def waiting_note(self) -> str:
        """Who else must act and for how long they have been thinking; who is away."""
        if self.update.over:
            return ""
        notes = []
        # A player who is away is said so below, not said to be thinking.
        others = [a for a in self.update.actors if a >= 0 and a != self.seat and self.update.seats[a].away is None]
        if others:
            names = ", ".join(self.update.seats[a].name for a in others)
            notes.append(f"{names} thinking {_minutes(time.monotonic() - self._turn_started)}")
        away = self.absent_seat()
        seat = self.update.seats[away] if away is not None else None
        if seat is not None and seat.away is not None:
            notes.append(f"{seat.name} away {_minutes(seat.away + time.monotonic() - self._received)}")
        return "; ".join(notes)

    def absent_seat(self) -> int | None:
        """The first other player's seat whose player is away."""
        for number, seat in enumerate(self.update.seats):
            if seat.kind == "human" and seat.away is not None and number != self.seat:
                return number
        return None

    def outcome(self) -> Outcome | None:
        return self.update.outcome

    def finished_match(self) -> Any:
        """The whole game once it is over (the end screen's chart and Review), read from
        the host's store beside its socket; None when that is not at hand."""
        if not self.is_over():
            return None
        from tui.remote.review import finished_table_match

        return finished_table_match(self.table_id)

    def describe(self, action: Any) -> str:
        if isinstance(action, LegalAction):
            return action.label
        text = self._text(action)
        return self._labels.get(text) or self.engine.describe_action(action)

    def undoable(self, seat: int) -> int:
        return 0

    def undo(self, seat: int) -> None:
        raise IllegalAction("Moves at a table cannot be taken back.")

    def next_bot_or_auto(self) -> tuple[int, Any] | None:
        return None  # the server's bots act for their seats

    def thinking_seat(self) -> int | None:
        """The seat whose bot the server says is thinking, until its next Update."""
        return None if self.update.over else self.update.thinking

    def shows_secret(self, seat: int | None) -> bool:
        return False

    def _text(self, action: LegalAction | msgspec.Struct | str) -> str:
        if isinstance(action, LegalAction):
            return action.text
        if isinstance(action, msgspec.Struct):
            return self.engine.format_action(action)
        return action

    def refusal(self, seat: int, action: Any) -> str | None:
        """The engine's sentence refusing `action`, asked of the server once per version;
        None while the answer is on its way, or when the action is allowed."""
        if seat != self.seat:
            return "You can only act for your own seat."
        key = (self.version, self._text(action))
        if key in self._refusals:
            return self._refusals[key]
        if key not in self._asked:
            self._asked.add(key)
            self.client.send(Probe(table=self.table_id, version=key[0], action=key[1]))
        return None

    def store_refusal(self, answer: ProbeAnswer) -> None:
        if answer.version != self.version:
            return
        self._refusals = {k: v for k, v in self._refusals.items() if k[0] == self.version}
        self._refusals[(answer.version, answer.action)] = answer.reason

    def parse_action(self, seat: int, text: str) -> Any:
        """The listed action `text` names, or the text itself: a typed guess is read by the
        server against the state only it holds, and refused there with the engine's reason."""
        wanted = " ".join(text.split())
        if seat != self.seat:
            raise IllegalAction("You can only act for your own seat.")
        return next((a for a in self.legal_actions(seat) if self._text(a).casefold() == wanted.casefold()), wanted)

    # -- acting ------------------------------------------------------------------------------
    def act(self, seat: int, action: LegalAction | msgspec.Struct | str) -> None:
        """Send the action chosen on this version (from the list, the board, or typed);
        the server's answer arrives later."""
        if seat != self.seat:
            raise IllegalAction("You can only act for your own seat.")
        self.client.send(Act(table=self.table_id, version=self.update.version, action=self._text(action)))


def _minutes(seconds: float) -> str:
    """Whole minutes: the note changes once a minute, so a player who only waits gets a
    repaint a minute, not one a second (bytes over SSH, and CPU for every waiting process)."""
    whole = int(seconds) // 60
    return "under a minute" if whole < 1 else f"{whole} min"
