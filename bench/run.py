"""Campfire's speed goals, each measured against an anchor in the same run.

    python bench/run.py [--check] [--quick] [engine|decisions|load|startup|keys|internals|autosave|memory ...]

Prints one Markdown table (goal | anchor | measured | ratio | met, figures min / median /
p95 over interleaved repeats); `--check` exits 1 when a goal is missed. See bench/README.md.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.stats import Row, table  # noqa: E402


def _engine(quick: bool) -> list[Row]:
    from bench.engines_bench import bench_engines

    return bench_engines(repeats=3 if quick else 9)


def _load(quick: bool) -> list[Row]:
    from bench.engines_bench import bench_load

    return bench_load(repeats=5 if quick else 20)


def _decisions(quick: bool) -> list[Row]:
    from bench.engines_bench import bench_decisions

    return bench_decisions(games=2 if quick else 8)


def _startup(quick: bool) -> list[Row]:
    from bench.startup import bench_entering, bench_startup

    return bench_startup(repeats=3 if quick else 61) + bench_entering(repeats=2 if quick else 5)


def _keys(quick: bool) -> list[Row]:
    from bench.keys import bench_keys

    return bench_keys(repeats=1 if quick else 5, presses=8 if quick else 24)


def _internals(quick: bool) -> list[Row]:
    from bench.internals_bench import bench_internals_entering, bench_internals_first_paint, bench_internals_keys

    return (
        bench_internals_keys(repeats=1 if quick else 3, presses=8 if quick else 16)
        + bench_internals_first_paint(repeats=3 if quick else 21)
        + bench_internals_entering(repeats=1 if quick else 3)
    )


def _autosave(quick: bool) -> list[Row]:
    from bench.saves_bench import bench_autosave

    return bench_autosave(repeats=10 if quick else 40)


def _memory(quick: bool) -> list[Row]:
    from bench.memory import bench_memory

    return bench_memory(repeats=2 if quick else 5)


SECTIONS = {
    "engine": _engine,
    "decisions": _decisions,
    "load": _load,
    "startup": _startup,
    "keys": _keys,
    "internals": _internals,
    "autosave": _autosave,
    "memory": _memory,
}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Campfire speed goals against same-run anchors.")
    parser.add_argument(
        "sections", nargs="*", metavar="SECTION", help=f"one or more of: {', '.join(SECTIONS)} (default: all)"
    )
    parser.add_argument("--check", action="store_true", help="exit 1 when any goal is missed")
    parser.add_argument("--quick", action="store_true", help="fewer repeats: a rough look, not a verdict")
    args = parser.parse_args(argv)
    unknown = [name for name in args.sections if name not in SECTIONS]
    if unknown:
        parser.error(f"unknown section {unknown[0]!r}; choose from {', '.join(SECTIONS)}")
    started = time.perf_counter()
    rows: list[Row] = []
    # Every save folder, config folder and file a section makes (in this process or in the
    # fresh ones it starts) goes under one folder, removed at the end: a run makes hundreds.
    saved_tempdir, saved_env = tempfile.tempdir, os.environ.get("TMPDIR")
    with tempfile.TemporaryDirectory(prefix="campfire-bench-") as scratch:
        tempfile.tempdir = os.environ["TMPDIR"] = scratch
        try:
            for name in args.sections or list(SECTIONS):
                print(f"measuring {name}...", file=sys.stderr, flush=True)
                rows += SECTIONS[name](args.quick)
                gc.collect()
        finally:
            tempfile.tempdir = saved_tempdir
            if saved_env is None:
                os.environ.pop("TMPDIR", None)
            else:
                os.environ["TMPDIR"] = saved_env
    print(table(rows))
    goals = [row for row in rows if row.met is not None]  # the others are figures
    missed = [row.goal for row in goals if not row.met]
    print(f"\n{len(goals) - len(missed)} of {len(goals)} goals met in {time.perf_counter() - started:.0f} s.")
    if args.check and missed:
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
