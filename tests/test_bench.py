"""The benchmark's own logic (no timing here: speed is measured by hand with bench/run.py)."""

from __future__ import annotations

import random

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual._compositor import LayoutUpdate
from textual.geometry import Region
from textual.strip import Strip

from bench import run
from bench.anchors import TicTacToe
from bench.keys import VirtualScreen
import os
import tempfile

import pytest

from bench.stats import Row, Spread, paired_ratio, table


def test_spread_gives_min_median_and_nearest_rank_p95():
    spread = Spread.of([float(n) for n in range(20, 0, -1)])
    assert (spread.low, spread.median, spread.p95, spread.count) == (1.0, 10.5, 19.0, 20)
    assert Spread.of([3.0]).p95 == 3.0


def test_table_has_one_row_per_goal_and_says_which_are_missed():
    rows = [
        Row(goal="fast enough", measured=Spread.of([2.0, 4.0]), unit="ms", met=True),
        Row(
            goal="ratio goal", measured=Spread.of([5.0]), anchor=Spread.of([10.0]), unit="steps/s", ratio=0.5, met=False
        ),
    ]
    lines = table(rows).splitlines()
    assert lines[0].startswith("| goal | anchor")
    assert lines[2].endswith("| - | yes |") and "2.0 / 3.0 / 4.0 ms" in lines[2]
    assert lines[3].endswith("| 0.50x | NO |") and "10 / 10 / 10 steps/s" in lines[3]


def test_check_exits_non_zero_only_when_a_goal_is_missed(monkeypatch, capsys):
    met = Row(goal="met", measured=Spread.of([1.0]), unit="ms", met=True)
    missed = Row(goal="missed", measured=Spread.of([1.0]), unit="ms", met=False)
    monkeypatch.setattr(run, "SECTIONS", {"good": lambda quick: [met], "bad": lambda quick: [missed]})
    assert run.main(["--check", "good"]) == 0
    assert run.main(["--check", "good", "bad"]) == 1
    assert run.main(["good", "bad"]) == 0  # without --check it only reports
    assert "1 of 2 goals met" in capsys.readouterr().out


def test_paired_ratio_is_the_median_of_each_pair_not_a_ratio_of_medians():
    # The machine twice as fast in the middle pair: each pair still says 2x.
    assert paired_ratio([2.0, 8.0, 2.0], [1.0, 4.0, 1.0]) == 2.0
    assert paired_ratio([4.0, 1.0], [1.0, 2.0]) == 2.25  # the ratio of medians: 2.5 / 1.5
    with pytest.raises(ValueError):
        paired_ratio([1.0], [1.0, 2.0])


def test_a_run_keeps_its_files_in_one_folder_removed_at_the_end(monkeypatch):
    made: list[str] = []

    def section(quick: bool) -> list[Row]:
        made.append(tempfile.mkdtemp(prefix="campfire-bench-"))
        made.append(os.environ["TMPDIR"])
        return [Row(goal="met", measured=Spread.of([1.0]), unit="ms", met=True)]

    before = (tempfile.tempdir, os.environ.get("TMPDIR"))
    monkeypatch.setattr(run, "SECTIONS", {"files": section})
    assert run.main(["files"]) == 0
    folder, scratch = made
    assert os.path.dirname(folder) == scratch  # children started by a section use it too
    assert not os.path.exists(scratch)
    assert (tempfile.tempdir, os.environ.get("TMPDIR")) == before


def test_the_plain_tic_tac_toe_anchor_plays_legal_games_to_the_end():
    rng = random.Random(5)
    lengths = set()
    for _ in range(200):
        state, steps = TicTacToe(), 0
        while not state.over:
            legal = state.legal_actions()
            assert legal and all(state.board[cell] == "." for cell in legal)
            state.apply_action(rng.choice(legal))
            steps += 1
        lengths.add(steps)
    assert min(lengths) == 5 and max(lengths) == 9


def test_virtual_screen_shows_what_the_frames_drew():
    console = Console(width=10, height=3)
    screen = VirtualScreen(10, 3)
    bold = Style(bold=True)
    screen.apply(
        LayoutUpdate([[Strip([Segment("hello")])], [Strip([Segment("ab", bold)])]], Region(2, 1, 5, 2)), console
    )
    rows = screen.snapshot()
    assert "".join(char for char, _ in rows[1]) == "  hello   "
    assert rows[2][2] == ("a", bold) and rows[2][3] == ("b", bold)
    assert all(char == " " for char, _ in rows[0])


async def test_a_screen_switch_is_timed_to_the_frame_that_shows_the_new_screen():
    from bench.startup import plain_switch_app, screen_frames, switch_latency

    app = plain_switch_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        recorder = screen_frames(app)
        shown = await switch_latency(recorder, "enter", "Plain")
        assert type(app.screen).__name__ == "Plain"
        assert shown > 0 and recorder.frames, "the time of a frame drawn after the key"
        assert "A plain screen" in "".join(char for row in recorder.screen.rows for char, _ in row)


async def test_the_entering_sample_finds_its_way_from_the_launcher_to_a_game(monkeypatch, tmp_path):
    # The launcher's widgets change; this keeps the bench's way through them working.
    import bench.startup as startup

    monkeypatch.setattr(startup, "READING_SECONDS", 0.0)
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    to_setup, to_game = await startup.entering_sample("bonfire")
    assert to_setup > 0 and to_game > 0
