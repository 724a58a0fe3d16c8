"""The byte pump of one SSH session: the client's channel on one side, the game's pty on the
other, and an idle clock that both directions reset."""

from __future__ import annotations

import asyncio
import errno
import os

import asyncssh

from server.child import GameProcess
from server.client_bytes import Utf8Only

READ_CHUNK = 65536


class Link:
    """Moves bytes between the SSH channel and the game's pty until one side ends.

    `run()` returns why it ended: "game" (the game exited), "client" (the connection went
    away or sent EOF) or "idle" (neither a key nor a change on screen for `idle_timeout`
    seconds)."""

    def __init__(self, process: asyncssh.SSHServerProcess[bytes], game: GameProcess, idle_timeout: float) -> None:
        self.process = process
        self.game = game
        self.idle_timeout = idle_timeout
        self.bytes_in = 0
        self.bytes_out = 0
        self._loop = asyncio.get_running_loop()
        self._last_activity = self._loop.time()
        self._keys = Utf8Only()

    async def run(self) -> str:
        tasks = [
            asyncio.ensure_future(self._game_to_client()),
            asyncio.ensure_future(self._client_to_game()),
            asyncio.ensure_future(self._idle_watch()),
        ]
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            return next(iter(done)).result()
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _game_to_client(self) -> str:
        fd = self.game.master_fd
        readable = asyncio.Event()
        self._loop.add_reader(fd, readable.set)
        try:
            while True:
                await readable.wait()
                readable.clear()
                try:
                    data = os.read(fd, READ_CHUNK)
                except BlockingIOError:
                    continue
                except OSError as error:  # EIO: every copy of the pty's other side is closed
                    if error.errno == errno.EIO:
                        return "game"
                    raise
                if not data:
                    return "game"
                # The game drew something: a table the player waits at moved on. Waiting
                # for the others is not being idle (a waiting screen draws nothing by itself
                # but a note that changes once a minute).
                self._last_activity = self._loop.time()
                self.bytes_out += len(data)
                try:
                    self.process.stdout.write(data)
                    await self.process.stdout.drain()
                except (asyncssh.Error, OSError):  # the channel closed under us
                    return "client"
        finally:
            self._loop.remove_reader(fd)

    async def _client_to_game(self) -> str:
        while True:
            try:
                data = await self.process.stdin.read(READ_CHUNK)
            except asyncssh.TerminalSizeChanged as change:
                self.game.resize(change.width, change.height)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except (asyncssh.Error, OSError):
                return "client"
            if not data:
                return "client"
            self._last_activity = self._loop.time()
            self.bytes_in += len(data)
            try:
                await self._write_to_game(self._keys.feed(data))
            except OSError:  # the game is gone; the other direction sees it too
                return "game"

    async def _write_to_game(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            try:
                written = os.write(self.game.master_fd, view)
            except BlockingIOError:
                await asyncio.sleep(0.01)  # the game is not reading: wait, do not spin
                continue
            view = view[written:]

    async def _idle_watch(self) -> str:
        while True:
            left = self._last_activity + self.idle_timeout - self._loop.time()
            if left <= 0:
                return "idle"
            await asyncio.sleep(left)
