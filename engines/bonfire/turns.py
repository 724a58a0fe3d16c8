"""Two players: whose turn comes next, the countdown of five turns each, and the end.

Players take turns in order from the holder of the building extension. A player who can do
nothing at all is out of the game and takes no more turns; the other plays on. Once the
High Council holds its end-trigger count of novices, the turn under way is finished, then
each player still in has its countdown turns (5), starting with the next player; in each
one that player may pass for the points on the countdown tile of that turn. The game ends
when both have had them, or nobody is left to play.
"""

from __future__ import annotations

from engines.bonfire import content, council
from engines.bonfire.state import BonfireState, Ctx, TurnFlags, is_solo, player_name
from engines.core.protocol import Event


def check_trigger(ctx: Ctx, when: str) -> None:
    """The novice that makes the High Council's count reach the end trigger starts the
    countdown (`when` says if the round must finish first; two players: after this turn)."""
    s = ctx.state
    if s.triggered:  # asked after every action
        return
    trigger = content.board().end_trigger
    if council.novices_in_council(s) >= trigger:
        s.triggered = True
        turns = len(content.board().countdown)
        if is_solo(s):
            ctx.events.append(Event(f"{trigger} novices sit in the High Council: {_solo_countdown(when, turns)}"))
            return
        s.countdown_turns = [0] * s.seats
        when = f"when {player_name(s, s.current)}'s turn ends "
        ctx.events.append(
            Event(f"{trigger} novices sit in the High Council: the countdown begins {when}({turns} more turns each).")
        )


def _solo_countdown(when: str, turns: int) -> str:
    """Solo: Tom acts after each of your turns, so a trigger in your turn (`when` says the
    round must finish) leaves him the turn that ends this round as well as his countdown turns."""
    if when:
        return (
            f"the countdown begins after Tom's coming turn. Then you have {turns} more turns, each "
            f"followed by one of Tom's ({turns + 1} more for Tom, counting the coming one)."
        )
    return f"the countdown begins now: you have {turns} more turns, each followed by one of Tom's."


def others_play_on(s: BonfireState) -> bool:
    """Whether another player still has a turn to come once the current one's turn ends
    (two players: one who finished is out; in the countdown, one who has had all their
    countdown turns is done)."""
    turns = len(content.board().countdown)
    return any(
        not p.out and (not s.triggered or s.countdown_turns[n] < turns)
        for n, p in enumerate(s.players)
        if n != s.current
    )


def next_turn(ctx: Ctx) -> None:
    s = ctx.state
    check_trigger(ctx, "")
    s.flags = TurnFlags()
    order = [(s.current + step) % s.seats for step in range(1, s.seats + 1)]  # the next player first
    turns = len(content.board().countdown)
    if s.triggered:
        due = [n for n in order if not s.players[n].out and s.countdown_turns[n] < turns]
    else:
        due = [n for n in order if not s.players[n].out]
    if not due:
        s.phase = "over"
        ctx.say("The countdown is over: final scoring." if s.triggered else "Nobody can act any more: final scoring.")
        return
    s.current = due[0]
    s.turn += 1
    if s.triggered:
        ctx.edit("countdown_turns")[s.current] += 1
        s.countdown = s.countdown_turns[s.current]
        points = content.board().countdown[s.countdown - 1]
        ctx.say(
            f"Countdown turn {s.countdown} of {turns} for {player_name(s, s.current)}: they may pass for "
            f"{points} point{'s' if points > 1 else ''}."
        )
