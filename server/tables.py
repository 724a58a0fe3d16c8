"""One table: an asyncio task owning its Match, the single authority for that game.

Everything that changes the table (an action, a join, a chat line) goes through the task's
inbox, so requests apply one at a time in arrival order. An action is applied only when it
names the current version and comes from the identity holding a seat due to act, like
boardgame.io's stateID check; otherwise the sender gets a Stale reply and a fresh view, or
a Refused reply with the rule's reason, and nothing changes. Each committed action is
written to the store before anyone is told of it. Bots and automatic actors act here too,
at the table's pace.

A bot that thinks for wall time (a search) decides in one of the host's worker processes
(server/thinking.py), so the event loop goes on serving every table meanwhile; its choice
comes back through the inbox and is applied only if the table has not moved on. While it
thinks, every Update names its seat, and the status line says so.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import msgspec

from engines.core.errors import IllegalAction
from engines.core.levels import default_level, level_name
from engines.core.match import Match
from engines.core.protocol import AUTO
from server.protocol import (
    Act,
    Chat,
    ChatLine,
    Done,
    Probe,
    ProbeAnswer,
    Refused,
    SeatInfo,
    Stale,
    TableInfo,
    VoteBot,
    clean_chat,
)
from server.store import StaleVersion, StoredSeat, StoredTable, TableStore
from server.table_chat import TableChat
from server.table_update import closed_status, viewer_update
from server.thinking import BotDecided, BotThinker, SearchWorkers

log = logging.getLogger("campfire.tables")


@dataclass(frozen=True)
class Member:
    """Someone connected to the host: `owner` is their identity (a key fingerprint, or a
    one-session guest id), `send` queues a message to their process."""

    owner: str
    name: str
    send: Callable[[msgspec.Struct], None] = field(compare=False, hash=False)
    session: int = 0


@dataclass
class Watcher:
    seat: int | None  # None: a spectator, who sees the public table
    log_sent: int = 0


class JoinSeat(msgspec.Struct, frozen=True):
    seat: int | None


#: The table itself as the sender of the messages it queues for itself.
TABLE_ITSELF = Member(owner="", name="", send=lambda message: None)


class Table:
    def __init__(
        self,
        stored: StoredTable,
        match: Match,
        store: TableStore,
        bot_delay: float,
        away_limit: float = 120.0,
        *,
        workers: SearchWorkers,
        on_finished: Callable[[], None] = lambda: None,
        on_turn: Callable[[Table, set[int]], None] = lambda table, seats: None,
    ) -> None:
        self.stored = stored
        #: Called when an action ends the game: the lobby lists the table as finished.
        self.on_finished = on_finished
        #: Called when an action changes who must act, with the seats whose turn began or
        #: ended: their players' lobbies mark it.
        self.on_turn = on_turn
        self.match = match
        self.store = store
        self.bot_delay = bot_delay
        self.away_limit = away_limit
        self.watchers: dict[Member, Watcher] = {}
        self.chat = TableChat(stored.id)
        # Every seated player counts as away until a connection of theirs follows the table.
        now = time.monotonic()
        self._away_since: dict[int, float] = {n: now for n, s in enumerate(stored.seats) if s.kind == "human"}
        self._votes: dict[int, set[str]] = {}
        self._bots_stuck_at = -1  # the version at which a bot or the game failed to move
        self._inbox: asyncio.Queue[tuple[Member, msgspec.Struct, asyncio.Future[None]]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._thinker = BotThinker(stored.id, self._deliver, workers)
        self._status: tuple[int, str] = (-1, "")  # (version, the lobby's status line)

    # -- facts -----------------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def version(self) -> int:
        return len(self.match.journal)

    def seat_of(self, owner: str) -> int | None:
        for number, seat in enumerate(self.stored.seats):
            if seat.kind == "human" and seat.owner == owner:
                return number
        return None

    @property
    def closed(self) -> bool:
        return bool(self.stored.closed)

    @property
    def finished(self) -> bool:
        """Over by the rules or closed: no more actions, and not counted in any cap."""
        return self.closed or self.match.is_over()

    def is_member(self, owner: str) -> bool:
        return self.seat_of(owner) is not None or self.stored.owner == owner

    def seat_infos(self, owner: str) -> list[SeatInfo]:
        now = time.monotonic()
        return [
            SeatInfo(
                name=s.name,
                kind=s.kind,
                level=s.level,
                yours=bool(s.owner) and s.owner == owner and s.kind in ("human", "bot"),
                away=int(now - self._away_since[n]) if s.kind == "human" and n in self._away_since else None,
                standing_in=s.kind == "bot" and bool(s.owner),
            )
            for n, s in enumerate(self.stored.seats)
        ]

    def away_for(self, seat: int) -> float:
        since = self._away_since.get(seat)
        return 0.0 if since is None else time.monotonic() - since

    def public_status(self) -> str:
        """The lobby's line for the table, worked out once per version: the lobby is sent
        to every connection whenever a table appears or a seat is taken, and a game's
        summary (one may look for where the tile in hand fits) is not free."""
        if self.closed:
            return closed_status(self.stored.closed)
        if self._status[0] != self.version:
            match = self.match
            over = match.is_over()
            status = (
                match.engine.outcome(match.state).reason if over else match.engine.summary(match.state, None).status
            )
            self._status = (self.version, " ".join(status.split())[:120])
        return self._status[1]

    def info(self, owner: str) -> TableInfo:
        match = self.match
        over = self.finished
        status = self.public_status()
        seat = self.seat_of(owner)
        return TableInfo(
            id=self.id,
            game=match.game_id,
            title=match.engine.info.title,
            seats=self.seat_infos(owner),
            public=self.stored.public,
            version=self.version,
            status=status,
            over=over,
            your_turn=not over and seat is not None and seat in match.actors(),
            invite=self.stored.invite if self.is_member(owner) else "",
            closed=self.closed,
            hosted=self.stored.owner == owner,
        )

    # -- the task --------------------------------------------------------------------------
    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=f"table {self.id}")

    async def stop(self) -> None:
        await self._thinker.stop()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def request(self, member: Member, message: msgspec.Struct) -> None:
        """Queue `message` for the table's task and wait until it has been handled."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self._inbox.put((member, message, done))
        await done

    async def _run(self) -> None:
        while True:
            timeout = self.bot_delay if self._automatic_due() else None
            try:
                member, message, done = await asyncio.wait_for(self._inbox.get(), timeout)
            except asyncio.TimeoutError:
                self._act_automatically()
                continue
            try:
                self._handle(member, message)
            except Exception:  # a bug must not take the table down with it
                log.exception("table %s could not handle %s", self.id, type(message).__name__)
                member.send(Refused(reason="The table could not do that.", table=self.id))
            finally:
                if not done.done():
                    done.set_result(None)

    def _automatic_due(self) -> bool:
        if self._bots_stuck_at == self.version or self.closed or self._thinker.busy:
            return False
        seats = self.stored.seats
        return any(a == AUTO or seats[a].kind == "bot" for a in self.match.actors())

    def _act_automatically(self) -> None:
        if self.closed:  # closed while the task waited out a bot's delay
            return
        try:
            thinker = self.match.thinking_seat()
            if thinker is not None:
                self._thinker.start(self.match, thinker)
                self.broadcast()  # the status line says the bot is thinking
                return
            step = self.match.next_bot_or_auto()
            if step is not None and self._commit(*step):
                return
        except Exception:
            log.exception("table %s: the automatic move failed", self.id)
        # Rather than retry the same failing move in a loop, wait for the next request.
        self._bots_stuck_at = self.version

    async def _deliver(self, decision: BotDecided) -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self._inbox.put((TABLE_ITSELF, decision, done))

    def _bot_decided(self, decision: BotDecided) -> None:
        """Apply a thinking bot's choice if the table is where the bot saw it; otherwise
        drop it (the loop asks again if that bot is still due)."""
        if self._thinker.settle(decision, self.match) and not self.closed:
            if not decision.failed and self._commit(decision.seat, decision.action):
                return
            self._bots_stuck_at = self.version
        self.broadcast()  # no longer thinking

    def thinking_seat(self) -> int | None:
        """The seat whose bot is thinking now about the current version, if any."""
        return self._thinker.seat(self.version)

    # -- requests --------------------------------------------------------------------------
    def _handle(self, member: Member, message: msgspec.Struct) -> None:
        if self.closed and isinstance(message, (Act, JoinSeat, VoteBot)):
            member.send(Refused(reason=closed_status(self.stored.closed), table=self.id))
            return
        if isinstance(message, Act):
            self._act(member, message)
        elif isinstance(message, Probe):
            self._probe(member, message)
        elif isinstance(message, JoinSeat):
            self._join(member, message.seat)
        elif isinstance(message, Chat):
            self._chat(member, message.text)
        elif isinstance(message, VoteBot):
            self._vote(member, message.seat)
        elif isinstance(message, BotDecided) and member is TABLE_ITSELF:
            self._bot_decided(message)

    def _act(self, member: Member, request: Act) -> None:
        seat = self.seat_of(member.owner)
        if seat is not None and member not in self.watchers:
            self.watchers[member] = Watcher(seat=seat)
            self._away_since.pop(seat, None)
        if request.version != self.version:
            member.send(Stale(table=self.id, version=self.version))
            self._update(member)
            return
        if seat is None:
            member.send(Refused(reason="You watch this table; take a free seat to play.", table=self.id))
            return
        if seat not in self.match.actors():
            reason = "The game is over." if self.match.is_over() else "It is not your turn."
            member.send(Refused(reason=reason, table=self.id))
            return
        try:
            action = self.match.engine.parse_action(self.match.state, seat, request.action)
        except IllegalAction as error:
            member.send(Refused(reason=error.reason, table=self.id))
            return
        if not self._commit(seat, action, member):
            return
        member.send(Done(table=self.id, seat=seat))

    def _probe(self, member: Member, request: Probe) -> None:
        """Answer whether the action would be refused, with the engine's own sentence: it
        is parsed and applied on the real state and the result dropped. A probe of an older
        version gets no answer (the asker's screen has moved on with its next Update)."""
        if request.version != self.version:
            return
        seat = self.seat_of(member.owner)
        reason: str | None = None
        if self.closed:
            reason = closed_status(self.stored.closed)
        elif seat is None:
            reason = "You watch this table; take a free seat to play."
        elif seat not in self.match.actors():
            reason = "The game is over." if self.match.is_over() else "It is not your turn."
        else:
            engine = self.match.engine
            state = self.match.state
            try:
                engine.apply(state, seat, engine.parse_action(state, seat, request.action))
            except IllegalAction as error:
                reason = error.reason
        member.send(ProbeAnswer(table=self.id, version=request.version, action=request.action, reason=reason))

    def _commit(self, seat: int, action: object, member: Member | None = None) -> bool:
        """Apply, persist, then tell every watcher. False (and nothing changed) when the
        engine refuses; the sender is told why."""
        version = self.version
        actors = self.match.actors()
        try:
            self.match.act(seat, action)
        except IllegalAction as error:
            if member is not None:
                member.send(Refused(reason=error.reason, table=self.id))
            return False
        try:
            self.stored.version = self.store.commit_action(self.id, version, self.match.journal[-1])
        except (StaleVersion, sqlite3.Error):
            # The action was never durable: forget it, so what players see is what a
            # restarted host would restore.
            self.match = self._replayed_from_store()
            if member is not None:
                member.send(Refused(reason="The table could not record that action; try again.", table=self.id))
            return False
        self.broadcast()
        if self.match.is_over():
            self.on_finished()
        elif turned := set(actors).symmetric_difference(self.match.actors()):
            self.on_turn(self, turned)
        return True

    def _replayed_from_store(self) -> Match:
        stored = self.store.load(self.id)
        assert stored is not None
        self.stored = stored
        return stored.replay()

    def _join(self, member: Member, wanted: int | None) -> None:
        seat = self.seat_of(member.owner)
        if seat is None:
            seat = self._take_back(member)
        if seat is None:
            free = [n for n, s in enumerate(self.stored.seats) if s.kind == "open"]
            if wanted is not None:
                free = [n for n in free if n == wanted]
            if not free:
                member.send(
                    Refused(reason="That seat is taken." if wanted is not None else "No seat is free.", table=self.id)
                )
                return
            seat = free[0]
            taken = StoredSeat(kind="human", owner=member.owner, name=member.name)
            self.store.set_seat(self.id, seat, taken)
            self.stored.seats[seat] = taken
            self.match.seats = tuple(s.spec() for s in self.stored.seats)
        self._follow(member, seat)
        self._away_since.pop(seat, None)
        member.send(Done(table=self.id, seat=seat))
        self.broadcast()

    def watch(self, member: Member) -> None:
        """Follow the table as your own seat if you hold one, else as a spectator."""
        seat = self.seat_of(member.owner)
        taken_back = False
        if seat is None:
            seat = self._take_back(member)  # back from away: the bot hands the seat back
            taken_back = seat is not None
        self._follow(member, seat)
        if seat is not None and (self._away_since.pop(seat, None) is not None or taken_back):
            self.broadcast()
        else:
            self._update(member)

    def _follow(self, member: Member, seat: int | None) -> None:
        """`member` follows the table from `seat` (None: watching); one who did not follow it
        yet first gets its recent chat (with the notice of their return), before its Update."""
        if member not in self.watchers:
            self.chat.tell_earlier(member, spectator=seat is None)
        self.watchers[member] = Watcher(seat=seat)

    def unwatch(self, member: Member) -> None:
        watcher = self.watchers.pop(member, None)
        if watcher is None or watcher.seat is None:
            return
        if not any(w.seat == watcher.seat for w in self.watchers.values()):
            self._away_since[watcher.seat] = time.monotonic()
            self.broadcast()

    # -- absence -------------------------------------------------------------------------
    def _set_seat(self, seat: int, stored: StoredSeat) -> None:
        self.store.set_seat(self.id, seat, stored)
        self.stored.seats[seat] = stored
        self.match.set_seat(seat, stored.spec())

    def _take_back(self, member: Member) -> int | None:
        """A returning player gets back the seat a bot kept for them."""
        for number, seat in enumerate(self.stored.seats):
            if seat.kind == "bot" and seat.owner == member.owner:
                self._set_seat(number, StoredSeat(kind="human", owner=member.owner, name=seat.name))
                self._notice(f"{seat.name} is back and plays again.")
                return number
        return None

    def _vote(self, member: Member, seat: int) -> None:
        voter = self.seat_of(member.owner)
        seats = self.stored.seats
        if voter is None or voter == seat or not 0 <= seat < len(seats) or seats[seat].kind != "human":
            member.send(Refused(reason="Only the other players may give a seat to a bot.", table=self.id))
            return
        name = seats[seat].name
        away = self.away_for(seat)
        if seat not in self._away_since or away < self.away_limit:
            member.send(
                Refused(
                    reason=f"{name} may be given a bot after {int(self.away_limit)} seconds away"
                    f" (away {int(away)} seconds so far).",
                    table=self.id,
                )
            )
            return
        votes = self._votes.setdefault(seat, set())
        votes.add(member.owner)
        present = {
            s.owner for n, s in enumerate(seats) if s.kind == "human" and n != seat and n not in self._away_since
        }
        member.send(Done(table=self.id, seat=voter))
        if not present <= votes:
            self._notice(f"{member.name} votes to let a bot play for {name} ({len(votes)} of {len(present)}).")
            return
        self._votes.pop(seat, None)
        level = default_level(self.match.engine) or "random"
        self._set_seat(seat, StoredSeat(kind="bot", owner=seats[seat].owner, name=name, level=level))
        self._away_since.pop(seat, None)
        self._notice(f"A {level_name(level)} bot plays for {name} until they return.")
        self.broadcast()

    def _notice(self, text: str) -> None:
        """A line from the table itself (no player name, so nobody can pose as it)."""
        self.chat.say(self.watchers, ChatLine(table=self.id, name="", text=text), len(self.match.log))

    def _chat(self, member: Member, text: str) -> None:
        line = clean_chat(text)
        if line:  # a spectator's line is heard by spectators only (server/table_chat.py)
            spectator = self.seat_of(member.owner) is None
            said = ChatLine(table=self.id, name=member.name, text=line, spectator=spectator)
            self.chat.say(self.watchers, said, len(self.match.log))

    def close(self, by: str) -> None:
        """End the table before its game is over (`by`: 'host' or 'operator'): recorded in
        the store first, then every player told; seats keep their names for the record, and
        nobody acts again. sqlite3.Error, and nothing changed, when it cannot be recorded."""
        if not self.store.set_closed(self.id, by):
            raise sqlite3.OperationalError(f"table {self.id} is not in the store")
        self.stored.closed = by
        self._votes.clear()
        self._notice(closed_status(by))
        self.broadcast()

    # -- what each viewer sees --------------------------------------------------------------
    def broadcast(self) -> None:
        for member in list(self.watchers):
            self._update(member)

    def _update(self, member: Member) -> None:
        watcher = self.watchers.get(member)
        if watcher is None:
            return
        log = self.match.log
        log_from = watcher.log_sent if watcher.log_sent <= len(log) else 0
        watcher.log_sent = len(log)
        member.send(viewer_update(self, watcher.seat, member.owner, log_from))
