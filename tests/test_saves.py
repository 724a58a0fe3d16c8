"""Save files: round trips, listing and locating, start requests, a real game, import
hygiene. Autosave and crash safety are tested in test_saves_autosave.py, bad files in
test_saves_bad_files.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import msgspec
import pytest

from engines import registry
from engines.core.errors import BadOptions
from engines.core.match import Match, SeatSpec
from engines.core.protocol import Engine
from saves import (
    FORMAT_VERSION,
    Autosaver,
    SaveError,
    StartRequest,
    begin,
    latest,
    list_saves,
    load,
    locate,
    parse_options,
    read_save,
    save_dir,
    verify,
    write_match,
)
from saves.lock import lock_path
from tests.fake_engine import ENGINE
from tests.save_helpers import BOTS, ROOT, edit, new_match, play
from tests.save_helpers import with_count  # noqa: F401 (fixture)


# -- round trips ---------------------------------------------------------------------------
def test_round_trip_keeps_state_actions_and_log(tmp_path):
    match = play(new_match(seed=11, target=30), 9)
    path = tmp_path / "game-1.json"
    write_match(match, path)

    loaded = load(path, engine=ENGINE)

    assert loaded.digest() == match.digest()
    assert loaded.state == match.state
    assert loaded.journal == match.journal
    assert loaded.seats == match.seats and loaded.seed == match.seed and loaded.options == match.options
    for seat in (*range(len(BOTS)), -1):
        assert loaded.legal_actions(seat) == match.legal_actions(seat)
    for viewer in (None, 0, 1):
        assert loaded.log_lines(viewer) == match.log_lines(viewer)


def test_load_finds_the_engine_in_the_registry(tmp_path, with_count):
    match = play(new_match(), 5)
    path = tmp_path / "s.json"
    write_match(match, path)
    assert load(path).digest() == match.digest()


def test_envelope_is_versioned_diffable_json(tmp_path):
    match = play(new_match(seed=3), 6)
    path = tmp_path / "s.json"
    write_match(match, path)
    text = path.read_text()
    data = json.loads(text)
    assert text.count("\n") > 20, "indented, one field per line, so saves diff well"
    assert data["format"] == FORMAT_VERSION == 1
    assert data["game"] == "count" and data["seed"] == 3
    assert data["options"] == {"target": 12, "mode": "basic"}
    assert data["seats"][1] == {"name": "Bo", "kind": "bot", "level": "heuristic"}
    assert [e["action"] for e in data["journal"]] == [e.action for e in match.journal]
    assert data["digest"] == match.digest()
    assert data["actions"] == 6 and data["turn"] == ENGINE.summary(match.state, None).turn
    assert data["summary"] and data["created"] and data["updated"]
    assert "state" not in data and "totals" not in text, "the state is derived, never stored"


def test_over_game_round_trips_and_is_marked_over(tmp_path):
    match = new_match(seed=2)
    match.run_automatic()
    path = tmp_path / "done.json"
    save = write_match(match, path)
    assert save.over and read_save(path).over
    assert load(path, engine=ENGINE).is_over()


def test_engine_given_must_match_the_game(tmp_path):
    path = tmp_path / "s.json"
    write_match(new_match(), path)
    data = json.loads(path.read_text())
    data["game"] = "bivi"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="is a save of 'bivi'"):
        load(path, engine=ENGINE)


# -- listing, locating ---------------------------------------------------------------------
def test_list_saves_newest_first_with_unreadable_files_marked(tmp_path, with_count):
    first = Autosaver.start(new_match(seed=1, target=50), tmp_path)
    second = Autosaver.start(new_match(seed=2, target=50), tmp_path)
    play(first.match, 1, first)
    play(first.match, 1, first)  # a second save, so a .prev.json exists
    os.utime(first.path, (2_000_000_000, 2_000_000_000))
    os.utime(second.path, (1_000_000_000, 1_000_000_000))
    finished = new_match(seed=3)
    finished.run_automatic()
    write_match(finished, tmp_path / "finished.json")
    os.utime(tmp_path / "finished.json", (3_000_000_000, 3_000_000_000))
    # What the envelope claims is never trusted: the file's own time and replay decide.
    edit(second.path, lambda d: d.update(updated="2999-01-01T00:00:00+00:00", over=True, turn=99))
    os.utime(second.path, (1_000_000_000, 1_000_000_000))
    (tmp_path / "broken.json").write_text("{")
    (tmp_path / "notes.txt").write_text("not a save")

    infos = list_saves(tmp_path)
    names = [i.path.name for i in infos]
    assert set(names) == {first.path.name, second.path.name, "finished.json", "broken.json"}
    assert names.index("finished.json") < names.index(first.path.name) < names.index(second.path.name)
    info = next(i for i in infos if i.path == first.path)
    assert (info.title, info.players, info.actions, info.error) == ("Count to N", "Ana, Bo", 2, None)
    lying = next(i for i in infos if i.path == second.path)
    replayed_turn = ENGINE.summary(second.match.state, None).turn
    assert (lying.over, lying.turn, lying.error) == (False, replayed_turn, None) and replayed_turn != 99
    broken = next(i for i in infos if i.path.name == "broken.json")
    assert broken.error == "broken.json is cut short (truncated JSON at byte 1)."

    newest = latest(tmp_path)
    assert newest is not None and newest.path == first.path, "Continue skips finished and broken games"


def test_list_and_latest_on_a_missing_folder(tmp_path):
    assert list_saves(tmp_path / "nowhere") == []
    assert latest(tmp_path / "nowhere") is None
    assert not (tmp_path / "nowhere").exists()


def test_save_dir_env_and_override(tmp_path, monkeypatch):
    monkeypatch.delenv("CAMPFIRE_SAVE_DIR", raising=False)
    default = save_dir()
    assert default.name == "saves" and "campfire" in str(default).lower()
    assert ROOT not in default.parents, "never inside the package"
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "env"))
    assert save_dir() == tmp_path / "env"
    assert save_dir(tmp_path / "flag") == tmp_path / "flag"
    assert locate() == (tmp_path / "env").absolute()
    assert Autosaver.start(new_match()).path.parent == tmp_path / "env"


# -- start requests ------------------------------------------------------------------------
def test_start_request_round_trips_and_begins_a_session(tmp_path, with_count):
    request = StartRequest(game="count", seats=BOTS, options={"target": 20}, seed=42)
    assert msgspec.json.decode(msgspec.json.encode(request), type=StartRequest) == request
    saver = begin(request, tmp_path)
    assert saver.match.seed == 42 and saver.match.options.target == 20
    play(saver.match, 3, saver)
    resumed = begin(StartRequest(load=str(saver.path)), tmp_path)
    assert resumed.path == saver.path and resumed.match.digest() == saver.match.digest()


def test_begin_refuses_bad_requests(tmp_path, with_count):
    with pytest.raises(BadOptions):
        begin(StartRequest(game="count", seats=[SeatSpec("a")] * 5, seed=1), tmp_path)
    with pytest.raises(SaveError, match="does not exist"):
        begin(StartRequest(load=str(tmp_path / "gone.json")), tmp_path)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("pairs", "expected"),
    [
        (["target=20"], {"target": 20, "mode": "basic"}),
        (["mode=expert", "target=15"], {"target": 15, "mode": "expert"}),
        ([], {"target": 12, "mode": "basic"}),
    ],
)
def test_parse_options(pairs, expected):
    assert msgspec.to_builtins(parse_options(ENGINE, pairs)) == expected


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        (["colour=red"], "Count to N has no option 'colour' (options: target, mode)."),
        (["target=many"], "Option 'target' cannot be 'many'"),
        (["mode=hard"], "Option 'mode' cannot be 'hard'"),
        (["target=2"], "the target must be between 5 and 99"),
        (["target"], "Options are written key=value, not 'target'."),
    ],
)
def test_parse_options_refuses(pairs, message):
    with pytest.raises(BadOptions) as caught:
        parse_options(ENGINE, pairs)
    assert message in str(caught.value)


# -- a real game ---------------------------------------------------------------------------
def real_engine(game_id: str) -> Engine:
    try:
        engine = registry.load_engine(game_id)
    except (ImportError, AttributeError, BadOptions) as error:
        pytest.skip(f"{game_id} is not playable yet: {error}")
    if not isinstance(engine, Engine):
        pytest.skip(f"{game_id} is not playable yet")
    return engine


def test_bivi_round_trip_and_tamper(tmp_path):
    engine = real_engine("bivi")
    levels = ["heuristic", "random"]  # not the search levels: they think for a second a move
    seats = [SeatSpec(f"S{n}", "bot", levels[n % len(levels)]) for n in range(engine.info.min_seats)]
    match = Match(engine, engine.default_options(), seats, 1234)
    saver = Autosaver.start(match, tmp_path)
    for _ in range(25):
        step = match.next_bot_or_auto()
        if step is None:
            break
        saver.act(*step)
    loaded = load(saver.path)
    assert loaded.digest() == match.digest() and loaded.journal == match.journal
    assert verify(saver.path).ok
    edit(saver.path, lambda d: d.update(digest="f" * 32))
    assert "digest mismatch" in verify(saver.path).message


# -- layering ------------------------------------------------------------------------------
def test_saves_never_imports_the_ui():
    code = textwrap.dedent("""
        import sys
        import engines.core, saves, saves.store, saves.format, saves.start
        bad = sorted(m for m in sys.modules if m.split(".")[0] in {"textual", "rich", "tui"})
        assert not bad, bad
        print("clean")
    """)
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "clean"


def test_two_sessions_starting_the_same_game_in_the_same_second_save_to_two_files(tmp_path, with_count):
    """Another session has taken this second's name (locked, not yet written): a new
    session saves under the next name instead of failing as "in use"."""
    from datetime import datetime, timedelta

    match = new_match()
    now = datetime.now()
    names = [
        tmp_path / f"{match.game_id}-{(now + timedelta(seconds=s)).strftime('%Y%m%d-%H%M%S')}.json" for s in range(4)
    ]
    holder = textwrap.dedent(f"""
        import fcntl, os, sys, time
        fds = []
        for name in {[str(lock_path(n)) for n in names]!r}:
            fd = os.open(name, os.O_RDWR | os.O_CREAT, 0o600)
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            fds.append(fd)
        print("held", flush=True)
        sys.stdin.read()
    """)
    child = subprocess.Popen([sys.executable, "-c", holder], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "held"
        saver = Autosaver.start(match, tmp_path)
        play(match, 3, saver)
    finally:
        child.communicate("")
    assert saver.path not in names and saver.path.stem.endswith("-2")
    assert load(saver.path).journal == match.journal
