"""Bioviva's localization challenge: each player puts a correct-answer pawn and a decoy on
the map, one pawn at a time in the placement order; after the last pawn the pawns are
revealed and the nearest to an answer square win (exactly on one: doubled)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec.structs import replace

from engines.bioviva.actions import Action, PlacePawn
from engines.bioviva.state import (
    BiovivaState,
    Pawn,
    Result,
    _cell,
    _player,
    counting_pawns,
    localization,
    pawn_line,
    pawns_revealed,
)
from engines.bioviva.worldmap import COLS, ROWS
from engines.core.errors import IllegalAction
from engines.core.grid import chebyshev
from engines.core.protocol import Applied, Event


class LocalizationRules:
    """The localization challenge (mixed into `BiovivaEngine`)."""

    if TYPE_CHECKING:  # provided by BiovivaEngine (challenge_flow.py)

        def _finish(
            self, state: BiovivaState, result: Result, events: list[Event], category: int
        ) -> Applied[BiovivaState]: ...

    def _apply_localization(self, state: BiovivaState, seat: int, action: Action) -> Applied[BiovivaState]:
        if not isinstance(action, PlacePawn):
            raise IllegalAction("Place one of your pawns on a square of the map, e.g. 'pawn correct H4'.")
        if action.kind not in ("correct", "decoy"):
            raise IllegalAction("A pawn is either your correct-answer pawn or your decoy pawn.")
        if not (0 <= action.row < ROWS and 0 <= action.col < COLS):
            raise IllegalAction("That square is not on the map.")
        where = _cell(action.row, action.col)
        if any(p.seat == seat and p.kind == action.kind for p in state.pawns):
            which = "correct-answer" if action.kind == "correct" else "decoy"
            raise IllegalAction(f"Your {which} pawn is already on the map: place your other pawn.")
        for p in state.pawns:
            if (p.row, p.col) == (action.row, action.col):
                if p.seat == seat:
                    raise IllegalAction(f"Your other pawn is already on {where}: one pawn per square.")
                raise IllegalAction(f"Someone already has a pawn on {where}.")
        pawn = Pawn(seat, action.kind, action.row, action.col)
        state = replace(state, pawns=state.pawns + (pawn,))
        # Which pawn is which stays under the pawn until the reveal, as at the table.
        events = [Event(f"{_player(seat)} puts a pawn on {where}.", private=pawn_line(pawn) + ".", seats=(seat,))]
        if len(state.pawns) < len(state.order):
            return Applied(state, events)
        return self._score_localization(state, events)

    def _score_localization(self, state: BiovivaState, events: list[Event]) -> Applied[BiovivaState]:
        loc = localization(state.card)
        targets = loc.answer_cells()
        distances = []
        for s in range(state.seats):
            pawns = counting_pawns(state, s)
            distances.append(min(chebyshev((p.row, p.col), t) for p in pawns for t in targets))
        best = min(distances)
        winners = tuple(s for s in range(state.seats) if distances[s] == best)
        names = ", ".join(f"{a.name} ({a.cell_name})" for a in loc.answers)
        lines = [
            pawns_revealed(state.pawns, state.seats),
            f"The answer: {names}.",
            "Distances in squares: " + ", ".join(f"{_player(s)} {distances[s]}" for s in range(state.seats)) + ".",
        ]
        result = Result(
            turn=state.turn,
            guide=state.guide,
            kind="localization",
            card=loc.id,
            prompt=loc.prompt,
            answer=names,
            commentary=loc.commentary,
            winners=winners,
            gains=(0,) * state.seats,
            doubled=tuple(s for s in winners if distances[s] == 0),
            distances=tuple(distances),
            answer_cells=loc.answer_cell_names(),
            lines=tuple(lines),
        )
        return self._finish(state, result, events, category=1)
