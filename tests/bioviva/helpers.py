"""Building Bioviva positions for rule tests: a challenge on a known card, known "+" cards."""

from __future__ import annotations

import msgspec
import pytest
from msgspec.structs import replace

from engines.bioviva import ENGINE
from engines.bioviva.actions import BiovivaOptions
from engines.bioviva.state import BiovivaState, localization
from engines.bioviva.worldmap import cell_name
from engines.core.errors import IllegalAction

__all__ = ["ENGINE", "act", "challenge", "new", "plus", "refused", "run", "answer_cells", "cell_name"]

# "+" card ids by points, from plus_cards.json (p02: 1 point, p03: 2 points, p01: 3 points).
PLUS = {1: "p02", 2: "p03", 3: "p01"}


def new(seats: int = 3, seed: int = 1, **options) -> BiovivaState:
    return ENGINE.new_game(BiovivaOptions(**options), seats, seed)


def plus(state: BiovivaState, *points: int) -> BiovivaState:
    """The next "+" cards drawn are worth these points, in order."""
    return replace(state, plus_deck=tuple(PLUS[p] for p in points))


def challenge(kind: str, card: str, seats: int = 3, guide: int = 0, points: int = 2, **options) -> BiovivaState:
    """A game where `guide` has just rolled `kind` and drawn `card`; the "+" card is worth `points`."""
    state = plus(replace(new(seats, **options), guide=guide), points)
    return ENGINE.begin(state, kind, card)


def answer_cells(loc_id: str) -> list[str]:
    return [cell_name(r, c) for r, c in localization(loc_id).answer_cells()]


def act(state: BiovivaState, seat: int, text: str) -> BiovivaState:
    return ENGINE.apply(state, seat, ENGINE.parse_action(state, seat, text)).state


def run(state: BiovivaState, *moves: tuple[int, str]) -> BiovivaState:
    for seat, text in moves:
        state = act(state, seat, text)
    return state


def refused(state: BiovivaState, seat: int, text: str, reason: str = "") -> str:
    """`text` by `seat` is refused with a reason containing `reason`, and nothing changes."""
    before = msgspec.json.encode(state)
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, seat, ENGINE.parse_action(state, seat, text))
    assert reason in caught.value.reason, caught.value.reason
    assert msgspec.json.encode(state) == before
    return caught.value.reason
