"""`apply` edits a copy that shares only what the rules never edit in place: every list,
dict and struct of the copy is its own, except the players' cities and the islands' records,
which stay shared until `Ctx.player` (or `Ctx.acting`) or `Ctx.island` hands one out to edit,
a city's bonfires and guardians, the path piles and the Great Bonfire's spaces, shared
until `own` hands one out, and the table's lists few actions edit, shared until `Ctx.edit`
hands one out; the copy equals the original, and applying any action offered
leaves the original as it was."""

from __future__ import annotations

import re

import msgspec

from engines.bonfire import ENGINE
from engines.bonfire.actions import (
    BuildPath,
    Common,
    Discard,
    Fate,
    Finish,
    Fulfil,
    GreatBonfire,
    Keep,
    Pass,
    Procession,
    Receive,
    Recruit,
    Sail,
    Swap,
    TakeGuardian,
    TomTurn,
    Walk,
)
from engines.bonfire.state import (
    CITY_FIELDS_ON_DEMAND,
    EDITED_ON_DEMAND,
    BonfireState,
    Ctx,
    copy_state,
    editable_copy,
    own,
    own_field,
)
from engines.core.match import Match, SeatSpec
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


def bot_positions() -> list[BonfireState]:
    """Every position of seeded bot games, solo and two players, each kept as it was then
    (an apply that wrongly edits its input must not change the positions it is tried on)."""
    found = []
    for seed, levels in (
        (1, ("heuristic",)),
        (2, ("heuristic",)),
        (5, ("heuristic", "heuristic")),
        (6, ("random",)),  # a game with a procession (guardians walk)
        (5, ("random", "random")),
        (1, ("random",)),  # a game that offers a guardian to take
    ):
        match = Match(
            ENGINE, ENGINE.default_options(), [SeatSpec(f"Bot {n}", "bot", lv) for n, lv in enumerate(levels)], seed
        )
        while (step := match.next_bot_or_auto()) is not None:
            found.append(copy_state(match.state))
            match.act(*step)
    return found


#: The table's lists shared until `Ctx.edit` hands one out.
ON_DEMAND = {f"state.{name}" for name in EDITED_ON_DEMAND}
#: Records shared inside the copy's own lists until `own` hands one out.
OWNED_ON_EDIT = re.compile(
    r"state\.(players\[\d+\]\.(bonfires|guardians|offerings)|path_piles|great_bonfire)\[\d+\]"
    rf"|state\.players\[\d+\]\.({'|'.join(CITY_FIELDS_ON_DEMAND)})"
)


def test_the_copy_shares_only_the_cities_the_islands_and_the_records_own_hands_out():
    states = positions()
    assert len(states) > 50
    for state in states:
        shared = shared_parts(state, editable_copy(state))
        assert shared and all(
            where.startswith(("state.islands[", "state.players["))
            or OWNED_ON_EDIT.fullmatch(where)
            or where in ON_DEMAND
            for where in shared
        ), [
            where
            for where in shared
            if not where.startswith(("state.islands[", "state.players[")) and where not in ON_DEMAND
        ]
        assert any(OWNED_ON_EDIT.fullmatch(where) for where in shared)


def test_a_city_or_island_handed_out_to_edit_is_the_copys_own():
    for state in positions()[::7]:
        ctx = Ctx(editable_copy(state))
        assert ctx.acting() is ctx.player(state.current)  # copied once, on the first edit
        for n in range(len(state.players)):
            assert ctx.player(n) is ctx.player(n)
        for n in range(len(state.islands)):
            assert ctx.island(n) is ctx.island(n)
        s = ctx.state
        for name in EDITED_ON_DEMAND:
            assert ctx.edit(name) is ctx.edit(name) is getattr(s, name)
        for p in s.players:
            for name in CITY_FIELDS_ON_DEMAND:
                assert own_field(p, name) is getattr(p, name)
        for records in (
            *(p.bonfires for p in s.players),
            *(p.guardians for p in s.players),
            *(p.offerings for p in s.players),
            s.path_piles,
            s.great_bonfire,
        ):
            for n in range(len(records)):
                assert own(records, n) is records[n]
        assert shared_parts(state, ctx.state) == []
        assert ctx.state == state


def test_applying_any_action_offered_leaves_the_position_as_it_was():
    """Every action offered, at every position of seeded games (heuristic bots light
    bonfires and walk guardians, which random play seldom reaches): every rule that edits
    a city must edit the copy's own (`Ctx.acting`, `Ctx.player`), and every rule that edits
    a shared record (lighting or receiving onto a bonfire, a guardian's walk, a path pile, a
    Great Bonfire portal, Tom's task) the one `own` hands out."""
    encoder = msgspec.msgpack.Encoder()
    kinds = set()
    for state in bot_positions():
        before = encoder.encode(state)
        seat = ENGINE.actors(state)[0]
        for action in ENGINE.legal_actions(state, seat):
            ENGINE.apply(state, seat, action)
            assert encoder.encode(state) == before, action
            kinds.add(type(action))
            if isinstance(action, BuildPath) and action.source.startswith("pile"):
                kinds.add("pile")
            if isinstance(action, GreatBonfire) and "p" in action.pick:
                kinds.add("portal")
            if state.triggered and state.seats == 2:
                kinds.add("two-player countdown")
    assert {
        Keep,
        Swap,
        Fate,
        Discard,
        Sail,
        Receive,
        TakeGuardian,
        BuildPath,
        Procession,
        Walk,
        GreatBonfire,
        Recruit,
        Fulfil,
        Common,
        Pass,
        Finish,
        TomTurn,
        "pile",
        "portal",
        "two-player countdown",
    } <= kinds


def test_the_copy_is_the_same_position():
    encoder = msgspec.msgpack.Encoder()
    for state in positions():
        copy = editable_copy(state)
        assert copy == state
        assert encoder.encode(copy) == encoder.encode(state)
