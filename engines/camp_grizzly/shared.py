"""Names, constants and small questions about the state that every rules module asks."""

from __future__ import annotations

import msgspec

from engines.camp_grizzly import content
from engines.camp_grizzly.fights import has_passive
from engines.camp_grizzly.state import CampState

Cell = tuple[int, int]

#: Safety cap: a game still running after this many rounds ends as a loss (dawn never
#: comes for the counselors). Real games end far sooner; it only guarantees bot games end.
MAX_ROUNDS = 40

#: Safety cap on one counselor's actions in one turn (pickups, trades, equips...): past
#: it only the actions that move the turn on are offered. Documented in rules.md.
MAX_TURN_ACTIONS = 60

COUNSELOR_STAGES = ("move", "draw", "end", "woods")

TIMINGS = {
    "move": ("turn", "any"),
    "end": ("turn", "any"),
    "strike": ("fight", "panic", "any"),
    "after_roll": ("after_roll", "any"),
}

_ENC = msgspec.msgpack.Encoder()
_DEC = msgspec.msgpack.Decoder(CampState)


def copy_state(state: CampState) -> CampState:
    return _DEC.decode(_ENC.encode(state))


def initials(cid: str) -> str:
    return content.counselors()[cid].initials


def name(cid: str) -> str:
    return content.counselors()[cid].name


def by_initials(state: CampState, text: str) -> str | None:
    for cid in state.order:
        if initials(cid) == text:
            return cid
    return None


def player(seat: int) -> str:
    return f"Player {seat + 1}"


def thing_name(thing: str) -> str:
    cards = content.cabin_cards()
    if thing in cards:
        return cards[thing].name
    minis = content.minis()
    if thing in minis:
        return minis[thing].name
    surv = content.survival_cards()
    if thing in surv:
        return surv[thing].name
    return thing


def peek_text(cards: list[str]) -> str:
    """What a peeking counselor's player alone sees (also the secret the views must keep)."""
    return "Top of the cabin deck: " + ", ".join(f"{n + 1}. {thing_name(x)}" for n, x in enumerate(cards)) + "."


def phase(state: CampState) -> str:
    # Asked several times at every step: with no interruption, the stage ("over" included).
    if (
        state.choice is None
        and state.offer is None
        and state.panic is None
        and state.strike is None
        and state.vote is None
        and state.finale is None
    ):
        return state.stage
    if state.stage == "over":
        return "over"
    if state.choice is not None:
        return "choice"
    if state.offer is not None:
        return "offer"
    if state.panic is not None:
        return "panic"
    if state.strike is not None:
        return "after_roll" if state.strike.pending is not None else "strike"
    if state.vote is not None:
        return "vote"
    return "finale"  # the one interruption left


def alive(state: CampState) -> list[str]:
    counselors = state.counselors
    out = []
    for cid in state.order:  # a loop: a comprehension is a function made and called each time
        c = counselors[cid]
        if not (c.dead or c.escaped):
            out.append(cid)
    return out


def in_camp(state: CampState, cid: str) -> bool:
    c = state.counselors[cid]
    return not c.dead and not c.escaped and c.cell is not None


def has_keys(state: CampState, cid: str) -> bool:
    minis = content.minis()
    c = state.counselors[cid]
    return any(minis[m].kind == "key" for m in c.objectives) or has_passive(state, cid, "lockpick")
