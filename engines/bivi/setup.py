"""A new Bivì game: the options checked, the bag shuffled, the forest laid out, the
expert objectives drawn; every beaver still to be put on a bank."""

from __future__ import annotations

import msgspec

from engines.bivi import content
from engines.bivi.actions import BiviOptions
from engines.bivi.geometry import EMPTY
from engines.bivi.state import TILES_PER_SIDE, TOTAL_CUBES, BiviState, PlayerState
from engines.core.errors import BadOptions
from engines.core.rng import Rng, seed_state


def check_options(options: msgspec.Struct) -> None:
    if not isinstance(options, BiviOptions):
        raise BadOptions("Bivì needs Bivì options.")
    if options.mode not in ("basic", "advanced", "expert"):
        raise BadOptions(f"Unknown mode '{options.mode}' (choose basic, advanced or expert).")
    if options.board not in content.boards():
        known = ", ".join(sorted(content.boards()))
        raise BadOptions(f"There is no river board called '{options.board}' (boards: {known}).")


def new_game(options: BiviOptions, seats: int, seed: int) -> BiviState:
    rng = Rng(seed_state(seed))
    bag = rng.shuffled(sorted(content.tiles()))
    per = TILES_PER_SIDE[seats]
    forest = tuple(tuple(bag[i * per : (i + 1) * per]) for i in range(4))
    bag = bag[4 * per :]
    objectives: tuple[str, ...] = ()
    if options.mode == "expert":
        objs = content.objectives()
        a = sorted(o for o in objs if objs[o].kind == "A")
        b = sorted(o for o in objs if objs[o].kind == "B")
        objectives = (rng.choice(a), rng.choice(b))
    board = content.board(options.board)
    empty = PlayerState(cells=(EMPTY,) * (board.height * board.width))
    return BiviState(
        options=options,
        seats=seats,
        rng=rng.state,
        bag=tuple(bag),
        discard=(),
        forest=forest,
        supply=TOTAL_CUBES - seats,
        players=(empty,) * seats,
        phase="bank",
        actor=0,
        queue=tuple(range(1, seats)),
        objectives=objectives,
    )
