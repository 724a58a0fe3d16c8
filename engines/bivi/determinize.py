"""Bivì states a seat cannot tell from the one it sees, for the search bots.

Every river, the forest, the hand and the cubes are on the table; the order of the tiles in
the bag and the generator (which decides every later shuffle) are hidden. A sample rebuilds
the state from the view, deals the unseen tiles (all tiles not on the table) into the bag
and the discard pile (the view counts both) in an order drawn with the bot's generator, and
reseeds the state's generator from it. Who acts after the actor in this phase (the state's
queue) follows from the phase, the foreman and the actor, as the turn's flow sets it.

Known gaps, because the view (whose public form the identity digests pin) does not carry
them: which tiles are in the discard pile (told in the log, drawn here as if unseen), each
river's list of placements (history no rule reads again), and the idle-turn counters that
end a game nobody can add to (rebuilt as "someone placed this turn").
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
    seen = {t for side in view.forest for t in side}
    seen.update(v for p in players for v in p.cells if v > 0)
    if view.hand:
        seen.add(view.hand)
    unseen = rng.shuffled([t for t in sorted(content.tiles()) if t not in seen])
    bag, discard = unseen[: view.bag], unseen[view.bag :]
    state = BiviState(
        options=options,
        seats=len(view.rivers),
        rng=rng.next_u64(),
        bag=tuple(bag),
        discard=tuple(discard),
        forest=view.forest,
        supply=view.supply,
        players=players,
        foreman=view.foreman,
        turn=view.turn,
        phase=view.phase,  # type: ignore[arg-type]
        actor=view.actor,
        side=view.side,
        hand=view.hand,
        queue=_queue(view),
        spots=view.beaver_spots,
        objectives=tuple(o.id for o in view.objectives),
        placed_this_turn=True,
        end_reason=view.end_reason,
    )
    # The board in the view is the one the options name: checked cheaply, once per sample.
    assert board_of(state).name == view.board
    return state


def _queue(view: BiviView) -> tuple[int, ...]:
    """The seats still to act in this phase after the actor (turns.py's flow): the setup
    goes round from seat 0; the others take in turn from the foreman's left; the end of the
    turn goes round from the foreman (seats that cannot place a cube are skipped later)."""
    seats = len(view.rivers)
    if view.phase == "bank":
        return tuple(range(view.actor + 1, seats))
    if view.phase in ("foreman", "over") or view.actor == view.foreman and view.phase != "end":
        return ()
    first = 0 if view.phase == "end" else 1
    order = [(view.foreman + k) % seats for k in range(first, seats)]
    return tuple(order[order.index(view.actor) + 1 :])
