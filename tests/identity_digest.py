"""A seeded bot game digested step by step, so a change meant to be invisible (a faster
engine, a split of one) can prove it is: each game's tests/<game>/identity.py plans the
games, records their digests from code known to be right, and its test compares."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from engines.core.match import Match, SeatSpec


def play_digest(
    engine: Any,
    options: Any,
    levels: tuple[str, ...],
    seed: int,
    *,
    with_views: bool = False,
    check_purity: bool = False,
    label: str = "",
) -> str:
    """One game played by bots, every step hashed: the state, each seat's legal actions
    (with `with_views`, the public view and summary too), the events with their reveal flag.
    With `check_purity`, also asserts that apply left its input state as it was."""
    seats = [SeatSpec(f"Bot {n + 1}", "bot", level) for n, level in enumerate(levels)]
    match = Match(engine, options, seats, seed)
    hasher = hashlib.sha256()

    def absorb(value: object) -> None:
        hasher.update(msgspec.json.encode(value))
        hasher.update(b"\n")

    absorb(match.state)
    while True:
        for seat in range(len(levels)):
            absorb([engine.format_action(a) for a in engine.legal_actions(match.state, seat)])
        if with_views:
            absorb(engine.view(match.state, None))
            absorb(engine.summary(match.state, None))
        step = match.next_bot_or_auto()
        if step is None:
            break
        before = msgspec.json.encode(match.state) if check_purity else b""
        applied = engine.apply(match.state, *step)
        if check_purity:
            assert msgspec.json.encode(match.state) == before, f"apply changed its input ({label})"
        absorb([[e.text, e.for_viewer(0)] for e in applied.events])
        absorb(applied.reveals)
        absorb(applied.state)
        match.act(*step)
    absorb(engine.outcome(match.state))
    return hasher.hexdigest()[:24]
