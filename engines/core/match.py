"""A match: one game being played, derived by replaying its journal.

The journal is the truth (options + seed + actions); the current state is cached with a
snapshot per action so undo and bots need no replay. `saves` persists a match, `tui` and the
`sim` command drive one; neither needs to know the game's rules.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Sequence
from typing import Any, Literal

import msgspec

from engines.core.errors import BadOptions, IllegalAction
from engines.core.levels import bot_seat_name, bot_thinks, make_bot, offered_levels, resolve_level
from engines.core.protocol import AUTO, Bot, BotContext, Engine, Event
from engines.core.rng import Rng, seed_state


class SeatSpec(msgspec.Struct, frozen=True):
    """Who sits in a seat: a human by name, or a bot of a given level."""

    name: str
    kind: Literal["human", "bot"] = "human"
    level: str = ""

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


class JournalEntry(msgspec.Struct, frozen=True):
    seat: int
    action: str
    reveals: bool = False


class LogEntry(msgspec.Struct, frozen=True):
    index: int  # the journal entry that produced it
    event: Event


Listener = Callable[["Match"], None]


class Match:
    """Options, seats, seed and the journal of a game, with its current state."""

    def __init__(
        self,
        engine: Engine[Any, Any],
        options: msgspec.Struct,
        seats: Sequence[SeatSpec],
        seed: int,
    ) -> None:
        engine.check_setup(options, len(seats))
        for number, seat in enumerate(seats):
            if seat.is_bot and resolve_level(engine, seat.level) is None:
                levels = ", ".join(offered_levels(engine)) or "none"
                raise BadOptions(
                    f"Seat {number + 1}: {engine.info.title} has no '{seat.level}' bot (levels: {levels})."
                )
        self.engine = engine
        self.options = options
        self.seats = tuple(seats)
        self.seed = seed
        self.journal: list[JournalEntry] = []
        self.log: list[LogEntry] = []
        self._states = [engine.new_game(options, len(seats), seed)]
        self._refusals_for: Any = None  # the state `_refusals` were worked out on
        self._refusals: dict[tuple[int, Any], str | None] = {}
        self._bots: dict[int, Bot] = {n: make_bot(engine, s.level) for n, s in enumerate(seats) if s.is_bot}
        self._thinkers = {n for n, bot in self._bots.items() if bot_thinks(bot)}

    # -- state ---------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def game_id(self) -> str:
        return self.engine.info.id

    def actors(self) -> tuple[int, ...]:
        return self.engine.actors(self.state)

    def is_over(self) -> bool:
        return self.engine.is_over(self.state)

    def legal_actions(self, seat: int) -> list[Any]:
        return self.engine.legal_actions(self.state, seat)

    def digest(self) -> str:
        return self.engine.digest(self.state)

    def state_after(self, count: int) -> Any:
        """The state after the first `count` journal entries (kept anyway for undo): the
        replay viewer steps through them without applying anything again."""
        return self._states[count]

    def log_lines(self, viewer: int | None) -> list[str]:
        return [entry.event.for_viewer(viewer) for entry in self.log]

    # What a screen shows, asked of the match rather than computed from its state, so a
    # screen can show a remote table it holds no state of (tui/remote's RemoteMatch).
    def view(self, viewer: int | None) -> Any:
        return self.engine.view(self.state, viewer)

    def summary(self, viewer: int | None) -> Any:
        return self.engine.summary(self.state, viewer)

    def outcome(self) -> Any:
        return self.engine.outcome(self.state) if self.is_over() else None

    def describe(self, action: Any) -> str:
        return self.engine.describe_action(action)

    def refusal(self, seat: int, action: Any) -> str | None:
        """The sentence the engine would refuse `action` with if `seat` took it now, or None
        when it would be applied: what acting would tell the seat, and nothing more."""
        state = self.state
        if self._refusals_for is not state:
            self._refusals_for, self._refusals = state, {}
        key = (seat, action)
        if key not in self._refusals:
            try:
                self.engine.apply(state, seat, action)
                self._refusals[key] = None
            except IllegalAction as refused:
                self._refusals[key] = refused.reason
        return self._refusals[key]

    def shows_secret(self, seat: int) -> bool:
        """Whether `seat`'s screen now shows anything the public table does not (the hot-seat
        curtain asks). A game with hidden information that cannot tell is assumed to."""
        if not self.engine.info.flags.hidden_information:
            return False
        told = getattr(self.engine, "shows_secret", None)
        return True if told is None else bool(told(self.state, seat))

    def parse_action(self, seat: int, text: str) -> Any:
        """The action `text` names for `seat` now, or IllegalAction with the engine's reason."""
        return self.engine.parse_action(self.state, seat, text)

    def set_seat(self, number: int, seat: SeatSpec) -> None:
        """Hand a seat to someone else mid-game (a bot for an absent player, or the player
        back); the journal is unchanged, so replay does not depend on who sat there."""
        bot = make_bot(self.engine, seat.level) if seat.is_bot else None  # BadOptions for an unknown level
        seats = list(self.seats)
        seats[number] = seat
        self.seats = tuple(seats)
        self._thinkers.discard(number)
        if bot is not None:
            self._bots[number] = bot
            if bot_thinks(bot):
                self._thinkers.add(number)
        else:
            self._bots.pop(number, None)

    # -- acting --------------------------------------------------------------
    def act(self, seat: int, action: Any) -> list[Event]:
        """Apply `action` for `seat`, or raise IllegalAction and change nothing."""
        if seat not in self.actors():
            if self.is_over():
                raise IllegalAction("The game is over.")
            raise IllegalAction(f"It is not {self._seat_name(seat)}'s turn to act.")
        applied = self.engine.apply(self.state, seat, action)
        index = len(self.journal)
        self.journal.append(JournalEntry(seat=seat, action=self.engine.format_action(action), reveals=applied.reveals))
        self._states.append(applied.state)
        self.log.extend(LogEntry(index=index, event=e) for e in applied.events)
        return applied.events

    def act_text(self, seat: int, text: str) -> list[Event]:
        return self.act(seat, self.parse_action(seat, text))

    def next_bot_or_auto(self) -> tuple[int, Any] | None:
        """The next action an automatic actor or a bot would take now, if one is due.

        Bots choose from their own view only; their generator is seeded from the match
        seed, seat and journal length so `sim` runs repeat exactly.
        """
        actors = self.actors()
        if not actors:
            return None
        if actors == (AUTO,):
            return AUTO, self.engine.auto_action(self.state)
        for seat in actors:
            bot = self._bots.get(seat)
            if bot is not None:
                return seat, self.bot_choice(seat, bot)
        return None

    def bot_choice(self, seat: int, bot: Bot) -> Any:
        return bot.choose(self.bot_context(seat))

    def bot_context(self, seat: int) -> BotContext:
        """All `seat`'s bot may know now, taken at once: a bot that thinks in another
        thread decides from it while the match goes on (and its choice is dropped if the
        match moved meanwhile)."""
        state = self.state
        rng = Rng(seed_state(self.seed * 1_000_003 + seat * 7_919 + len(self.journal)))
        return BotContext(
            engine=self.engine,
            seat=seat,
            view=self.engine.view(state, seat),
            legal=self.engine.legal_actions(state, seat),
            rng=rng,
        )

    def bot_of(self, seat: int) -> Bot | None:
        """The bot playing `seat`, None for a person."""
        return self._bots.get(seat)

    def thinking_seat(self) -> int | None:
        """The seat whose bot is due to act now and thinks for wall time (a search bot):
        whoever plays the match asks it off their event loop, and the status line says it
        is thinking. None when no such bot is due."""
        if not self._thinkers:
            return None
        for seat in self.actors():
            if seat in self._bots:
                return seat if seat in self._thinkers else None
        return None

    def run_automatic(self, limit: int = 100_000) -> int:
        """Let bots and automatic actors act until a human must, or the game ends."""
        steps = 0
        while steps < limit:
            step = self.next_bot_or_auto()
            if step is None:
                return steps
            self.act(*step)
            steps += 1
        raise RuntimeError(f"{self.game_id}: automatic play did not stop after {limit} actions")

    # -- undo ----------------------------------------------------------------
    def undoable(self, seat: int) -> int:
        """How many of the latest actions `seat` may take back: its own, consecutive, in
        the current turn, none of which revealed information."""
        current_turn = self.engine.summary(self.state, None).turn
        count = 0
        for index in range(len(self.journal) - 1, -1, -1):
            entry = self.journal[index]
            if entry.seat != seat or entry.reveals:
                break
            if self.engine.summary(self._states[index], None).turn != current_turn:
                break
            count += 1
        return count

    def undo(self, seat: int) -> None:
        if self.undoable(seat) == 0:
            raise IllegalAction("Nothing to undo: only your own moves this turn, before anything was revealed.")
        index = len(self.journal) - 1
        self.journal.pop()
        self._states.pop()
        while self.log and self.log[-1].index == index:
            self.log.pop()

    # -- replay --------------------------------------------------------------
    @classmethod
    def replay(
        cls,
        engine: Engine[Any, Any],
        options: msgspec.Struct,
        seats: Sequence[SeatSpec],
        seed: int,
        journal: Sequence[JournalEntry],
    ) -> Match:
        """Rebuild a match from its journal; IllegalAction names the first bad entry."""
        match = cls(engine, options, seats, seed)
        # Every state along the journal is kept, so the collector would walk an ever larger
        # heap again and again while nothing becomes garbage: pause it for the replay.
        collecting = gc.isenabled()
        gc.disable()
        try:
            for number, entry in enumerate(journal, start=1):
                try:
                    match.act_text(entry.seat, entry.action)
                except IllegalAction as error:
                    raise IllegalAction(
                        f"Action {number} ('{entry.action}') cannot be replayed: {error.reason}"
                    ) from None
        finally:
            if collecting:
                gc.enable()
        return match

    def _seat_name(self, seat: int) -> str:
        if seat == AUTO:
            return "the game"
        if 0 <= seat < len(self.seats):
            return self.seats[seat].name
        return f"seat {seat + 1}"


def default_seat_names(count: int) -> list[str]:
    return [f"Player {n + 1}" for n in range(count)]


def parse_seats(text: str, engine: Engine[Any, Any]) -> list[SeatSpec]:
    """Read `human,normal,random` or `Ana:human,Bo:hard` into seat specs. A bot seat holds
    the engine's key for its level (`heuristic` and `normal` give the same seat)."""
    specs: list[SeatSpec] = []
    for number, raw in enumerate(filter(None, (p.strip() for p in text.split(","))), start=1):
        name, _, kind = raw.rpartition(":")
        kind = kind.strip().lower()
        level = None if kind == "human" else resolve_level(engine, kind)
        if kind != "human" and level is None:
            levels = ", ".join(["human", *offered_levels(engine)])
            raise BadOptions(f"Unknown seat kind '{kind}' (choose from {levels}).")
        name = name.strip() or (f"Player {number}" if level is None else bot_seat_name(level, number))
        specs.append(SeatSpec(name=name) if level is None else SeatSpec(name=name, kind="bot", level=level))
    return specs


def random_seed() -> int:
    """A fresh seed for a new game when the player gives none (the only unseeded draw)."""
    return random.SystemRandom().randrange(1, 10**9)
