"""The running gateway's side of `campfire admin`: a control socket, and the metrics line.

The control socket (`admin.sock` in the data root, mode 0600 in a 0700 folder, so only the
operator's account reaches it) takes one JSON request line and answers one JSON line.
Questions about the present (who is on, which tables a session follows) and changes that
players must see at once (closing a table, sending a banned key away) need the running
process: its tables live in memory, and it alone can tell their players. Everything that
is on disk (the tables' store, the ban list, the folders) `campfire admin` reads itself.
"""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from server.identity import key_mark

if TYPE_CHECKING:
    from server.gateway import Gateway

CONTROL_NAME = "admin.sock"
#: Where the control socket is when the data root's path is too long for a socket's name.
CONTROL_WHERE_NAME = "admin.sock.where"
CONTROL_PATH_LIMIT = 100
MAX_CONTROL_REQUEST = 4096
CONTROL_TIMEOUT = 5.0
METRICS_INTERVAL = 60.0


def control_path(data_root: Path) -> Path:
    """Where `campfire admin` finds the running server's control socket."""
    where = data_root / CONTROL_WHERE_NAME
    if where.is_file():
        return Path(where.read_text(encoding="utf-8").strip())
    return data_root / CONTROL_NAME


class ControlServer:
    def __init__(self, gateway: Gateway) -> None:
        self.gateway = gateway
        root = gateway.options.data_root
        self.path = root / CONTROL_NAME
        self._where = root / CONTROL_WHERE_NAME
        self._temp_dir: str | None = None
        self._server: asyncio.base_events.Server | None = None

    async def start(self) -> None:
        self._where.unlink(missing_ok=True)
        if len(os.fsencode(self.path)) > CONTROL_PATH_LIMIT:
            self._temp_dir = tempfile.mkdtemp(prefix="campfire-admin-")
            self.path = Path(self._temp_dir) / CONTROL_NAME
            self._where.write_text(str(self.path), encoding="utf-8")
        self.path.unlink(missing_ok=True)  # the root lock is held: no other server uses it
        old_umask = os.umask(0o177)
        try:
            self._server = await asyncio.start_unix_server(self._serve, path=str(self.path))
        finally:
            os.umask(old_umask)

    async def close(self) -> None:
        if self._server is None:
            return
        self._server.close()
        await self._server.wait_closed()
        self._server = None
        self.path.unlink(missing_ok=True)
        self._where.unlink(missing_ok=True)
        if self._temp_dir is not None:
            os.rmdir(self._temp_dir)
            self._temp_dir = None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            line = await asyncio.wait_for(reader.readline(), CONTROL_TIMEOUT)
            try:
                request = json.loads(line[:MAX_CONTROL_REQUEST])
                answer = self.answer(request) if isinstance(request, dict) else {"error": "Not a request."}
            except ValueError:
                answer = {"error": "Not a request."}
            writer.write(json.dumps(answer).encode() + b"\n")
            await writer.drain()
        except (OSError, asyncio.TimeoutError, asyncio.LimitOverrunError):
            pass
        finally:
            writer.close()

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        op = request.get("op")
        if op == "who":
            return {"sessions": self.who()}
        if op == "close":
            refusal = self.gateway.tables.close_table(str(request.get("table", "")), "operator")
            if refusal is None:
                self._log("table closed", table=request.get("table"), by="operator")
            return {"error": refusal} if refusal else {"closed": request.get("table")}
        if op == "banned":
            fingerprint = str(request.get("fingerprint", ""))
            sent = self.send_away(fingerprint)
            self._log("key banned", fingerprint=fingerprint, sent_away=sent)
            return {"sent_away": sent}
        return {"error": f"Unknown request {str(op)[:40]!r}."}

    def who(self) -> list[dict[str, Any]]:
        from server.identity import table_name

        sessions = []
        for _, player in self.gateway.players():
            if not player.playing_now:
                continue
            identity = player.identity
            tables = self.gateway.tables.following(identity.fingerprint, table_name(identity))
            sessions.append(
                {
                    "mark": key_mark(identity.fingerprint),
                    "name": identity.name,
                    "fingerprint": identity.fingerprint,
                    "peer": player.peer_ip,
                    "game": ", ".join(tables) if tables else "",
                    "since": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(player.since)),
                }
            )
        return sorted(sessions, key=lambda s: s["since"])

    def send_away(self, fingerprint: str) -> int:
        """Close every connection of a key that was just banned; how many there were."""
        closing = [(c, p) for c, p in self.gateway.players() if p.identity.fingerprint == fingerprint]
        for conn, player in closing:
            self._log("banned key sent away", fingerprint=fingerprint, peer=player.peer_ip)
            conn.close()
        return len(closing)

    def _log(self, event: str, **fields: object) -> None:
        if self.gateway.log is not None:
            self.gateway.log.write(event, **fields)


async def write_metrics(gateway: Gateway, interval: float = METRICS_INTERVAL) -> None:
    """A `metrics` line in gateway.log every `interval` seconds, until cancelled: sessions
    playing, connections, live tables and the actions played over the last minute."""
    last = gateway.tables.actions_played()
    while True:
        await asyncio.sleep(interval)
        played = gateway.tables.actions_played()
        if gateway.log is not None:
            gateway.log.write(
                "metrics",
                sessions=gateway.sessions,
                connections=len(gateway.connections),
                tables_live=gateway.tables.live_tables(),
                tables_finished=len(gateway.tables.tables) - gateway.tables.live_tables(),
                actions_per_minute=round(max(0, played - last) * 60 / interval, 1),
            )
        last = played
