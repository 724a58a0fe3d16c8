"""Seeded Bivì games digested step by step (every state, every seat's legal list, the view
and summary, every event), so a change meant to be invisible, such as a split of the engine
or a faster one, can prove it is.

`python -m tests.bivi.identity` records the digests of the current engine into
fixtures/identity_digests.json; tests/bivi/test_identity.py compares against them.
Record only from code known to be right: recording after a change copies that change.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import msgspec

from engines.bivi import ENGINE
from engines.bivi.actions import BiviOptions
from engines.core.match import Match, SeatSpec

DIGESTS = Path(__file__).resolve().parent / "fixtures" / "identity_digests.json"

#: (mode, levels, seeds): one level per seat.
PLAN: list[tuple[str, tuple[str, ...], range]] = [
    ("basic", ("random", "random"), range(12)),
    ("basic", ("random", "random", "random", "random"), range(6)),
    ("advanced", ("random", "random", "random"), range(8)),
    ("expert", ("random", "random"), range(8)),
    ("basic", ("heuristic", "heuristic"), range(4)),
    ("advanced", ("heuristic", "random", "heuristic"), range(3)),
    ("expert", ("heuristic", "heuristic", "random", "random"), range(3)),
]


def game_key(mode: str, levels: tuple[str, ...], seed: int) -> str:
    return f"{mode}:{'+'.join(levels)}:{seed}"


def planned_games() -> list[tuple[str, tuple[str, ...], int]]:
    return [(mode, levels, seed) for mode, levels, seeds in PLAN for seed in seeds]


def play_digest(mode: str, levels: tuple[str, ...], seed: int, check_purity: bool = False) -> str:
    """One game played by bots, every step hashed: the state, each seat's legal actions,
    the view and summary, the events (with their reveal flag). With `check_purity`, also
    asserts that apply left its input state as it was."""
    seats = [SeatSpec(f"Bot {n + 1}", "bot", level) for n, level in enumerate(levels)]
    match = Match(ENGINE, BiviOptions(mode=mode), seats, seed)
    hasher = hashlib.sha256()

    def absorb(value: object) -> None:
        hasher.update(msgspec.json.encode(value))
        hasher.update(b"\n")

    absorb(match.state)
    while True:
        for seat in range(len(levels)):
            absorb([ENGINE.format_action(a) for a in ENGINE.legal_actions(match.state, seat)])
        absorb(ENGINE.view(match.state, None))
        absorb(ENGINE.summary(match.state, None))
        step = match.next_bot_or_auto()
        if step is None:
            break
        before = msgspec.json.encode(match.state) if check_purity else b""
        applied = ENGINE.apply(match.state, *step)
        if check_purity:
            assert msgspec.json.encode(match.state) == before, f"apply changed its input ({game_key(mode, levels, seed)})"
        absorb([[e.text, e.for_viewer(0)] for e in applied.events])
        absorb(applied.reveals)
        absorb(applied.state)
        match.act(*step)
    absorb(ENGINE.outcome(match.state))
    return hasher.hexdigest()[:24]


def record() -> dict[str, str]:
    return {game_key(mode, levels, seed): play_digest(mode, levels, seed) for mode, levels, seed in planned_games()}


if __name__ == "__main__":
    DIGESTS.write_text(json.dumps(record(), indent=0) + "\n")
