"""Autosave: a save after every action keeping the previous one, resuming into the loaded
file, one file per session, and crash safety (a corrupt or failed write, temp files left by
a killed writer, SIGKILL mid-action)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from engines.core.match import Match, SeatSpec
from saves import Autosaver, SaveError, list_saves, load, load_save, prev_path, read_save, write_match
from tests.fake_engine import ENGINE
from tests.save_helpers import BOTS, ROOT, new_match, play


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
