"""The checks every engine must pass, driven by seeded bot playouts.

Used by tests/test_conformance.py for every ready game in the registry (and by game test
suites for their own variants). Each check names the rule of platform.md it enforces.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engines.core.errors import IllegalAction
from engines.core.match import Match, SeatSpec
from engines.core.protocol import AUTO, Engine


def bot_seats(engine: Engine, levels: list[str]) -> list[SeatSpec]:
    return [SeatSpec(name=f"{level} {n}", kind="bot", level=level) for n, level in enumerate(levels)]


def encoded(value: Any) -> bytes:
    return msgspec.json.encode(value)


def check_step(engine: Engine, match: Match, stale: list[tuple[int, Any]]) -> None:
    state = match.state
    before = encoded(state)

    # The state round-trips through msgspec unchanged.
    assert msgspec.json.decode(before, type=type(state)) == state

    actors = engine.actors(state)
    assert actors, "a game that is not over must have someone to act"
    for seat in actors:
        if seat == AUTO:
            continue
        legal = engine.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        texts = [engine.format_action(a) for a in legal]
        assert len(set(texts)) == len(texts), "two legal actions share one text form"
        # Every legal action reads back from its text form.
        for action, text in zip(legal[:40], texts[:40]):
            assert engine.parse_action(state, seat, text) == action
        # Legal actions come in a stable order.
        assert [engine.format_action(a) for a in engine.legal_actions(state, seat)] == texts

        # An action legal earlier but not now is refused, with a reason, changing nothing.
        for old_seat, old_action in stale:
            if old_seat == seat and engine.format_action(old_action) not in texts:
                try:
                    engine.apply(state, seat, old_action)
                except IllegalAction as refusal:
                    assert refusal.reason.strip(), "a refusal needs a reason"
                else:
                    raise AssertionError(f"stale action {engine.format_action(old_action)!r} was accepted")
                assert encoded(state) == before, "a refused action changed the state"
                break

    # Seats that are not acting are refused by the match.
    idle = [s for s in range(len(match.seats)) if s not in actors]
    if idle:
        try:
            match.act(idle[0], None)
        except IllegalAction:
            pass
        else:
            raise AssertionError("a seat acted out of turn")

    check_secrets(engine, match)
    assert encoded(match.state) == before, "checks must not change the state"


def check_secrets(engine: Engine, match: Match) -> None:
    state = match.state
    secrets = engine.secrets(state)
    if not secrets:
        return
    viewers: list[int | None] = [None, *range(len(match.seats))]
    for viewer in viewers:
        seen = (
            encoded(engine.view(state, viewer)).decode()
            + encoded(engine.summary(state, viewer)).decode()
            + "\n".join(match.log_lines(viewer))
        )
        for owner, owned in secrets.items():
            if owner == viewer:
                continue
            for secret in owned:
                assert secret not in seen, f"viewer {viewer} can see seat {owner}'s secret {secret!r}"


def play_checked(engine: Engine, options: msgspec.Struct, levels: list[str], seed: int, limit: int = 20_000) -> Match:
    """Play a bot game to the end, checking every step; then check the replay."""
    match = Match(engine, options, bot_seats(engine, levels), seed)
    stale: list[tuple[int, Any]] = []
    steps = 0
    while not match.is_over():
        check_step(engine, match, stale)
        step = match.next_bot_or_auto()
        assert step is not None, "bots must be able to move"
        seat, action = step
        state_before = encoded(match.state)
        match.act(seat, action)
        # apply never mutates its input.
        assert encoded(match._states[-2]) == state_before
        stale = [(seat, action), *stale[:5]]
        steps += 1
        assert steps < limit, "the game did not end"

    assert engine.actors(match.state) == ()
    outcome = engine.outcome(match.state)
    assert len(outcome.scores) == len(match.seats)
    assert len(outcome.breakdown) == len(match.seats)
    assert outcome.reason
    assert all(0 <= w < len(match.seats) for w in outcome.winners)

    # Replaying the journal reproduces the state exactly.
    replayed = Match.replay(engine, options, match.seats, seed, match.journal)
    assert replayed.digest() == match.digest()
    return match
