"""A finished or unfinished game looked back at: the third implementation of the screen
interface (`engines.core.seat_match.SeatMatch`), after the local and the remote match.

A `ReplayMatch` holds a match rebuilt from its journal and a position in it (how many of
the journal's actions have been applied). Every state along the journal is already kept by
the match (for undo), so moving to any position is a list look-up, not a replay. It is
read-only: acting and undoing are refused with a sentence, and nothing is ever written.

Who sees what: before the game's end (a save in progress, a hot-seat file) the replay shows
one seat's view at every moment, chosen when it opens, whatever a screen asks for; after the
end everything is revealed (any seat's view, and every private line of the log).

A "turn" is the engine's own turn counter (`Summary.turn`, the same one undo stops at): a
turn starts at each position where it differs from the position before. No game is named.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from engines.core.errors import IllegalAction
from engines.core.match import JournalEntry, LogEntry, Match, SeatSpec
from engines.core.protocol import Engine, Outcome, Summary

#: What acting, undoing or typing an action in a replay is told.
READ_ONLY = "This is a replay: nothing can be played or undone here."


class ScoreHistory(msgspec.Struct, frozen=True):
    """Each player's score at the end of every turn (seats first, then rivals such as an
    automa), read from the engine's outcome of the state at that moment."""

    names: list[str]
    turns: list[int]
    #: One row per name, one score per turn.
    scores: list[list[int]]
    #: The outcome at the journal's end (None while the game is not over).
    final: Outcome | None


class ReplayMatch:
    """A match seen at one position of its journal, stepped through without changing it."""

    def __init__(self, match: Match, *, seat: int | None = None, position: int | None = None) -> None:
        self.engine: Engine[Any, Any] = match.engine
        self.options = match.options
        self.seed = match.seed
        self.entries: tuple[JournalEntry, ...] = tuple(match.journal)
        self._match = match
        self._seats = tuple(match.seats)
        #: Whether the journal reaches the game's end: then everything may be revealed.
        self.finished = match.is_over()
        self.length = len(self.entries)
        self.seat: int | None = None
        self.look_as(seat, opening=True)
        self._log: list[LogEntry] = list(match.log)
        indexes = [entry.index for entry in self._log]
        # The log lines shown at position p are those of the first p actions.
        self._log_ends = [bisect_left(indexes, p) for p in range(self.length + 1)]
        #: The engine's turn counter at every position.
        self.turns = [self.engine.headline(match.state_after(p))[0] for p in range(self.length + 1)]
        #: The positions where a turn starts (0 is always one).
        self.turn_starts = [0] + [p for p in range(1, self.length + 1) if self.turns[p] != self.turns[p - 1]]
        self.position = self.length
        self.go_to(self.length if position is None else position)
        self._history: ScoreHistory | None = None
        #: With a number, `log_lines` gives only that many of the latest lines: a viewer's
        #: log panel shows a few, and laying out a long game's whole log again at every step
        #: was most of a step's time. `whole_log_lines` gives them all.
        self.log_window: int | None = None

    # -- whose eyes ------------------------------------------------------------------------
    def seat_choices(self) -> list[int | None]:
        """Whose view the replay may show (None: the public table). Before the end of a game
        with hidden information, only people's seats (a bot's hand is not for peeking at a
        game that may go on); after it, or without secrets, every seat."""
        everyone: list[int | None] = [None, *range(len(self._seats))]
        if self.finished or not self.engine.info.flags.hidden_information:
            return everyone
        humans = [n for n, seat in enumerate(self._seats) if not seat.is_bot]
        return [None, *(humans or range(len(self._seats)))]

    def look_as(self, seat: int | None, *, opening: bool = False) -> None:
        """Show `seat`'s view from now on. Before the game's end the view is chosen once, when
        the replay opens (IllegalAction otherwise, with the reason): some games keep a
        seat's secrets even without a curtain (a peeked card)."""
        if seat not in self.seat_choices():
            raise IllegalAction("That seat's view cannot be shown in this replay.")
        if not self.finished and not opening and seat != self.seat:
            raise IllegalAction(
                "Before the game's end a replay shows one seat's view: open it again to look as another seat."
            )
        self.seat = seat

    def perspective(self, viewer: int | None) -> int | None:
        """The seat whose view is really shown when a screen asks for `viewer`'s."""
        return viewer if self.finished else self.seat

    # -- moving ------------------------------------------------------------------------------
    def go_to(self, position: int) -> int:
        self.position = max(0, min(self.length, position))
        self._state = self._match.state_after(self.position)
        return self.position

    def step(self, count: int) -> int:
        return self.go_to(self.position + count)

    def next_turn(self) -> int:
        later = [p for p in self.turn_starts if p > self.position]
        return self.go_to(later[0] if later else self.length)

    def previous_turn(self) -> int:
        earlier = [p for p in self.turn_starts if p < self.position]
        return self.go_to(earlier[-1] if earlier else 0)

    def go_to_turn(self, turn: int) -> int:
        """The start of `turn`, or of the first turn after it; the end past the last one."""
        for start in self.turn_starts:
            if self.turns[start] >= turn:
                return self.go_to(start)
        return self.go_to(self.length)

    @property
    def turn(self) -> int:
        return self.turns[self.position]

    @property
    def turn_range(self) -> tuple[int, int]:
        return min(self.turns), max(self.turns)

    def state_digest(self) -> str:
        """The fingerprint of the state shown (the digest save files record)."""
        return self.engine.digest(self._state)

    # -- the screen interface -----------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.engine.info.id

    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        return self._seats

    @property
    def journal(self) -> range:
        """How far the game has gone at this position."""
        return range(self.position)

    def actors(self) -> tuple[int, ...]:
        return self.engine.actors(self._state)

    def is_over(self) -> bool:
        return self.engine.is_over(self._state)

    def legal_actions(self, seat: int) -> list[Any]:
        return []  # nothing is played in a replay

    def log_lines(self, viewer: int | None) -> list[str]:
        end = self._log_ends[self.position]
        start = 0 if self.log_window is None else max(0, end - self.log_window)
        return self._lines(self._log[start:end], viewer)

    def whole_log_lines(self, viewer: int | None) -> list[str]:
        return self._lines(self._log[: self._log_ends[self.position]], viewer)

    def _lines(self, shown: list[LogEntry], viewer: int | None) -> list[str]:
        if self.finished:
            return [entry.event.private or entry.event.text for entry in shown]
        who = self.perspective(viewer)
        return [entry.event.for_viewer(who) for entry in shown]

    def view(self, viewer: int | None) -> Any:
        return self.engine.view(self._state, self.perspective(viewer))

    def summary(self, viewer: int | None) -> Summary:
        return self.engine.summary(self._state, self.perspective(viewer))

    def outcome(self) -> Outcome | None:
        return self.engine.outcome(self._state) if self.is_over() else None

    def describe(self, action: Any) -> str:
        return self.engine.describe_action(action)

    def undoable(self, seat: int) -> int:
        return 0

    def act(self, seat: int, action: Any) -> Any:
        raise IllegalAction(READ_ONLY)

    def act_text(self, seat: int, text: str) -> Any:
        raise IllegalAction(READ_ONLY)

    def undo(self, seat: int) -> None:
        raise IllegalAction(READ_ONLY)

    def refusal(self, seat: int, action: Any) -> str | None:
        return READ_ONLY

    def shows_secret(self, seat: int) -> bool:
        return False  # one view at a time, chosen when the replay opened: no curtain

    def parse_action(self, seat: int, text: str) -> Any:
        raise IllegalAction(READ_ONLY)

    def next_bot_or_auto(self) -> None:
        return None  # bots played when the game was played

    def thinking_seat(self) -> None:
        return None  # nobody thinks in a replay

    # -- reading the whole game --------------------------------------------------------------
    def next_entry(self) -> JournalEntry | None:
        """The action played from this position, if any."""
        return self.entries[self.position] if self.position < self.length else None

    def entry_lines(self, index: int, viewer: int | None) -> list[str]:
        """What the log says about journal entry `index`, as `viewer` may read it."""
        start, end = self._log_ends[index], self._log_ends[index + 1]
        if self.finished:
            return [entry.event.private or entry.event.text for entry in self._log[start:end]]
        who = self.perspective(viewer)
        return [entry.event.for_viewer(who) for entry in self._log[start:end]]

    def entry_text(self, index: int) -> str:
        """Journal entry `index` as the action list offered it ("place wood", "accept...")."""
        entry = self.entries[index]
        state = self._match.state_after(index)
        try:
            return self.engine.describe_action(self.engine.parse_action(state, entry.seat, entry.action))
        except IllegalAction:  # cannot happen for a replayed journal; the text form then
            return entry.action

    def chart_allowed(self) -> bool:
        """Scores over time may count what the seats have not revealed yet (a hand, a goal):
        shown once the game is over, or for a game without secrets."""
        return self.finished or not self.engine.info.flags.hidden_information

    def score_history(self) -> ScoreHistory:
        """Every player's score at the end of each turn (worked out once, on first use)."""
        if self._history is None:
            self._history = score_history(self.engine, self._match, self.turn_starts, self.turns)
        return self._history


def score_history(
    engine: Engine[Any, Any], match: Match, turn_starts: Sequence[int] | None = None, turns: Sequence[int] | None = None
) -> ScoreHistory:
    """`ReplayMatch.score_history` for any local match (the end screen's chart)."""
    length = len(match.journal)
    if turns is None:
        turns = [engine.headline(match.state_after(p))[0] for p in range(length + 1)]
    if turn_starts is None:
        turn_starts = [0] + [p for p in range(1, length + 1) if turns[p] != turns[p - 1]]
    # The last position of each turn: just before the next one starts, and the end.
    ends = [start - 1 for start in turn_starts[1:] if start > 0] + [length]
    outcomes = [engine.outcome(match.state_after(p)) for p in ends]
    last = outcomes[-1]
    names = [seat.name for seat in match.seats] + [rival.name for rival in last.rivals]
    rows: list[list[int]] = [[] for _ in names]
    for outcome in outcomes:
        values = [*outcome.scores, *(rival.score for rival in outcome.rivals)]
        for row, value in zip(rows, values + [0] * (len(names) - len(values))):
            row.append(value)
    final = last if engine.is_over(match.state_after(length)) else None
    return ScoreHistory(names=names, turns=[turns[p] for p in ends], scores=rows, final=final)


def open_replay(path: Path | str, *, seat: int | None = None) -> ReplayMatch:
    """A replay of the save at `path`: read once, never locked nor written (a save another
    session is playing is read as it stands; a read torn by its next write fails the digest
    check with a SaveError, never shows a wrong game). Replayed from its start, at its end."""
    from saves.store import load_save

    return ReplayMatch(load_save(path).match, seat=seat)


def default_seat(replay_match: Match | ReplayMatch) -> int | None:
    """Whose view a replay opens with when nobody says: the first person's seat (the one
    who played it here), else the first seat."""
    seats = replay_match.seats
    humans = [n for n, seat in enumerate(seats) if not seat.is_bot]
    return humans[0] if humans else 0 if seats else None


__all__ = ["READ_ONLY", "ReplayMatch", "ScoreHistory", "default_seat", "open_replay", "score_history"]
