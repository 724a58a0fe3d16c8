"""The Bivouac match the Pilot tests of its screen share: Ana against heuristic bots."""

from __future__ import annotations

from engines.bivouac import ENGINE
from engines.bivouac.state import BivouacOptions
from engines.core.match import Match, SeatSpec


def ana_against_bots(seats: int = 4, expansion: bool = True) -> Match:
    specs = [SeatSpec("Ana")] + [SeatSpec(f"Bot {n}", "bot", "heuristic") for n in range(1, seats)]
    return Match(ENGINE, BivouacOptions(expansion=expansion, first_player="1"), specs, 3)
