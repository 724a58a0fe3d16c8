"""Building Camp Grizzly positions for rule tests: a fresh game, edited in place, with dice
forced through the state's `forced` queue (used before the generator, by tests only)."""

from __future__ import annotations

import msgspec
import pytest

from engines.camp_grizzly.actions import CampOptions
from engines.camp_grizzly.content import parse_label
from engines.camp_grizzly.engine import ENGINE, copy_state, phase
from engines.camp_grizzly.state import CampState
from engines.core.errors import IllegalAction
from engines.core.protocol import AUTO


def fresh(
    setup: str = "easy",
    seats: int = 1,
    counselors: tuple[int, ...] = (),
    seed: int = 1,
    surprises: bool = True,
    bare: bool = True,
) -> CampState:
    """A new game; `bare` empties the opening survival hands so no card changes a test's dice."""
    s = copy_state(ENGINE.new_game(CampOptions(setup=setup, counselors=counselors, surprises=surprises), seats, seed))
    if bare:
        for c in s.counselors.values():
            c.survival, c.permanent = [], []
        s.moves_left = 5
    return s


def at(text: str) -> tuple[int, int]:
    return parse_label(text)


def act(state: CampState, text: str, seat: int | None = None):
    if seat is None:
        seat = ENGINE.actors(state)[0]
    if seat == AUTO:
        action = ENGINE.auto_action(state)
        assert ENGINE.format_action(action) == text, (text, ENGINE.format_action(action))
    else:
        action = ENGINE.parse_action(state, seat, text)
    return ENGINE.apply(state, seat, action)


def play(state: CampState, *texts: str) -> CampState:
    for text in texts:
        state = act(state, text).state
    return state


def texts(state: CampState) -> list[str]:
    seat = ENGINE.actors(state)[0]
    return [ENGINE.format_action(a) for a in ENGINE.legal_actions(state, seat)]


def log(applied) -> str:
    return "\n".join(e.text for e in applied.events)


def refused(state: CampState, text: str, match: str) -> None:
    before = msgspec.json.encode(state)
    seat = ENGINE.actors(state)[0]
    with pytest.raises(IllegalAction, match=match):
        try:
            action = ENGINE.parse_action(state, seat, text)
        except IllegalAction:
            raise
        ENGINE.apply(state, seat, action)
    assert msgspec.json.encode(state) == before


def to_stage(state: CampState, stage: str) -> CampState:
    """Set the round's stage for the active counselor with no interruption pending."""
    state = copy_state(state)
    state.stage = stage  # type: ignore[assignment]
    return state


__all__ = ["ENGINE", "act", "at", "fresh", "log", "phase", "play", "refused", "texts", "to_stage"]
