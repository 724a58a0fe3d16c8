"""The autosave hot path (saves/durable.py): a kill at any call leaves NAME and its .prev
loadable, the swaps and the long way leave the same files, spares are safe to overwrite."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

import saves.durable as durable
import saves.format
from engines import registry
from engines.core.match import Match, SeatSpec
from saves import Autosaver, SaveError, list_saves, load, load_save, prev_path
from tests.fake_engine import ENGINE, ENTRY

BOTS = [SeatSpec("Ana", "bot", "random"), SeatSpec("Bo", "bot", "heuristic")]
#: Every call the hot path makes that touches the file system.
FILE_CALLS = ("open", "fstat", "write", "ftruncate", "fsync", "close", "link", "unlink", "replace", "rename")


class Killed(BaseException):
    """The process dying at this very call: nothing after it runs, no handler catches it."""


@pytest.fixture(autouse=True)
def with_count(monkeypatch):
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, ENTRY))


def new_saver(folder: Path, seed: int = 5) -> Autosaver:
    match = Match(ENGINE, msgspec.convert({"target": 60}, type=ENGINE.options_type), BOTS, seed)
    return Autosaver(match, folder / "s.json")


def act(saver: Autosaver, times: int = 1) -> None:
    for _ in range(times):
        saver.act(*saver.match.next_bot_or_auto())


def without_swaps(monkeypatch) -> None:
    """A system or file system that cannot swap names: the writer must take the long way."""

    def refuse(first: bytes, second: bytes) -> None:
        raise OSError(errno.ENOSYS, os.strerror(errno.ENOSYS))

    monkeypatch.setattr(durable, "exchange", refuse)


def die_from_call(monkeypatch, number: int) -> list[str]:
    """From the `number`-th file-system call on, every call dies (as a killed process would
    make no further call); returns the names of the calls made."""
    calls: list[str] = []

    def dying(name, real):
        def call(*args, **kwargs):
            calls.append(name)
            if len(calls) >= number:
                raise Killed(name)
            return real(*args, **kwargs)

        return call

    for name in FILE_CALLS:
        monkeypatch.setattr(os, name, dying(name, getattr(os, name)))
    monkeypatch.setattr(durable, "exchange", dying("exchange", durable.exchange))
    return calls


def journal_length(path: Path) -> int:
    return len(load(path, engine=ENGINE).journal)


@pytest.mark.parametrize("swaps", [True, False], ids=["swaps", "long way"])
def test_a_kill_at_every_call_of_a_save_leaves_the_last_or_the_new_position_and_a_good_prev(
    tmp_path, monkeypatch, swaps
):
    if not swaps:
        without_swaps(monkeypatch)
    seen = set()
    number = 1
    while True:
        folder = tmp_path / str(number)
        folder.mkdir()
        saver = new_saver(folder)
        act(saver, 4)  # both spares exist and hold older saves
        before = list(saver.match.journal)
        with monkeypatch.context() as dying:
            calls = die_from_call(dying, number)
            try:
                act(saver)
            except Killed:
                pass
        done = len(calls) < number  # the save ended before the call that would have died
        after = saver.match.journal
        name, prev = journal_length(saver.path), journal_length(prev_path(saver.path))
        assert name in (4, 5) and name - 2 <= prev <= name, f"killed at {calls[-1:]} (call {number})"
        assert load(saver.path, engine=ENGINE).journal == (after if name == 5 else before)
        assert load(prev_path(saver.path), engine=ENGINE).journal == after[:prev]
        assert [info.path for info in list_saves(folder)] == [saver.path], "leftovers are never saves"
        # The next session carries on from the file, over whatever the dead one left.
        resumed = Autosaver.resume(load_save(saver.path, engine=ENGINE), take_over=True)
        act(resumed, 3)
        assert journal_length(resumed.path) == name + 3 and journal_length(prev_path(resumed.path)) == name + 2
        assert load(resumed.path, engine=ENGINE).digest() == resumed.match.digest()
        resumed.close()
        seen.add((name, prev))
        if done:
            break
        number += 1
    assert number > 6, "every call of the save was a crash point"
    # Swaps: NAME is new before .prev is; the long way: .prev is linked to NAME first.
    assert seen == ({(4, 3), (5, 3), (5, 4)} if swaps else {(4, 3), (4, 4), (5, 4)})


def test_swaps_leave_the_same_files_as_the_long_way(tmp_path, monkeypatch):
    monkeypatch.setattr(saves.format, "now_iso", lambda: "2026-01-01T00:00:00+00:00")
    humans = [SeatSpec("Ana"), SeatSpec("Bo")]
    swapping, long_way = (
        Autosaver(Match(ENGINE, ENGINE.default_options(), humans, 3), tmp_path / f"{n}.json") for n in "ab"
    )
    script = ["add 2", "add 1", "add 2", "roll", "undo", "roll", "automatic", "add 1", "add 2", "add 1", "roll", "undo"]
    for step in script:
        for saver in (swapping, long_way):
            with monkeypatch.context() as patched:
                if saver is long_way:
                    without_swaps(patched)
                match = saver.match
                if step == "undo":
                    saver.undo(match.journal[-1].seat)
                elif step == "automatic":
                    saver.run_automatic()
                else:
                    saver.act_text(match.engine.actors(match.state)[0], step)
        assert swapping.path.read_bytes() == long_way.path.read_bytes()
        assert prev_path(swapping.path).read_bytes() == prev_path(long_way.path).read_bytes()
    assert swapping.path.read_bytes().count(b'"action"') == 8


def test_each_write_leaves_exactly_its_bytes_and_the_ones_before_as_prev(tmp_path):
    """Spares are overwritten in place: a shorter save must not keep the tail of a longer one."""
    path = tmp_path / "s.json"
    path.write_bytes(b"first")
    writer = durable.HotWriter(path, prev_path(path))
    written = [b"first"]
    for size in (5000, 9000, 12, 7000, 3, 3, 40):
        data = bytes([97 + len(written)]) * size
        writer.write(data)
        written.append(data)
        assert path.read_bytes() == data
        assert prev_path(path).read_bytes() == written[-2]
    writer.discard_spares()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.json", "s.prev.json"]


def test_a_save_never_overwrites_a_file_the_disk_may_still_call_name_or_prev(tmp_path):
    """A swap is on disk only once the next fsync commits it: the spare written now must not
    have been NAME or .prev at any moment since the save before the last one."""
    saver = new_saver(tmp_path)
    names = (saver.path, prev_path(saver.path))
    inodes_after = []  # the inodes of NAME and .prev after each save
    for _ in range(10):
        act(saver)
        inodes_after.append({os.stat(path).st_ino for path in names if path.exists()})
        written = os.stat(saver.path).st_ino
        if len(inodes_after) >= 3:  # the disk may still show the names as after the save before last
            assert written not in inodes_after[-3], "overwrote the file the last save swapped out"


def test_a_spare_with_another_name_or_loose_permissions_is_made_anew(tmp_path):
    saver = new_saver(tmp_path)
    act(saver, 3)
    spare = Path(saver._writer.spares[saver._writer._next])
    keepsake = tmp_path / "keepsake.json"
    os.link(spare, keepsake)
    kept = keepsake.read_bytes()
    act(saver)
    assert keepsake.read_bytes() == kept, "another name for the spare still shows what it did"
    act(saver)
    loose = Path(saver._writer.spares[saver._writer._next])
    loose.chmod(0o644)
    act(saver)
    assert os.stat(saver.path).st_mode & 0o077 == 0, "a save may hold secrets: only its owner reads it"
    assert journal_length(saver.path) == 6 and journal_length(prev_path(saver.path)) == 5


def test_a_symbolic_link_where_the_spare_goes_is_replaced_not_followed(tmp_path):
    saver = new_saver(tmp_path)
    act(saver, 2)
    spare = Path(saver._writer.spares[saver._writer._next])
    target = tmp_path / "elsewhere.txt"
    target.write_text("untouched")
    spare.unlink(missing_ok=True)
    spare.symlink_to(target)
    act(saver)
    assert target.read_text() == "untouched"
    assert journal_length(saver.path) == 3 and journal_length(prev_path(saver.path)) == 2


def test_the_first_action_of_a_new_game_makes_the_prev_file(tmp_path):
    saver = new_saver(tmp_path)
    assert not prev_path(saver.path).exists()
    act(saver)
    assert journal_length(saver.path) == 1 and journal_length(prev_path(saver.path)) == 0


def test_two_sessions_of_one_save_in_one_process_never_share_a_spare(tmp_path):
    first = new_saver(tmp_path)
    act(first, 2)
    first.close()
    again = Autosaver.resume(load_save(first.path, engine=ENGINE))
    assert set(again._writer.spares).isdisjoint(first._writer.spares)


EXITING_CHILD = """
import sys
from pathlib import Path
import msgspec
from engines.core.match import Match, SeatSpec
from saves.store import Autosaver
from tests.fake_engine import ENGINE

seats = [SeatSpec("Ana", "bot", "random"), SeatSpec("Bo", "bot", "heuristic")]
match = Match(ENGINE, msgspec.convert({"target": 60}, type=ENGINE.options_type), seats, 3)
saver = Autosaver(match, Path(sys.argv[1]) / "s.json")
for _ in range(4):
    saver.act(*match.next_bot_or_auto())
print(len(list(Path(sys.argv[1]).glob(".*.tmp"))))
"""


def test_spares_are_gone_when_the_process_exits_without_closing_the_save(tmp_path):
    """The game screen never closes its saver: the spares must not outlive the program."""
    root = Path(__file__).resolve().parent.parent
    child = subprocess.run(
        [sys.executable, "-c", EXITING_CHILD, str(tmp_path)], cwd=root, capture_output=True, text=True, timeout=60
    )
    assert child.returncode == 0, child.stderr
    assert child.stdout.split() == ["2"], "two spares while the session ran"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".s.json.lock", "s.json", "s.prev.json"]


def test_a_python_without_ctypes_autosaves_the_long_way(tmp_path, monkeypatch):
    """Python built without libffi has no ctypes (pyenv warns and goes on): the swaps are
    an optimisation, so opening a game must not fail there (it raised ImportError, which
    nothing caught: the app crashed on every Start)."""
    monkeypatch.setattr(durable, "_renameat2", None)  # looked up afresh
    monkeypatch.setitem(sys.modules, "ctypes", None)  # `import ctypes` raises ImportError
    saver = new_saver(tmp_path)
    for _ in range(3):
        saver.act(*saver.match.next_bot_or_auto())
    assert len(load(saver.path, engine=ENGINE).journal) == 3
    assert len(load(prev_path(saver.path), engine=ENGINE).journal) == 2
    saver.close()


@pytest.mark.parametrize("swaps", [True, False], ids=["swaps", "long way"])
def test_a_full_disk_mid_write_keeps_the_last_save_and_prev_and_the_next_save_catches_up(tmp_path, monkeypatch, swaps):
    if not swaps:

        def refuse(first: bytes, second: bytes) -> None:
            raise OSError(errno.ENOSYS, os.strerror(errno.ENOSYS))

        monkeypatch.setattr(durable, "exchange", refuse)
    saver = new_saver(tmp_path)
    for _ in range(4):
        saver.act(*saver.match.next_bot_or_auto())
    saves_before = saves_on_disk(tmp_path)
    write = os.write

    def full_half_way(fd: int, data) -> int:
        monkeypatch.setattr(os, "write", disk_full)
        return write(fd, bytes(data[: len(data) // 2]))

    def disk_full(fd: int, data) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    for _ in range(2):
        monkeypatch.setattr(os, "write", full_half_way)
        with pytest.raises(SaveError, match="No space left on device"):
            saver.act(*saver.match.next_bot_or_auto())
        monkeypatch.setattr(os, "write", write)
        assert saves_on_disk(tmp_path) == saves_before
        # No half-written spare is left behind (to fill the disk, or to be swapped in).
        for spare in tmp_path.glob(".*.tmp"):
            load(spare, engine=ENGINE)  # raises SaveError on a torn file
    saver.act(*saver.match.next_bot_or_auto())
    assert load(saver.path, engine=ENGINE).journal == saver.match.journal
    assert len(load(prev_path(saver.path), engine=ENGINE).journal) == 4, "prev: the last save that made it"
    saver.close()


def saves_on_disk(folder: Path) -> dict[str, bytes]:
    """The save and its .prev, as a reader sees them."""
    return {p.name: p.read_bytes() for p in folder.iterdir() if not p.name.startswith(".")}
