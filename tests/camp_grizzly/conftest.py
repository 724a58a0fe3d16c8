"""Every apply in the Camp Grizzly tests also proves it left the state it was given as it
was: the engine shares every list between a state and the next (engines/camp_grizzly/state.py),
so a rule that edited a list in place would change earlier states, undo and replays."""

from __future__ import annotations

import msgspec
import pytest

from engines.camp_grizzly.engine import CampGrizzlyEngine

_ENCODER = msgspec.msgpack.Encoder()


@pytest.fixture(autouse=True)
def apply_leaves_its_input_as_it_was(monkeypatch):
    plain = CampGrizzlyEngine.apply

    def checked(self, state, seat, action):
        before = _ENCODER.encode(state)
        try:
            return plain(self, state, seat, action)
        finally:
            assert _ENCODER.encode(state) == before, f"apply({action!r}) changed the state it was given"

    monkeypatch.setattr(CampGrizzlyEngine, "apply", checked)
