"""What Textual's internals (tui/textual_internals/) buy, against the public path, in one run.

Keys: every board of bench/keys.py at 200x60, key to repaint and the terminal bytes the
frames of each key come to (what a player over SSH receives), the app run with the
internals and without them (`CAMPFIRE_TEXTUAL_INTERNALS=off`) in turns, round after round,
and, for each internal kept for speed (`SPEED_INTERNALS`), without that one alone
(`on,-NAME`). First paint: the launcher in a fresh process on a pty (bench/startup.py's
harness), with and without, in turns; entering a game likewise.

The goal (issue 24) is per internal: one kept for speed must buy at least 1.3x somewhere.
So each speed internal has one goal row, its best board (the median key to repaint
without it over the median with it; p95s over a few dozen keys on a shared machine are
its two or three slowest, mostly the load's). The other rows are figures, not goals: all
the internals against none, side by side (the bytes per key, the first paint and entering a
game are not what any internal kept is for: the compositor paints the same cells, and the
internals kept for the look or a behaviour, `settled_first_frame`, `bindings` and
`crash_hook`, are kept for that, not for speed).

`CAMPFIRE_BENCH_AGAINST` sets the switch for the public side (default `off`): e.g.
`on,-compositor` measures what the compositor alone buys, in every row; the speed
internals are then not measured one by one.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.stats import Row, Spread, paired_ratio

KEEP_RATIO = 1.3
ENVIRONMENT = "CAMPFIRE_TEXTUAL_INTERNALS"
#: The internals kept because they are faster (tui/textual_internals/__init__.py): each has a
#: goal row. The others are kept for what they do, and only appear in the figures.
SPEED_INTERNALS = ("compositor", "plain_lines")


def _against() -> str:
    return os.environ.get("CAMPFIRE_BENCH_AGAINST", "off")


async def _keys_and_bytes(prepare: Any, presses: int) -> tuple[list[float], list[int], int]:
    """Key times (ms) and the terminal bytes of each key's frames, and the bytes of every
    frame from the app's start to the board's scenario settled (opening the game)."""
    from textual.app import App

    from bench.keys import QUIET_SECONDS, SIZE, FrameRecorder
    from tui.app import CampfireApp

    app = CampfireApp(save_dir=Path(tempfile.mkdtemp(prefix="campfire-bench-")), bot_delay=0)
    textual_display = App._display.__get__(app)
    opening = [0, time.perf_counter()]  # bytes, time of the last frame

    def display_opening(screen: Any, renderable: Any) -> None:
        textual_display(screen, renderable)
        if renderable is not None and not app._batch_count:
            opening[0] += len(renderable.render_segments(app.console).encode())
            opening[1] = time.perf_counter()

    app._display = display_opening
    async with app.run_test(size=SIZE) as pilot:
        keys = await prepare(app, pilot)
        started = time.perf_counter()
        while time.perf_counter() - max(opening[1], started) < QUIET_SECONDS and time.perf_counter() - started < 3:
            await asyncio.sleep(0.01)
        recorder = FrameRecorder(app)  # wraps Textual's own display again
        sent = [0]

        def display(screen: Any, renderable: Any) -> None:
            # As the recorder's, counting the bytes a driver would write.
            textual_display(screen, renderable)
            if renderable is not None and not app._batch_count:
                sent[0] += len(renderable.render_segments(app.console).encode())
                recorder.frames.append((time.perf_counter(), renderable))

        app._display = display
        times: list[float] = []
        per_key: list[int] = []
        for n in range(presses):
            sent[0] = 0
            latency = await recorder.press(keys[n % len(keys)])
            if latency is not None:
                times.append(latency)
                per_key.append(sent[0])
    return times, per_key, opening[0]


def _key_sides(against: str) -> dict[str, str]:
    """The switch each side of the key rows runs with: the internals, the public path and,
    when that is the default (all off), each speed internal alone left out."""
    sides = {"on": "on", "public": against}
    if against == "off":
        sides.update({f"-{name}": f"on,-{name}" for name in SPEED_INTERNALS})
    return sides


def bench_internals_keys(repeats: int, presses: int) -> list[Row]:
    from bench.keys import SIZE, scenarios
    from tui.textual_internals import switched

    against = _against()
    boards = scenarios()
    sides = _key_sides(against)
    times: dict[tuple[str, str], list[float]] = {(b, s): [] for b in boards for s in sides}
    sent: dict[tuple[str, str], list[int]] = {(b, s): [] for b in boards for s in sides}
    opened: dict[tuple[str, str], list[int]] = {(b, s): [] for b in boards for s in sides}
    for round_number in range(repeats):
        for label, prepare in boards.items():
            # Each side goes first in turn, round after round.
            turn = round_number % len(sides)
            order = list(sides)[turn:] + list(sides)[:turn]
            for side in order:
                with switched(sides[side]):
                    latencies, per_key, opening = asyncio.run(_keys_and_bytes(prepare, presses))
                times[(label, side)] += latencies
                sent[(label, side)] += per_key
                opened[(label, side)].append(opening)
    rows: list[Row] = []
    for label in boards:
        on, public = times[(label, "on")], times[(label, "public")]
        if not on or not public:
            continue
        spread_on, spread_public = Spread.of(on), Spread.of(public)
        rows.append(
            Row(
                goal=f"{label}: key to repaint, public path / internals",
                anchor=spread_public,
                measured=spread_on,
                unit="ms",
                ratio=spread_public.median / spread_on.median,
                met=None,
                note=(
                    f"{SIZE[0]}x{SIZE[1]}; anchor: {ENVIRONMENT}={against}; ratio of medians; "
                    f"of p95s {spread_public.p95 / spread_on.p95:.2f}x"
                ),
            )
        )
        rows.append(_bytes_row(f"{label}: terminal bytes per key", sent[(label, "on")], sent[(label, "public")]))
        rows.append(
            _bytes_row(
                f"{label}: terminal bytes opening the game",
                opened[(label, "on")],
                opened[(label, "public")],
                "from the app's start (launcher, the game's first frames) to the scenario settled; ",
            )
        )
    for name in SPEED_INTERNALS:
        if f"-{name}" in sides:
            rows.append(
                _speed_internal_row(
                    name, {label: (times[(label, "on")], times[(label, f"-{name}")]) for label in boards}
                )
            )
    return rows


def _speed_internal_row(name: str, boards: dict[str, tuple[list[float], list[float]]]) -> Row:
    """The goal row of internal `name`: its best board, what it alone buys there (the
    median key without it over the median with it), and every board's figure."""
    bought = {
        label: Spread.of(without).median / Spread.of(with_it).median
        for label, (with_it, without) in boards.items()
        if with_it and without
    }
    if not bought:
        return Row(
            goal=f"{name}: buys >= {KEEP_RATIO}x",
            measured=Spread(0, 0, 0, 0),
            unit="ms",
            met=False,
            note="no key measured",
        )
    best = max(bought, key=bought.__getitem__)
    with_it, without = boards[best]
    return Row(
        goal=f"{name} (tui/textual_internals/) buys >= {KEEP_RATIO}x on some board: {best}, key to repaint",
        anchor=Spread.of(without),
        measured=Spread.of(with_it),
        unit="ms",
        ratio=bought[best],
        met=bought[best] >= KEEP_RATIO,
        note=(
            f"anchor: {ENVIRONMENT}=on,-{name}; ratio of medians; every board: "
            + ", ".join(f"{label} {ratio:.2f}x" for label, ratio in bought.items())
        ),
    )


def bench_internals_first_paint(repeats: int) -> list[Row]:
    from bench.startup import CAMPFIRE, compile_bytecode, first_paint

    against = _against()
    compile_bytecode()
    saved = os.environ.get(ENVIRONMENT)
    samples: dict[str, list[float]] = {"on": [], "public": []}
    sides = {"on": "on", "public": against}
    try:
        for round_number in range(repeats + 1):  # the first round warms the file cache
            order = list(sides) if round_number % 2 == 0 else list(reversed(sides))
            for side in order:
                os.environ[ENVIRONMENT] = sides[side]
                elapsed = first_paint(CAMPFIRE) * 1000
                if round_number:
                    samples[side].append(elapsed)
    finally:
        if saved is None:
            os.environ.pop(ENVIRONMENT, None)
        else:
            os.environ[ENVIRONMENT] = saved
    ratio = paired_ratio(samples["public"], samples["on"])
    return [
        Row(
            goal="launcher first paint, public path / internals",
            anchor=Spread.of(samples["public"]),
            measured=Spread.of(samples["on"]),
            unit="ms",
            ratio=ratio,
            met=None,
            note=f"80x24 pty, fresh process; anchor: {ENVIRONMENT}={against}; median of paired ratios public / internals",
        )
    ]


def bench_internals_entering(repeats: int) -> list[Row]:
    """Launcher Enter -> setup form drawn, and Start -> game drawn (bench/startup.py's
    fresh-process sample, to the frame after which the screen looks as it finally does),
    with and without the internals in turns."""
    from bench.startup import fresh_process_sample
    from engines.registry import ready_games

    against = _against()
    saved = os.environ.get(ENVIRONMENT)
    sides = {"on": "on", "public": against}
    games = [entry.id for entry in ready_games()]
    samples: dict[tuple[str, str, int], list[float]] = {(g, s, i): [] for g in games for s in sides for i in (0, 1)}
    try:
        for round_number in range(repeats):
            for game in games:
                order = list(sides) if round_number % 2 == 0 else list(reversed(sides))
                for side in order:
                    os.environ[ENVIRONMENT] = sides[side]
                    to_setup, to_game = fresh_process_sample("bench.startup", "entering_sample", game)
                    samples[(game, side, 0)].append(to_setup)
                    samples[(game, side, 1)].append(to_game)
    finally:
        if saved is None:
            os.environ.pop(ENVIRONMENT, None)
        else:
            os.environ[ENVIRONMENT] = saved
    rows: list[Row] = []
    for game in games:
        for step, what in ((0, "Enter -> setup form drawn"), (1, "Start -> game drawn")):
            on, public = samples[(game, "on", step)], samples[(game, "public", step)]
            ratio = paired_ratio(public, on)
            rows.append(
                Row(
                    goal=f"{game}: {what}, public path / internals",
                    anchor=Spread.of(public),
                    measured=Spread.of(on),
                    unit="ms",
                    ratio=ratio,
                    met=None,
                    note=f"fresh process, 80x24; anchor: {ENVIRONMENT}={against}; median of paired ratios",
                )
            )
    return rows


def _bytes_row(goal: str, on: list[int], public: list[int], note: str = "") -> Row:
    """Bytes the terminal receives with the internals and on public APIs only, as a figure
    (ratio of medians)."""
    spread_on, spread_public = Spread.of(on), Spread.of(public)
    ratio = spread_public.median / max(spread_on.median, 1)
    return Row(
        goal=f"{goal}, public path / internals",
        anchor=spread_public,
        measured=spread_on,
        unit="B",
        ratio=ratio,
        met=None,
        note=f"{note}ratio of medians",
    )
