"""The replay viewer at 200x60: opening a 500-action game, and stepping through it.

    python bench/replay.py [--quick]

- Open: from the key (`r` on the Load screen, the save highlighted) to the first frame after
  which the screen looks as it finally does (the file read, replayed and digest-checked, the
  viewer built and drawn). Anchor, in the same process and run, the two taking turns: an app
  whose key pushes a plain screen (Header, Static, Footer), timed the same way.
- Keys: left and right in turn, from the middle of each ready game's longest seeded game, from dispatching the key to the
  frame showing the whole change (bench/keys.py). Anchor: the Line-API board repainting one
  cell (bench/keys.py), measured right beside it.

Each step's row also gives the CPU time from handing the key to the driver to the next
frame (min / median / p95; CpuToFirstFrame): on a machine shared with other work, the wall
time is mostly the wait for a core.

Goals (issue 28): open <= 300 ms, key to repaint p95 <= 16 ms. The games come from the
registry (most seats, random bots, the longest of seeds 1-3, stopping at 500 actions); the
open is timed on the longest of them.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.stats import Row, Spread, table  # noqa: E402

SIZE = (200, 60)
#: Per save file, the CPU time of each step (CpuToFirstFrame), over the run.
CPU_SAMPLES: dict[str, list[float]] = {}
ACTIONS = 500
OPEN_MS = 300.0
KEY_P95_MS = 16.0


def long_games(folder: Path) -> dict[str, tuple[Path, str, int]]:
    """Per ready game, a save of its longest seeded bot game (most seats, random bots, else
    its first bot level; seeds 1-3, stopping at ACTIONS actions): (path, label, length)."""
    from engines.core.match import Match, SeatSpec
    from engines.registry import load_engine, ready_games
    from saves.store import write_match

    found: dict[str, tuple[Path, str, int]] = {}
    for entry in ready_games():
        engine = load_engine(entry.id)
        level = "random" if "random" in engine.bots else sorted(engine.bots)[0]
        longest: Any = None
        for seed in (1, 2, 3):
            seats = [SeatSpec(f"Bot {n + 1}", "bot", level) for n in range(engine.info.max_seats)]
            match = Match(engine, engine.default_options(), seats, seed)
            match.run_automatic()
            if longest is None or len(match.journal) > len(longest.journal):
                longest = match
            if len(match.journal) >= ACTIONS:
                break
        path = folder / entry.id / f"{entry.id}-long.json"
        path.parent.mkdir(parents=True)
        write_match(longest, path)
        length = len(longest.journal)
        found[entry.id] = (path, f"{engine.info.title}, {len(longest.seats)} seats, {length} actions", length)
    return found


async def open_sample(folder: Path) -> float:
    from bench.startup import screen_frames, switch_latency
    from tui.app import CampfireApp
    from tui.screens.load import LoadScreen
    from tui.screens.replay import ReplayScreen

    app = CampfireApp(save_dir=folder, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(LoadScreen())
        while not isinstance(app.screen, LoadScreen) or not app.screen.query("#save-table"):
            await pilot.pause()
        await pilot.pause()
        recorder = screen_frames(app)
        latency = await switch_latency(recorder, "r", ReplayScreen)
        # Leave once the viewer is all set up, not in the middle of its mount.
        while not isinstance(app.screen, ReplayScreen) or app.screen.table is None:
            await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        return latency


async def anchor_open_sample() -> float:
    from bench.startup import plain_switch_app, screen_frames, switch_latency

    app = plain_switch_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        recorder = screen_frames(app)
        return await switch_latency(recorder, "enter", "Plain")


class CpuToFirstFrame:
    """The process's CPU time from handing a key to the driver to the next frame: on a
    shared machine the wall time of a step is mostly waiting for a core, its CPU time
    much less so. (That first frame shows the whole step in every game so far.)"""

    def __init__(self, app: Any) -> None:
        self.samples: list[float] = []
        self._sent: float | None = None
        send, display = app._driver.send_message, app._display

        def sent(message: Any) -> None:
            self._sent = time.process_time()
            send(message)

        def shown(screen: Any, renderable: Any) -> None:
            display(screen, renderable)
            if renderable is not None and self._sent is not None:
                self.samples.append((time.process_time() - self._sent) * 1000)
                self._sent = None

        app._driver.send_message, app._display = sent, shown


async def key_samples(path: Path, presses: int) -> tuple[list[float], int]:
    from bench.keys import FrameRecorder
    from tui.app import CampfireApp
    from tui.screens.replay import ReplayScreen, open_replay_file

    app = CampfireApp(save_dir=path.parent, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        open_replay_file(app, path)
        while not isinstance(app.screen, ReplayScreen) or app.screen.table is None:
            await pilot.pause()
        screen = app.screen
        screen.replay.go_to(screen.replay.length // 2)
        screen.refresh_table()
        await pilot.pause()
        recorder = FrameRecorder(app)
        cpu = CpuToFirstFrame(app)
        times: list[float] = []
        unchanged = 0
        for n in range(presses):
            latency = await recorder.press("right" if n % 2 == 0 else "left")
            if latency is None:
                unchanged += 1
            else:
                times.append(latency)
        CPU_SAMPLES.setdefault(path.name, []).extend(cpu.samples)
        return times, unchanged


async def anchor_key_samples(presses: int) -> list[float]:
    from bench.keys import _anchor_keys, _measure, anchor_app

    times, _ = await _measure(anchor_app, _anchor_keys, presses)
    return times


def bench_replay(repeats: int, presses: int = 24) -> list[Row]:
    games = long_games(Path(tempfile.mkdtemp(prefix="campfire-bench-replay-")))
    longest = max(games, key=lambda game: games[game][2])
    path, label, length = games[longest]
    opened: list[float] = []
    anchor_opened: list[float] = []
    keys: dict[str, list[float]] = {game: [] for game in games}
    anchor_keys: dict[str, list[float]] = {game: [] for game in games}
    silent = dict.fromkeys(games, 0)
    for round_number in range(repeats):
        sides = [
            lambda: anchor_opened.append(asyncio.run(anchor_open_sample())),
            lambda: opened.append(asyncio.run(open_sample(path.parent))),
        ]
        for game, (game_path, _, _) in games.items():
            sides += [
                lambda game=game: anchor_keys[game].extend(asyncio.run(anchor_key_samples(presses))),
                lambda game=game, game_path=game_path: _keys_into(keys[game], silent, game, game_path, presses),
            ]
        # Side by side, taking turns going first.
        for side in sides if round_number % 2 == 0 else reversed(sides):
            side()
    open_spread, open_anchor = Spread.of(opened), Spread.of(anchor_opened)
    note = f"{label}, {SIZE[0]}x{SIZE[1]}"
    if length < ACTIONS:
        note += f"; no seeded game reached {ACTIONS} actions"
    rows = [
        Row(
            goal=f"replay: open a {length}-action game <= {OPEN_MS:.0f} ms",
            anchor=open_anchor,
            measured=open_spread,
            unit="ms",
            ratio=open_spread.median / open_anchor.median,
            met=open_spread.p95 <= OPEN_MS and length >= ACTIONS,
            note=note + "; anchor: a key pushing a plain screen; ratio of medians",
        )
    ]
    for game, (game_path, game_label, _) in games.items():
        spread, anchor = Spread.of(keys[game] or [0.0]), Spread.of(anchor_keys[game])
        rows.append(
            Row(
                goal=f"replay: step key to repaint p95 <= {KEY_P95_MS:.0f} ms",
                anchor=anchor,
                measured=spread,
                unit="ms",
                ratio=spread.p95 / anchor.p95,
                met=spread.p95 <= KEY_P95_MS and not silent[game] and bool(keys[game]),
                note=f"{game_label}, from its middle, {SIZE[0]}x{SIZE[1]}; anchor: Line-API board, one cell, "
                "beside it; ratio of p95s"
                + (f"; {silent[game]} keys changed nothing" if silent[game] else "")
                + f"; CPU time to the frame {_cpu_figures(game_path)}",
            )
        )
    return rows


def _cpu_figures(path: Path) -> str:
    cpu = Spread.of(CPU_SAMPLES.get(path.name) or [0.0])
    return f"{cpu.low:.1f} / {cpu.median:.1f} / {cpu.p95:.1f} ms"


def _keys_into(samples: list[float], silent: dict[str, int], game: str, path: Path, presses: int) -> None:
    measured, unchanged = asyncio.run(key_samples(path, presses))
    samples += measured
    silent[game] += unchanged


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    parser.add_argument("--check", action="store_true", help="exit 1 when a goal is missed")
    args = parser.parse_args(argv)
    rows = bench_replay(repeats=3 if args.quick else 8)
    print(table(rows))
    return 1 if args.check and not all(row.met for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
