"""Seeded Camp Grizzly games digested step by step (every state, every seat's legal list,
every event), so a change meant to be invisible, such as a faster engine, can prove it is.

`python -m tests.camp_grizzly.identity` records the digests of the current engine into
fixtures/identity_digests.json; tests/camp_grizzly/test_identity.py compares against them.
Record only from code known to be right: recording after a change copies that change.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import msgspec

from engines.camp_grizzly import ENGINE
from engines.core.match import Match, SeatSpec

DIGESTS = Path(__file__).resolve().parent / "fixtures" / "identity_digests.json"

#: (levels, seeds): one level per seat, from a lone counselor to a full table of six.
PLAN: list[tuple[tuple[str, ...], range]] = [
    (("random",), range(15)),
    (("random", "random"), range(25)),
    (("heuristic", "heuristic"), range(20)),
    (("heuristic", "random", "heuristic"), range(10)),
    (("random",) * 4, range(15)),
    (("heuristic",) * 6, range(10)),
    (("random",) * 6, range(5)),
]


def game_key(levels: tuple[str, ...], seed: int) -> str:
    return f"{'+'.join(levels)}:{seed}"


def planned_games() -> list[tuple[tuple[str, ...], int]]:
    return [(levels, seed) for levels, seeds in PLAN for seed in seeds]


def play_digest(levels: tuple[str, ...], seed: int, check_purity: bool = False) -> str:
    """One game played by bots, every step hashed: the state, each seat's legal actions,
    the events (with their reveal flag). With `check_purity`, also asserts that apply left
    its input state as it was."""
    seats = [SeatSpec(f"Bot {n + 1}", "bot", level) for n, level in enumerate(levels)]
    match = Match(ENGINE, ENGINE.default_options(), seats, seed)
    hasher = hashlib.sha256()

    def absorb(value: object) -> None:
        hasher.update(msgspec.json.encode(value))
        hasher.update(b"\n")

    absorb(match.state)
    while True:
        for seat in range(len(levels)):
            absorb([ENGINE.format_action(a) for a in ENGINE.legal_actions(match.state, seat)])
        step = match.next_bot_or_auto()
        if step is None:
            break
        before = msgspec.json.encode(match.state) if check_purity else b""
        applied = ENGINE.apply(match.state, *step)
        if check_purity:
            assert msgspec.json.encode(match.state) == before, f"apply changed its input ({game_key(levels, seed)})"
        absorb([[e.text, e.for_viewer(0)] for e in applied.events])
        absorb(applied.reveals)
        absorb(applied.state)
        match.act(*step)
    absorb(ENGINE.outcome(match.state))
    return hasher.hexdigest()[:24]


def record() -> dict[str, str]:
    return {game_key(levels, seed): play_digest(levels, seed) for levels, seed in planned_games()}


if __name__ == "__main__":
    DIGESTS.write_text(json.dumps(record(), indent=0) + "\n")
