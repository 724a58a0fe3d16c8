"""The Bivì rules engine.

Phases (`state.phase`) and the actions each allows, with their text forms:

- ``bank``    setup: each player, from the first foreman clockwise, puts the beaver on a bank:
              ``bank left`` / ``bank right``.
- ``foreman`` the foreman picks a forest side (N, E, S, W) and either takes a tile from it,
              ``take N 17`` (tile id 17), or discards the side for a wood cube, ``cube N``.
- ``take``    another player takes a tile from the side opposite the foreman's: ``take S 40``.
- ``hand``    the player holding a tile places it, ``place 3,4 r1`` (bounding-box top-left at
              row 3, column 4, one quarter turn clockwise) or ``place 3,4 r1 f`` (mirrored
              first; basic mode only), may first ``move-beaver 4,3`` (one cube per 2 tiles
              of distance, rounded up, paid in one go), or ``discard`` (others: for a cube;
              foreman: only when the tile fits nowhere).
- ``beaver``  after a placement with several possible beaver cells: ``beaver 2,5``.
- ``end``     end of turn, each player with a cube and room for it: ``cube-at 7,2`` / ``no-cube``.
- ``over``    the game has ended.

Rows and columns count from 0 at the top-left of the river board. The refill, the end check
and the foreman's hand-over happen inside the action that closes the turn.

`legal_actions` lists each distinct placement once, in its canonical form (placing.py).
`apply` and `parse_action` accept any equivalent (rotation, flip) pair and map it to that
canonical form, so the state, the log and a journal written from text always carry the
listed form, and every listed action's text parses back to itself. A flip is still refused
outright where flipping is not allowed, even for a tile whose mirror image has the same shape.

This module wires the rules, which live by concern, into the engine protocol: state (the
state and its helpers), setup, placing (where a tile, cube or beaver may go), turns (legal
actions, applying them, the turn's flow), scoring and view.
"""

from __future__ import annotations

import msgspec

from engines.bivi import content, scoring, setup, turns
from engines.bivi.actions import CODEC, Action, BiviOptions, MoveBeaver, NoCube, Place, SetBeaver, Take, TakeCube
from engines.bivi.bots import HeuristicBot, RandomBot
from engines.bivi.determinize import determinize
from engines.bivi.placing import canonical_place
from engines.bivi.state import SIDE_NAMES, BiviState, tile_name
from engines.bivi.view import BiviView, build_summary, build_view, status_line
from engines.core.bots import noisy
from engines.core.ismcts import bot_rollout, search_levels
from engines.core.protocol import Applied, Engine, Flags, GameInfo, Outcome, Summary
from engines.core.rng import Rng


class BiviEngine(Engine[BiviState, Action]):
    info = GameInfo(
        id="bivi",
        title="Bivì",
        pitch="Beavers stack timber into a dam; gravity and holes matter.",
        min_seats=2,
        max_seats=4,
        flags=Flags(hidden_information=False, chance=True),
    )
    options_type = BiviOptions

    # The search rolls out by the heuristic: random playouts lost every game to it.
    bots = {
        "random": RandomBot,
        "easy": noisy(HeuristicBot),
        "heuristic": HeuristicBot,
        **search_levels(lambda: bot_rollout(HeuristicBot()), guide=HeuristicBot),
    }
    #: The latest legal list given out: (state, seat, actions); see legal_actions.
    _last_legal: tuple[BiviState, int, tuple[Action, ...]] | None = None

    # -- setup ---------------------------------------------------------------
    def check_setup(self, options: msgspec.Struct, seats: int) -> None:
        super().check_setup(options, seats)
        setup.check_options(options)

    def new_game(self, options: msgspec.Struct, seats: int, seed: int) -> BiviState:
        self.check_setup(options, seats)
        assert isinstance(options, BiviOptions)  # check_setup refuses any other options
        return setup.new_game(options, seats, seed)

    # -- who acts, acting ------------------------------------------------------
    def actors(self, state: BiviState) -> tuple[int, ...]:
        return () if state.phase == "over" else (state.actor,)

    def legal_actions(self, state: BiviState, seat: int) -> list[Action]:
        out = turns.legal_actions(state, seat)
        # Callers (bots, replay, the screen) ask for the list and then apply one of it:
        # keep it for that state, so `apply` need not check a listed action again (Bonfire
        # and Camp Grizzly, whose states can be edited in place, judge an action against the
        # part of the list that could offer it instead). States are frozen, so equal means
        # the same list.
        self._last_legal = (state, seat, tuple(out))
        return out

    def apply(self, state: BiviState, seat: int, action: Action) -> Applied[BiviState]:
        last = self._last_legal
        # Only a placement or a discard skips checks when listed: the other phases have none
        # worth the search through the list.
        listed = (
            state.phase == "hand"
            and last is not None
            and last[1] == seat
            and (last[0] is state or last[0] == state)
            and action in last[2]
        )
        return turns.apply(state, seat, action, listed)

    # -- text forms ------------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        return CODEC.format(action)

    def describe_action(self, action: Action) -> str:
        """The action list names the tile and its shape in words, which a tile id alone does not."""
        if isinstance(action, Take):
            shape = content.SHAPE_WORDS[content.tile(action.tile).shape]
            return f"take {tile_name(action.tile)} ({shape}) from {SIDE_NAMES[action.side]}"
        if isinstance(action, TakeCube):
            return f"discard the {SIDE_NAMES[action.side]} side for a wood cube"
        if isinstance(action, MoveBeaver):
            return f"move the beaver to {action.row},{action.col} (pays cubes)"
        if isinstance(action, SetBeaver):
            return f"beaver on {action.row},{action.col}"
        if isinstance(action, NoCube):
            return "no cube this turn"
        return self.format_action(action)

    def parse_action(self, state: BiviState, seat: int, text: str) -> Action:
        action: Action = CODEC.parse(text)
        if isinstance(action, Place) and state.phase == "hand":
            return canonical_place(state, action)
        return action

    # -- views -----------------------------------------------------------------------
    def view(self, state: BiviState, viewer: int | None) -> BiviView:
        return build_view(state, viewer)

    def summary(self, state: BiviState, viewer: int | None) -> Summary:
        return build_summary(state)

    def headline(self, state: BiviState) -> tuple[int, str]:
        return state.turn, status_line(state)[0]

    # -- search ----------------------------------------------------------------------
    def determinize(self, view: BiviView, seat: int, rng: Rng) -> BiviState:
        return determinize(view, seat, rng)

    # -- end -------------------------------------------------------------------------
    def is_over(self, state: BiviState) -> bool:
        return state.phase == "over"

    def outcome(self, state: BiviState) -> Outcome:
        return scoring.outcome(state)


ENGINE = BiviEngine()

__all__ = ["ENGINE", "BiviEngine"]
