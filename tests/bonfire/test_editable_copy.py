"""`apply` edits a copy that shares only what the rules never edit in place: every list,
dict and struct of the copy is its own, except the cities of the players not acting and the
islands' records, which stay shared until `Ctx.player` or `Ctx.island` hands one out to edit;
the copy equals the original."""

from __future__ import annotations

import msgspec

from engines.bonfire import ENGINE
from engines.bonfire.state import BonfireState, Ctx, editable_copy
from engines.core.rng import Rng


def positions() -> list[BonfireState]:
    """Every tenth position of seeded random games, solo and two players."""
    found = []
    for seed in range(12):
        state = ENGINE.new_game(ENGINE.default_options(), 1 + seed % 2, seed)
        rng = Rng(seed)
        step = 0
        while not ENGINE.is_over(state):
            if step % 10 == 0:
                found.append(state)
            seat = ENGINE.actors(state)[0]
            actions = ENGINE.legal_actions(state, seat)
            state = ENGINE.apply(state, seat, actions[rng.below(len(actions))]).state
            step += 1
    return found


def editable_parts(value, path: str = "state"):
    """Every list, dict and struct inside `value`, with where it sits."""
    if isinstance(value, msgspec.Struct):
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


def shared_parts(state: BonfireState, copy: BonfireState) -> list[str]:
    original = {id(part) for _, part in editable_parts(state)}
    return [where for where, part in editable_parts(copy) if id(part) in original]


def test_the_copy_shares_only_the_other_cities_and_the_islands():
    states = positions()
    assert len(states) > 50
    for state in states:
        others = tuple(f"state.players[{n}]" for n in range(len(state.players)) if n != state.current)
        shared = shared_parts(state, editable_copy(state))
        assert shared and all(where.startswith(("state.islands[", *others)) for where in shared)


def test_a_city_or_island_handed_out_to_edit_is_the_copys_own():
    for state in positions()[::7]:
        ctx = Ctx(editable_copy(state))
        for n in range(len(state.players)):
            assert ctx.player(n) is ctx.player(n)  # copied once, on the first edit
        for n in range(len(state.islands)):
            assert ctx.island(n) is ctx.island(n)
        assert shared_parts(state, ctx.state) == []
        assert ctx.state == state


def test_the_copy_is_the_same_position():
    encoder = msgspec.msgpack.Encoder()
    for state in positions():
        copy = editable_copy(state)
        assert copy == state
        assert encoder.encode(copy) == encoder.encode(state)
