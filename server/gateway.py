"""The SSH gateway: authentication, lock-down, caps, and one game process per session."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import asyncssh

from server.child import GameProcess, Limits, SpawnedGame, child_environment
from server.bans import BanList, read_allowed_fingerprints
from server.events import LOG_KEEP, LOG_MAX_BYTES, LOG_NAME, EventLog
from server.host import TableHost
from server.link import Link
from server.hostkey import HOST_KEY_NAME, load_or_create_host_key
from server.operators import METRICS_INTERVAL, ControlServer, write_metrics
from server.refusals import RefusalLog, connection_tag
from server.template_client import Template, TemplateUnavailable
from server.protocol import SOCKET_VARIABLE, TOKEN_VARIABLE
from server.identity import (
    Identity,
    folder_name,
    name_key,
    player_folders,
    remove_stale_guest_folders,
    sanitise_name,
    table_name,
)

SERVER_FULL = "Campfire is full right now, try again later.\r\n"
IDLE_GOODBYE = "\r\nNo key pressed for a long while: the game is saved, see you later.\r\n"
REFUSED = "This server only plays Campfire in an interactive terminal: connect with plain `ssh`, no command.\r\n"
ONE_GAME = "One game per connection: open another connection for another game.\r\n"
# Connections one address may hold beyond its game cap: room to be told "full" politely.
CONNECTION_ALLOWANCE = 4
# Written to the client after every game, however it ended (quit, idle, crash, hang-up):
# mouse reports, focus events, bracketed paste, the kitty keyboard protocol and the hidden
# cursor off, then back from the alternate screen, so the player's own shell reads again.
# A game that quit cleanly has already sent the same; terminals ignore a repeat.
TERMINAL_RESET = (
    "\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1005l\x1b[?1006l\x1b[?1015l\x1b[?1016l"
    "\x1b[?1004l\x1b[?2004l\x1b[?2048l\x1b[<u\x1b[?25h\x1b[?1049l"
)
# A connection is for one game: once it has ended, the connection is closed after this.
AFTER_GAME_GRACE = 5.0


@dataclass
class ServeOptions:
    data_root: Path
    host: str = "127.0.0.1"
    port: int = 2222
    host_key: Path | None = None
    max_sessions: int = 16
    max_per_ip: int = 4
    idle_timeout: float = 1800.0
    # Seconds a logged-in connection may stay without opening a game (`ssh -N` never does).
    session_wait: float = 30.0
    allow_keys: Path | None = None
    limits: Limits = field(default_factory=Limits)
    log_max_bytes: int = LOG_MAX_BYTES
    log_keep: int = LOG_KEEP
    metrics_interval: float = METRICS_INTERVAL
    # Fork games from a template process that has imported everything (server.template);
    # False spawns each game afresh (as the template's absence or death does anyway).
    template: bool = True


class Gateway:
    """Listens, counts sessions, starts and stops games. `start()` then `close()`."""

    def __init__(self, options: ServeOptions) -> None:
        self.options = options
        self.allowed: frozenset[str] | None = (
            read_allowed_fingerprints(options.allow_keys) if options.allow_keys else None
        )
        self.sessions = 0
        self.sessions_by_ip: Counter[str] = Counter()
        self.games: set[GameProcess] = set()
        self.connections: dict[asyncssh.SSHServerConnection, str] = {}  # to the peer's address
        self.host_key_fingerprint = ""
        self.host_key_created = False
        self.log: EventLog | None = None
        self.tables = TableHost(options.data_root)  # remote tables shared by every session
        self.bans = BanList(options.data_root)
        self.control = ControlServer(self)
        self._refusals = RefusalLog(self._asyncssh_refused)
        self._metrics: asyncio.Task[None] | None = None
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.template: Template | None = None

    @property
    def guests_allowed(self) -> bool:
        return self.allowed is None

    @property
    def port(self) -> int:
        assert self._acceptor is not None
        return self._acceptor.get_port()

    async def start(self) -> None:
        root = self.options.data_root
        root.mkdir(mode=0o700, parents=True, exist_ok=True)
        remove_stale_guest_folders(root)
        self.log = EventLog(root / LOG_NAME, self.options.log_max_bytes, self.options.log_keep)
        key, self.host_key_created = load_or_create_host_key(self.options.host_key or root / HOST_KEY_NAME)
        self.host_key_fingerprint = key.get_fingerprint("sha256")
        await self.tables.start()
        for table_id, why in self.tables.unrestorable.items():  # never lost without a word
            self.log.write("table not restored", table=table_id, reason=why)
        await self.control.start()
        if self.options.template:
            self.template = Template(root, self._template_event)
            await self.template.start()  # bounded; until it is ready, games are spawned
        self._refusals.install()
        self._metrics = asyncio.get_running_loop().create_task(write_metrics(self, self.options.metrics_interval))
        self._acceptor = await asyncssh.create_server(
            lambda: PlayerConnection(self),
            self.options.host,
            self.options.port,
            server_host_keys=[key],
            process_factory=self._run_session,
            encoding=None,
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            login_timeout=30,
            keepalive_interval=60,
            keepalive_count_max=3,
        )
        self.log.write("listening", host=self.options.host, port=self.port, host_key=self.host_key_fingerprint)

    async def close(self) -> None:
        """Stop listening and end every game (hang-up, then kill after the grace period).
        Safe to call twice."""
        if self._acceptor is not None:
            self._acceptor.close()
            for conn in list(self.connections):
                conn.close()
            await self._acceptor.wait_closed()
            self._acceptor = None
        await asyncio.gather(*(game.stop() for game in list(self.games)), return_exceptions=True)
        if self.template is not None:  # after the games: their ends are reported through it
            await self.template.close()
            self.template = None
        if self._metrics is not None:
            self._metrics.cancel()
            await asyncio.gather(self._metrics, return_exceptions=True)
            self._metrics = None
        self._refusals.remove()
        await self.control.close()
        await self.tables.close()
        if self.log is not None:
            self.log.write("stopped")
            self.log.close()
            self.log = None

    # -- one session -----------------------------------------------------------
    async def _run_session(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        player: PlayerConnection = process.get_extra_info("connection").get_owner()
        term = process.get_terminal_type()
        if process.command is not None or process.subsystem is not None or term is None:
            self._log("refused", player, request=_request_kind(process, term))
            _refuse(process, REFUSED)
            return
        if player.playing:
            self._log("refused", player, request="second session")
            _refuse(process, ONE_GAME)
            return
        ip = player.peer_ip
        if self.sessions >= self.options.max_sessions or self.sessions_by_ip[ip] >= self.options.max_per_ip:
            self._log("full", player, sessions=self.sessions)
            _refuse(process, SERVER_FULL)
            return
        self.sessions += 1
        self.sessions_by_ip[ip] += 1
        player.playing = player.playing_now = True
        player.since = time.time()
        try:
            await self._play(process, player, term)
        finally:
            player.playing_now = False
            self.sessions -= 1
            self.sessions_by_ip[ip] -= 1
            if not self.sessions_by_ip[ip]:
                del self.sessions_by_ip[ip]

    async def _play(self, process: asyncssh.SSHServerProcess[bytes], player: "PlayerConnection", term: str) -> None:
        identity = player.identity
        folders = player_folders(self.options.data_root, identity)
        token = ""
        try:
            width, height, _, _ = process.get_terminal_size()
            env = child_environment(term, process.env, folders, identity.name)
            token = self.tables.issue_token(identity.fingerprint, table_name(identity))
            env.update({SOCKET_VARIABLE: str(self.tables.socket_path), TOKEN_VARIABLE: token})
            game, how = await self._start_game(env, folders.home, width, height)
            self.games.add(game)
            self._log("game started", player, pid=game.pid, term=term, size=f"{width}x{height}", how=how)
            link = Link(process, game, self.options.idle_timeout)
            try:
                reason = await link.run()
            finally:
                status = await game.stop()
                game.close_master()
                self.games.discard(game)
        finally:
            if token:
                self.tables.revoke_token(token)
            folders.remove_if_temporary()
        self._log(
            "game ended",
            player,
            pid=game.pid,
            reason=reason,
            status=status,
            sent=link.bytes_out,
            received=link.bytes_in,
        )
        _write_quietly(process, TERMINAL_RESET.encode())
        if reason == "idle":
            _write_quietly(process, IDLE_GOODBYE.encode())
        if not process.is_closing():
            process.exit(0 if status == 0 else 1)
        player.close_later(AFTER_GAME_GRACE, "game over")

    async def _start_game(self, env: dict[str, str], cwd: Path, width: int, height: int) -> tuple[GameProcess, str]:
        """The game, forked from the template when it is ready, else spawned; and which."""
        limits = self.options.limits
        if self.template is not None:
            try:
                return await self.template.fork_game(env, cwd, width, height, limits), "forked"
            except TemplateUnavailable:
                pass  # starting, restarting or stuck: this game is spawned
        return await SpawnedGame.start(env, cwd, width, height, limits), "spawned"

    def _template_event(self, event: str, **fields: object) -> None:
        if self.log is not None:
            self.log.write(event, **fields)

    def _log(self, event: str, player: "PlayerConnection", **fields: object) -> None:
        if self.log is not None:
            self.log.write(event, peer=player.peer_ip, fingerprint=player.identity.fingerprint, **fields)

    def players(self) -> list[tuple[asyncssh.SSHServerConnection, "PlayerConnection"]]:
        """Every connection with its PlayerConnection (what create_server was given)."""
        return [(conn, cast(PlayerConnection, conn.get_owner())) for conn in list(self.connections)]

    def _asyncssh_refused(self, tag: str, request: str) -> None:
        """A request asyncssh refused by itself (server.refusals), logged as ours are."""
        # Every connection of this server is in self.connections from its first packet; a
        # line naming another is an asyncssh client's own (in tests, in this process).
        for conn, player in self.players():
            if tag and connection_tag(conn) == tag:
                player._refused(request)
                return


def _request_kind(process: asyncssh.SSHServerProcess[bytes], term: str | None) -> str:
    if process.subsystem is not None:  # its name is the client's text: not logged
        return "subsystem"
    if process.command is not None:
        return "exec"
    return "shell without a terminal" if term is None else "shell"


def _refuse(process: asyncssh.SSHServerProcess[bytes], message: str) -> None:
    _write_quietly(process, message.encode(), stderr=process.get_terminal_type() is None)
    if not process.is_closing():
        process.exit(1)


def _write_quietly(process: asyncssh.SSHServerProcess[bytes], data: bytes, stderr: bool = False) -> None:
    try:
        (process.stderr if stderr else process.stdout).write(data)
    except (asyncssh.Error, OSError, BrokenPipeError):
        pass


class PlayerConnection(asyncssh.SSHServer):
    """One SSH connection: who it is, and whether it already has its game."""

    def __init__(self, gateway: Gateway) -> None:
        self.gateway = gateway
        self.peer_ip = "?"
        self.username = ""
        self.identity = Identity(None, "Guest")
        self.playing = False  # this connection has had its one game
        self.playing_now = False
        self.since = 0.0  # when its game began (time.time())
        self.conn: asyncssh.SSHServerConnection | None = None
        self._fingerprint: str | None = None
        self._banned = False  # a banned key was offered: no guest login on this connection
        self._closer: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.peer_ip = str(peer[0]) if peer else "?"
        gateway = self.gateway
        if gateway.log is not None:
            gateway.log.write("connect", peer=self.peer_ip)
        # asyncssh has no connection cap: half-open logins from one address are bounded
        # here, sessions by the caps in _run_session.
        from_here = sum(1 for address in gateway.connections.values() if address == self.peer_ip)
        gateway.connections[conn] = self.peer_ip
        if from_here >= gateway.options.max_per_ip + CONNECTION_ALLOWANCE:
            if gateway.log is not None:
                gateway.log.write("full", peer=self.peer_ip, connections=from_here)
            conn.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._closer is not None:
            self._closer.cancel()
        if self.conn is not None:
            self.gateway.connections.pop(self.conn, None)
        if self.gateway.log is not None:
            self.gateway.log.write("disconnect", peer=self.peer_ip, fingerprint=self.identity.fingerprint)

    def begin_auth(self, username: str) -> bool:
        self.username = username
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fingerprint = key.get_fingerprint("sha256")
        if self.gateway.bans.is_banned(fingerprint):
            self._refused("banned key", fingerprint=fingerprint)
            self._banned = True
            return False
        allowed = self.gateway.allowed
        if allowed is not None and fingerprint not in allowed:
            self._refused("key not allowed", fingerprint=fingerprint)
            return False
        # asyncssh calls this for a key the client only asks about and again for the key it
        # signs with, just before checking the signature; the last call names the key that
        # authenticated, unless a guest login follows (see get_kbdint_challenge).
        self._fingerprint = fingerprint
        return True

    def kbdint_auth_supported(self) -> bool:
        return self.gateway.guests_allowed

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self._fingerprint = None  # a key offered earlier but never signed for is not theirs
        return self.gateway.guests_allowed and not self._banned

    def password_auth_supported(self) -> bool:
        return False

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        self._refused("port forwarding")
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        self._refused("remote port forwarding")
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        self._refused("socket forwarding")
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        self._refused("remote socket forwarding")
        return False

    def _refused(self, request: str, fingerprint: str | None = None) -> None:
        if self.gateway.log is not None:
            self.gateway.log.write(
                "refused", peer=self.peer_ip, fingerprint=fingerprint or self.identity.fingerprint, request=request
            )

    def close_later(self, delay: float, why: str) -> None:
        """Close this connection in `delay` seconds unless a game is running on it then."""
        if self._closer is not None:
            self._closer.cancel()
        self._closer = asyncio.get_running_loop().call_later(delay, self._close_unless_playing, why)

    def _close_unless_playing(self, why: str) -> None:
        self._closer = None
        if self.conn is None or self.playing_now:
            return
        if self.gateway.log is not None:
            self.gateway.log.write("closed", peer=self.peer_ip, fingerprint=self.identity.fingerprint, reason=why)
        self.conn.close()

    def auth_completed(self) -> None:
        name = sanitise_name(self.username)
        store = self.gateway.tables.store
        if store is not None:  # names are the server's: one key each, no look-alikes
            try:
                name = store.claim_name(self._fingerprint, name, name_key)
            except sqlite3.Error:
                pass  # a busy or broken store: the key mark at tables still tells players apart
        self.identity = Identity(self._fingerprint, name)
        if self._fingerprint is not None:  # `campfire admin prune` reads when a key last came
            home = self.gateway.options.data_root / "players" / folder_name(self._fingerprint)
            try:
                os.utime(home)
            except OSError:
                pass  # a first visit: the folder is made with the game
        self.close_later(self.gateway.options.session_wait, "no game opened")
        if self.gateway.log is not None:
            self.gateway.log.write(
                "identity",
                peer=self.peer_ip,
                fingerprint=self._fingerprint,
                guest=self._fingerprint is None,
                name=self.identity.name,
            )


async def serve_forever(options: ServeOptions, announce: Callable[[Gateway], object]) -> None:
    """Run until cancelled (Ctrl+C or SIGTERM in `run`), then end every game."""
    gateway = Gateway(options)
    try:
        await gateway.start()
        announce(gateway)
        await asyncio.Event().wait()
    finally:
        await gateway.close()
