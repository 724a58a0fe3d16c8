"""Building Bonfire positions for rule tests: a fresh solo game past setup, edited by hand."""

from __future__ import annotations

from engines.bonfire import ENGINE, content
from engines.bonfire.actions import Keep
from engines.bonfire.state import BonfireState, copy_state
from engines.core.protocol import AUTO


def fresh(seed: int = 1) -> BonfireState:
    state = ENGINE.new_game(ENGINE.default_options(), 1, seed)
    return ENGINE.apply(state, 0, Keep()).state


def edit(state: BonfireState) -> BonfireState:
    return copy_state(state)


def act(state: BonfireState, *actions, seat: int = 0) -> BonfireState:
    for action in actions:
        state = ENGINE.apply(state, seat, action).state
    return state


def events(state: BonfireState, action, seat: int = 0) -> list[str]:
    return [e.text for e in ENGINE.apply(state, seat, action).events]


def tom_turn(state: BonfireState) -> BonfireState:
    return ENGINE.apply(state, AUTO, ENGINE.auto_action(state)).state


def texts(state: BonfireState, seat: int = 0) -> list[str]:
    return [ENGINE.format_action(a) for a in ENGINE.legal_actions(state, seat)]


def island(iid: str) -> int:
    return content.island_index(iid)


def task_of(colour: str, kind: str, exclude: tuple[str, ...] = ()) -> str:
    return next(
        t.id
        for t in content.tasks().values()
        if t.colour == colour and t.requirement.kind == kind and t.id not in exclude
    )


def after_your_turn(seed: int = 1) -> BonfireState:
    """Your turn is over (the position just before Tom's turn)."""
    s = edit(fresh(seed))
    s.flags.main_done = True
    from engines.bonfire.actions import End

    return act(s, End())


def fresh_two(seed: int = 1) -> BonfireState:
    """A two-player game past setup: both players kept their centre fate tile, and the
    holder of the building extension (`state.start`) is about to take the first turn."""
    state = ENGINE.new_game(ENGINE.default_options(), 2, seed)
    state = ENGINE.apply(state, state.current, Keep()).state
    return ENGINE.apply(state, state.current, Keep()).state
