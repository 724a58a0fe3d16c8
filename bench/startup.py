"""Launcher first paint against a minimal Textual app, each in a fresh process on a real
pseudo-terminal (the normal driver, not headless), bytecode compiled on both sides.

The clock runs from just before the process is spawned to the moment the app has written
its first frame that shows something (a screen with widgets), as a player would see it.
"""

from __future__ import annotations

import compileall
import fcntl
import os
import pty
import struct
import subprocess
import sys
import sysconfig
import tempfile
import termios
import threading
import time
from pathlib import Path

from bench.stats import Row, Spread

ROOT = Path(__file__).resolve().parent.parent
FIRST_PAINT_RATIO = 1.15
SIZE = (80, 24)

#: Shared by both programs: report the first frame that shows widgets, then leave at once.
_PRELUDE = """
import os, sys, time
_start, _out = float(sys.argv[1]), sys.argv[2]
from textual.app import App
def _first_paint(self):
    if self.screen.children:
        elapsed = time.monotonic() - _start
        with open(_out, "w") as handle:
            handle.write(repr(elapsed))
        os._exit(0)
App.post_display_hook = _first_paint
"""

MINIMAL = _PRELUDE + """
from textual.widgets import Static
class Minimal(App):
    def compose(self):
        yield Static("hello")
Minimal().run()
"""

CAMPFIRE = _PRELUDE + """
from tui.cli import main
main([])
"""


def compile_bytecode() -> None:
    """A normal install has bytecode; these machines may be told not to write it."""
    for folder in (sysconfig.get_paths()["purelib"], *(str(ROOT / name) for name in ("engines", "saves", "tui"))):
        compileall.compile_dir(folder, quiet=1, workers=1)


def _drain(fd: int) -> None:
    while True:
        try:
            if not os.read(fd, 65536):
                return
        except OSError:
            return


def first_paint(program: str) -> float:
    """Seconds from spawning `program` on a fresh pty to its first frame with widgets."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
    folder = tempfile.mkdtemp(prefix="campfire-bench-")
    out = os.path.join(folder, "first-paint")
    env = dict(
        os.environ,
        TERM="xterm-256color",
        CAMPFIRE_CONFIG_DIR=os.path.join(folder, "config"),
        CAMPFIRE_SAVE_DIR=os.path.join(folder, "saves"),
    )
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    reader = threading.Thread(target=_drain, args=(master,), daemon=True)
    reader.start()
    started = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-c", program, repr(started), out],
        stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env, start_new_session=True,
    )
    os.close(slave)
    try:
        process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
    try:
        return float(Path(out).read_text())
    except (OSError, ValueError):
        raise RuntimeError(f"the program exited ({process.returncode}) before painting a frame") from None


def bench_startup(repeats: int) -> list[Row]:
    compile_bytecode()
    first_paint(MINIMAL), first_paint(CAMPFIRE)  # warm the file cache for both
    minimal: list[float] = []
    campfire: list[float] = []
    for _ in range(repeats):
        minimal.append(first_paint(MINIMAL) * 1000)
        campfire.append(first_paint(CAMPFIRE) * 1000)
    anchor, measured = Spread.of(minimal), Spread.of(campfire)
    ratio = measured.median / anchor.median
    return [Row(
        goal=f"launcher first paint <= {FIRST_PAINT_RATIO:.2f}x",
        anchor=anchor, measured=measured, unit="ms", ratio=ratio, met=ratio <= FIRST_PAINT_RATIO,
        note=f"anchor: minimal Textual app, {SIZE[0]}x{SIZE[1]} pty",
    )]
