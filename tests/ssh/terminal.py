"""An SSH client session seen through a pyte terminal, as a player would see it."""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager

import asyncssh
import pyte

START_TIMEOUT = 120.0  # a loaded 2-core machine without compiled bytecode is slow to start Textual
STEP_TIMEOUT = 60.0
DOWN = b"\x1b[B"
ENTER = b"\r"


async def connect(
    port: int, key: asyncssh.SSHKey | None = None, username: str = "tester"
) -> asyncssh.SSHClientConnection:
    """A key login, or a guest (keyboard-interactive without prompts) when `key` is None."""
    extra = {"client_keys": [key]} if key is not None else {"client_keys": [], "password": "unused"}
    return await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1",
            port,
            username=username,
            known_hosts=None,
            agent_path=None,
            agent_forwarding=False,
            config=[],
            **extra,
        ),
        STEP_TIMEOUT,
    )


class Terminal:
    def __init__(self, process: asyncssh.SSHClientProcess, width: int, height: int) -> None:
        self.process = process
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.bytes_received = 0
        self.closed = asyncio.Event()
        self._changed = asyncio.Event()
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        try:
            while True:
                chunk = await self.process.stdout.read(65536)
                if not chunk:
                    break
                self.bytes_received += len(chunk)
                self.stream.feed(chunk)
                self._changed.set()
        except (asyncssh.Error, OSError):
            pass
        finally:
            self.closed.set()
            self._changed.set()

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def press(self, *keys: bytes | str) -> None:
        for key in keys:
            self.process.stdin.write(key.encode() if isinstance(key, str) else key)

    async def wait_for(self, text: str, timeout: float = STEP_TIMEOUT) -> None:
        """Until `text` is on screen; fails with the screen when it never comes."""
        try:
            await asyncio.wait_for(self._until(lambda: text in self.text), timeout)
        except asyncio.TimeoutError:
            raise AssertionError(f"{text!r} never appeared; the screen shows:\n{self.text}") from None

    async def wait_until(self, condition, what: str, timeout: float = STEP_TIMEOUT) -> None:
        try:
            await asyncio.wait_for(self._until(condition), timeout)
        except asyncio.TimeoutError:
            raise AssertionError(f"{what} never happened; the screen shows:\n{self.text}") from None

    async def _until(self, condition) -> None:
        while not condition():
            if self.closed.is_set():
                raise AssertionError(f"the session closed; the screen shows:\n{self.text}")
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), 0.5)
            except asyncio.TimeoutError:
                pass

    async def settle(self, quiet: float = 1.0, timeout: float = STEP_TIMEOUT) -> None:
        """Until nothing has arrived for `quiet` seconds (bounded by `timeout`): the app has
        finished drawing. A wait, not an assertion."""

        async def quiet_period() -> None:
            while True:
                before = self.bytes_received
                await asyncio.sleep(quiet)
                if self.bytes_received == before:
                    return

        await asyncio.wait_for(quiet_period(), timeout)

    def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)
        self.process.change_terminal_size(width, height)

    async def close(self) -> None:
        self._reader.cancel()
        await asyncio.gather(self._reader, return_exceptions=True)


@asynccontextmanager
async def session(
    port: int,
    key: asyncssh.SSHKey | None = None,
    size: tuple[int, int] = (100, 30),
    env: dict[str, str] | None = None,
    username: str = "tester",
):
    """A connection with one pty session on it, closed however the test ends."""
    conn = await connect(port, key, username)
    terminal = None
    try:
        process = await asyncio.wait_for(
            conn.create_process(term_type="xterm-256color", term_size=size, encoding=None, env=env or {}),
            STEP_TIMEOUT,
        )
        terminal = Terminal(process, *size)
        yield conn, terminal
    finally:
        if terminal is not None:
            await terminal.close()
        conn.abort()


def process_alive(pid: int) -> bool:
    """True while `pid` exists and is not a zombie waiting to be reaped."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            state = stat.read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state != "Z"


async def wait_gone(pids: list[int], timeout: float) -> list[int]:
    """Poll until every pid is gone or `timeout` passes; the pids still alive."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        alive = [pid for pid in pids if process_alive(pid)]
        if not alive or loop.time() >= deadline:
            return alive
        await asyncio.sleep(0.2)


def environment_of(pid: int) -> dict[str, str]:
    with open(f"/proc/{pid}/environ", "rb") as file:
        entries = file.read().split(b"\0")
    return dict(entry.decode(errors="replace").partition("=")[::2] for entry in entries if entry)


async def wait_games_ended(gateway, timeout: float = STEP_TIMEOUT) -> None:
    """Until the gateway has reaped every game it started (bounded); a session logs its end
    and removes a guest folder in the same step as it forgets its game."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while gateway.games and loop.time() < deadline:
        await asyncio.sleep(0.1)
