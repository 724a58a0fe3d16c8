"""One writer per save: a second session is refused (then may view or take over), a
taken-over session stops saving, a closed or killed one frees the save, and the lock file
is never a door to another file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from saves import Autosaver, SaveError, latest, list_saves, load_save
from saves.lock import is_locked
from saves.store import SaveInUse
from tests.hostile_helpers import private_folders  # noqa: F401 (autouse fixture)
from tests.save_helpers import ROOT, good_save
from tests.save_helpers import with_count  # noqa: F401 (fixture)
from tui import cli


HOLDER = """
import sys, time
from pathlib import Path
from saves.lock import SaveLock
lock = SaveLock.acquire(Path(sys.argv[1]))
print("held" if lock else "refused", flush=True)
for line in sys.stdin:
    print("still" if lock.still_held() else "lost", flush=True)
"""


def hold_lock(path: Path) -> subprocess.Popen[str]:
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        cwd=ROOT,
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert child.stdout.readline().strip() == "held"
    return child


def ask(child: subprocess.Popen[str]) -> str:
    child.stdin.write("?\n")
    child.stdin.flush()
    return child.stdout.readline().strip()


def test_a_second_session_is_refused_then_may_view_or_take_over(tmp_path, with_count):
    path = good_save(tmp_path)
    child = hold_lock(path)
    try:
        assert is_locked(path)
        assert any(i.in_use for i in list_saves(tmp_path))
        before = path.read_bytes()
        with pytest.raises(SaveInUse, match="is being played in another Campfire session"):
            Autosaver.resume(load_save(path))

        viewer = Autosaver.viewer(load_save(path))
        viewer.match.act_text(0, "roll")
        with pytest.raises(SaveError, match="read-only"):
            viewer.save()
        assert path.read_bytes() == before, "viewing never writes"

        taker = Autosaver.resume(load_save(path), take_over=True)
        assert ask(child) == "lost", "the old session learns before its next write"
        taker.match.act_text(0, "roll")
        taker.save()
        assert len(load_save(path).save.journal) == len(load_save(path).match.journal)
    finally:
        child.kill()
        child.wait()


def test_a_taken_over_session_stops_saving_instead_of_overwriting(tmp_path, with_count):
    path = good_save(tmp_path)
    mine = Autosaver.resume(load_save(path))
    lock_file = tmp_path / f".{path.name}.lock"
    # What another process's take-over does: a new lock file under the same name.
    lock_file.unlink()
    lock_file.write_text("other\n")
    newer = path.read_bytes()
    with pytest.raises(SaveError, match="was taken over by another Campfire session"):
        mine.act_text(0, "roll")
    assert path.read_bytes() == newer


def test_a_closed_session_frees_the_save_and_writes_no_more(tmp_path, with_count):
    path = good_save(tmp_path)
    mine = Autosaver.resume(load_save(path))
    mine.close()
    child = hold_lock(path)  # another session opens it without having to take it over
    try:
        before = path.read_bytes()
        with pytest.raises(SaveError, match="no longer saved here"):
            mine.save()
        assert path.read_bytes() == before
    finally:
        child.kill()
        child.wait()


def test_a_killed_session_leaves_no_lock(tmp_path, with_count):
    path = good_save(tmp_path)
    child = hold_lock(path)
    child.kill()
    child.wait()
    assert not is_locked(path)
    Autosaver.resume(load_save(path)).close()


def test_a_link_planted_as_the_lock_file_is_never_followed(tmp_path, with_count):
    path = good_save(tmp_path)
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me\n")
    lock_file = tmp_path / f".{path.name}.lock"
    lock_file.symlink_to(victim)
    Autosaver.resume(load_save(path)).close()
    assert victim.read_text() == "keep me\n"
    assert not lock_file.is_symlink()
    lock_file.unlink()
    os.link(victim, lock_file)  # a hard link to someone's file
    Autosaver.resume(load_save(path)).close()
    assert victim.read_text() == "keep me\n"
    os.mkfifo(tmp_path / "pipe")
    lock_file.unlink()
    lock_file.symlink_to(tmp_path / "pipe")
    assert not is_locked(path), "a link to a pipe is no lock, and looking never blocks"


def test_a_save_with_a_name_at_the_file_system_limit_hides_no_other_save(tmp_path, with_count, capsys):
    ordinary = good_save(tmp_path)
    long = tmp_path / ("x" * 250 + ".json")  # its lock file's name would be over 255 bytes
    long.write_bytes(ordinary.read_bytes())
    names = {info.path.name for info in list_saves(tmp_path)}
    assert ordinary.name in names
    assert latest(tmp_path) is not None
    assert cli.main(["saves", "list", "--save-dir", str(tmp_path)]) == 0
    assert ordinary.name in capsys.readouterr().out
