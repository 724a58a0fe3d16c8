"""`apply` edits a copy that owns what the rules set fields of (the state, its counselors
dict, each counselor and the strike, panic, vote and finale under way) and shares the rest,
lists included, which the rules never edit in place (conftest.py checks every apply of these
tests for that); the copy equals the original."""

from __future__ import annotations

import msgspec

from engines.camp_grizzly.actions import CampOptions
from engines.camp_grizzly.engine import ENGINE, copy_state
from engines.camp_grizzly.state import CampState, FinaleRun, Vote, editable_copy
from engines.core.rng import Rng

INTERRUPTIONS = ("strike", "panic", "choice", "vote", "offer", "finale")


def positions_with_every_interruption() -> list[CampState]:
    """Positions from seeded random games, one per interruption met (and one with cameos,
    ground items and boosts), plus a finale and a vote set up by hand (rare in random play)."""
    found: dict[str, CampState] = {}
    for seed in range(40):
        state = ENGINE.new_game(CampOptions(setup="normal" if seed % 2 else "easy"), 1 + seed % 4, seed)
        rng = Rng(seed)
        while not ENGINE.is_over(state):
            for field in INTERRUPTIONS:
                if getattr(state, field) is not None:
                    found.setdefault(field, state)
            if state.cameos and state.ground and state.boosts:
                found.setdefault("busy", state)
            seat = ENGINE.actors(state)[0]
            actions = ENGINE.legal_actions(state, seat)
            state = ENGINE.apply(state, seat, actions[rng.below(len(actions))]).state
    by_hand = copy_state(next(iter(found.values())))
    cid = by_hand.order[0]
    by_hand.finale = FinaleRun(site="lake", step=0, participants=[cid], failed=[cid], log=["a line"])
    by_hand.vote = Vote(site="lake", caller=cid, voters=[0], objectives=[(cid, "keys")])
    return [*found.values(), by_hand]


def editable_parts(value, path: str = "state"):
    """Every list, dict and unfrozen struct inside `value`, with where it sits."""
    if isinstance(value, msgspec.Struct):
        if not value.__struct_config__.frozen:
            yield path, value
        for field in value.__struct_fields__:
            yield from editable_parts(getattr(value, field), f"{path}.{field}")
    elif isinstance(value, list):
        yield path, value
        for n, item in enumerate(value):
            yield from editable_parts(item, f"{path}[{n}]")
    elif isinstance(value, dict):
        yield path, value
        for key, item in value.items():
            yield from editable_parts(item, f"{path}[{key!r}]")
    elif isinstance(value, tuple):
        for n, item in enumerate(value):
            yield from editable_parts(item, f"{path}[{n}]")


def test_the_positions_cover_every_interruption():
    states = positions_with_every_interruption()
    seen = {field for s in states for field in INTERRUPTIONS if getattr(s, field) is not None}
    assert seen == set(INTERRUPTIONS)


def test_the_copy_owns_the_state_its_counselors_and_the_interruptions_under_way():
    for state in positions_with_every_interruption():
        original = {id(part) for _, part in editable_parts(state)}
        copy = editable_copy(state)
        own = {"state": copy, "state.counselors": copy.counselors}
        own |= {f"state.counselors[{cid!r}]": c for cid, c in copy.counselors.items()}
        own |= {f"state.{field}": getattr(copy, field) for field in ("strike", "panic", "vote", "finale")}
        shared = [where for where, part in own.items() if part is not None and id(part) in original]
        assert shared == []


def test_the_copy_is_the_same_position():
    encoder = msgspec.msgpack.Encoder()
    for state in positions_with_every_interruption():
        copy = editable_copy(state)
        assert copy == state
        assert encoder.encode(copy) == encoder.encode(state)
