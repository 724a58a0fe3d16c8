"""Review of the last session's speed changes (8c8a517..ff3655b): the bugs it found (each
test failed before its fix) and edge cases it checked that no test covered (they passed)."""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

import msgspec
import pytest

import saves.durable as durable
from engines import registry
from engines.core.match import Match, SeatSpec
from saves import Autosaver, SaveError, load, prev_path
from tests.fake_engine import ENGINE, ENTRY

BOTS = [SeatSpec("Ana", "bot", "random"), SeatSpec("Bo", "bot", "heuristic")]


@pytest.fixture(autouse=True)
def with_count(monkeypatch):
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, ENTRY))


def new_saver(folder: Path, seed: int = 5) -> Autosaver:
    match = Match(ENGINE, msgspec.convert({"target": 60}, type=ENGINE.options_type), BOTS, seed)
    return Autosaver(match, folder / "s.json")


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


def test_packed_shuffles_match_the_plain_algorithm_at_every_size_and_extreme_states():
    """Sizes 0 to 70 (both sides of the packed cut-off), lists longer than any game's deck,
    and states at the ends of the range, where lanes and masks are most likely to slip."""
    from engines.core.rng import Rng, seed_state
    from tests.test_core import _splitmix_reference, _state_drawing

    top = (1 << 64) - 1
    golden = 0x9E3779B97F4A7C15
    states = [0, 1, top, top - golden + 1, (top - golden) & top, 1 << 63, seed_state(2**64 - 1), seed_state(2**63)]
    sizes = [*range(71), 127, 128, 129, 255, 256, 257, 1000, 4099]
    for state in states:
        for size in sizes:
            below, shuffled = _splitmix_reference(state)
            rng = Rng(state)
            assert rng.shuffled(range(size)) == shuffled(range(size)), (state, size)
            assert rng.below(997) == below(997), ("the state after", state, size)
    # A draw in the top values below() rejects, late in a long list: one redraw, every
    # draw after it shifted by one step.
    for size, draw in ((4099, 4000), (1000, 999), (257, 1)):
        bound = size - draw + 1
        state = _state_drawing((1 << 64) - (1 << 64) % bound, draw)
        below, shuffled = _splitmix_reference(state)
        rng = Rng(state)
        assert rng.shuffled(range(size)) == shuffled(range(size))
        assert rng.below(997) == below(997)


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
