"""One game process in its own pseudo-terminal.

The child starts a new session and takes the pty as its controlling terminal, as `login_tty`
does. Both matter (found while prototyping): without them a window change never reaches the
app, and the game outlives a dropped connection. With them the kernel sends SIGHUP to the
game when the gateway closes the master side, even if the gateway itself is killed.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import resource
import signal
import struct
import sys
import termios
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from server.identity import PlayerFolders

# Client variables that may reach the game. Everything else a client sends (LD_PRELOAD,
# PYTHON*, COLUMNS/LINES, which would pin Textual's size) is dropped.
CLIENT_VARIABLES = ("COLORTERM", "NO_COLOR")
CLIENT_LOCALE_PREFIXES = ("LANG", "LC_")
# Gateway variables the game inherits: where Python lives, and whether bytecode is written.
GATEWAY_VARIABLES = ("PATH", "PYTHONDONTWRITEBYTECODE")
FIXED_VARIABLES = {
    "LANG": "C.UTF-8",
    "PYTHONUTF8": "1",
    "TEXTUAL_FPS": "30",
    "TEXTUAL_ANIMATIONS": "none",
}
PLAYER_NAME_VARIABLE = "CAMPFIRE_PLAYER_NAME"
#: Set to "1" for a guest (a client without a key): the app tells them their games go
#: away when they leave (tui.app reads the same name).
GUEST_VARIABLE = "CAMPFIRE_GUEST"
GAME_COMMAND = (sys.executable, "-m", "tui")


@dataclass(frozen=True)
class Limits:
    address_space: int = 2 << 30  # games peak at 300-500 MB of address space (the one with a world map the most)
    cpu_seconds: int = 3600
    hangup_grace: float = 3.0


#: What an SSH client sent as its environment: names and values as text, or raw bytes.
ClientEnvironment = Mapping[str, str] | Mapping[bytes, bytes] | Mapping[str | bytes, str | bytes]


def child_environment(
    term: str,
    client_env: ClientEnvironment,
    folders: PlayerFolders,
    player_name: str,
    gateway_env: Mapping[str, str] = os.environ,
) -> dict[str, str]:
    """The game's whole environment, built from scratch."""
    env = shared_environment(gateway_env)
    for raw_name, raw_value in client_env.items():
        name, value = _text(raw_name), _text(raw_value)
        if name is None or value is None or "\0" in value:
            continue
        if name in CLIENT_VARIABLES:
            env[name] = value
        elif name.startswith(CLIENT_LOCALE_PREFIXES) and _is_utf8_locale(value):
            env[name] = value
    env.update(
        {
            "TERM": term if term and len(term) <= 64 and term.isprintable() else "xterm-256color",
            "HOME": str(folders.home),
            "CAMPFIRE_SAVE_DIR": str(folders.saves),
            "CAMPFIRE_CONFIG_DIR": str(folders.config),
            PLAYER_NAME_VARIABLE: player_name,
        }
    )
    if folders.temporary:
        env[GUEST_VARIABLE] = "1"
    return env


def shared_environment(gateway_env: Mapping[str, str] = os.environ) -> dict[str, str]:
    """What every game's environment holds whoever plays: the gateway's few variables and
    the fixed ones. The template process (server.template) starts with exactly these, so
    what Python and Textual read from the environment as they start is what a game's own
    start would read; each game's own variables come from `child_environment` alone."""
    env = {name: gateway_env[name] for name in GATEWAY_VARIABLES if name in gateway_env}
    env.update(FIXED_VARIABLES)
    return env


def _text(value: object) -> str | None:
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return value if isinstance(value, str) else None


def _is_utf8_locale(value: str) -> bool:
    # A locale in another encoding would make the game draw in that encoding.
    return value.lower().replace("-", "").endswith("utf8") and value.isprintable()


def set_window_size(fd: int, width: int, height: int) -> None:
    """Resize the pty; the kernel sends SIGWINCH to the game in it."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", max(height, 1), max(width, 1), 0, 0))


def keys_are_only_keys(fd: int) -> None:
    """No key a client sends may signal the game or stall its output: ctrl+c, ctrl+\\ and
    ctrl+z would interrupt, quit (status -3) or stop it whenever Textual's raw mode is not on
    (starting, quitting), and ctrl+s would freeze the screen. The game reads them as keys."""
    attributes = termios.tcgetattr(fd)
    attributes[0] &= ~(termios.IXON | termios.IXOFF)  # input flags
    attributes[3] &= ~termios.ISIG  # local flags
    termios.tcsetattr(fd, termios.TCSANOW, attributes)


def open_game_pty(width: int, height: int) -> tuple[int, int]:
    """A fresh pty sized for the client, keys made only keys: (master, slave). The master
    is non-blocking, for the gateway's event loop."""
    master_fd, slave_fd = os.openpty()
    try:
        set_window_size(master_fd, width, height)
        keys_are_only_keys(slave_fd)
        os.set_blocking(master_fd, False)
    except BaseException:
        os.close(master_fd)
        os.close(slave_fd)
        raise
    return master_fd, slave_fd


class GameProcess:
    """The game and the master side of its pty. The game leads its own session and process
    group (its pid is the group's id), however it was started: `SpawnedGame` or
    `server.template_client.ForkedGame`."""

    def __init__(self, master_fd: int, limits: Limits) -> None:
        self.master_fd = master_fd
        self.limits = limits

    @property
    def pid(self) -> int:
        raise NotImplementedError

    @property
    def returncode(self) -> int | None:
        """The exit status once it has ended (negative: the signal that ended it)."""
        raise NotImplementedError

    async def wait(self) -> int:
        raise NotImplementedError

    def resize(self, width: int, height: int) -> None:
        set_window_size(self.master_fd, width, height)

    async def stop(self) -> int:
        """Hang up (the game autosaves on every action and may tidy up), then kill it if it
        is still there after the grace period; returns its exit status. Safe to call twice
        and from two tasks."""
        if self.returncode is None:
            self._signal(signal.SIGHUP)
            try:
                await asyncio.wait_for(asyncio.shield(self.wait()), self.limits.hangup_grace)
            except asyncio.TimeoutError:
                self._signal(signal.SIGKILL)
                await self.wait()
        returncode = self.returncode
        assert returncode is not None  # the process was waited for above
        return returncode

    def close_master(self) -> None:
        """Only once nothing reads the pty any more: a closed descriptor number can be
        reused by the next game's pty."""
        if self.master_fd >= 0:
            os.close(self.master_fd)
            self.master_fd = -1

    def _signal(self, number: int) -> None:
        # The whole process group: anything the game started goes with it.
        try:
            os.killpg(self.pid, number)
        except ProcessLookupError:
            pass


class SpawnedGame(GameProcess):
    """A game started afresh: `python -m tui` in a new process (the path without a
    template, and the fallback when the template is not there)."""

    def __init__(self, process: asyncio.subprocess.Process, master_fd: int, limits: Limits) -> None:
        super().__init__(master_fd, limits)
        self.process = process

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def returncode(self) -> int | None:
        return self.process.returncode

    async def wait(self) -> int:
        return await self.process.wait()

    @classmethod
    async def start(cls, env: dict[str, str], cwd: Path, width: int, height: int, limits: Limits) -> "SpawnedGame":
        master_fd, slave_fd = open_game_pty(width, height)
        try:
            process = await asyncio.create_subprocess_exec(
                *GAME_COMMAND,
                stdin=slave_fd,
                stdout=slave_fd,
                stderr=slave_fd,
                env=env,
                cwd=cwd,
                close_fds=True,
                start_new_session=True,
                preexec_fn=child_setup(limits),
            )
        except BaseException:
            os.close(master_fd)
            raise
        finally:
            os.close(slave_fd)
        return cls(process, master_fd, limits)


def child_setup(limits: Limits) -> Callable[[], None]:
    """Runs in the forked child after setsid() with the pty on 0-2 (before exec when
    spawned; before the app when forked from the template): only ioctl and setrlimit."""
    address_space = limits.address_space
    cpu_seconds = limits.cpu_seconds
    set_controlling_tty = termios.TIOCSCTTY
    ioctl = fcntl.ioctl
    setrlimit = resource.setrlimit

    def setup() -> None:
        ioctl(0, set_controlling_tty, 0)
        setrlimit(resource.RLIMIT_AS, (address_space, address_space))
        setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds))
        setrlimit(resource.RLIMIT_CORE, (0, 0))

    return setup
