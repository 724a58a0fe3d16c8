"""Terminal charts as plain text, drawn by plotext: scores by turn (the end screen and the
replay) and score distributions (`campfire sim --chart`).

plotext is imported on first use (about 50 ms): nothing at start-up draws a chart. Every
seat's line has a marker of its own, named in the legend, so seats never rest on colour
alone; the text is plain (no colour codes) and, with `ascii`, folded to ASCII characters
(plotext draws its frame with box-drawing characters).
"""

from __future__ import annotations

from collections.abc import Sequence

from tui.glyphs import fold_to_ascii

#: One marker per series, in seat order (plotext takes any single character).
MARKERS = "*o+x#@%&"
#: Below this the chart says so rather than draw an unreadable one.
MIN_WIDTH, MIN_HEIGHT = 30, 6


def _plotext():  # noqa: ANN202 - plotext has no types
    import plotext  # type: ignore[import-untyped]  # plotext ships no types

    plotext.clear_figure()
    plotext.theme("clear")
    return plotext


def _finish(text: str, ascii: bool) -> str:
    lines = [line.rstrip() for line in _plain(text).splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    joined = "\n".join(lines)
    return fold_to_ascii(joined) if ascii else joined


def _plain(text: str) -> str:
    """plotext ends lines with a colour reset even in its colourless theme."""
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def score_chart(
    names: Sequence[str],
    turns: Sequence[int],
    scores: Sequence[Sequence[int]],
    width: int,
    height: int,
    *,
    ascii: bool = False,
    title: str = "Score by turn",
    mark_turn: int | None = None,
) -> str:
    """Each name's score (one row of `scores` per name) against `turns`."""
    if width < MIN_WIDTH or height < MIN_HEIGHT:
        return "(too small for the chart: make the terminal larger)"
    if not turns:
        return "(no turn has been played yet)"
    plt = _plotext()
    plt.plotsize(width, height)
    xs = list(turns)
    if len(xs) == 1:  # plotext needs two points to draw a line
        xs = [xs[0], xs[0] + 1]
        scores = [[row[0], row[0]] for row in scores]
    for number, (name, row) in enumerate(zip(names, scores)):
        plt.plot(xs, list(row), label=_label(name)[:24], marker=MARKERS[number % len(MARKERS)])
    if mark_turn is not None:
        plt.vertical_line(mark_turn)
    plt.title(title)
    plt.xlabel("turn")
    low, high = min(min(r) for r in scores), max(max(r) for r in scores)
    if low == high:
        low, high = low - 1, high + 1
        plt.ylim(low, high)
    plt.yticks(_whole_ticks(low, high, max(2, height // 3)))
    plt.xticks(_whole_ticks(xs[0], xs[-1], max(2, width // 10)))
    return _finish(plt.build(), ascii)


def _whole_ticks(low: int, high: int, most: int) -> list[int]:
    """Up to `most` whole numbers from `low` to `high` (scores and turns are counted)."""
    step = max(1, -(-(high - low) // max(1, most - 1)))
    ticks = list(range(low, high + 1, step))
    return ticks if ticks[-1] == high else [*ticks, high]


def histogram(values: Sequence[float], label: str, width: int, height: int, *, ascii: bool = False) -> str:
    """How often each score came up, in up to 20 bins."""
    if not values:
        return f"{label}: no games"
    plt = _plotext()
    plt.plotsize(max(width, MIN_WIDTH), max(height, MIN_HEIGHT))
    bins = min(20, max(1, len(set(values))))
    plt.hist(list(values), bins=bins, marker="#")
    plt.title(_label(label))
    plt.xlabel("score")
    return _finish(plt.build(), ascii)


def _label(name: str) -> str:
    """plotext draws a legend label as given: one printable line, cut short."""
    from saves.limits import printable

    return printable(" ".join(name.split()))[:60]


def breakdown_text(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """The final breakdown (`tui.screens.end.breakdown_rows`) as an aligned plain table."""
    table = [list(columns), *map(list, rows)]
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    lines = []
    for row in table:
        cells = [row[0].ljust(widths[0]), *(cell.rjust(w) for cell, w in zip(row[1:], widths[1:]))]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)
