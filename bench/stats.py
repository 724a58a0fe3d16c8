"""Figures over repeats and the one results table."""

from __future__ import annotations

import statistics
from collections.abc import Sequence

import msgspec


class Spread(msgspec.Struct, frozen=True):
    """min / median / p95 of repeated samples (p95 by the nearest-rank method)."""

    low: float
    median: float
    p95: float
    count: int

    @classmethod
    def of(cls, samples: Sequence[float]) -> Spread:
        ordered = sorted(samples)
        rank = max(1, -(-95 * len(ordered) // 100))  # ceil(0.95 n)
        return cls(ordered[0], statistics.median(ordered), ordered[rank - 1], len(ordered))


def paired_ratio(measured: Sequence[float], anchor: Sequence[float]) -> float:
    """The median of measured[i] / anchor[i] over samples taken side by side: a shared
    machine's speed drifts over a run, and a pair, taken within a second, shares its drift."""
    if len(measured) != len(anchor) or not anchor:
        raise ValueError("paired samples need one anchor sample per measured sample")
    return statistics.median(m / a for m, a in zip(measured, anchor))


class Row(msgspec.Struct, frozen=True):
    goal: str
    measured: Spread
    unit: str
    met: bool | None  # None: a figure shown beside the goals, not a goal
    anchor: Spread | None = None
    ratio: float | None = None
    note: str = ""


def _fmt(spread: Spread | None, unit: str) -> str:
    if spread is None:
        return "-"
    digits = 0 if unit == "steps/s" else 1
    return f"{spread.low:.{digits}f} / {spread.median:.{digits}f} / {spread.p95:.{digits}f} {unit}"


def table(rows: Sequence[Row]) -> str:
    """A Markdown table: goal | anchor | measured | ratio | met (figures are min / median / p95)."""
    lines = [
        "| goal | anchor (min / median / p95) | measured (min / median / p95) | ratio | met |",
        "|---|---|---|---|---|",
    ]
    for row in rows:
        ratio = f"{row.ratio:.2f}x" if row.ratio is not None else "-"
        goal = row.goal + (f" ({row.note})" if row.note else "")
        lines.append(
            f"| {goal} | {_fmt(row.anchor, row.unit)} | {_fmt(row.measured, row.unit)} | {ratio} | "
            f"{'-' if row.met is None else 'yes' if row.met else 'NO'} |"
        )
    return "\n".join(lines)
