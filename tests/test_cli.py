"""The `campfire` command: exit codes, one-sentence errors, saves, rules, sim determinism."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from engines import registry
from engines.core.match import Match, SeatSpec
from engines.core.protocol import Engine
from engines.core.rules import rules_path
from saves.start import StartRequest
from saves.store import Autosaver, write_match
from tests.fake_engine import ENGINE, ENTRY, NOT_READY
from tui import cli

ROOT = Path(__file__).resolve().parent.parent


def campfire(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if k != "CAMPFIRE_SAVE_DIR"}
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "tui", *args],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_sentence(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err and lines[0].endswith(".")
    return lines[0]


@pytest.fixture
def with_count(monkeypatch):
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, ENTRY, NOT_READY))


@pytest.fixture
def launched(monkeypatch):
    """Stand in for the Textual app: record what the CLI asks it to open."""
    calls: list[dict] = []
    fake = types.ModuleType("tui.app")
    fake.launch = lambda **kwargs: calls.append(kwargs) or 0
    monkeypatch.setitem(sys.modules, "tui.app", fake)
    return calls


def count_save(folder: Path, name: str = "game-1.json") -> Path:
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Bo")], 17)
    for seat, text in [(0, "roll"), (1, "add 2"), (0, "add 1")]:
        match.act_text(seat, text)
        match.run_automatic()
    path = folder / name
    write_match(match, path)
    return path


# -- flags ---------------------------------------------------------------------------------
def test_version_and_help():
    result = campfire("--version")
    assert result.returncode == 0 and result.stdout.strip() == "campfire 0.1.0"
    result = campfire("--help")
    assert result.returncode == 0
    for command in ("play", "load", "rules", "saves", "sim", "--save-dir"):
        assert command in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["--bogus"],
        ["sim"],
        ["sim", "count", "--seats", "random", "--games", "0"],
        ["play"],
        ["saves", "verify"],
        ["saves", "shred"],
        ["play", "x", "--seed", "abc"],
    ],
)
def test_bad_flags_give_usage_and_exit_2(args):
    result = campfire(*args)
    assert result.returncode == 2
    assert result.stderr.startswith("usage: campfire")
    assert "Traceback" not in result.stderr


# -- play, load, launcher ------------------------------------------------------------------
def test_no_arguments_opens_the_launcher(capsys, launched, tmp_path):
    code, _, _ = run(capsys, "--save-dir", str(tmp_path))
    assert code == 0
    assert launched == [{"start": None, "save_dir": tmp_path}]


def test_play_hands_a_validated_request_to_the_app(capsys, launched, with_count, tmp_path):
    code, _, err = run(
        capsys,
        "play",
        "count",
        "--seats",
        "Ana:human,random",
        "--seed",
        "5",
        "--option",
        "mode=expert",
        "--option",
        "target=20",
        "--save-dir",
        str(tmp_path),
    )
    assert (code, err) == (0, "")
    [call] = launched
    assert call["save_dir"] == tmp_path
    assert call["start"] == StartRequest(
        game="count",
        seats=[SeatSpec("Ana"), SeatSpec("Random bot 2", "bot", "random")],
        options={"target": 20, "mode": "expert"},
        seed=5,
    )


def test_play_defaults_seats_and_seed(capsys, launched, with_count):
    assert run(capsys, "play", "count")[0] == 0
    start = launched[0]["start"]
    assert [s.kind for s in start.seats] == ["human", "bot"] and isinstance(start.seed, int)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "There is no game called 'chess'"),
        (["play", "lantern"], "Lantern is coming soon and cannot be played yet."),
        (["play", "count", "--seats", "human,wizard"], "Unknown seat kind 'wizard'"),
        (["play", "count", "--seats", "human,human,human,human,human"], "1 to 4 players, not 5."),
        (["play", "count", "--option", "colour=red"], "has no option 'colour'"),
        (["play", "count", "--option", "target=2"], "the target must be between 5 and 99"),
        (["sim", "count", "--seats", "human,random"], "sim plays bots only, but seat 1 is human"),
        (["sim", "count", "--seats", "random", "--option", "mode=hard"], "Option 'mode' cannot be 'hard'"),
        (["rules", "chess"], "There is no game called 'chess'"),
    ],
)
def test_usage_errors_are_one_sentence_and_exit_2(capsys, launched, with_count, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert message in one_sentence(err)
    assert launched == []


def test_load_checks_the_file_before_the_app_starts(capsys, launched, with_count, tmp_path):
    path = count_save(tmp_path)
    code, _, err = run(capsys, "load", str(path))
    assert (code, err) == (0, "")
    start = launched[0]["start"]
    assert start.load == str(path) and start.game == "count" and start.seed == 17

    path.write_text("{}")
    code, _, err = run(capsys, "load", str(path))
    assert code == 1 and one_sentence(err).startswith("game-1.json is not a Campfire save file")
    assert len(launched) == 1


# -- rules ---------------------------------------------------------------------------------
def test_rules_whole_book_and_topics(capsys, with_count):
    code, out, _ = run(capsys, "rules", "count")
    assert code == 0 and out.startswith("# Count to N\n") and "## Scoring" in out

    code, out, _ = run(capsys, "rules", "count", "turn")
    assert code == 0
    assert out.startswith("## Turn") and "### Roll" in out, "a section comes with its sub-sections"
    assert "## Setup" not in out and "## Scoring" not in out

    code, out, _ = run(capsys, "rules", "count", "ties", "share")
    assert code == 0 and out.startswith("## Scoring")


def test_rules_unknown_topic_lists_the_anchors(capsys, with_count):
    code, out, err = run(capsys, "rules", "count", "castling")
    assert code == 1 and out == ""
    assert (
        one_sentence(err)
        == "No section of the Count to N rules matches 'castling' (sections: setup, turn, roll, scoring)."
    )


def test_rules_of_a_game_without_a_reference(capsys, with_count):
    code, _, err = run(capsys, "rules", "lantern")
    assert code == 1 and one_sentence(err) == "The rules of Lantern are not available yet."


def real_engine(game_id: str) -> Engine:
    try:
        engine = registry.load_engine(game_id)
    except Exception as error:  # noqa: BLE001 - a game being written may fail any way
        pytest.skip(f"{game_id} is not playable yet: {error}")
    if not isinstance(engine, Engine):
        pytest.skip(f"{game_id} is not playable yet")
    return engine


def test_rules_of_bivi_in_a_shell():
    real_engine("bivi")
    if not rules_path("engines.bivi").is_file():
        pytest.skip("the Bivì rules reference is not written yet")
    result = campfire("rules", "bivi")
    assert result.returncode == 0 and result.stdout.startswith("# ") and "\n## " in result.stdout


# -- saves ---------------------------------------------------------------------------------
BAD_FILES = {
    "missing": (None, "does not exist"),
    "empty": (b"", "is empty"),
    "truncated": (b'{"format": 1, "game": "bi', "is cut short (truncated JSON at byte 25)"),
    "not json": (b"hello\n", "is not valid JSON"),
    "wrong shape": (b'{"format": 1, "game": 3}', "is not a Campfire save file"),
    "unknown version": (b'{"format": 99}', "uses save format 99"),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_saves_verify_bad_files_in_a_shell(tmp_path, case):
    content, expected = BAD_FILES[case]
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_bytes(content)
    result = campfire("saves", "verify", str(path))
    assert result.returncode == 1 and result.stdout == ""
    line = one_sentence(result.stderr)
    assert line.startswith("bad.json ") and expected in line
    assert (path.read_bytes() if content is not None else None) == content
    assert [p.name for p in tmp_path.iterdir()] == (["bad.json"] if content is not None else [])


def edit(path: Path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d.update(game="chess"), "is a save of an unknown game 'chess'"),
        (lambda d: d.update(game="lantern"), "is a save of Lantern, which cannot be played yet"),
        (lambda d: d.update(digest="0" * 32), "digest mismatch"),
        (lambda d: d["journal"][1].update(action="die 9"), "has an illegal action in its journal: action 2"),
        (lambda d: d["options"].update(target=1), "has options Count to N does not accept"),
    ],
)
def test_saves_verify_files_that_do_not_replay(capsys, with_count, tmp_path, change, expected):
    path = count_save(tmp_path)
    edit(path, change)
    before = path.read_bytes()
    code, out, err = run(capsys, "saves", "verify", str(path))
    assert code == 1 and out == ""
    assert expected in one_sentence(err)
    assert path.read_bytes() == before


def test_saves_verify_ok(capsys, with_count, tmp_path):
    path = count_save(tmp_path)
    before = path.read_bytes()
    code, out, err = run(capsys, "saves", "verify", str(path))
    assert (code, err) == (0, "")
    assert out.startswith("OK: game-1.json is Count to N for 2 players, turn 4, 4 actions")
    assert path.read_bytes() == before


def test_saves_locate_honours_flag_and_environment(tmp_path):
    env = {"CAMPFIRE_SAVE_DIR": str(tmp_path / "from-env")}
    assert campfire("saves", "locate", env=env).stdout.strip() == str(tmp_path / "from-env")
    flag = str(tmp_path / "from-flag")
    assert campfire("--save-dir", flag, "saves", "locate", env=env).stdout.strip() == flag
    assert campfire("saves", "locate", "--save-dir", flag, env=env).stdout.strip() == flag
    default = campfire("saves", "locate").stdout.strip()
    assert default.endswith("saves") and "campfire" in default.lower()
    assert not (tmp_path / "from-env").exists(), "locating creates nothing"


def test_saves_list(capsys, with_count, tmp_path):
    code, out, _ = run(capsys, "saves", "--save-dir", str(tmp_path))
    assert code == 0 and out.strip() == f"No saves in {tmp_path}."

    count_save(tmp_path, "mine.json")
    saver = Autosaver.start(Match(ENGINE, ENGINE.default_options(), [SeatSpec("Cy")], 3), tmp_path)
    (tmp_path / "broken.json").write_text("{")
    code, out, _ = run(capsys, "saves", "list", "--save-dir", str(tmp_path))
    assert code == 0
    table, problems, total = out.strip().split("\n\n")
    header, rule, *rows = table.splitlines()
    assert header.split() == ["Updated", "Game", "Players", "Turn", "Actions", "Seed", "File"]
    assert set(rule) == {"-", " "} and len(rows) == 3
    mine = next(r for r in rows if r.endswith("mine.json"))
    assert "Count to N" in mine and "Ana, Bo" in mine and " 4 " in mine
    # Count to N is a game of chance: in progress, its seed would tell every roll to come.
    assert any(r.endswith(saver.path.name) and " hidden " in r for r in rows)
    assert any(r.endswith(saver.path.name) and "Cy" in r for r in rows)
    assert any("(unreadable)" in r and r.endswith("broken.json") for r in rows)
    assert problems == "broken.json is cut short (truncated JSON at byte 1)."
    assert total == f"3 saves in {tmp_path}."


# -- sim -----------------------------------------------------------------------------------
def sim_json(capsys, *extra: str) -> list[dict]:
    code, out, err = run(capsys, "sim", "count", "--seats", "random,heuristic", "--json", *extra)
    assert (code, err) == (0, "")
    return [json.loads(line) for line in out.splitlines()]


def without_seconds(records: list[dict]) -> list[dict]:
    cleaned = []
    for record in records:
        record = json.loads(json.dumps(record))
        record.pop("seconds", None)
        record.get("summary", {}).pop("seconds", None)
        cleaned.append(record)
    return cleaned


def test_sim_json_lines_and_summary(capsys, with_count):
    records = sim_json(capsys, "--games", "12", "--seed", "100")
    games, summary = records[:-1], records[-1]["summary"]
    assert len(records) == 13
    assert [g["seed"] for g in games] == list(range(100, 112))
    for game in games:
        assert set(game) == {
            "game",
            "seed",
            "seats",
            "scores",
            "breakdown",
            "winners",
            "rivals",
            "turns",
            "actions",
            "seconds",
        }
        assert game["game"] == "count" and game["seats"] == ["random", "heuristic"]
        assert max(game["scores"]) >= 12 and game["winners"]
        assert game["actions"] >= game["turns"] > 0 and game["seconds"] >= 0

    wins = [sum(seat in g["winners"] for g in games) for seat in (0, 1)]
    assert summary["games"] == 12 and summary["wins_by_seat"] == wins
    assert summary["win_rate_by_seat"] == [round(w / 12, 4) for w in wins]
    assert summary["win_rate_by_level"] == {"random": round(wins[0] / 12, 4), "heuristic": round(wins[1] / 12, 4)}
    assert summary["shared_wins"] == sum(len(g["winners"]) > 1 for g in games)
    assert summary["mean_actions"] == round(sum(g["actions"] for g in games) / 12, 3)
    assert summary["mean_score_by_seat"][1] == round(sum(g["scores"][1] for g in games) / 12, 3)


def test_sim_is_deterministic_apart_from_seconds(capsys, with_count):
    first = sim_json(capsys, "--games", "8", "--seed", "3")
    second = sim_json(capsys, "--games", "8", "--seed", "3")
    assert without_seconds(first) == without_seconds(second)
    other = sim_json(capsys, "--games", "8", "--seed", "4")
    assert without_seconds(other)[:-1] != without_seconds(first)[:-1]
    # game i is seeded with S+i, so shifting S by one shifts the games by one
    assert without_seconds(other)[:7] == without_seconds(first)[1:8]


def test_sim_without_timing_is_byte_identical_and_seats_default_to_heuristic(capsys, with_count):
    outputs = []
    for _ in range(2):
        code, out, err = run(capsys, "sim", "count", "--games", "5", "--seed", "2", "--json", "--no-timing")
        assert (code, err) == (0, "")
        outputs.append(out)
    assert outputs[0] == outputs[1]
    records = [json.loads(line) for line in outputs[0].splitlines()]
    assert len(records) == 6
    assert all(r["seconds"] == 0 for r in records[:-1]) and records[-1]["summary"]["seconds"] == 0
    assert set(records[0]["seats"]) == {"heuristic"}


def test_sim_options_change_the_games(capsys, with_count):
    basic = sim_json(capsys, "--games", "6", "--seed", "1")
    expert = sim_json(capsys, "--games", "6", "--seed", "1", "--option", "mode=expert", "--option", "target=30")
    assert all(max(g["scores"]) >= 30 for g in expert[:-1])
    assert without_seconds(basic) != without_seconds(expert)


def test_sim_table(capsys, with_count):
    code, out, _ = run(capsys, "sim", "count", "--seats", "heuristic,heuristic", "--games", "3", "--seed", "9")
    assert code == 0
    assert out.startswith("Count to N: 3 games, seeds 9..11, seats normal, normal")
    assert "Win rate" in out and "Total seconds:" in out


def test_sim_bivi_in_a_shell():
    engine = real_engine("bivi")
    levels = ",".join(["heuristic"] * engine.info.min_seats)  # not a search level: those think by the clock
    args = ["sim", "bivi", "--seats", levels, "--games", "2", "--seed", "7", "--json"]
    first, second = campfire(*args), campfire(*args)
    assert first.returncode == 0, first.stderr
    runs = [[json.loads(line) for line in r.stdout.splitlines()] for r in (first, second)]
    assert len(runs[0]) == 3 and "summary" in runs[0][-1]
    assert without_seconds(runs[0]) == without_seconds(runs[1])


def test_cli_start_up_does_not_import_textual():
    """`rules`, `saves` and `sim` must stay quick over SSH: Textual loads only to open the app."""
    code = "import sys, tui.cli; print(sorted(m for m in sys.modules if m.split('.')[0] in {'textual', 'rich'}))"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout.strip()) == (0, "[]"), result.stderr
