"""Autosave against a bare durable write of the same bytes (write + fsync + rename)."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from bench.engines_bench import longest_seeded_game
from bench.stats import Row, Spread
from engines.registry import load_engine, ready_games

AUTOSAVE_RATIO = 1.3
#: Each game's tail is played this many times, each time into a fresh save: with only the
#: tail's 10 or 40 samples a side, the p95 was the slowest or third-slowest fsync of the
#: disk, a figure one burst of another process's writes decides.
ROUNDS = 5


def bare_durable_write(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)


def bench_autosave(repeats: int) -> list[Row]:
    """Each sample is one real autosave: the longest seeded game is replayed and saved
    after each of its last `repeats` actions (its biggest files), beside a bare write of
    the same bytes, `ROUNDS` times. The two sides take turns going first: each fsync also
    commits the file-system journal's pending changes of whoever wrote before it."""
    from engines.core.match import Match
    from saves.format import encode, envelope
    from saves.store import Autosaver

    folder = Path(tempfile.mkdtemp(prefix="campfire-bench-"))
    rows = []
    for entry in ready_games():
        longest = longest_seeded_game(load_engine(entry.id))
        timed = min(repeats, len(longest.journal))
        bare_path = folder / f"{entry.id}-bare.json"
        bare: list[float] = []
        autosave: list[float] = []
        for round_number in range(ROUNDS):
            match = Match(longest.engine, longest.options, longest.seats, longest.seed)
            for step in longest.journal[: len(longest.journal) - timed]:
                match.act_text(step.seat, step.action)
            saver = Autosaver(match, folder / f"{entry.id}-{round_number}.json")
            for number, step in enumerate(longest.journal[len(longest.journal) - timed :]):
                match.act_text(step.seat, step.action)
                data = encode(envelope(match, created=saver.created))
                if number % 2:
                    autosave.append(_timed(saver.save))
                    bare.append(_timed(lambda: bare_durable_write(bare_path, data)))
                else:
                    bare.append(_timed(lambda: bare_durable_write(bare_path, data)))
                    autosave.append(_timed(saver.save))
            saver.close()
        anchor, measured = Spread.of(bare), Spread.of(autosave)
        ratio = measured.p95 / anchor.p95
        rows.append(
            Row(
                goal=f"{entry.id}: autosave p95 <= {AUTOSAVE_RATIO:.1f}x",
                anchor=anchor,
                measured=measured,
                unit="ms",
                ratio=ratio,
                met=ratio <= AUTOSAVE_RATIO,
                note=f"anchor: bare write+fsync+rename, {len(data) // 1024} KiB, ratio of p95s of {len(bare)} samples",
            )
        )
    return rows


def _timed(action) -> float:
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000
