"""Save files: round trips, autosave, crash safety, every kind of bad file, import hygiene."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

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
    load_save,
    locate,
    parse_options,
    prev_path,
    read_save,
    save_dir,
    verify,
    write_match,
)
from saves.format import SaveFile
from saves.lock import lock_path
from tests.fake_engine import ENGINE, ENTRY, NOT_READY

ROOT = Path(__file__).resolve().parent.parent
BOTS = [SeatSpec("Ana", "bot", "random"), SeatSpec("Bo", "bot", "heuristic")]


@pytest.fixture
def with_count(monkeypatch):
    """Register the test game so saves find it by id, as they find real games."""
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, ENTRY, NOT_READY))


def play(match: Match, steps: int, saver: Autosaver | None = None) -> Match:
    for _ in range(steps):
        step = match.next_bot_or_auto()
        assert step is not None, "the test game ended too early"
        (saver or match).act(*step)
    return match


def new_match(seed: int = 7, **options) -> Match:
    opts = msgspec.convert(options, type=ENGINE.options_type)
    return Match(ENGINE, opts, BOTS, seed)


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir() if p.is_file()}


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


# -- autosave ------------------------------------------------------------------------------
def test_autosave_after_every_action_keeps_previous(tmp_path):
    match = new_match(seed=5, target=40)
    saver = Autosaver.start(match, tmp_path)
    assert saver.path.parent == tmp_path
    assert saver.path.name.startswith("count-") and saver.path.name.endswith(".json")
    assert "5" not in saver.path.name.removeprefix("count-")[16:], "the seed is never part of a file name"
    assert read_save(saver.path).journal == []
    created = read_save(saver.path).created

    for done in range(1, 8):
        play(match, 1, saver)
        current = read_save(saver.path)
        assert len(current.journal) == done
        assert current.digest == match.digest()
        assert current.created == created, "the session start stays put"
        assert len(read_save(prev_path(saver.path)).journal) == done - 1

    kept = [saver.path.name, prev_path(saver.path).name, f".{saver.path.name}.lock"]
    spares = sorted(p.name for p in tmp_path.iterdir() if p.name not in kept)
    assert spares == sorted(Path(spare).name for spare in saver._writer.spares), "only this session's spares"
    assert [i.path for i in list_saves(tmp_path)] == [saver.path], "a spare is never listed as a save"
    saver.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(kept)


def test_autosave_hot_path_syncs_once_and_keeps_a_previous_file(tmp_path, monkeypatch):
    saver = Autosaver.start(new_match(seed=5, target=40), tmp_path)
    play(saver.match, 1, saver)
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd) or real_fsync(fd))
    for done in range(2, 6):
        play(saver.match, 1, saver)
        assert len(synced) == done - 1, "one fsync per action: the file, not the folder"
        assert len(read_save(prev_path(saver.path)).journal) == done - 1
    assert os.stat(saver.path).st_mode & 0o077 == 0, "a save may hold secrets: only its owner reads it"


def test_autosave_act_text_undo_and_run_automatic(tmp_path):
    humans = [SeatSpec("Ana"), SeatSpec("Bo")]
    match = Match(ENGINE, ENGINE.default_options(), humans, 4)
    saver = Autosaver.start(match, tmp_path)
    saver.act_text(0, "add 1")
    saver.act_text(1, "roll")
    assert [e.action for e in read_save(saver.path).journal] == ["add 1", "roll"]
    saver.undo(1)
    assert [e.action for e in read_save(saver.path).journal] == ["add 1"]
    saver.act_text(1, "roll")
    assert saver.run_automatic() == 1  # the die, then a human must act
    assert len(read_save(saver.path).journal) == 3
    assert load(saver.path, engine=ENGINE).digest() == match.digest()


def test_two_sessions_never_share_a_file(tmp_path):
    a = Autosaver.start(new_match(seed=9), tmp_path)
    b = Autosaver.start(new_match(seed=9), tmp_path)
    assert a.path != b.path


def test_resume_keeps_saving_into_the_loaded_file(tmp_path):
    match = new_match(seed=8, target=40)
    saver = Autosaver.start(match, tmp_path)
    play(match, 3, saver)
    loaded = load_save(saver.path, engine=ENGINE)
    resumed = Autosaver.resume(loaded)
    play(resumed.match, 2, resumed)
    again = read_save(saver.path)
    assert len(again.journal) == 5 and again.created == read_save(prev_path(saver.path)).created


def test_corrupt_file_never_replaces_the_previous_good_copy(tmp_path):
    match = play(new_match(seed=1, target=40), 2)
    path = tmp_path / "s.json"
    write_match(match, path)
    play(match, 1)
    write_match(match, path)
    good_prev = prev_path(path).read_bytes()
    path.write_text("{ not a save")
    play(match, 1)
    write_match(match, path)
    assert prev_path(path).read_bytes() == good_prev
    assert len(read_save(path).journal) == 4


def test_write_failure_is_one_sentence(tmp_path):
    (tmp_path / "file").write_text("")
    with pytest.raises(SaveError, match=r"^x\.json could not be written \(.+\)\.$"):
        write_match(new_match(), tmp_path / "file" / "x.json")


def test_autosaver_sweeps_temp_files_left_by_a_killed_writer(tmp_path):
    path = tmp_path / "s.json"
    old, fresh = tmp_path / ".s.json.abc.tmp", tmp_path / ".s.json.def.tmp"
    old.write_text("{")
    fresh.write_text("{")
    os.utime(old, (1, 1))
    Autosaver(new_match(), path)
    assert not old.exists() and fresh.exists(), "a recent temp file may belong to a live writer"


CHILD = """
import os, signal, sys
from pathlib import Path
import msgspec
from engines.core.match import Match, SeatSpec
from engines.core.protocol import Engine
from saves.store import Autosaver
from tests.fake_engine import ENGINE

folder, done, mid_write = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "mid"
seats = [SeatSpec("Ana", "bot", "random"), SeatSpec("Bo", "bot", "heuristic")]
match = Match(ENGINE, msgspec.convert({"target": 60}, type=ENGINE.options_type), seats, 21)
saver = Autosaver.start(match, folder)
for _ in range(done):
    saver.act(*match.next_bot_or_auto())
if mid_write:
    # Die inside the next autosave: the new file is written and synced but not yet renamed
    # (or swapped) into place.
    import saves.durable
    real_replace, real_exchange = os.replace, saves.durable.exchange
    def dying(real):
        def move(src, dst):
            if Path(os.fsdecode(dst)) == saver.path:
                os.kill(os.getpid(), signal.SIGKILL)
            real(src, dst)
        return move
    os.replace, saves.durable.exchange = dying(real_replace), dying(real_exchange)
    saver.act(*match.next_bot_or_auto())
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.parametrize("moment", ["between", "mid"])
def test_sigkill_loses_at_most_the_action_being_applied(tmp_path, moment):
    done = 13
    child = subprocess.run(
        [sys.executable, "-c", CHILD, str(tmp_path), str(done), moment],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert child.returncode == -9, child.stderr
    saves = [p for p in tmp_path.glob("*.json") if not p.name.endswith(".prev.json")]
    assert len(saves) == 1
    loaded = load(saves[0], engine=ENGINE)

    expected = play(Match(ENGINE, msgspec.convert({"target": 60}, type=ENGINE.options_type), BOTS, 21), done)
    assert loaded.journal == expected.journal
    assert loaded.digest() == expected.digest()
    assert [i.path for i in list_saves(tmp_path)] == saves, "leftover temp files are not saves"


# -- bad files -----------------------------------------------------------------------------
def good_save(folder: Path) -> Path:
    """Eight actions by two humans, including two die rolls."""
    match = Match(
        ENGINE, msgspec.convert({"target": 30}, type=ENGINE.options_type), [SeatSpec("Ana"), SeatSpec("Bo")], 17
    )
    for seat, text in [(0, "roll"), (1, "add 2"), (0, "add 1"), (1, "roll"), (0, "add 2"), (1, "add 1")]:
        match.act_text(seat, text)
        match.run_automatic()
    path = folder / "game-1.json"
    write_match(match, path)
    return path


def edit(path: Path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data, indent=2))


def flip_digit_of_seed(path: Path) -> None:
    raw = bytearray(path.read_bytes())
    at = raw.index(b'"seed": ') + len(b'"seed": ')
    raw[at] = ord("9") if raw[at] != ord("9") else ord("8")
    path.write_bytes(bytes(raw))


def tamper_die(data: dict) -> None:
    entry = next(e for e in data["journal"] if e["action"].startswith("die"))
    value = int(entry["action"].split()[1])
    entry["action"] = f"die {value % 6 + 1}"


BAD_FILES = {
    "missing": (lambda p: p.unlink(), "game-1.json does not exist."),
    "empty": (lambda p: p.write_bytes(b""), "game-1.json is empty."),
    "truncated": (
        lambda p: p.write_bytes(p.read_bytes()[:200]),
        "game-1.json is cut short (truncated JSON at byte 200).",
    ),
    "not json": (lambda p: p.write_text("Campfire save, honest\n"), "game-1.json is not valid JSON"),
    "binary garbage": (lambda p: p.write_bytes(bytes(range(256))), "game-1.json is not valid JSON"),
    "byte flipped in syntax": (lambda p: p.write_bytes(p.read_bytes().replace(b":", b";", 1)), "is not valid JSON"),
    "byte flipped in a value": (flip_digit_of_seed, "game-1.json"),
    "wrong shape: a list": (lambda p: p.write_text("[1, 2, 3]"), "game-1.json is not a Campfire save file"),
    "wrong shape: a field": (lambda p: edit(p, lambda d: d.update(seed="seven")), "got `str` - at `$.seed`"),
    "wrong shape: missing field": (lambda p: edit(p, lambda d: d.pop("journal")), "missing required field `journal`"),
    "unknown version": (lambda p: edit(p, lambda d: d.update(format=7)), "uses save format 7"),
    "future shape": (lambda p: p.write_text('{"format": 2, "session": {}}'), "uses save format 2"),
    "unknown game": (lambda p: edit(p, lambda d: d.update(game="chess")), "unknown game 'chess'"),
    "game not ready": (lambda p: edit(p, lambda d: d.update(game="lantern")), "which cannot be played yet"),
    "bad options": (
        lambda p: edit(p, lambda d: d["options"].update(target=2)),
        "has options Count to N does not accept",
    ),
    "unknown option": (lambda p: edit(p, lambda d: d["options"].update(colour="red")), "does not accept"),
    "bad seat level": (
        lambda p: edit(p, lambda d: d["seats"][0].update(kind="bot", level="genius")),
        "no 'genius' bot",
    ),
    "digest mismatch": (lambda p: edit(p, lambda d: d.update(digest="0" * 32)), "digest mismatch"),
    "illegal journal action": (lambda p: edit(p, tamper_die), "illegal action in its journal: action"),
    "journal entry from nowhere": (
        lambda p: edit(p, lambda d: d["journal"].append({"seat": 5, "action": "add 1"})),
        "illegal action",
    ),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_bad_file_is_one_sentence_and_left_as_it_was(tmp_path, with_count, case):
    path = good_save(tmp_path)
    spoil, expected = BAD_FILES[case]
    spoil(path)
    before = snapshot(tmp_path)

    with pytest.raises(SaveError) as caught:
        load(path)
    result = verify(path)

    message = str(caught.value)
    assert expected in message
    assert message.startswith("game-1.json ") and message.endswith(".")
    assert "\n" not in message and ". " not in message.rstrip("."), f"one sentence: {message!r}"
    assert "Traceback" not in message
    assert not result.ok and result.message == message
    assert snapshot(tmp_path) == before, "loading and verifying never touch the folder"


def test_folder_instead_of_a_file(tmp_path):
    with pytest.raises(SaveError, match=r"^x\.json is a folder, not a save file\.$"):
        load((tmp_path / "x.json").mkdir() or tmp_path / "x.json")


def test_save_error_is_typed_decoding_only(tmp_path):
    """A save naming Python objects stays data: the typed decoder refuses unexpected types."""
    path = good_save(tmp_path)
    edit(path, lambda d: d["seats"].append({"name": "x", "kind": "__import__('os').system('true')"}))
    with pytest.raises(SaveError, match="is not a Campfire save file"):
        read_save(path)


def test_verify_ok(tmp_path, with_count):
    path = good_save(tmp_path)
    before = snapshot(tmp_path)
    result = verify(path)
    assert result.ok and result.message.startswith("OK: game-1.json is Count to N for 2 players, turn 7, 8 actions")
    assert isinstance(result.save, SaveFile) and len(result.save.journal) == 8
    assert snapshot(tmp_path) == before


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
