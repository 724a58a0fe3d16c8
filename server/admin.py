"""`campfire admin --data-root DIR COMMAND`: an operator's commands, safe while the server runs.

What is on disk is read (and written) here: the tables' store (SQLite in WAL mode, so a
reader sees the last commit and waits for no one), the ban list, the players' folders.
What only the running process knows, or what its players must see at once, goes through
its control socket (server.operators): who is on, closing a live table, sending a banned
key's sessions away. Each mistake is one sentence (AdminError).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from saves.errors import SaveError
from server.bans import FINGERPRINT, MARK, BanList
from server.identity import folder_name, key_mark
from server.operators import CONTROL_TIMEOUT, control_path
from server.root_lock import LOCK_NAME
from server.store import STORE_NAME, StoredTable, TableStore
from server.table_update import closed_status

DEFAULT_PRUNE_DAYS = 180
DAY = 86400.0


class AdminError(Exception):
    """A mistake the operator can fix, in one sentence."""


class NoServer(AdminError):
    pass


class Admin:
    def __init__(self, data_root: Path) -> None:
        self.root = data_root
        if not (data_root / STORE_NAME).is_file() and not (data_root / LOCK_NAME).is_file():
            raise AdminError(f"{data_root} is not the data root of a campfire serve (no tables, no server).")

    # -- the running server ---------------------------------------------------------------
    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """One request to the running server's control socket; NoServer when none runs."""
        path = control_path(self.root)
        if not path.exists():  # removed when the server stops (a kill -9 leaves it: refused)
            raise NoServer(f"No campfire serve is running on {self.root}.")
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as link:
            link.settimeout(CONTROL_TIMEOUT)
            try:
                link.connect(str(path))
                link.sendall(json.dumps(request).encode() + b"\n")
                answer = link.makefile("rb").readline()
            except (FileNotFoundError, ConnectionRefusedError):
                raise NoServer(f"No campfire serve is running on {self.root}.") from None
            except OSError as error:
                raise AdminError(f"The server on {self.root} did not answer ({error.strerror or error}).") from None
        reply = json.loads(answer or b"{}")
        if not isinstance(reply, dict):
            raise AdminError("The server's answer was not understood.")
        if reply.get("error"):
            raise AdminError(str(reply["error"]))
        return reply

    def _store(self) -> TableStore:
        if not (self.root / STORE_NAME).is_file():
            raise AdminError(f"There are no tables in {self.root}.")
        return TableStore(self.root / STORE_NAME)

    # -- commands -------------------------------------------------------------------------
    def who(self) -> str:
        sessions = self.ask({"op": "who"})["sessions"]
        if not sessions:
            return "Nobody is playing now."
        rows = [["MARK", "NAME", "SINCE", "FROM", "AT TABLES"]]
        for s in sessions:
            rows.append([s["mark"], s["name"], s["since"], s["peer"], s["game"] or "-"])
        return _columns(rows)

    def tables(self) -> str:
        live, finished, broken = [], [], []
        store = self._store()
        try:
            for table in store.all():
                try:
                    over = table.replay().is_over()
                except Exception as error:  # what the server logs as "table not restored"
                    broken.append(f"  {table.id}  {table.game:<13} cannot be replayed: {error}")
                    continue
                line = _table_line(table)
                if table.closed:
                    finished.append(f"{line}  ({closed_status(table.closed)})")
                elif over:
                    finished.append(f"{line}  (game over)")
                else:
                    live.append(line)
        finally:
            store.close()
        parts = [f"Live tables ({len(live)}):", *(live or ["  none"])]
        parts += ["", f"Finished tables ({len(finished)}):", *(finished or ["  none"])]
        if broken:
            parts += ["", f"Tables that cannot be replayed ({len(broken)}):", *broken]
        return "\n".join(parts)

    def ban(self, wanted: str) -> str:
        fingerprint, name = self._resolve(wanted, from_bans=False)
        if not BanList(self.root).add(fingerprint, f"{name} banned {_now()}" if name else f"banned {_now()}"):
            return f"{fingerprint} is already banned."
        try:
            sent = self.ask({"op": "banned", "fingerprint": fingerprint})["sent_away"]
        except NoServer:
            return f"Banned {fingerprint}{_named(name)}; no server is running now."
        return f"Banned {fingerprint}{_named(name)}; {sent} connection{'s' if sent != 1 else ''} sent away."

    def unban(self, wanted: str) -> str:
        fingerprint, name = self._resolve(wanted, from_bans=True)
        if not BanList(self.root).remove(fingerprint):
            raise AdminError(f"{fingerprint} is not banned.")
        return f"Unbanned {fingerprint}{_named(name)}."

    def close(self, table_id: str) -> str:
        try:
            self.ask({"op": "close", "table": table_id})
            return f"Closed table {table_id}; its players were told."
        except NoServer:
            pass
        store = self._store()
        try:
            table = store.load(table_id)
            if table is None:
                raise AdminError(f"There is no table {table_id}.")
            if table.closed or _over(table):
                raise AdminError(f"Table {table_id} is already finished.")
            store.set_closed(table_id, "operator")
        finally:
            store.close()
        return f"Closed table {table_id} (no server is running: its players will see it closed)."

    def backup(self, target: Path) -> str:
        """A consistent copy with SQLite's online backup: pages are copied while the server
        goes on writing, and the copy is the store as of one commit."""
        source_path = self.root / STORE_NAME
        if not source_path.is_file():
            raise AdminError(f"There are no tables in {self.root}.")
        if target.exists():
            raise AdminError(f"{target} already exists; give a new file name.")
        if not target.parent.is_dir():
            raise AdminError(f"There is no folder {target.parent}.")
        fd, temporary = tempfile.mkstemp(prefix=f".{target.name}-", dir=target.parent)
        os.close(fd)
        try:
            source = sqlite3.connect(source_path)
            copy = sqlite3.connect(temporary)
            try:
                source.backup(copy)
                copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
                count = copy.execute("SELECT count(*) FROM tables").fetchone()[0]
            finally:
                copy.close()
                source.close()
            os.chmod(temporary, 0o600)
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        return f"Backed up {count} table{'s' if count != 1 else ''} to {target}."

    def prune(self, days: float, dry_run: bool) -> str:
        """Guest folders a killed server left behind, and player folders nobody used for
        `days` days; with `dry_run`, only the list."""
        try:
            on_now = {s["fingerprint"] for s in self.ask({"op": "who"})["sessions"] if s["fingerprint"]}
            running = True
        except NoServer:
            on_now, running = set(), False
        in_use = {folder_name(fingerprint) for fingerprint in on_now}
        now = time.time()
        doomed: list[tuple[Path, str]] = []
        guests = self.root / "guests"
        if not running and guests.is_dir():  # while it runs, each guest folder is a session's
            doomed += [(folder, "guest folder left behind") for folder in sorted(guests.iterdir())]
        players = self.root / "players"
        if players.is_dir():
            for folder in sorted(players.iterdir()):
                unused = (now - _last_use(folder)) / DAY
                if folder.name not in in_use and unused >= days:
                    doomed.append((folder, f"player folder unused for {int(unused)} days"))
        if not doomed:
            return "Nothing to prune."
        lines = []
        for folder, why in doomed:
            if not dry_run:
                shutil.rmtree(folder, ignore_errors=True)
            lines.append(f"  {folder.relative_to(self.root)}  ({why})")
        head = "Would remove" if dry_run else "Removed"
        return "\n".join([f"{head} {len(doomed)} folder{'s' if len(doomed) != 1 else ''}:", *lines])

    def export(self, table_id: str, target: Path) -> str:
        store = self._store()
        try:
            written = store.export(table_id, target)
        except KeyError:
            raise AdminError(f"There is no table {table_id}.") from None
        except SaveError as error:
            raise AdminError(str(error)) from None
        finally:
            store.close()
        return f"Saved table {table_id} to {written}; campfire load replays it."

    # -- helpers --------------------------------------------------------------------------
    def _resolve(self, wanted: str, from_bans: bool) -> tuple[str, str]:
        """A key's fingerprint and name from its fingerprint or its 4-character mark."""
        wanted = wanted.strip()
        names: dict[str, str] = {}
        if (self.root / STORE_NAME).is_file():
            store = TableStore(self.root / STORE_NAME)
            try:
                names = store.names()
            finally:
                store.close()
        if FINGERPRINT.fullmatch(wanted):
            return wanted, names.get(wanted, "")
        if not MARK.fullmatch(wanted):
            raise AdminError(f"{wanted[:60]!r} is neither a key fingerprint (SHA256:...) nor a key mark (4 of 0-9a-f).")
        known = set(names) | (set(BanList(self.root).banned()) if from_bans else set())
        matching = sorted(f for f in known if key_mark(f) == wanted)
        if not matching:
            raise AdminError(f"No key with the mark {wanted} has played on this server.")
        if len(matching) > 1:
            raise AdminError(f"{len(matching)} keys share the mark {wanted}; give the full fingerprint.")
        return matching[0], names.get(matching[0], "")


def _over(table: StoredTable) -> bool:
    try:
        return table.replay().is_over()
    except Exception:
        return False


def _table_line(table: StoredTable) -> str:
    seats = ", ".join(s.name for s in table.seats)
    private = "  [private]" if not table.public else ""
    return f"  {table.id}  {table.game:<13} {table.version:>4} actions  {seats}{private}"


def _last_use(folder: Path) -> float:
    """The newest change to anything in the folder (the gateway touches it at each login)."""
    newest = folder.stat().st_mtime
    for path in _walk(folder):
        try:
            newest = max(newest, path.lstat().st_mtime)
        except OSError:
            pass
    return newest


def _walk(folder: Path) -> Iterator[Path]:
    for base, dirs, files in os.walk(folder):
        for name in dirs + files:
            yield Path(base) / name


def _named(name: str) -> str:
    return f" ({name})" if name else ""


def _now() -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())


def _columns(rows: list[list[str]]) -> str:
    widths = [max(len(row[n]) for row in rows) for n in range(len(rows[0]))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows)
