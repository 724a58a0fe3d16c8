"""`campfire sim bonfire` counts Tom's wins as Tom's, not as games without a winner."""

from __future__ import annotations

import json

from tui import cli


def _sim(capsys, *extra: str) -> tuple[list[dict], str]:
    code = cli.main(["sim", "bonfire", "--seats", "random", "--games", "4", "--seed", "1", *extra])
    out, _ = capsys.readouterr()
    assert code == 0
    return ([json.loads(line) for line in out.splitlines()] if "--json" in extra else []), out


def test_tom_wins_are_counted_as_his_in_the_summary(capsys):
    records, _ = _sim(capsys, "--json", "--no-timing")
    games, summary = records[:-1], records[-1]["summary"]
    tom_won = sum(any(r["won"] for r in g["rivals"]) for g in games)
    assert tom_won > 0  # random play never beats Tom
    assert summary["rival_wins"] == {"Tom": tom_won}
    assert summary["no_winner"] == sum(not g["winners"] and not any(r["won"] for r in g["rivals"]) for g in games)
    assert summary["no_winner"] == 0


def test_the_table_names_tom_as_the_winner_and_gives_his_row(capsys):
    _, out = _sim(capsys)
    games = [line for line in out.splitlines() if line.strip()[:1].isdigit() and "Tom" in line]
    assert len(games) == 4 and all(line.split()[2] == "Tom" for line in games)
    assert any(line.split()[:2] == ["-", "Tom"] and "100.0%" in line for line in out.splitlines())
