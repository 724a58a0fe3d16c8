"""Key to repaint in the command palette over a seat with thousands of legal actions.

    python bench/palette.py [--rounds N]

The position: Bioviva's first clue of seed 1 (heuristic bots; 3002 legal actions for the
human, the most any position of seeded bot play reached: a tile or the magnifier on every
square of the map). Ctrl+P, then words typed a key at a time and cleared by Ctrl+U, each key
timed from dispatching it to the first frame after which the palette looks as it finally does
(its search over, frames replayed onto a virtual screen as in bench/keys.py). The anchor is
the same keys in the launcher's palette (every game's rules topics, no actions), taken in
turns with the game. Prints min / median / p95 per side; the figures go in bench/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.keys import FrameRecorder  # noqa: E402
from bench.stats import Spread  # noqa: E402

#: Words typed into the palette a key at a time (each then cleared by Ctrl+U).
WORDS = ("magnifier on d3", "tile claws", "bioviva scoring")
SEED = 1


def crowded_match() -> Any:
    """Bioviva at seed 1 after the bots' first moves: the human's first clue, 3002 legal
    actions."""
    from engines.core.match import Match, SeatSpec
    from engines.registry import load_engine

    engine = load_engine("bioviva")
    seats = [SeatSpec("Ana")] + [
        SeatSpec(f"Bot {n}", "bot", "heuristic") for n in range(2, engine.info.usual_seats + 1)
    ]
    match = Match(engine, engine.default_options(), seats, SEED)
    match.run_automatic()
    return match


async def search_over(app: Any, typed: str) -> None:
    """Until the palette's input holds `typed` and no search of it is running."""
    from textual.command import CommandPalette
    from textual.widgets import Input
    from textual.worker import WorkerState

    running = (WorkerState.PENDING, WorkerState.RUNNING)
    for _ in range(6000):
        await asyncio.sleep(0.005)
        palette = app.screen
        if not isinstance(palette, CommandPalette) or not palette.is_mounted:
            continue
        if palette.query_one(Input).value == typed and not any(w.state in running for w in app.workers):
            return
    raise RuntimeError(f"the palette's search for {typed!r} did not end")


async def timed_key(app: Any, recorder: FrameRecorder, key: str, typed: str) -> float:
    """Milliseconds from dispatching `key` to the frame showing the palette's final list."""
    import time

    from textual import events

    await recorder.settle()
    recorder.catch_up()
    first = len(recorder.frames)
    event = events.Key(key, " " if key == "space" else key if len(key) == 1 else None)
    event.set_sender(app)
    dispatched = time.perf_counter()
    app._driver.send_message(event)
    await search_over(app, typed)
    await recorder.settle()
    states = []
    for when, update in recorder.frames[first:]:
        recorder.screen.apply(update, app.console)
        states.append((when, recorder.screen.snapshot()))
    del recorder.frames[:-1]
    recorder.replayed = len(recorder.frames)
    if not states:
        return (time.perf_counter() - dispatched) * 1000
    final = states[-1][1]
    return (next(when for when, state in states if state == final) - dispatched) * 1000


async def measure(in_game: bool) -> tuple[list[float], list[float]]:
    """(Ctrl+P to its list, every other key) in milliseconds, in the game or the launcher."""
    from bench.keys import SIZE
    from tui.app import CampfireApp
    from tui.opening import open_match

    app = CampfireApp(save_dir=Path(tempfile.mkdtemp(prefix="campfire-bench-")), bot_delay=0)
    opening: list[float] = []
    keys: list[float] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if in_game:
            match = crowded_match()
            open_match(app, match, None)
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert len(match.legal_actions(0)) == 3002, "the crowded position moved"
        recorder = FrameRecorder(app)
        opening.append(await timed_key(app, recorder, "ctrl+p", ""))
        for word in WORDS:
            for end in range(1, len(word) + 1):
                key = "space" if word[end - 1] == " " else word[end - 1]
                keys.append(await timed_key(app, recorder, key, word[:end]))
            keys.append(await timed_key(app, recorder, "ctrl+u", ""))
    return opening, keys


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    rounds = parser.parse_args().rounds
    sides: dict[str, tuple[list[float], list[float]]] = {
        "launcher (anchor)": ([], []),
        "bioviva, 3002 actions": ([], []),
    }
    for number in range(rounds):
        order = [False, True] if number % 2 == 0 else [True, False]
        for in_game in order:
            opening, keys = asyncio.run(measure(in_game))
            label = "bioviva, 3002 actions" if in_game else "launcher (anchor)"
            sides[label][0].extend(opening)
            sides[label][1].extend(keys)
    print("| palette | Ctrl+P to its list (median / max) | a key typed: min / median / p95 | keys |")
    print("|---|---|---|---|")
    for label, (opening, keys) in sides.items():
        spread = Spread.of(keys)
        print(
            f"| {label} | {sorted(opening)[len(opening) // 2]:.0f} / {max(opening):.0f} ms "
            f"| {spread.low:.0f} / {spread.median:.0f} / {spread.p95:.0f} ms | {spread.count} |"
        )


if __name__ == "__main__":
    main()
