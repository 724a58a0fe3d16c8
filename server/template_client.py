"""The gateway's side of the template process (server.template): start it, ask it for games,
learn when they end, and start it again when it dies.

Nothing here imports Textual: the template is its own process. A game forked by the
template is the template's child, not the gateway's, so its exit status comes as a message;
the gateway still signals the game's process group itself (the game leads its own session,
as a spawned one does). When the template is not ready (starting, dead, or never started)
`fork_game` raises `TemplateUnavailable` and the gateway spawns the game instead.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from server.child import GameProcess, Limits, open_game_pty, shared_environment

TEMPLATE_COMMAND = (sys.executable, "-m", "server.template")
#: A variable the template starts with only to hold room: each child writes its own
#: environment over the template's, where /proc/PID/environ shows it (server.template).
ENVIRONMENT_ROOM = "CAMPFIRE_ENVIRONMENT_ROOM"
ROOM_BYTES = 16384
#: How long `start` waits for the template's imports before the gateway goes on without it.
READY_TIMEOUT = 60.0
#: How long a fork may take to be answered before the game is spawned instead.
FORK_TIMEOUT = 10.0
#: Seconds before starting a dead template again, doubled while it keeps dying young.
RESTART_DELAY = 1.0
MAX_RESTART_DELAY = 60.0
#: A template that lived this long before dying was not dying young.
HEALTHY_LIFE = 60.0
#: The status of a game whose template died before it could report it (real statuses are
#: 0-255, or negative for a signal).
UNKNOWN_STATUS = 256
MAX_MESSAGE = 65536


class TemplateUnavailable(Exception):
    """The template cannot start this game now: spawn it instead."""


class ForkedGame(GameProcess):
    """A game forked by the template."""

    def __init__(self, pid: int, exited: asyncio.Future[int], master_fd: int, limits: Limits) -> None:
        super().__init__(master_fd, limits)
        self._pid = pid
        self._exited = exited

    @property
    def pid(self) -> int:
        return self._pid

    @property
    def returncode(self) -> int | None:
        return self._exited.result() if self._exited.done() else None

    async def wait(self) -> int:
        return await asyncio.shield(self._exited)


class Template:
    """The template process and the socket to it. `start()`, `fork_game()`, `close()`."""

    def __init__(self, folder: Path, log: Callable[..., object]) -> None:
        self.folder = folder  # its working folder (the data root: the gateway's own)
        self.log = log
        self.process: asyncio.subprocess.Process | None = None
        self.restarts = 0
        self._channel: socket.socket | None = None
        self._ready: asyncio.Future[bool] | None = None
        self._answers: dict[int, asyncio.Future[int]] = {}  # request id -> pid
        self._exits: dict[int, asyncio.Future[int]] = {}  # pid -> status
        self._next_id = 0
        self._watcher: asyncio.Task[None] | None = None
        self._closing = False

    @property
    def ready(self) -> bool:
        return self._ready is not None and self._ready.done() and self._ready.result() and self._channel is not None

    async def start(self) -> bool:
        """Start the template and wait (bounded) until it has imported everything; whether
        it is ready. Its death later is noticed and it is started again."""
        try:
            await self._launch()
        except OSError as error:  # no template at all: every game is spawned
            self.log("template not started", error=str(error))
            return False
        self._watcher = asyncio.get_running_loop().create_task(self._watch())
        return await self._wait_ready()

    async def _launch(self) -> None:
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            env = shared_environment()
            env[ENVIRONMENT_ROOM] = "." * ROOM_BYTES
            self.process = await asyncio.create_subprocess_exec(
                *TEMPLATE_COMMAND,
                str(theirs.fileno()),
                str(os.getpid()),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.DEVNULL,
                env=env,
                cwd=self.folder,
                pass_fds=(theirs.fileno(),),
                close_fds=True,
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        self._channel = ours
        self._ready = loop.create_future()
        loop.add_reader(ours.fileno(), self._read)
        self.log("template started", pid=self.process.pid)

    async def _wait_ready(self) -> bool:
        assert self._ready is not None
        try:
            return await asyncio.wait_for(asyncio.shield(self._ready), READY_TIMEOUT)
        except asyncio.TimeoutError:
            self.log("template not ready", waited=READY_TIMEOUT)
            return False

    async def fork_game(self, env: dict[str, str], cwd: Path, width: int, height: int, limits: Limits) -> ForkedGame:
        """A game forked from the template on a fresh pty, or TemplateUnavailable."""
        if not self.ready:
            raise TemplateUnavailable("not ready")
        channel = self._channel
        assert channel is not None
        loop = asyncio.get_running_loop()
        self._next_id += 1
        identifier = self._next_id
        answer: asyncio.Future[int] = loop.create_future()
        self._answers[identifier] = answer
        request = {"id": identifier, "env": env, "cwd": str(cwd), "limits": asdict(limits)}
        master_fd, slave_fd = open_game_pty(width, height)
        try:
            try:
                socket.send_fds(channel, [json.dumps(request).encode()], [slave_fd])
            except OSError as error:  # a full or broken socket: this game is spawned
                raise TemplateUnavailable(str(error)) from None
            finally:
                os.close(slave_fd)
            try:
                pid = await asyncio.wait_for(asyncio.shield(answer), FORK_TIMEOUT)
            except asyncio.TimeoutError:
                raise TemplateUnavailable("no answer") from None
        except BaseException:
            self._answers.pop(identifier, None)
            os.close(master_fd)
            raise
        return ForkedGame(pid, self._exit_of(pid), master_fd, limits)

    def _exit_of(self, pid: int) -> asyncio.Future[int]:
        exited = self._exits.get(pid)
        if exited is None:
            exited = self._exits[pid] = asyncio.get_running_loop().create_future()
        return exited

    # -- messages from the template ------------------------------------------------------
    def _read(self) -> None:
        channel = self._channel
        assert channel is not None
        while True:
            try:
                data = channel.recv(MAX_MESSAGE)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._lost()
                return
            try:
                message = json.loads(data)
            except ValueError:
                continue
            self._handle(message)

    def _handle(self, message: dict[str, Any]) -> None:
        if message.get("ready") and self._ready is not None and not self._ready.done():
            self._ready.set_result(True)
        elif "exited" in message:
            exited = self._exit_of(int(message["exited"]))
            if not exited.done():
                exited.set_result(int(message["status"]))
            self._exits.pop(int(message["exited"]), None)
        elif "id" in message:
            answer = self._answers.pop(int(message["id"]), None)
            if answer is None or answer.done():
                return
            if "pid" in message:
                pid = int(message["pid"])
                self._exit_of(pid)  # from now on its end is awaited
                answer.set_result(pid)
            else:
                answer.set_exception(TemplateUnavailable(str(message.get("error"))))
        elif "error" in message:
            self.log("template failed", error=str(message["error"]))

    def _lost(self) -> None:
        """The template is gone (or closed its end): stop asking it, and learn the end of
        each of its games from the kernel instead (their status is not known any more)."""
        channel, self._channel = self._channel, None
        if channel is not None:
            asyncio.get_running_loop().remove_reader(channel.fileno())
            channel.close()
        if self._ready is not None and not self._ready.done():
            self._ready.set_result(False)
        for answer in self._answers.values():
            if not answer.done():
                answer.set_exception(TemplateUnavailable("the template is gone"))
        self._answers.clear()
        for pid, exited in list(self._exits.items()):
            _watch_orphan(pid, exited)
        self._exits.clear()

    async def _watch(self) -> None:
        """Start the template again whenever it dies, later each time it dies young."""
        loop = asyncio.get_running_loop()
        delay = RESTART_DELAY
        while True:
            process = self.process
            assert process is not None
            began = loop.time()
            status = await process.wait()
            if self._closing:
                return
            self._lost()
            self.log("template died", pid=process.pid, status=status)
            delay = RESTART_DELAY if loop.time() - began > HEALTHY_LIFE else min(delay * 2, MAX_RESTART_DELAY)
            await asyncio.sleep(delay)
            try:
                await self._launch()
            except OSError as error:
                self.log("template not started", error=str(error))
                continue
            self.restarts += 1
            await self._wait_ready()

    async def close(self) -> None:
        """Stop the template (its games are the gateway's to stop). Safe to call twice."""
        self._closing = True
        if self._watcher is not None:
            self._watcher.cancel()
            await asyncio.gather(self._watcher, return_exceptions=True)
            self._watcher = None
        process = self.process
        self._lost()  # end-of-file: the template leaves
        if process is not None and process.returncode is None:
            try:
                await asyncio.wait_for(process.wait(), 5.0)
            except asyncio.TimeoutError:
                process.kill()
                await process.wait()


def _watch_orphan(pid: int, exited: asyncio.Future[int]) -> None:
    """Resolve `exited` when `pid` (no longer anybody's child the gateway hears from) ends."""
    if exited.done():
        return
    loop = asyncio.get_running_loop()
    try:
        pidfd = os.pidfd_open(pid)
    except OSError:  # already gone
        exited.set_result(UNKNOWN_STATUS)
        return

    def ended() -> None:
        loop.remove_reader(pidfd)
        os.close(pidfd)
        if not exited.done():
            exited.set_result(UNKNOWN_STATUS)

    loop.add_reader(pidfd, ended)
