"""Memory in a game: the peak resident set of a fresh process that has opened each game
(200x60, the human's turn on a seeded table, the bots' first moves played), against a
minimal Textual app (one Static) in the same harness, each in its own process."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from bench.stats import Row, Spread

RSS_RATIO = 1.5
SIZE = (200, 60)


def peak_rss_mib() -> float:
    """This process's peak resident set. On Linux its memory's high-water mark (VmHWM):
    getrusage's ru_maxrss is kept across exec, so a sample spawned by a bench grown large
    would report the bench's own peak."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)


async def minimal_sample() -> float:
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Minimal(App):
        def compose(self) -> ComposeResult:
            yield Static("hello")

    app = Minimal()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        return peak_rss_mib()


async def game_sample(game_id: str) -> float:
    from bench.keys import _human_first, _open
    from engines.registry import load_engine
    from tui.app import CampfireApp

    app = CampfireApp(save_dir=Path(tempfile.mkdtemp(prefix="campfire-bench-")), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await _open(app, pilot, _human_first(load_engine(game_id), 3))
        await app.workers.wait_for_complete()
        await pilot.pause()
        return peak_rss_mib()


def _sample(function: str, *args: str) -> float:
    from bench.startup import fresh_process_sample

    return fresh_process_sample("bench.memory", function, *args)


def bench_memory(repeats: int) -> list[Row]:
    from engines.registry import ready_games

    games = list(ready_games())
    anchor: list[float] = []
    measured: dict[str, list[float]] = {entry.id: [] for entry in games}
    for _ in range(repeats):  # interleaved: the anchor, then every game, round after round
        anchor.append(_sample("minimal_sample"))
        for entry in games:
            measured[entry.id].append(_sample("game_sample", entry.id))
    anchor_spread = Spread.of(anchor)
    rows = []
    for entry in games:
        spread = Spread.of(measured[entry.id])
        ratio = spread.median / anchor_spread.median
        rows.append(
            Row(
                goal=f"{entry.title}: peak RSS in a game <= {RSS_RATIO}x",
                anchor=anchor_spread,
                measured=spread,
                unit="MiB",
                ratio=ratio,
                met=ratio <= RSS_RATIO,
                note=f"anchor: minimal Textual app; fresh process, {SIZE[0]}x{SIZE[1]}, medians",
            )
        )
    return rows
