"""bench/run.py's `internals` section poses issue 24's goal per internal: each one kept for
speed buys at least 1.3x on some board; the rows of all the internals against none are
figures beside the goals (no timing here)."""

from __future__ import annotations

from bench import internals_bench, run
from bench.internals_bench import SPEED_INTERNALS, _key_sides, _speed_internal_row
from bench.stats import Row, Spread, table
from tui.textual_internals import NAMES


def test_each_speed_internal_is_measured_alone_only_against_the_whole_public_path() -> None:
    assert set(SPEED_INTERNALS) <= set(NAMES)
    assert _key_sides("off") == {
        "on": "on",
        "public": "off",
        "-compositor": "on,-compositor",
        "-plain_lines": "on,-plain_lines",
    }
    assert _key_sides("on,-compositor") == {"on": "on", "public": "on,-compositor"}


def test_an_internal_is_judged_on_its_best_board_by_medians() -> None:
    boards = {
        "Bivì ghost": ([1.0, 1.0, 1.0, 9.0], [1.1, 1.1, 1.1, 1.1]),  # with it, without it
        "Bivouac camp cursor": ([2.0, 2.0, 2.0], [3.0, 3.0, 3.0]),
    }
    row = _speed_internal_row("plain_lines", boards)
    assert row.met and round(row.ratio or 0, 2) == 1.5 and "Bivouac camp cursor" in row.goal
    assert "Bivì ghost 1.10x" in row.note
    boards["Bivouac camp cursor"] = ([2.0, 2.0], [2.5, 2.5])
    row = _speed_internal_row("plain_lines", boards)
    assert row.met is False and round(row.ratio or 0, 2) == 1.25


def test_figures_show_no_verdict_and_are_not_counted_as_goals(monkeypatch, capsys) -> None:
    figure = Row(
        goal="bytes per key", measured=Spread.of([1.0]), anchor=Spread.of([1.0]), unit="B", ratio=1.0, met=None
    )
    met = Row(goal="met", measured=Spread.of([1.0]), unit="ms", met=True)
    assert table([figure]).splitlines()[2].endswith("| 1.00x | - |")
    monkeypatch.setattr(run, "SECTIONS", {"internals": lambda quick: [figure, met]})
    assert run.main(["--check", "internals"]) == 0
    assert "1 of 1 goals met" in capsys.readouterr().out


def test_the_figures_rows_are_figures_and_the_goal_rows_goals(monkeypatch) -> None:
    async def fake(prepare, presses):
        return [1.0, 2.0], [100, 100], 1000

    monkeypatch.setattr(internals_bench, "_keys_and_bytes", fake)
    monkeypatch.setattr("bench.keys.scenarios", lambda: {"Board": None})
    rows = internals_bench.bench_internals_keys(repeats=1, presses=2)
    figures = [row for row in rows if row.met is None]
    goals = [row for row in rows if row.met is not None]
    assert len(figures) == 3  # key to repaint, bytes per key, bytes opening
    assert [row.goal.split(" ")[0] for row in goals] == list(SPEED_INTERNALS)
    assert all(row.met is False and row.ratio == 1.0 for row in goals)  # the same either way
