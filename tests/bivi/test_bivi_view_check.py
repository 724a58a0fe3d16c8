"""A seat's view is enough to judge its ghost tile: `view_problem` gives the engine's own
refusal (or None) for every placement, cube and beaver spot, as a remote client needs."""

from __future__ import annotations

import random

import msgspec
import pytest

from engines.bivi.actions import BiviOptions, CubeAt, Place, SetBeaver
from engines.bivi import ENGINE
from engines.bivi.view import BiviView, view_problem
from engines.core.errors import IllegalAction


def _engine_says(state, seat, action) -> str | None:
    try:
        ENGINE.apply(state, seat, action)
    except IllegalAction as refusal:
        return refusal.reason
    return None


def _candidates(state, view: BiviView):
    rows, cols = len(view.board_rows), len(view.board_rows[0])
    if state.phase == "hand":
        flips = (False, True)
        return [Place(r, c, t, f) for r in range(-1, rows) for c in range(-1, cols) for t in range(4) for f in flips]
    if state.phase == "end":
        return [CubeAt(r, c) for r in range(rows) for c in range(cols)]
    if state.phase == "beaver":
        return [SetBeaver(r, c) for r in range(rows) for c in range(cols)]
    return []


def _positions(mode: str, seed: int, wanted: int):
    """Positions of a seeded random game where someone places a tile, a cube or a beaver."""
    rng = random.Random(seed)
    state = ENGINE.new_game(BiviOptions(mode=mode), 3, seed)
    found = 0
    while state.phase != "over" and found < wanted:
        seat = state.actor
        if state.phase in ("hand", "beaver", "end") and rng.random() < 0.3:
            found += 1
            yield state
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat))).state


@pytest.mark.parametrize("mode,seed", [("basic", 3), ("advanced", 5)])
def test_the_view_refuses_a_ghost_in_the_engines_own_words(mode, seed):
    checked = refused = 0
    for state in _positions(mode, seed, wanted=8):
        seat = state.actor
        # What a remote client holds: the view as the server encoded it, decoded again.
        wire = msgspec.msgpack.encode(ENGINE.view(state, seat))
        view = msgspec.msgpack.decode(wire, type=BiviView)
        for action in _candidates(state, view):
            expected = _engine_says(state, seat, action)
            assert view_problem(view, seat, action) == expected, (state.phase, action)
            checked += 1
            refused += expected is not None
    # Both kinds of answer were compared, many times.
    assert refused > 100 and checked - refused > 10
