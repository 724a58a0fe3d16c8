"""Start-up and entering a game, each against an anchor in the same run.

First paint: the launcher against a minimal Textual app, each in a fresh process on a real
pseudo-terminal (the normal driver, not headless), bytecode compiled on both sides. The
clock runs from just before the process is spawned to the moment the app has written its
first frame that shows something (a screen with widgets), as a player would see it.

Entering: in a fresh process per sample (so the first entry pays its imports, as a player's
does), Enter on the launcher with a game highlighted until the setup form is drawn, then
Enter on its Start button until the game is drawn; the anchor is an app whose Enter pushes
a Header + Static + Footer screen. Each time runs from dispatching the key event to the
first frame after which the screen looks as it finally does (the key benchmark's recorder),
with half a second of reading before each key, for both sides.
"""

from __future__ import annotations

import asyncio
import compileall
import fcntl
import json
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
from typing import Any

from bench.stats import Row, Spread, paired_ratio

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

MINIMAL = (
    _PRELUDE
    + """
from textual.widgets import Static
class Minimal(App):
    def compose(self):
        yield Static("hello")
Minimal().run()
"""
)

CAMPFIRE = (
    _PRELUDE
    + """
from tui.cli import main
main([])
"""
)


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
        stdin=slave,
        stdout=slave,
        stderr=slave,
        cwd=ROOT,
        env=env,
        start_new_session=True,
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
    for round_number in range(repeats):  # side by side, the two taking turns going first
        pair = ((MINIMAL, minimal), (CAMPFIRE, campfire))
        for program, samples in pair if round_number % 2 == 0 else reversed(pair):
            samples.append(first_paint(program) * 1000)
    anchor, measured = Spread.of(minimal), Spread.of(campfire)
    ratio = paired_ratio(campfire, minimal)
    return [
        Row(
            goal=f"launcher first paint <= {FIRST_PAINT_RATIO:.2f}x",
            anchor=anchor,
            measured=measured,
            unit="ms",
            ratio=ratio,
            met=ratio <= FIRST_PAINT_RATIO,
            note=f"anchor: minimal Textual app, {SIZE[0]}x{SIZE[1]} pty, median of paired ratios",
        )
    ]


# -- entering: launcher Enter -> setup drawn, Start -> game drawn ----------------------------
SWITCH_MS = 150.0
SWITCH_RATIO = 2.5
SWITCH_SIZE = (80, 24)
#: A player reads a screen before pressing its key: the screens may use that time (the
#: launcher imports the highlighted game meanwhile), as the anchor may.
READING_SECONDS = 0.5

#: One sample per fresh process, so the first entry pays what a player's first entry pays
#: (importing the setup form, the game's engine and screen); prints the milliseconds.
_FRESH_PROGRAM = """
import asyncio, json, sys
from {module} import {function}
print(json.dumps(asyncio.run({function}(*sys.argv[1:]))))
"""


def fresh_process_sample(module: str, function: str, *args: str) -> Any:
    """Run the coroutine `module.function(*args)` in a fresh Python process (its own
    config folder, bytecode allowed) and return what it printed as JSON."""
    env = dict(os.environ, CAMPFIRE_CONFIG_DIR=tempfile.mkdtemp(prefix="campfire-bench-"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    result = subprocess.run(
        [sys.executable, "-c", _FRESH_PROGRAM.format(module=module, function=function), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    if result.returncode != 0:
        raise RuntimeError(f"{function}{args} failed: {result.stderr.strip().splitlines()[-1:]}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def screen_frames(app: Any) -> Any:
    """The key benchmark's frame recorder, also noting which screen drew each frame."""
    from bench.keys import FrameRecorder

    recorder = FrameRecorder(app)
    recorder.drawn_by = []
    recording = app._display

    def display(screen: Any, renderable: Any) -> None:
        recording(screen, renderable)
        recorder.drawn_by.append(screen)

    app._display = display
    return recorder


async def switch_latency(recorder: Any, key: str, screen_type: type | str) -> float:
    """Milliseconds from dispatching `key` to the first frame after which the screen looks
    as it finally does, once a screen of `screen_type` (a class or its name) has drawn.
    (The key benchmark's quiet wait ends 80 ms after the key when no frame comes, too soon
    for a screen that is still being built.)"""
    from textual import events

    from bench.keys import QUIET_SECONDS

    def is_new(screen: Any) -> bool:
        if isinstance(screen_type, str):
            return type(screen).__name__ == screen_type
        return isinstance(screen, screen_type)

    app = recorder.app
    await recorder.settle()
    before = recorder.catch_up()
    first, drawn = len(recorder.frames), len(recorder.drawn_by)
    event = events.Key(key, None)
    event.set_sender(app)
    dispatched = time.perf_counter()
    app._driver.send_message(event)
    deadline = dispatched + 30
    while not any(is_new(screen) for screen in recorder.drawn_by[drawn:]):
        if time.perf_counter() > deadline:
            raise RuntimeError(f"{key!r} did not bring the next screen within 30 s")
        await asyncio.sleep(0.005)
    while time.perf_counter() - recorder.frames[-1][0] < QUIET_SECONDS:
        await asyncio.sleep(0.01)
    states = []
    for when, update in recorder.frames[first:]:
        recorder.screen.apply(update, app.console)
        states.append((when, recorder.screen.snapshot()))
    recorder.replayed = len(recorder.frames)
    final = states[-1][1]
    if final == before:
        raise RuntimeError(f"{key!r} left the screen as it was")
    shown = next(when for when, state in states if state == final)
    return (shown - dispatched) * 1000


def plain_switch_app() -> Any:
    """The anchor: Enter pushes a screen of Header, Static and Footer."""
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.screen import Screen
    from textual.widgets import Footer, Header, Static

    class Plain(Screen):
        BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

        def compose(self) -> ComposeResult:
            yield Header()
            yield Static("A plain screen with a few lines of text.\n" * 6)
            yield Footer()

    class Switcher(App):
        BINDINGS = [Binding("enter", "open", "Open")]

        def compose(self) -> ComposeResult:
            yield Header()
            yield Static("Press Enter.")
            yield Footer()

        def action_open(self) -> None:
            self.push_screen(Plain())

    return Switcher()


async def plain_switch_sample() -> list[float]:
    app = plain_switch_app()
    async with app.run_test(size=SWITCH_SIZE) as pilot:
        await pilot.pause()
        await asyncio.sleep(READING_SECONDS)
        recorder = screen_frames(app)
        return [await switch_latency(recorder, "enter", "Plain")]


async def entering_sample(game_id: str) -> list[float]:
    """Milliseconds from Enter on the launcher (the game highlighted) to the setup form
    drawn, then from Enter on its Start button to the game drawn."""
    from tui.app import CampfireApp
    from tui.screens.game import GameScreen
    from tui.widgets.pick_list import PickList

    folder = Path(tempfile.mkdtemp(prefix="campfire-bench-"))
    app = CampfireApp(save_dir=folder / "saves", bot_delay=0)
    async with app.run_test(size=SWITCH_SIZE) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#game-list", PickList)
        games.highlighted = next(i for i, entry in enumerate(games.entries) if entry.id == game_id)
        await pilot.pause()
        await asyncio.sleep(READING_SECONDS)
        recorder = screen_frames(app)
        to_setup = await switch_latency(recorder, "enter", "SetupScreen")
        await asyncio.sleep(READING_SECONDS)
        to_game = await switch_latency(recorder, "enter", GameScreen)
        await app.workers.wait_for_complete()
        return [to_setup, to_game]


def _switch_sample(function: str, *args: str) -> list[float]:
    return fresh_process_sample("bench.startup", function, *args)


def bench_entering(repeats: int) -> list[Row]:
    from engines.registry import ready_games

    compile_bytecode()
    games = [entry for entry in ready_games()]
    anchor: list[float] = []
    setup: dict[str, list[float]] = {entry.id: [] for entry in games}
    start: dict[str, list[float]] = {entry.id: [] for entry in games}
    for _ in range(repeats):  # interleaved: the anchor, then every game, round after round
        anchor += _switch_sample("plain_switch_sample")
        for entry in games:
            to_setup, to_game = _switch_sample("entering_sample", entry.id)
            setup[entry.id].append(to_setup)
            start[entry.id].append(to_game)
    anchor_spread = Spread.of(anchor)
    rows = []
    for entry in games:
        for step, samples in (
            ("launcher Enter -> setup drawn", setup[entry.id]),
            ("Start -> game drawn", start[entry.id]),
        ):
            spread = Spread.of(samples)
            ratio = spread.median / anchor_spread.median
            rows.append(
                Row(
                    goal=f"{entry.title}: {step} <= {SWITCH_MS:.0f} ms and <= {SWITCH_RATIO}x",
                    anchor=anchor_spread,
                    measured=spread,
                    unit="ms",
                    ratio=ratio,
                    met=spread.median <= SWITCH_MS and ratio <= SWITCH_RATIO,
                    note=f"fresh process, {SWITCH_SIZE[0]}x{SWITCH_SIZE[1]}, medians",
                )
            )
    return rows
