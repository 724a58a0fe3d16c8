"""The template: one process that has imported Campfire and Textual, forking a game per session.

Starting Python and importing Textual is most of a game's start (some 0.4 s alone, and 30
arrivals at once queue behind each other on a small host), and each game held its own copy
of the same modules. The gateway starts this process once (`python -m server.template FD
PID`, FD one end of a socketpair); it imports what the launcher's first frame needs, freezes
those objects out of the collector's sight (so the collector never writes to the pages
children share), and waits. For each session the gateway sends the slave side of the
session's pty (SCM_RIGHTS), the game's environment (built by `server.child.child_environment`,
as for a spawned game), its folder and its limits; the template forks, and the child does
what a spawned game's start does: a new session with the pty as controlling terminal and as
stdin, stdout and stderr, the same resource limits, the environment replaced wholesale, no
other descriptor kept; then it reads again what Python and Textual read from the environment
as they started (see `_as_if_started_afresh`), and runs the command line's `main`.

Messages are JSON, one per packet (SOCK_SEQPACKET): the gateway sends {"id", "env", "cwd",
"limits"} with the descriptor; the template answers {"ready": true} once, {"id", "pid"} or
{"id", "error"} per request, and {"exited": pid, "status": s} for each child it reaps
(`status` as asyncio reports it: negative for the signal that ended it).

The template dies with the gateway: it asks the kernel for SIGKILL when its parent goes
(PR_SET_PDEATHSIG), and leaves when its end of the socket reads end-of-file. Its games do
not die with it: each hangs up as a spawned game does, when the gateway closes its pty.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import importlib
import io
import json
import locale
import os
import select
import signal
import socket
import sys
import tempfile
import threading
import traceback
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Mapping
from typing import Any

from server.child import Limits, child_setup

#: What the launcher's first frame imports beyond tui.cli (found by listing sys.modules at
#: its first paint); the rest comes with these. A name that does not import is skipped.
PRELOAD = (
    "tui.cli",
    "tui.app",
    "tui.crash",
    "tui.settings",
    "tui.screens.launcher",
    "styles",
    "textual.drivers.linux_driver",
    "textual.drivers.headless_driver",
    "textual.layouts.factory",
    "textual.layouts.horizontal",
    "textual.layouts.stream",
    "textual.pilot",
    "textual.scrollbar",
    "textual.widgets",
)
MAX_MESSAGE = 1 << 20
PR_SET_PDEATHSIG = 1
#: How long the warm-up app runs once its first frame is drawn (its footer keys, the other
#: screens' stylesheets read after the first paint).
WARM_UP_SECONDS = 0.5


@dataclass
class GameRequest:
    """What a forked child needs to become the game."""

    slave_fd: int
    env: dict[str, str]
    cwd: str
    limits: Limits


def main(argv: list[str]) -> int:
    channel = socket.socket(fileno=int(argv[0]))
    _die_with_parent(int(argv[1]))
    try:
        _preload()
    except Exception as error:  # a broken install: the gateway spawns games instead
        _send(channel, {"error": _one_line(error)})
        return 1
    request = _serve(channel)
    if request is None:
        return 0
    return _become_game(request)  # in a forked child, from here on the game


def _die_with_parent(parent: int) -> None:
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the gateway went before the request took effect
        os._exit(1)


def _preload() -> None:
    for name in PRELOAD:
        try:
            importlib.import_module(name)
        except ImportError:
            if name.startswith(("tui", "textual.app")):
                raise
    try:
        _draw_the_launcher_once()
    except Exception:
        pass  # only a head start (no scratch folder, say): the games draw it themselves
    # Everything imported lives as long as the template: never collected, so a collection
    # in a child never writes to (and so copies) the pages it shares with the others.
    gc.collect()
    gc.freeze()


def _draw_the_launcher_once() -> None:
    """Run the app headless until the launcher is drawn, in a scratch folder: what Textual
    and Campfire build lazily on the way to the first frame (parsed default CSS, compiled
    rules, caches) is then built once, here, and shared, rather than by every game."""
    from tui.app import CampfireApp

    before = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="campfire-template-") as scratch:
        os.environ.update(
            {
                "HOME": scratch,
                "CAMPFIRE_CONFIG_DIR": os.path.join(scratch, "config"),
                "CAMPFIRE_SAVE_DIR": os.path.join(scratch, "saves"),
                "CAMPFIRE_LOG_DIR": os.path.join(scratch, "logs"),
            }
        )
        try:
            app = CampfireApp(save_dir=Path(scratch) / "saves")

            async def until_drawn(pilot: Any) -> None:
                await pilot.pause()
                await pilot.pause(WARM_UP_SECONDS)
                pilot.app.exit()

            app.run(headless=True, size=(100, 30), auto_pilot=until_drawn)
        finally:
            os.environ.clear()
            os.environ.update(before)
    for thread in threading.enumerate():  # the launcher's helper threads: none may be forked
        if thread is not threading.current_thread():
            thread.join(WARM_UP_SECONDS * 10)


def _serve(channel: socket.socket) -> GameRequest | None:
    """Fork a child per request until the gateway closes its end: None in the template (time
    to leave), the request in each forked child."""
    wake_read, wake_write = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda number, frame: None)
    children: set[int] = set()
    poller = select.poll()
    poller.register(channel, select.POLLIN)
    poller.register(wake_read, select.POLLIN)
    _send(channel, {"ready": True})
    while True:
        for fd, _ in poller.poll():
            if fd == wake_read:
                _drain(wake_read)
                _reap(channel, children)
                continue
            message, fds, _, _ = socket.recv_fds(channel, MAX_MESSAGE, 4)
            if not message:
                return None
            request = _read_request(message, fds)
            if isinstance(request, str):
                for extra in fds:
                    os.close(extra)
                _send(channel, {"error": request})
                continue
            identifier = json.loads(message).get("id")
            pid = os.fork()
            if pid == 0:
                signal.set_wakeup_fd(-1)
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                # Closed by number here: a socket object left to its finalizer would close
                # whatever the game has opened under the same number by then.
                for fd in (channel.detach(), wake_read, wake_write):
                    os.close(fd)
                return request
            os.close(request.slave_fd)
            children.add(pid)
            _send(channel, {"id": identifier, "pid": pid})


def _read_request(message: bytes, fds: list[int]) -> GameRequest | str:
    """The request, or why it cannot be served."""
    try:
        fields: dict[str, Any] = json.loads(message)
        env = {str(name): str(value) for name, value in fields["env"].items()}
        cwd = str(fields["cwd"])
        limits = Limits(**fields["limits"])
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        return f"bad request: {_one_line(error)}"
    if len(fds) != 1:
        return "a request brings exactly one terminal"
    if not os.path.isdir(cwd):
        return "the game's folder is missing"
    return GameRequest(fds[0], env, cwd, limits)


def _reap(channel: socket.socket, children: set[int]) -> None:
    while children:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        children.discard(pid)
        _send(channel, {"exited": pid, "status": os.waitstatus_to_exitcode(status)})


def _drain(fd: int) -> None:
    try:
        while os.read(fd, 4096):
            pass
    except BlockingIOError:
        pass


def _send(channel: socket.socket, message: dict[str, Any]) -> None:
    try:
        channel.send(json.dumps(message).encode())
    except OSError:
        pass  # the gateway is gone: the next read says so


def _one_line(error: BaseException) -> str:
    return " ".join(traceback.format_exception_only(type(error), error)).strip()[:400]


# -- in the forked child -------------------------------------------------------------------
def _become_game(request: GameRequest) -> int:
    os.setsid()
    for target in (0, 1, 2):
        os.dup2(request.slave_fd, target)
    if request.slave_fd > 2:
        os.close(request.slave_fd)
    child_setup(request.limits)()  # the controlling terminal and the limits, as when spawned
    os.closerange(3, os.sysconf("SC_OPEN_MAX"))
    os.chdir(request.cwd)
    os.environ.clear()
    os.environ.update(request.env)
    _as_if_started_afresh(request.cwd)
    from tui.cli import main as campfire

    return campfire([])


def _as_if_started_afresh(cwd: str) -> None:
    """What `python -m tui` would have set up from its environment, terminal and folder,
    made so again in a child of the template (which started with `shared_environment`, no
    terminal and another folder)."""
    _show_as_game(os.environ)
    sys.dont_write_bytecode = bool(os.environ.get("PYTHONDONTWRITEBYTECODE"))
    sys.argv = [os.path.join(os.path.dirname(sys.modules["tui"].__file__ or ""), "__main__.py")]
    sys.path[0] = cwd  # `-m` puts the starting folder first
    try:
        locale.setlocale(locale.LC_CTYPE, "")
    except locale.Error:
        pass  # as at start: an unknown locale leaves the C.UTF-8 one
    tempfile.tempdir = None  # found again from TMPDIR and the rest when next asked
    _fresh_standard_streams()
    for number in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.pthread_sigmask(signal.SIG_SETMASK, set())
    _reread_textual_constants()


def _fresh_standard_streams() -> None:
    """sys.stdin, stdout and stderr as Python makes them at start on a terminal (UTF-8 mode:
    PYTHONUTF8 is one of the fixed variables): those of the template were made for
    /dev/null, so stdout was not line-buffered."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()
    # CPython's own standard streams never close their descriptor either.
    sys.stdin = _stream(0, "rb", "surrogateescape", line_buffering=False)
    sys.stdout = _stream(1, "wb", "surrogateescape", line_buffering=os.isatty(1))
    sys.stderr = _stream(2, "wb", "backslashreplace", line_buffering=True)
    for name in ("stdin", "stdout", "stderr"):  # Textual draws on sys.__stderr__
        setattr(sys, f"__{name}__", getattr(sys, name))


def _stream(fd: int, mode: str, errors: str, line_buffering: bool) -> io.TextIOWrapper:
    return io.TextIOWrapper(
        io.open(fd, mode, closefd=False), encoding="utf-8", errors=errors, line_buffering=line_buffering
    )


def _reread_textual_constants() -> None:
    """textual.constants reads its variables once, at import, and a few modules copy a value
    from it at their own import: read them all again from this environment. (Rich reads
    the environment when a Console is made, which the app does after this.)"""
    import textual._styles_cache
    import textual._xterm_parser
    import textual.constants
    import textual.filter
    import textual.message_pump
    import textual.screen

    constants = importlib.reload(textual.constants)
    textual.screen.UPDATE_PERIOD = 1 / constants.MAX_FPS  # type: ignore[misc]
    textual.filter.DIM_FACTOR = constants.DIM_FACTOR  # type: ignore[misc]
    textual.message_pump.SLOW_THRESHOLD = constants.SLOW_THRESHOLD
    textual._styles_cache.DEBUG = constants.DEBUG  # type: ignore[misc]
    textual._xterm_parser.IS_ITERM = (
        os.environ.get("LC_TERMINAL", "") == "iTerm2" or os.environ.get("TERM_PROGRAM", "") == "iTerm.app"
    )


def _show_as_game(env: Mapping[str, str]) -> None:
    """Write the game's command line and environment where the kernel shows them
    (/proc/PID/cmdline and environ, `ps`): over the areas the template was started with,
    which nothing points into any more once os.environ was replaced (the C library holds
    copies) and sys.argv set. The template's command line is longer than the game's, and
    its environment holds room to spare (`server.template_client.ENVIRONMENT_ROOM`); an
    environment larger still is left unshown (the area then shows the template's own,
    which holds nothing private)."""
    try:
        with open("/proc/self/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
    except OSError:
        return
    command = [sys.executable, "-m", "tui"]
    environment = [f"{name}={value}" for name, value in env.items()]
    # Fields 48-51 of stat (man proc): where the arguments and the environment lie,
    # counted from the state, field 3.
    for first, strings in ((48, command), (50, environment)):
        try:
            start, end = int(fields[first - 3]), int(fields[first - 2])
        except (IndexError, ValueError):
            return
        blob = b"".join(text.encode("utf-8", "surrogateescape") + b"\0" for text in strings)
        room = end - start
        if start > 0 and len(blob) <= room:
            ctypes.memmove(start, blob + bytes(room - len(blob)), room)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
