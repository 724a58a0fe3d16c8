"""The tables' durable record: SQLite in WAL mode in the data root.

A table is its game, options, seed and seats plus a journal, one row per committed action,
written in the same transaction as the table's version bump: after a kill the database holds
every action that was acknowledged and none that was not. A restarted host replays each
journal to rebuild its Match; a journal also exports to an ordinary save file.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import msgspec

from engines.core.match import JournalEntry, Match, SeatSpec
from engines.registry import load_engine
from saves.store import write_match

STORE_NAME = "tables.sqlite3"
#: Room for a claimed name with a number after it (server.identity's limit).
PLAYER_NAME_SPACE = 20

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    public INTEGER NOT NULL,
    invite TEXT NOT NULL,
    owner TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    -- Who closed the table before its game ended ('host' or 'operator'), '' while open.
    closed TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('open', 'human', 'bot')),
    owner TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL,
    level TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS journal (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    reveals INTEGER NOT NULL,
    PRIMARY KEY (table_id, number)
);
-- One name per key, and each name (by server.identity.name_key) held by one key.
CREATE TABLE IF NOT EXISTS names (
    fingerprint TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE
);
"""


class StaleVersion(Exception):
    """The table moved on since the version the writer read."""


class StoredSeat(msgspec.Struct):
    kind: Literal["open", "human", "bot"]
    name: str
    owner: str = ""  # the identity (key fingerprint) of a human seat
    level: str = ""

    def spec(self) -> SeatSpec:
        if self.kind == "bot":
            return SeatSpec(name=self.name, kind="bot", level=self.level)
        return SeatSpec(name=self.name)


class StoredTable(msgspec.Struct):
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    public: bool
    invite: str
    owner: str
    version: int
    seats: list[StoredSeat]
    journal: list[JournalEntry]
    closed: str = ""  # who closed it ('host' or 'operator'), '' while open

    def replay(self) -> Match:
        engine = load_engine(self.game)
        options = engine.decode_options(self.options)
        return Match.replay(engine, options, [s.spec() for s in self.seats], self.seed, self.journal)


class TableStore:
    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        # One connection, used only from the host's event loop thread.
        self._db = sqlite3.connect(path, isolation_level=None)
        path.chmod(0o600)
        self._db.execute("PRAGMA journal_mode=WAL")
        # NORMAL loses nothing to a killed process, only (at most the last commits) to a
        # power cut; FULL would fsync on every action.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
        if "closed" not in columns:  # a store written before tables could be closed
            self._db.execute("ALTER TABLE tables ADD COLUMN closed TEXT NOT NULL DEFAULT ''")

    def close(self) -> None:
        self._db.close()

    def claim_name(self, fingerprint: str | None, wanted: str, key: Callable[[str], str]) -> str:
        """The name this identity plays under: `wanted` when no other key holds it (by
        `key`), else `wanted` with the first free number after it. A key holds one name at a
        time; a guest holds none and may not take a name a key holds."""
        for number in range(1, 1000):
            name = wanted if number == 1 else f"{wanted[: PLAYER_NAME_SPACE - 4]} {number}"
            holder = self._db.execute("SELECT fingerprint FROM names WHERE name_key = ?", (key(name),)).fetchone()
            if holder is not None and holder[0] != fingerprint:
                continue
            if fingerprint is not None:
                db = self._transaction()
                try:
                    db.execute("DELETE FROM names WHERE fingerprint = ?", (fingerprint,))
                    db.execute(
                        "INSERT INTO names (fingerprint, name, name_key) VALUES (?, ?, ?)",
                        (fingerprint, name, key(name)),
                    )
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
            return name
        return wanted  # a thousand look-alikes: the key mark still tells them apart

    def _transaction(self) -> sqlite3.Connection:
        self._db.execute("BEGIN IMMEDIATE")
        return self._db

    def create(self, table: StoredTable) -> None:
        db = self._transaction()
        try:
            db.execute(
                "INSERT INTO tables (id, game, options, seed, public, invite, owner, version)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, 0)",
                (
                    table.id,
                    table.game,
                    json.dumps(table.options, sort_keys=True),
                    table.seed,
                    int(table.public),
                    table.invite,
                    table.owner,
                ),
            )
            db.executemany(
                "INSERT INTO seats (table_id, seat, kind, owner, name, level) VALUES (?, ?, ?, ?, ?, ?)",
                [(table.id, n, s.kind, s.owner, s.name, s.level) for n, s in enumerate(table.seats)],
            )
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def commit_action(self, table_id: str, version: int, entry: JournalEntry) -> int:
        """Append `entry` as action number `version` and bump the version, atomically;
        StaleVersion if the table is no longer at `version`. Returns the new version."""
        db = self._transaction()
        try:
            bumped = db.execute(
                "UPDATE tables SET version = version + 1 WHERE id = ? AND version = ?",
                (table_id, version),
            ).rowcount
            if bumped != 1:
                raise StaleVersion(table_id)
            db.execute(
                "INSERT INTO journal (table_id, number, seat, action, reveals) VALUES (?, ?, ?, ?, ?)",
                (table_id, version, entry.seat, entry.action, int(entry.reveals)),
            )
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return version + 1

    def set_seat(self, table_id: str, seat: int, stored: StoredSeat) -> None:
        self._db.execute(
            "UPDATE seats SET kind = ?, owner = ?, name = ?, level = ? WHERE table_id = ? AND seat = ?",
            (stored.kind, stored.owner, stored.name, stored.level, table_id, seat),
        )

    def set_closed(self, table_id: str, by: str) -> bool:
        """Mark the table closed by `by`; False when there is no such table."""
        return self._db.execute("UPDATE tables SET closed = ? WHERE id = ?", (by, table_id)).rowcount == 1

    def names(self) -> dict[str, str]:
        """Every key that has played here, by fingerprint, with the name it holds."""
        return dict(self._db.execute("SELECT fingerprint, name FROM names").fetchall())

    def load(self, table_id: str) -> StoredTable | None:
        row = self._db.execute(
            "SELECT id, game, options, seed, public, invite, owner, version, closed FROM tables WHERE id = ?",
            (table_id,),
        ).fetchone()
        return None if row is None else self._table(row)

    def all(self) -> Iterator[StoredTable]:
        rows = self._db.execute(
            "SELECT id, game, options, seed, public, invite, owner, version, closed FROM tables ORDER BY created, id"
        ).fetchall()
        for row in rows:
            yield self._table(row)

    def _table(self, row: tuple[Any, ...]) -> StoredTable:
        table_id, game, options, seed, public, invite, owner, version, closed = row
        seats = [
            StoredSeat(kind=kind, owner=seat_owner, name=name, level=level)
            for kind, seat_owner, name, level in self._db.execute(
                "SELECT kind, owner, name, level FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
            )
        ]
        journal = [
            JournalEntry(seat=seat, action=action, reveals=bool(reveals))
            for seat, action, reveals in self._db.execute(
                "SELECT seat, action, reveals FROM journal WHERE table_id = ? AND number < ? ORDER BY number",
                (table_id, version),
            )
        ]
        return StoredTable(
            id=table_id,
            game=game,
            options=json.loads(options),
            seed=seed,
            public=bool(public),
            invite=invite,
            owner=owner,
            version=version,
            seats=seats,
            journal=journal,
            closed=closed,
        )

    def export(self, table_id: str, path: Path) -> Path:
        """Write the table as an ordinary save file, which `campfire load` replays
        (SaveError when it cannot be written)."""
        table = self.load(table_id)
        if table is None:
            raise KeyError(table_id)
        write_match(table.replay(), path)
        return path
