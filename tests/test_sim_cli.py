"""`campfire sim`: a progress bar on stderr only, win rates with their 95% (Wilson)
intervals in the table, and `--json` byte for byte what it was before either existed (the
fixtures under tests/fixtures/sim were written by the command as it stood then)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines import registry
from engines.core.sim import wilson
from tests.fake_engine import ENTRY
from tui import cli

FIXTURES = Path(__file__).parent / "fixtures" / "sim"
RUNS = {
    "count-random-heuristic-seed3": ["count", "--seats", "random,heuristic", "--games", "6", "--seed", "3"],
    "bivi-heuristic-random-seed7": ["bivi", "--seats", "heuristic,random", "--games", "2", "--seed", "7"],
}


@pytest.fixture(autouse=True)
def with_count(monkeypatch):
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, ENTRY))


def sim(capsys, *args: str) -> tuple[int, str, str]:
    code = cli.main(["sim", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", sorted(RUNS))
def test_json_is_byte_for_byte_what_it_was_with_the_bar_on_stderr(capsys, name) -> None:
    expected = (FIXTURES / f"{name}.jsonl").read_text()
    code, out, err = sim(capsys, *RUNS[name], "--json", "--no-timing")
    assert (code, out, err) == (0, expected, "")  # stderr is no terminal here: no bar
    code, out, err = sim(capsys, *RUNS[name], "--json", "--no-timing", "--progress")
    assert (code, out) == (0, expected)
    games = RUNS[name][RUNS[name].index("--games") + 1]
    assert f"{games}/{games}" in err and "games" in err  # the bar, finished, on stderr


def test_normal_and_heuristic_give_the_same_bytes(capsys) -> None:
    runs = [
        sim(capsys, "count", "--seats", f"random,{name}", "--games", "6", "--seed", "3", "--json", "--no-timing")
        for name in ("heuristic", "normal", "Normal")
    ]
    assert runs[0] == runs[1] == runs[2]
    assert runs[0][1] == (FIXTURES / "count-random-heuristic-seed3.jsonl").read_text()


def test_no_progress_keeps_stderr_quiet_even_when_forced_off(capsys) -> None:
    code, out, err = sim(capsys, "count", "--games", "3", "--no-progress")
    assert code == 0 and err == "" and "Win rate" in out


def test_the_table_gives_each_seat_and_level_its_95_percent_interval(capsys) -> None:
    code, out, _ = sim(capsys, "count", "--seats", "normal,random,heuristic", "--games", "12", "--seed", "4")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].endswith("seats normal, random, normal")
    header = next(n for n, line in enumerate(lines) if line.startswith("Seat  Level"))
    assert "95% interval" in lines[header]
    for number, line in enumerate(lines[header + 2 : header + 5], start=1):
        cells = line.split()
        assert cells[0] == str(number) and cells[1] == ("random" if number == 2 else "normal")
        low, high = wilson(int(cells[2]), 12)
        assert f"{low:.1%} - {high:.1%}" in line
    level_header = next(n for n, line in enumerate(lines) if line.startswith("Level"))
    normal = lines[level_header + 2].split()
    assert normal[:2] == ["normal", "2"] and normal[3] == "24"  # two seats, 24 seat-games
    low, high = wilson(int(normal[2]), 24)
    assert f"{low:.1%} - {high:.1%}" in lines[level_header + 2]


def test_wilson_interval() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(90, 100)[0] > wilson(9, 10)[0]  # more games, a narrower interval


def test_bench_reports_the_same_interval() -> None:
    from bench import bots

    assert bots.wilson is wilson
