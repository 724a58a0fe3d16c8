"""Save-file test helpers: the counting test game registered and played, a good save to spoil, a folder's snapshot."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from engines import registry
from engines.core.match import Match, SeatSpec
from saves import Autosaver, write_match
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
