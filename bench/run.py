"""Campfire benchmarks: start-up, key-to-repaint, engine speed, save/load. Run by hand."""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MINIMAL_APP = """
import time, sys
start = float(sys.argv[1])
from textual.app import App
from textual.widgets import Static
class Minimal(App):
    def compose(self):
        yield Static("hello")
    def on_mount(self):
        self.call_after_refresh(self.done)
    def done(self):
        print(time.perf_counter() - start)
        self.exit()
Minimal().run(headless=True)
"""

CAMPFIRE_APP = """
import time, sys, os
start = float(sys.argv[1])
from tui.app import CampfireApp
class Timed(CampfireApp):
    def on_mount(self):
        super().on_mount()
        self.call_after_refresh(self.done)
    def done(self):
        print(time.perf_counter() - start)
        self.exit()
Timed(bot_delay=0).run(headless=True)
"""


def wall(code: str) -> float:
    env = dict(os.environ, CAMPFIRE_CONFIG_DIR=tempfile.mkdtemp())
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code, "0"], capture_output=True, cwd=ROOT, env=env, check=True)
    return time.perf_counter() - started


def bench_startup() -> None:
    minimal = statistics.median(wall(MINIMAL_APP) for _ in range(5))
    campfire = statistics.median(wall(CAMPFIRE_APP) for _ in range(5))
    print("startup (process start to first paint and exit, median of 5)")
    print(f"  minimal Textual app  {minimal:6.3f} s")
    print(f"  Campfire launcher    {campfire:6.3f} s   ratio {campfire / minimal:4.2f}x")


async def _key_latency_campfire(presses: int) -> list[float]:
    from engines.core.match import Match, SeatSpec
    from engines.registry import load_engine, ready_games
    from tui.app import CampfireApp
    from tui.opening import screen_class

    game = ready_games()[0].id
    engine = load_engine(game)
    match = Match(engine, engine.default_options(), [SeatSpec("A"), SeatSpec("B")], 1)
    app = CampfireApp(save_dir=Path(tempfile.mkdtemp()), bot_delay=0)
    times: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(screen_class(game)(match, None))
        await pilot.pause()
        keys = ["down", "up"] * (presses // 2)
        for key in keys:
            started = time.perf_counter()
            await pilot.press(key)
            await pilot.wait_for_scheduled_animations()
            times.append(time.perf_counter() - started)
    return times


async def _key_latency_minimal(presses: int) -> list[float]:
    from textual.app import App
    from textual.widgets import Static

    class Counter(App):
        BINDINGS = [("down", "bump"), ("up", "bump")]

        def compose(self):
            yield Static("0", id="n")

        def action_bump(self):
            label = self.query_one("#n", Static)
            label.update(str(int(str(label.render())) + 1))

    times: list[float] = []
    async with Counter().run_test(size=(120, 40)) as pilot:
        for key in ["down", "up"] * (presses // 2):
            started = time.perf_counter()
            await pilot.press(key)
            await pilot.wait_for_scheduled_animations()
            times.append(time.perf_counter() - started)
    return times


def _p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def bench_keys() -> None:
    minimal = asyncio.run(_key_latency_minimal(40))
    campfire = asyncio.run(_key_latency_campfire(40))
    print("key to repaint (Pilot press + settle, includes Pilot's own waiting)")
    print(f"  minimal app    median {statistics.median(minimal) * 1000:7.1f} ms  p95 {_p95(minimal) * 1000:7.1f} ms")
    print(
        f"  game screen    median {statistics.median(campfire) * 1000:7.1f} ms  p95 {_p95(campfire) * 1000:7.1f} ms"
        f"   ratio {statistics.median(campfire) / statistics.median(minimal):4.2f}x"
    )


def _seat_count(engine) -> int:
    """Two seats where the game allows them (solo-only games take their one)."""
    return min(max(2, engine.info.min_seats), engine.info.max_seats)


def bench_bonfire() -> None:
    """Bonfire's targets: a random full game p95 <= 50 ms, a heuristic decision p95 <= 100 ms,
    and a board refresh after an action at 200x60 p95 <= 16 ms."""
    from engines.bonfire import ENGINE
    from engines.bonfire.bots import HeuristicBot
    from engines.core.match import Match, SeatSpec
    from engines.core.protocol import AUTO

    games = []
    for seed in range(200):
        started = time.perf_counter()
        match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("r", "bot", "random")], seed)
        match.run_automatic()
        games.append(time.perf_counter() - started)
    decisions = []
    bot = HeuristicBot()
    for seed in range(40):
        match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("h", "bot", "heuristic")], seed)
        while not match.is_over():
            if match.actors() == (AUTO,):
                match.act(AUTO, ENGINE.auto_action(match.state))
                continue
            started = time.perf_counter()
            action = match.bot_choice(0, bot)
            decisions.append(time.perf_counter() - started)
            match.act(0, action)
    refresh = asyncio.run(_bonfire_refresh(60))
    print("bonfire")
    print(f"  random full game     median {statistics.median(games) * 1000:6.1f} ms  p95 {_p95(games) * 1000:6.1f} ms (target 50)")
    print(f"  heuristic decision   median {statistics.median(decisions) * 1000:6.2f} ms  p95 {_p95(decisions) * 1000:6.2f} ms (target 100)")
    print(f"  table refresh 200x60 median {statistics.median(refresh) * 1000:6.1f} ms  p95 {_p95(refresh) * 1000:6.1f} ms (target 16)")


async def _bonfire_refresh(steps: int) -> list[float]:
    """Time from an applied action to the Bonfire screen's widgets holding the new table
    (the terminal paint that follows is not included: Pilot's own waiting would swamp it)."""
    from engines.bonfire import ENGINE
    from engines.core.match import Match, SeatSpec
    from tui.app import CampfireApp
    from tui.games.bonfire import BonfireScreen

    from engines.bonfire.bots import HeuristicBot
    from engines.core.protocol import AUTO

    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 5)
    bot = HeuristicBot()
    app = CampfireApp(save_dir=Path(tempfile.mkdtemp()), bot_delay=0)
    times: list[float] = []
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        screen = BonfireScreen(match, None)
        app.push_screen(screen)
        await pilot.pause()
        for _ in range(steps):
            if match.is_over():
                break
            if match.actors() == (AUTO,):
                match.act(AUTO, ENGINE.auto_action(match.state))
            else:
                match.act(0, match.bot_choice(0, bot))
            started = time.perf_counter()
            screen.refresh_table()  # computes the table; the widgets' watchers update at once
            times.append(time.perf_counter() - started)
            await pilot.pause()
    return times


def bench_engine() -> None:
    from engines.core.match import Match, SeatSpec
    from engines.registry import load_engine, ready_games

    print("engine speed (bot-only games)")
    for entry in ready_games():
        engine = load_engine(entry.id)
        for level in sorted(engine.bots):
            seats = [SeatSpec(f"{level}{n}", "bot", level) for n in range(_seat_count(engine))]
            actions = 0
            started = time.perf_counter()
            games = 0
            while time.perf_counter() - started < 3 or games < 3:
                match = Match(engine, engine.default_options(), seats, games + 1)
                match.run_automatic()
                actions += len(match.journal)
                games += 1
            seconds = time.perf_counter() - started
            print(
                f"  {entry.id:<12} {level:<10} {games / seconds:8.2f} games/s  "
                f"{actions / seconds:10.0f} actions/s  ({actions / games:.0f} actions a game)"
            )


def bench_saves() -> None:
    from engines.core.match import Match, SeatSpec
    from engines.registry import load_engine, ready_games
    from saves.store import Autosaver, load

    print("save and load of a finished game")
    for entry in ready_games():
        engine = load_engine(entry.id)
        seats = [SeatSpec(f"h{n}", "bot", "heuristic") for n in range(_seat_count(engine))]
        match = Match(engine, engine.default_options(), seats, 1)
        match.run_automatic()
        path = Path(tempfile.mkdtemp()) / "bench.json"
        saver = Autosaver(match, path)
        rounds = 20
        started = time.perf_counter()
        for _ in range(rounds):
            saver.save()
        save_ms = (time.perf_counter() - started) / rounds * 1000
        started = time.perf_counter()
        for _ in range(5):
            load(path)
        load_ms = (time.perf_counter() - started) / 5 * 1000
        size = path.stat().st_size
        print(
            f"  {entry.id:<12} {len(match.journal)} actions: save {save_ms:6.2f} ms, "
            f"load+replay {load_ms:7.1f} ms ({load_ms / save_ms:5.1f}x save), {size / 1024:6.1f} KiB"
        )


def bench_bivouac() -> None:
    """Bivouac's targets: a random full game p95 <= 50 ms, a heuristic decision p95 <= 100 ms,
    key -> repaint p95 <= 16 ms at 200x60 (cursor moves on the camp board)."""
    from engines.bivouac import ENGINE
    from engines.bivouac.state import BivouacOptions
    from engines.core.match import Match, SeatSpec

    print("bivouac (3 seats, expansion on)")
    options = BivouacOptions(expansion=True)
    randoms = [SeatSpec(f"r{n}", "bot", "random") for n in range(3)]
    games = []
    for seed in range(60):
        started = time.perf_counter()
        Match(ENGINE, options, randoms, seed).run_automatic()
        games.append(time.perf_counter() - started)
    print(f"  random full game   median {statistics.median(games) * 1000:6.1f} ms  p95 {_p95(games) * 1000:6.1f} ms")
    decisions = []
    heuristics = [SeatSpec(f"h{n}", "bot", "heuristic") for n in range(3)]
    for seed in range(10):
        match = Match(ENGINE, options, heuristics, seed)
        while not match.is_over():
            started = time.perf_counter()
            step = match.next_bot_or_auto()
            decisions.append(time.perf_counter() - started)
            match.act(*step)
    print(f"  heuristic decision median {statistics.median(decisions) * 1000:6.2f} ms  p95 {_p95(decisions) * 1000:6.2f} ms")
    keys = asyncio.run(_bivouac_keys(40))
    print(f"  key to repaint 200x60 median {statistics.median(keys) * 1000:6.1f} ms  p95 {_p95(keys) * 1000:6.1f} ms"
          " (includes Pilot's own waiting)")


async def _bivouac_keys(presses: int) -> list[float]:
    from engines.bivouac import ENGINE
    from engines.bivouac.state import BivouacOptions
    from engines.core.match import Match, SeatSpec
    from tui.app import CampfireApp
    from tui.games.bivouac import BivouacScreen

    seats = [SeatSpec("A")] + [SeatSpec(f"h{n}", "bot", "heuristic") for n in range(3)]
    match = Match(ENGINE, BivouacOptions(expansion=True), seats, 1)
    app = CampfireApp(save_dir=Path(tempfile.mkdtemp()), bot_delay=0)
    times: list[float] = []
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        app.push_screen(BivouacScreen(match, None))
        await pilot.pause()
        for key in ["down", "up"] * (presses // 2):
            started = time.perf_counter()
            await pilot.press(key)
            await pilot.wait_for_scheduled_animations()
            times.append(time.perf_counter() - started)
    return times


def bench_autosave(folder: str | None = None) -> None:
    """Autosave p95 against a bare durable write of the same bytes (write, fsync, rename),
    interleaved in the same folder so both meet the same disk. Goal: ratio <= 1.3."""
    import os

    from engines.core.match import Match, SeatSpec
    from engines.registry import load_engine, ready_games
    from saves.format import encode, envelope
    from saves.store import Autosaver

    folder = folder or os.environ.get("CAMPFIRE_BENCH_DIR") or str(Path.home() / ".cache" / "campfire-bench")
    print(f"autosave vs a bare durable write, p95 of 200 (folder {folder})")
    for entry in ready_games():
        engine = load_engine(entry.id)
        seats = [SeatSpec(f"h{n}", "bot", "heuristic") for n in range(max(2, engine.info.min_seats))]
        match = Match(engine, engine.default_options(), seats, 1)
        for _ in range(60):
            step = match.next_bot_or_auto()
            if step is None:
                break
            match.act(*step)
        work = Path(tempfile.mkdtemp(dir=_made(folder)))
        saver = Autosaver(match, work / "game.json")
        data = encode(envelope(match))
        bare_path = work / "bare.json"
        saves, bares = [], []
        for _ in range(200):
            started = time.perf_counter()
            saver.save()
            saves.append(time.perf_counter() - started)
            started = time.perf_counter()
            tmp = work / ".bare.tmp"
            with open(tmp, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, bare_path)
            bares.append(time.perf_counter() - started)
        save_p95, bare_p95 = _p95(saves) * 1000, _p95(bares) * 1000
        save_med, bare_med = sorted(saves)[len(saves) // 2] * 1000, sorted(bares)[len(bares) // 2] * 1000
        print(
            f"  {entry.id:<12} {len(data) / 1024:6.1f} KiB: autosave p95 {save_p95:6.2f} ms "
            f"(median {save_med:5.2f}), bare p95 {bare_p95:6.2f} ms (median {bare_med:5.2f}), "
            f"ratio p95 {save_p95 / bare_p95:4.2f}, median {save_med / bare_med:4.2f}"
        )


def _made(folder: str) -> str:
    Path(folder).mkdir(parents=True, exist_ok=True)
    return folder


BENCHES = {
    "startup": bench_startup, "keys": bench_keys, "engine": bench_engine, "saves": bench_saves,
    "autosave": bench_autosave, "bonfire": bench_bonfire, "bivouac": bench_bivouac,
}


def main(argv: list[str]) -> int:
    chosen = argv or list(BENCHES)
    for name in chosen:
        if name not in BENCHES:
            print(f"unknown benchmark {name!r}; choose from {', '.join(BENCHES)}", file=sys.stderr)
            return 2
    for name in chosen:
        BENCHES[name]()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
