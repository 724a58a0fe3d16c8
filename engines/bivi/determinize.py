"""Bivì states a seat cannot tell from the one it sees, for the search bots.

Every river, the forest, the hand, the cubes and the discard pile are on the table; only the
order of the tiles still in the bag and the generator (which decides every later shuffle)
are hidden. A sample rebuilds the state from the view, puts the unseen tiles (all tiles
neither on the table nor discarded) in the bag in an order drawn with the bot's generator,
and reseeds the state's generator from it.

What the view does not carry is history no rule reads again: each river's list of
placements with their turns and flips (`PlayerState.placed`), rebuilt empty.
"""

from __future__ import annotations

from engines.bivi import content
from engines.bivi.actions import BiviOptions
from engines.bivi.state import BiviState, PlayerState, board_of
from engines.bivi.view import BiviView
from engines.core.rng import Rng


def determinize(view: BiviView, seat: int, rng: Rng) -> BiviState:
    options = BiviOptions(mode=view.mode, board=view.board)  # type: ignore[arg-type]
    players = tuple(
        PlayerState(
            cells=tuple(v for row in river.cells for v in row),
            cubes=river.cubes,
            taken=river.taken,
            beaver=river.beaver,
            bank=river.bank,
        )
        for river in view.rivers
    )
    seen = {t for side in view.forest for t in side} | set(view.discarded)
    seen.update(v for p in players for v in p.cells if v > 0)
    if view.hand:
        seen.add(view.hand)
    unseen = [t for t in sorted(content.tiles()) if t not in seen]
    bag = rng.shuffled(unseen)
    state = BiviState(
        options=options,
        seats=len(view.rivers),
        rng=rng.next_u64(),
        bag=tuple(bag),
        discard=view.discarded,
        forest=view.forest,
        supply=view.supply,
        players=players,
        foreman=view.foreman,
        turn=view.turn,
        phase=view.phase,  # type: ignore[arg-type]
        actor=view.actor,
        side=view.side,
        hand=view.hand,
        queue=view.queue,
        spots=view.beaver_spots,
        objectives=tuple(o.id for o in view.objectives),
        placed_this_turn=view.placed_this_turn,
        idle_turns=view.idle_turns,
        end_reason=view.end_reason,
    )
    # The board in the view is the one the options name: checked cheaply, once per sample.
    assert board_of(state).name == view.board
    return state
