"""The engine protocol every Campfire game implements.

A game is fully described by (options, seat count, seed, actions). States and actions are
msgspec Structs; `apply` never mutates its input and refuses illegal actions with
`IllegalAction(reason)`. Automatic actors (chance, an antagonist, an automa) act through
ordinary actions the engine chooses with `auto_action`, so the journal alone replays a game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

import msgspec

from engines.core.errors import BadOptions, IllegalAction

#: The "seat" of an automatic actor (chance, Otis, Tom) in `actors()` and journals.
AUTO = -1

S = TypeVar("S", bound=msgspec.Struct)
A = TypeVar("A", bound=msgspec.Struct)


class Flags(msgspec.Struct, frozen=True):
    hidden_information: bool = False
    chance: bool = False
    simultaneous: bool = False
    cooperative: bool = False


class GameInfo(msgspec.Struct, frozen=True):
    id: str
    title: str
    pitch: str
    min_seats: int
    max_seats: int
    flags: Flags = Flags()
    #: Seats a game gets when nobody says (`campfire play`/`sim` without --seats); 0: one
    #: human against bots up to 2 seats within the range. Bonfire says 1: solo unless asked.
    default_seats: int = 0

    @property
    def usual_seats(self) -> int:
        """How many seats a table gets when nobody says."""
        return self.default_seats or min(max(self.min_seats, 2), self.max_seats)


class Event(msgspec.Struct, frozen=True):
    """Something that happened, told per viewer so secrets never reach the wrong screen.

    Viewers in `seats` read `private`; everyone else (and the public table) reads `text`.
    """

    text: str
    private: str | None = None
    seats: tuple[int, ...] = ()

    def for_viewer(self, viewer: int | None) -> str:
        if self.private is not None and viewer is not None and viewer in self.seats:
            return self.private
        return self.text


class Applied(msgspec.Struct, Generic[S]):
    """The result of one action: the new state, what happened, and whether it revealed
    information (a draw, a roll, a secret) so undo may not cross it."""

    state: S
    events: list[Event]
    reveals: bool = False


class ScoreLine(msgspec.Struct, frozen=True):
    label: str
    points: int


class Rival(msgspec.Struct, frozen=True):
    """A player of the game who holds no seat (an automa such as Bonfire's Tom): shown
    beside the seats at the end, and the winner when `won`."""

    name: str
    score: int
    breakdown: list[ScoreLine]
    won: bool = False


class Outcome(msgspec.Struct, frozen=True):
    scores: list[int]
    breakdown: list[list[ScoreLine]]
    winners: list[int]
    reason: str
    rivals: list[Rival] = []


class SeatPanel(msgspec.Struct, frozen=True):
    """What a seat's panel shows, already redacted for the viewer."""

    title: str
    lines: list[str]
    active: bool = False


class Summary(msgspec.Struct, frozen=True):
    """The game-independent part of a view: the status line, seat panels, turn counter,
    and the rules section that explains what the actor must do now (for F1)."""

    status: str
    panels: list[SeatPanel]
    turn: int
    rules_topic: str = ""


class Engine(ABC, Generic[S, A]):
    """One object per game; stateless, so one instance serves every match."""

    info: ClassVar[GameInfo]
    options_type: ClassVar[type[msgspec.Struct]]
    #: Bot levels this game offers, by name: each a factory taking no argument.
    bots: ClassVar[dict[str, Callable[[], Bot]]] = {}

    # -- setup ---------------------------------------------------------------
    def default_options(self) -> msgspec.Struct:
        return self.options_type()

    def check_setup(self, options: msgspec.Struct, seats: int) -> None:
        """Raise BadOptions with a readable sentence when a game cannot start so."""
        if not self.info.min_seats <= seats <= self.info.max_seats:
            raise BadOptions(
                f"{self.info.title} is played by {self.info.min_seats} to {self.info.max_seats} players, not {seats}."
            )

    @abstractmethod
    def new_game(self, options: msgspec.Struct, seats: int, seed: int) -> S: ...

    # -- play ----------------------------------------------------------------
    @abstractmethod
    def actors(self, state: S) -> tuple[int, ...]:
        """Seats that must act now (several for simultaneous choices), (AUTO,) when the
        engine acts itself, () when the game is over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[A]:
        """Every legal action of `seat`, complete and in a stable order."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: A) -> Applied[S]: ...

    def auto_action(self, state: S) -> A:
        """The action the automatic actor takes now (uses only the state's generator)."""
        raise IllegalAction("No automatic actor is due to act.")

    # -- text forms ----------------------------------------------------------
    @abstractmethod
    def format_action(self, action: A) -> str:
        """A stable one-line text form, used in logs, journals, tests and the palette."""

    def describe_action(self, action: A) -> str:
        """How the action list shows it to players: the text form unless a game says more
        (e.g. "accept Player 2's guess"); seats are called "Player N" as in logs."""
        return self.format_action(action)

    def parse_action(self, state: S, seat: int, text: str) -> A:
        """Read an action's text form back. Games with free-form input override this."""
        wanted = " ".join(text.split()).casefold()
        for action in self.legal_actions(state, seat):
            if self.format_action(action).casefold() == wanted:
                return action
        raise IllegalAction(f"'{text}' is not a legal action now.")

    # -- views ---------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, viewer: int | None) -> msgspec.Struct:
        """Everything `viewer` may see (None = the public table), for the board widgets."""

    @abstractmethod
    def summary(self, state: S, viewer: int | None) -> Summary: ...

    def headline(self, state: S) -> tuple[int, str]:
        """The public summary's turn and status line: all a save file lists about a state,
        worked out after every action. A game whose summary builds costly seat panels may
        work these two out alone (they must equal the summary's)."""
        public = self.summary(state, None)
        return public.turn, public.status

    def secrets(self, state: S) -> dict[int, list[str]]:
        """Per seat, strings only that seat may see now (a secret answer, a hidden card).

        The conformance suite checks that no other seat's view, summary or log, nor the
        public table, contains any of them. Games without hidden information keep {}.
        """
        return {}

    # -- search --------------------------------------------------------------
    def determinize(self, view: Any, seat: int, rng: Any) -> S:
        """A complete state that gives `seat` exactly `view` (and the same legal actions),
        with all the seat cannot see drawn with `rng` (an `engines.core.rng.Rng`) from what
        is unseen: other hands, deck and bag order, hidden answers, and the state's own
        generator, reseeded (or the search would know every future draw). Public history
        the view keeps is respected.

        The search bots (engines/core/ismcts.py, levels `hard` and `expert`) need it; a game
        offers them only when it overrides this. There is no generic version, even for
        games without hidden cards: a view need not hold the whole state (turn counters,
        who acts next, the generator), so each game writes its own, in
        engines/<game>/determinize.py, and its engine delegates to it.
        """
        raise NotImplementedError(f"{self.info.title} has no determinizer: its search bots are not available.")

    # -- end -----------------------------------------------------------------
    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome: ...

    # -- helpers shared by every game -----------------------------------------
    def digest(self, state: S) -> str:
        """A short fingerprint of the whole state, stored in save files."""
        import hashlib  # here, not at the top: loading OpenSSL slowed the launcher's start

        return hashlib.sha256(msgspec.json.encode(state)).hexdigest()[:32]

    def decode_options(self, data: bytes | dict[str, Any] | None) -> msgspec.Struct:
        if data is None:
            return self.default_options()
        if isinstance(data, bytes):
            return msgspec.json.decode(data, type=self.options_type)
        return msgspec.convert(data, type=self.options_type)


class BotContext(msgspec.Struct):
    """All a bot may know: its own view, its legal actions, and its own generator."""

    engine: Any
    seat: int
    view: Any
    legal: Sequence[Any]
    rng: Any


class Bot(ABC):
    name: ClassVar[str] = "bot"
    #: Whether the bot deliberates for wall time (a search): an interface asks it off its
    #: event loop and says it is thinking (`engines.core.levels.bot_thinks`).
    thinks: ClassVar[bool] = False

    @abstractmethod
    def choose(self, ctx: BotContext) -> Any: ...


__all__ = [
    "AUTO",
    "Applied",
    "BadOptions",
    "Bot",
    "BotContext",
    "Engine",
    "Event",
    "Flags",
    "GameInfo",
    "IllegalAction",
    "Outcome",
    "Rival",
    "ScoreLine",
    "SeatPanel",
    "Summary",
]
