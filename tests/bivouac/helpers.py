"""Building Bivouac positions for rule tests."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from engines.bivouac import ENGINE
from engines.bivouac.state import BivouacOptions, BivouacState, OwnedActivity, Player
from engines.core.errors import IllegalAction

KINDS = ("wood", "stone", "rope", "canvas")


def new(seats: int = 3, seed: int = 1, **options) -> BivouacState:
    """A new game; seat 1 starts unless `first_player` says otherwise (the option draws)."""
    options.setdefault("first_player", "1")
    return ENGINE.new_game(BivouacOptions(**options), seats, seed)


def act(state: BivouacState, seat: int, text: str) -> BivouacState:
    return ENGINE.apply(state, seat, ENGINE.parse_action(state, seat, text)).state


def events(state: BivouacState, seat: int, text: str) -> list[str]:
    return [e.for_viewer(seat) for e in ENGINE.apply(state, seat, ENGINE.parse_action(state, seat, text)).events]


def refused(state: BivouacState, seat: int, text: str) -> str:
    with pytest.raises(IllegalAction) as refusal:
        act(state, seat, text)
    return refusal.value.reason


def legal(state: BivouacState, seat: int) -> list[str]:
    return [ENGINE.format_action(a) for a in ENGINE.legal_actions(state, seat)]


def res(wood=0, stone=0, rope=0, canvas=0) -> tuple[int, ...]:
    return (wood, stone, rope, canvas)


def with_player(state: BivouacState, seat: int, **fields) -> BivouacState:
    players = list(state.players)
    players[seat] = replace(players[seat], **fields)
    return replace(state, players=tuple(players))


def owning(*cards: str, fresh: bool = False) -> tuple[OwnedActivity, ...]:
    return tuple(OwnedActivity(c, fresh=fresh) for c in cards)


def retrieving(
    state: BivouacState, seat: int, spots: dict[str, tuple[int, ...]] | None = None, **fields
) -> BivouacState:
    """A phase 2 position where `seat` retrieves, with the given occupants on the board."""
    spots = spots or {}
    board = tuple((loc, spots.get(loc, ())) for loc, _ in state.spots)
    state = replace(
        state,
        phase="retrieve",
        actor=seat,
        spots=board,
        pending=None,
        retrieve_vp_from=fields.get("vp", state.players[seat].vp),
    )
    placed = sum(seats.count(seat) for seats in spots.values()) + sum(n for _, n in fields.get("on_cards", ()))
    return with_player(state, seat, placed=placed, **fields)


def at_round(state: BivouacState, round_number: int) -> BivouacState:
    return replace(state, round=round_number)


def blank_player(**fields) -> Player:
    return Player(**fields)
