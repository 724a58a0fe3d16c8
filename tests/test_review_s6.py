"""Review of the last session's speed changes: each test here failed before its fix."""

from __future__ import annotations

import sys
from pathlib import Path

import msgspec
import pytest

import saves.durable as durable
from engines import registry
from engines.core.match import Match, SeatSpec
from saves import Autosaver, load, prev_path
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
