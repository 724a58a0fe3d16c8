"""A tiny test-only game, so saves and CLI tests do not depend on a real game's rules.

Count to N: on your turn add 1, add 2 (not in expert mode), or roll; a roll hands over to
the automatic actor, whose die result comes from the state's generator (so a tampered die
in a journal is an illegal action). The first seat to reach the target ends the game;
highest total wins, ties share the win. Its rules reference is `fake_engine.md`.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engines.core.bots import RandomBot
from engines.core.errors import IllegalAction
from engines.core.protocol import (
    AUTO,
    Applied,
    Bot,
    BotContext,
    Engine,
    Event,
    Flags,
    GameInfo,
    Outcome,
    ScoreLine,
    SeatPanel,
    Summary,
)
from engines.core.rng import Rng, seed_state
from engines.registry import GameEntry


class CountOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    target: int = 12
    mode: Literal["basic", "expert"] = "basic"

    def __post_init__(self) -> None:
        if not 5 <= self.target <= 99:
            raise ValueError("the target must be between 5 and 99")


class CountState(msgspec.Struct, frozen=True):
    totals: tuple[int, ...]
    seat: int
    turn: int
    rng: int
    target: int
    expert: bool
    rolling: bool = False


class Add(msgspec.Struct, frozen=True, tag="add"):
    amount: int


class Roll(msgspec.Struct, frozen=True, tag="roll"):
    pass


class Die(msgspec.Struct, frozen=True, tag="die"):
    value: int


class CountView(msgspec.Struct, frozen=True):
    totals: tuple[int, ...]
    seat: int
    target: int


class GreedyBot(Bot):
    """Adds 2 when it can, otherwise rolls: enough to differ from random."""

    name = "heuristic"

    def choose(self, ctx: BotContext):
        for action in ctx.legal:
            if isinstance(action, Add) and action.amount == 2:
                return action
        return next(a for a in ctx.legal if isinstance(a, Roll))


class CountEngine(Engine[CountState, Add | Roll | Die]):
    info = GameInfo(
        id="count",
        title="Count to N",
        pitch="Race to the target, one die at a time.",
        min_seats=1,
        max_seats=4,
        flags=Flags(chance=True),
    )
    options_type = CountOptions
    bots = {"random": RandomBot, "heuristic": GreedyBot}

    def new_game(self, options: CountOptions, seats: int, seed: int) -> CountState:
        return CountState(
            totals=(0,) * seats,
            seat=0,
            turn=1,
            rng=seed_state(seed),
            target=options.target,
            expert=options.mode == "expert",
        )

    def actors(self, state: CountState) -> tuple[int, ...]:
        if self.is_over(state):
            return ()
        return (AUTO,) if state.rolling else (state.seat,)

    def _die(self, state: CountState) -> tuple[int, int]:
        rng = Rng(state.rng)
        value = rng.die(6)
        return value, rng.state

    def legal_actions(self, state: CountState, seat: int) -> list:
        if seat not in self.actors(state):
            return []
        if seat == AUTO:
            return [Die(self._die(state)[0])]
        adds = [Add(1)] if state.expert else [Add(1), Add(2)]
        return [*adds, Roll()]

    def apply(self, state: CountState, seat: int, action) -> Applied[CountState]:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(f"'{self.format_action(action)}' is not allowed now.")
        if isinstance(action, Roll):
            return Applied(msgspec.structs.replace(state, rolling=True), [Event(f"Seat {seat + 1} rolls.")])
        reveals = isinstance(action, Die)
        rng = self._die(state)[1] if reveals else state.rng
        mover = state.seat
        totals = list(state.totals)
        gained = action.value if reveals else action.amount
        totals[mover] += gained
        over = totals[mover] >= state.target
        new = msgspec.structs.replace(
            state,
            totals=tuple(totals),
            rng=rng,
            rolling=False,
            seat=mover if over else (mover + 1) % len(totals),
            turn=state.turn + (0 if over else 1),
        )
        return Applied(new, [Event(f"Seat {mover + 1} gains {gained}.")], reveals=reveals)

    def auto_action(self, state: CountState) -> Die:
        if not state.rolling:
            raise IllegalAction("No automatic actor is due to act.")
        return Die(self._die(state)[0])

    def format_action(self, action) -> str:
        if isinstance(action, Add):
            return f"add {action.amount}"
        if isinstance(action, Roll):
            return "roll"
        return f"die {action.value}"

    def view(self, state: CountState, viewer: int | None) -> CountView:
        return CountView(totals=state.totals, seat=state.seat, target=state.target)

    def summary(self, state: CountState, viewer: int | None) -> Summary:
        if self.is_over(state):
            status = "The game is over."
        elif state.rolling:
            status = f"The die rolls for seat {state.seat + 1}."
        else:
            status = f"Seat {state.seat + 1} to add or roll."
        panels = [
            SeatPanel(title=f"Seat {n + 1}", lines=[str(total)], active=n == state.seat)
            for n, total in enumerate(state.totals)
        ]
        return Summary(status=status, panels=panels, turn=state.turn, rules_topic="turn")

    def is_over(self, state: CountState) -> bool:
        return max(state.totals) >= state.target

    def outcome(self, state: CountState) -> Outcome:
        best = max(state.totals)
        winners = [n for n, total in enumerate(state.totals) if total == best]
        return Outcome(
            scores=list(state.totals),
            breakdown=[[ScoreLine("total", total)] for total in state.totals],
            winners=winners,
            reason=f"Seat {winners[0] + 1} reached {best}.",
        )


ENGINE = CountEngine()

#: What tests add to `engines.registry.GAMES` so the CLI and `saves` find this game by id.
ENTRY = GameEntry(
    id="count",
    title="Count to N",
    pitch=ENGINE.info.pitch,
    players="1-4",
    engine="tests.fake_engine:ENGINE",
    ready=True,
    hidden="seed",
)

#: A game the registry lists but cannot play yet (every real game is playable now), for the
#: "coming soon" refusals.
NOT_READY = GameEntry(
    id="lantern",
    title="Lantern",
    pitch="A game still being made.",
    players="2-4",
    engine="tests.lantern:ENGINE",
    ready=False,
)
