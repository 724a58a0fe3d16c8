"""The table host: every remote table of a `campfire serve` process, and the Unix socket
the game processes reach it through.

The gateway issues a token per SSH session (`issue_token`) and passes it, with the socket's
path, in the game process's environment; a connection that does not open with a known token
is closed. The token names the identity (key fingerprint, or a one-session guest), which is
what owns seats: reconnecting with the same key resumes the same seats.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import secrets
import sqlite3
import tempfile
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path

import msgspec

from engines.core.errors import BadOptions, IllegalAction
from engines.core.levels import bot_seat_name, resolve_level
from engines.core.match import Match, random_seed
from engines.registry import GAMES, load_engine
from server.protocol import (
    MAX_CONNECTIONS_PER_TOKEN,
    INVITE_LENGTH,
    MAX_REQUEST_BYTES,
    ONE_SEAT_EACH,
    Act,
    Probe,
    Chat,
    Close,
    CreateTable,
    Done,
    Hello,
    Join,
    Leave,
    ListTables,
    ProtocolError,
    Refused,
    Tables,
    Watch,
    VoteBot,
    Welcome,
    decode_request,
    frame,
    read_frame,
)
from server.root_lock import RootLock
from server.limits import HostLimits, IdentityRates, TokenBucket
from server.store import STORE_NAME, StoredSeat, StoredTable, TableStore
from server.tables import JoinSeat, Member, Table
from server.thinking import SearchWorkers, worker_processes

SOCKET_NAME = "tables.sock"
# sun_path holds 108 bytes; a deeper data root gets its socket in a private temp folder.
SOCKET_PATH_LIMIT = 100
INVITE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O, which read as digits
HELLO_TIMEOUT = 10.0
#: Connections that have not said hello yet, all tokens together: past this, new ones are
#: closed at once, so a flood of silent connections cannot use up the file descriptors.
MAX_WAITING_HELLOS = 64
#: A process that reads its updates this slowly is cut off rather than buffered forever.
MAX_BACKLOG_BYTES = 8 * 1024 * 1024


@dataclass(frozen=True)
class Ticket:
    owner: str
    name: str


class TableHost:
    def __init__(
        self,
        data_root: Path,
        *,
        bot_delay: float = 0.4,
        limits: HostLimits = HostLimits(),
        new_seed: Callable[[], int] = random_seed,
        search_workers: Callable[[], Executor] = worker_processes,
    ) -> None:
        self.data_root = data_root
        self.new_seed = new_seed  # tests fix the seeds; the server draws each one fresh
        self.bot_delay = bot_delay
        self.limits = limits
        self.tables: dict[str, Table] = {}
        # Where search bots think, shared by every table (tests: threads of this process).
        self.search_workers = SearchWorkers(search_workers)
        self.unrestorable: dict[str, str] = {}  # table id -> why its journal did not replay
        self.socket_path = data_root / SOCKET_NAME
        self.store: TableStore | None = None
        self._tickets: dict[str, Ticket] = {}
        self._server: asyncio.base_events.Server | None = None
        self._sessions = itertools.count(1)
        self._writers: set[asyncio.StreamWriter] = set()
        self._members: set[Member] = set()
        self._rates: dict[str, IdentityRates] = {}  # by owner, while it has a connection
        self._wrong_codes: dict[str, TokenBucket] = {}  # by owner, for the server's life
        self._by_token: Counter[str] = Counter()  # open connections of each session token
        self._waiting_hellos = 0
        self._lobby_changed = False
        self._announcer: asyncio.Task[None] | None = None
        self._temp_dir: str | None = None
        self._root_lock = RootLock(data_root)

    # -- life ------------------------------------------------------------------------------
    async def start(self) -> None:
        self.data_root.mkdir(mode=0o700, parents=True, exist_ok=True)
        self._root_lock.acquire()  # before anything in the root is touched
        self.store = TableStore(self.data_root / STORE_NAME)
        for stored in self.store.all():
            try:
                match = stored.replay()
            except (IllegalAction, BadOptions, KeyError, msgspec.ValidationError) as error:
                self.unrestorable[stored.id] = str(error) or type(error).__name__
                continue
            except Exception as error:  # an engine's bug must cost one table, not the server
                self.unrestorable[stored.id] = f"{type(error).__name__}: {error}"
                continue
            self._open(stored, match)
        if len(os.fsencode(self.socket_path)) > SOCKET_PATH_LIMIT:
            self._temp_dir = tempfile.mkdtemp(prefix="campfire-")
            self.socket_path = Path(self._temp_dir) / SOCKET_NAME
        self.socket_path.unlink(missing_ok=True)
        old_umask = os.umask(0o177)  # the socket is born 0600, never briefly wider
        try:
            self._server = await asyncio.start_unix_server(self._serve, path=str(self.socket_path))
        finally:
            os.umask(old_umask)
        self.socket_path.chmod(0o600)

    async def close(self) -> None:
        if self._announcer is not None:
            self._announcer.cancel()
            await asyncio.gather(self._announcer, return_exceptions=True)
        if self._server is not None:
            self._server.close()
        for writer in list(self._writers):
            writer.transport.abort()
        await asyncio.gather(*(table.stop() for table in self.tables.values()))
        self.search_workers.shutdown()
        if self._server is not None:
            await self._server.wait_closed()
            self._server = None
        if self.store is not None:
            self.store.close()
            self.store = None
        if self._root_lock.held:  # a server refused by the lock never touches the socket
            self.socket_path.unlink(missing_ok=True)
            self._root_lock.release()
        if self._temp_dir is not None:
            os.rmdir(self._temp_dir)
            self._temp_dir = None

    def issue_token(self, fingerprint: str | None, name: str) -> str:
        """A token for one SSH session; a guest's identity lasts as long as the token."""
        token = secrets.token_urlsafe(24)
        owner = fingerprint if fingerprint is not None else f"guest:{token}"
        self._tickets[token] = Ticket(owner=owner, name=name)
        return token

    def revoke_token(self, token: str) -> None:
        self._tickets.pop(token, None)

    def _open(self, stored: StoredTable, match: Match) -> Table:
        assert self.store is not None
        table = Table(
            stored,
            match,
            self.store,
            self.bot_delay,
            self.limits.away_seconds,
            workers=self.search_workers,
            on_finished=self._announce,
            on_turn=self._tell_whose_turn,
        )
        self.tables[stored.id] = table
        table.start()
        return table

    # -- one connection --------------------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.add(writer)
        member: Member | None = None
        token = ""
        try:
            if self._waiting_hellos >= MAX_WAITING_HELLOS:
                return
            self._waiting_hellos += 1
            try:
                body = await asyncio.wait_for(read_frame(reader, MAX_REQUEST_BYTES), HELLO_TIMEOUT)
            finally:
                self._waiting_hellos -= 1
            hello = decode_request(body) if body is not None else None
            ticket = self._tickets.get(hello.token) if isinstance(hello, Hello) else None
            if ticket is None or not isinstance(hello, Hello):
                return
            if self._by_token[hello.token] >= MAX_CONNECTIONS_PER_TOKEN:
                return
            token = hello.token
            self._by_token[token] += 1
            member = Member(owner=ticket.owner, name=ticket.name, send=_sender(writer), session=next(self._sessions))
            member.send(Welcome(name=ticket.name))
            self._members.add(member)
            rates = self._rates.setdefault(member.owner, IdentityRates(self.limits))
            rates.connections += 1
            while (body := await read_frame(reader, MAX_REQUEST_BYTES, self.limits.frame_seconds)) is not None:
                request = decode_request(body)
                if not rates.allows(request):
                    member.send(
                        Refused(reason="Too many requests: slow down a little.", table=getattr(request, "table", ""))
                    )
                    continue
                await self._dispatch(member, request)
        except (ProtocolError, ConnectionError, asyncio.TimeoutError):
            pass
        finally:
            if token:
                self._by_token[token] -= 1
                if not self._by_token[token]:
                    del self._by_token[token]
            if member is not None:
                self._members.discard(member)
                self._forget_rates(member.owner)
                for table in self.tables.values():
                    table.unwatch(member)
            self._writers.discard(writer)
            writer.transport.abort()

    def _forget_rates(self, owner: str) -> None:
        rates = self._rates.get(owner)
        if rates is not None:
            rates.connections -= 1
            if rates.connections <= 0:
                del self._rates[owner]

    async def _dispatch(self, member: Member, request: msgspec.Struct) -> None:
        if isinstance(request, ListTables):
            member.send(self._listing(member))
        elif isinstance(request, CreateTable):
            if self._create(member, request):
                self._announce()
        elif isinstance(request, (Join, Watch, Leave, Act, Probe, Chat, VoteBot, Close)):
            table = self._reachable(member, request)
            if table is None:
                return
            if isinstance(request, Close):
                self._close_for_host(member, table)
            elif isinstance(request, Join) and request.invite and request.seat is None and _no_seat_for(member, table):
                # A friend's code to a table whose seats are all taken: watch it, as the
                # lobby does on Enter at a full public table (else the code led nowhere). The
                # Done names the table first: the lobby may follow it already.
                member.send(Done(table=table.id))
                self._watch(member, table)
            elif isinstance(request, Join):
                await table.request(member, JoinSeat(seat=request.seat))
                self._announce()
            elif isinstance(request, Watch):
                self._watch(member, table)
            elif isinstance(request, Leave):
                table.unwatch(member)
                if not table.stored.public:
                    member.send(self._listing(member))
                member.send(Done(table=table.id))
            else:
                await table.request(member, request)
        else:
            member.send(Refused(reason="You are already connected."))

    def _watch(self, member: Member, table: Table) -> None:
        table.watch(member)
        if not table.stored.public:  # listed to this connection only while it follows
            member.send(self._listing(member))

    def _listing(self, member: Member) -> Tables:
        """The tables this connection sees: the public ones, its own, and any it follows
        (a private table watched by its code, so its spectator can open it again)."""
        return Tables(
            tables=[
                t.info(member.owner)
                for t in self.tables.values()
                if t.stored.public or t.is_member(member.owner) or member in t.watchers
            ]
        )

    def _announce(self) -> None:
        """Push the lobby to everyone connected when a table appears, a seat is taken, a
        table is closed or its game ends.

        One task sends it, one connection per turn of the event loop: with 200 connections
        and 50 tables a whole round is 10,000 table lines, and done in one go it held up
        every table's next update for most of a second (bench/remote_tables.py --probe);
        in batches of 8 still 50-140 ms on a loaded machine. Changes that arrive while a
        round is under way are covered by one more round."""
        self._lobby_changed = True
        if self._announcer is None or self._announcer.done():
            self._announcer = asyncio.get_running_loop().create_task(self._send_lobby(), name="lobby")

    def _tell_whose_turn(self, table: Table, turned: set[int]) -> None:
        """The lobby of each player whose turn at `table` began or ended (seats `turned`)
        and who does not follow it (a follower's marks come from its Updates): their
        '> your turn' mark follows the game. Nobody else is sent it: a bot's move is not
        worth every table of the host to each player of the table."""
        seats = table.stored.seats
        owners = {seats[n].owner for n in turned if 0 <= n < len(seats) and seats[n].kind == "human"}
        for member in list(self._members):
            if member.owner in owners and member not in table.watchers:
                member.send(self._listing(member))

    async def _send_lobby(self) -> None:
        while self._lobby_changed:
            self._lobby_changed = False
            for member in list(self._members):
                if member in self._members:
                    member.send(self._listing(member))
                await asyncio.sleep(0)  # the tables' updates go between two connections

    def _reachable(
        self, member: Member, request: Join | Watch | Leave | Act | Probe | Chat | VoteBot | Close
    ) -> Table | None:
        """The table a request names, if this member may reach it: public, or private and
        theirs, or private and followed by this connection (watched by its code), or private
        with its invite code."""
        invite = getattr(request, "invite", "").strip().upper()
        table = self.tables.get(request.table)
        if table is not None and (table.stored.public or table.is_member(member.owner) or member in table.watchers):
            return table
        if invite and not self._may_try_a_code(member.owner):
            member.send(Refused(reason="Too many wrong invite codes: wait a few minutes.", table=request.table))
            return None
        if table is None and not request.table and invite:  # joining by the code alone
            table = next((t for t in self.tables.values() if t.stored.invite == invite), None)
        if table is not None and invite and invite == table.stored.invite:
            return table
        if invite:
            self._wrong_code(member.owner)
        member.send(Refused(reason="No table has that name and invite code.", table=request.table))
        return None

    def _wrong_codes_of(self, owner: str) -> TokenBucket:
        bucket = self._wrong_codes.get(owner)
        if bucket is None:
            if len(self._wrong_codes) > 10_000:  # forget identities whose budget is whole again
                self._wrong_codes = {o: b for o, b in self._wrong_codes.items() if b.peek() < b.burst}
            bucket = self._wrong_codes[owner] = TokenBucket(
                self.limits.wrong_codes_per_second, self.limits.wrong_codes_burst
            )
        return bucket

    def _may_try_a_code(self, owner: str) -> bool:
        return self._wrong_codes_of(owner).peek() >= 1

    def _wrong_code(self, owner: str) -> None:
        self._wrong_codes_of(owner).take()

    def _create(self, member: Member, request: CreateTable) -> bool:
        assert self.store is not None
        # Only tables still being played count: finished ones stay listed and exportable.
        live = sum(1 for t in self.tables.values() if t.stored.owner == member.owner and not t.finished)
        if live >= self.limits.tables_per_identity:
            n = self.limits.tables_per_identity
            member.send(
                Refused(reason=f"You already host {n} unfinished table{'s' if n != 1 else ''}: finish one first.")
            )
            return False
        entry = next((g for g in GAMES if g.id == request.game and g.ready), None)
        if entry is None:
            member.send(Refused(reason="There is no such game to play here."))
            return False
        if sum(1 for s in request.seats if s.kind == "me") > 1:
            member.send(Refused(reason=ONE_SEAT_EACH))
            return False
        engine = load_engine(entry.id)
        seats = []
        for number, seat in enumerate(request.seats, start=1):
            if seat.kind == "me":
                seats.append(StoredSeat(kind="human", owner=member.owner, name=member.name))
            elif seat.kind == "bot":
                # The engine's key for a level by any of its names; an unknown one is left
                # for the Match below to refuse with the levels on offer.
                level = resolve_level(engine, seat.level) or seat.level
                seats.append(StoredSeat(kind="bot", name=bot_seat_name(level, number), level=level))
            else:
                seats.append(StoredSeat(kind="open", name=f"Open seat {number}"))
        try:
            options = engine.decode_options(request.options)
            seed = self.new_seed()
            match = Match(engine, options, [s.spec() for s in seats], seed)
        except BadOptions as error:
            member.send(Refused(reason=str(error)))
            return False
        except (msgspec.ValidationError, TypeError, ValueError) as error:
            member.send(Refused(reason=f"These options do not work for {engine.info.title}: {error}."))
            return False
        stored = StoredTable(
            id=self._new_id(),
            game=entry.id,
            options=msgspec.to_builtins(options),
            seed=seed,
            public=request.public,
            invite="" if request.public else _invite_code(),
            owner=member.owner,
            version=0,
            seats=seats,
            journal=[],
        )
        try:
            self.store.create(stored)
        except sqlite3.Error:
            member.send(Refused(reason="The table could not be recorded; try again."))
            return False
        table = self._open(stored, match)
        table.watch(member)
        member.send(Done(table=table.id, seat=table.seat_of(member.owner)))
        return True

    # -- closing and the operator's questions ----------------------------------------------
    def _close_for_host(self, member: Member, table: Table) -> None:
        if table.stored.owner != member.owner:
            member.send(Refused(reason="Only the player who started this table may close it.", table=table.id))
            return
        refusal = self.close_table(table.id, "host")
        member.send(Refused(reason=refusal, table=table.id) if refusal else Done(table=table.id))

    def close_table(self, table_id: str, by: str) -> str | None:
        """End a live table (players told, no more actions, kept as finished and
        exportable); the sentence saying why not, or None once done."""
        table = self.tables.get(table_id)
        if table is None:
            if table_id in self.unrestorable:
                return f"Table {table_id} could not be replayed when the server started; it is not open."
            return f"There is no table {table_id}."
        if table.finished:
            return f"Table {table_id} is already finished."
        try:
            table.close(by)
        except sqlite3.Error:
            return f"Table {table_id} could not be closed (the store is busy or broken); try again."
        self._announce()
        return None

    def following(self, owner: str | None, name: str) -> list[str]:
        """The tables a session follows now: '<game title> 3fa2c1', by its identity (a key's
        fingerprint; a guest by its name at tables, as a guest's identity is its token)."""

        def theirs(member: Member) -> bool:
            if owner is not None:
                return member.owner == owner
            return member.owner.startswith("guest:") and member.name == name

        return [
            f"{table.match.engine.info.title} {table.id}"
            for table in self.tables.values()
            if any(theirs(member) for member in table.watchers)
        ]

    def actions_played(self) -> int:
        """Actions committed at the open tables since they were opened or restored."""
        return sum(table.version for table in self.tables.values())

    def live_tables(self) -> int:
        return sum(1 for table in self.tables.values() if not table.finished)

    def _new_id(self) -> str:
        while True:
            table_id = secrets.token_hex(3)
            if table_id not in self.tables and table_id not in self.unrestorable:
                return table_id


def _invite_code() -> str:
    return "".join(secrets.choice(INVITE_LETTERS) for _ in range(INVITE_LENGTH))


def _sender(writer: asyncio.StreamWriter) -> Callable[[msgspec.Struct], None]:
    def send(message: msgspec.Struct) -> None:
        transport = writer.transport
        if transport.is_closing():
            return
        writer.write(frame(message))
        if transport.get_write_buffer_size() > MAX_BACKLOG_BYTES:
            transport.abort()

    return send


def _no_seat_for(member: Member, table: Table) -> bool:
    """No seat is free at `table` and none is `member`'s (their own, or one a bot keeps for
    them while they are away)."""
    return all(seat.kind != "open" and seat.owner != member.owner for seat in table.stored.seats)
