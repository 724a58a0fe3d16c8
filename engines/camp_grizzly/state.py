"""Camp Grizzly game state: the whole truth of a game, as plain msgspec Structs.

The engine copies the state once at the start of every `apply` (`editable_copy`) and then
edits the copy, so a caller's state is never touched and the rules code can read like the
rulebook instead of a chain of `replace` calls. The copy is shallow: it is a new CampState
with new copies of the structs whose fields the rules set (counselors, strike, panic, vote,
finale) and shares everything else, lists included. So the rules never edit a list in place:
they build a new list and assign it (`removed` for list.remove), and a list shared with
earlier states is never changed. tests/camp_grizzly/conftest.py checks that every apply in
the Camp Grizzly tests leaves its input as it was. Spaces are `(row, col)` cells.

The *stage* is where the round is (a counselor's move, draw or end phase, the Woods, Otis,
the cameos); interruptions (a strike, a panic move, a choice, a vote, a finale) sit on top of
it in their own fields and `engine.phase()` tells which decision is due now.
"""

from __future__ import annotations

from typing import Literal, TypeVar

import msgspec
from engines.camp_grizzly.actions import CampOptions
from engines.camp_grizzly.content import Effect
from engines.core.protocol import Event
from engines.core.rng import Rng

Cell = tuple[int, int]

_T = TypeVar("_T")

Stage = Literal["move", "draw", "end", "woods", "turnend", "otis", "cameos", "roundend", "over"]


# gc=False on the two structs copied at every action (the state and its counselors): they
# never refer back to themselves, so the cycle collector has nothing to find in them, and
# untracked they cost less to make and free.
class Counselor(msgspec.Struct, gc=False):
    id: str
    seat: int
    cell: Cell | None  # None while lost in the Woods, in a finale, or dead
    injuries: int = 0
    dead: bool = False
    woods: bool = False
    escaped: bool = False
    horrified: int = 0  # own turn-ends still to pass before the -1 goes away
    equipped: list[str] = []  # cabin card ids (weapons, hand items, clothing)
    backpack: list[str] = []  # cabin card ids carried, not equipped
    survival: list[str] = []  # single-use survival card ids
    permanent: list[str] = []  # permanent survival card ids
    objectives: list[str] = []  # mini ids: objectives and keys
    campers: list[str] = []  # cabin card ids


class Ground(msgspec.Struct, frozen=True):
    """Something lying on a space: a key from the setup, a dead counselor's gear."""

    cell: Cell
    kind: Literal["card", "mini"]
    id: str


class Cameo(msgspec.Struct):
    card: str
    cell: Cell
    uid: int = 0  # unique in the game, so a meeting finds its own cameo after others left


class Boost(msgspec.Struct, frozen=True):
    """A movement change from a played card, until the end of this turn or round."""

    counselor: str
    amount: int
    lasts: str


class OtisMod(msgspec.Struct, frozen=True):
    stat: str
    amount: int
    lasts: str  # "stalk" or "game"
    source: str


class Lasting(msgspec.Struct, frozen=True):
    card: str
    lasts: str  # "round", "stalk" or "game"


class DieRoll(msgspec.Struct, frozen=True):
    who: str
    what: str
    die: int
    result: int


class StalkStepView(msgspec.Struct, frozen=True):
    cell: str
    trail: int = 0
    broke_lock: bool = False
    strike: bool = False
    appear: bool = False  # lurking Otis appearing at a trail end


class FightRecord(msgspec.Struct):
    counselor: str
    dice: list[int]
    total: int
    otis: int


class Strike(msgspec.Struct):
    cell: Cell | None  # None in a finale (the counselors are off the map)
    danger: list[str]  # counselors still to fight or panic, in order
    kind: Literal["camp", "finale", "hopeless"] = "camp"
    bonus: int = 0  # added to Otis' attack roll (Tempt Fate, finale cards)
    extra: list[tuple[str, int]] = []  # (counselor, die) from fight cards
    shield: list[tuple[str, int]] = []  # (counselor, injuries prevented) from panic cards
    pending: FightRecord | None = None  # a lost fight, waiting for after-roll cards
    won_by: str = ""
    resume: str = ""  # the stage to continue when the strike is over
    panicked: list[str] = []
    up: str = ""  # the counselor handed the next fight-or-panic decision (their own player's)
    passed: list[int] = []  # seats that declined to play an after-roll card on the pending roll


class Panic(msgspec.Struct):
    counselor: str
    steps: int
    resume_strike: bool = True


class Choice(msgspec.Struct):
    """A card effect that needs a decision, with the rest of the card still to resolve."""

    kind: Literal["counselor", "trail", "order"]
    counselor: str  # who decides (the card's holder)
    source: str  # the card's name, for the log
    cell: Cell | None
    effect: str  # the effect id that asked
    amount: int = 0
    options: list[str] = []  # counselors, trail numbers, or (order) the peeked cards, top first
    rest: list[Effect] = []  # the card's effects still to resolve after the decision
    cameo: int = -1  # the uid of the cameo whose meeting this is, if any


class Offer(msgspec.Struct):
    """A trade with another player's counselor, waiting for that player's yes or no."""

    giver: str
    thing: str
    taker: str
    seat: int  # the player who must accept or refuse


class Vote(msgspec.Struct):
    site: str
    caller: str
    voters: list[int]  # seats still to answer
    objectives: list[tuple[str, str]]  # (counselor, mini id) that would be spent


class FinaleRun(msgspec.Struct):
    site: str
    step: int
    participants: list[str]
    failed: list[str] = []
    tries: int = 0
    resume: str = "next"
    log: list[str] = []


class CampState(msgspec.Struct, gc=False):
    options: CampOptions
    seats: int
    rng: int
    order: list[str]  # counselor ids in turn order
    counselors: dict[str, Counselor]
    stage: Stage = "move"
    active: int = 0  # index into order
    round: int = 1
    moves_left: int = 0
    turn_over: bool = False  # horrified or lost: the turn ends at once
    actions_this_turn: int = 0
    handled: list[str] = []  # "unequip:ID", "drop:ID", "trade:ID" this turn (no undo loops)
    cameo_serial: int = 0  # the last cameo uid given out
    body_count: int = 0
    otis: Cell | None = None  # None = lurking
    otis_mods: list[OtisMod] = []
    cabin_deck: list[str] = []
    cabin_discard: list[str] = []
    survival_deck: list[str] = []
    survival_discard: list[str] = []
    question_deck: list[str] = []  # '?' minis not on the map
    questions: list[tuple[Cell, str]] = []  # face-down '?' minis on the map
    key_supply: int = 0
    locks: list[Cell] = []
    fires: list[Cell] = []
    first_aid: Cell | None = None
    ground: list[Ground] = []
    cameos: list[Cameo] = []
    boosts: list[Boost] = []
    lasting: list[Lasting] = []
    failed_finales: list[str] = []
    strike: Strike | None = None
    strikes_queued: list[tuple[Cell, int]] = []
    panic: Panic | None = None
    choice: Choice | None = None
    vote: Vote | None = None
    offer: Offer | None = None
    aside: list[str] = []  # red cards a Tempt Fate set aside for the strike they cause
    finale: FinaleRun | None = None
    hopeless: bool = False
    dice: list[DieRoll] = []
    last_stalk: list[StalkStepView] = []
    forced: list[int] = []  # die results to use before the generator (rule tests only)
    result: str = ""  # "win" / "loss" when over
    end_reason: str = ""
    turns: int = 0


def editable_copy(state: CampState) -> CampState:
    """A copy `apply` may edit without touching `state`: a new CampState, counselors dict
    and copies of the structs whose fields the rules set; every list is shared, since the
    rules assign new lists instead of editing them (see the module's docstring)."""
    # msgspec's stubs do not declare Struct.__copy__ (its shallow copy, made in C): ignored below.
    n: CampState = state.__copy__()  # type: ignore[attr-defined]
    # A loop, not a comprehension: this runs at every action, and a comprehension is a
    # function made and called each time.
    counselors = n.counselors = {}
    for cid, c in state.counselors.items():
        counselors[cid] = c.__copy__()  # type: ignore[attr-defined]
    if state.strike is not None:
        n.strike = state.strike.__copy__()  # type: ignore[attr-defined]
    if state.panic is not None:
        n.panic = state.panic.__copy__()  # type: ignore[attr-defined]
    if state.vote is not None:
        n.vote = state.vote.__copy__()  # type: ignore[attr-defined]
    if state.finale is not None:
        n.finale = state.finale.__copy__()  # type: ignore[attr-defined]
    return n


def removed(items: list[_T], thing: _T) -> list[_T]:
    """`items` less its first `thing`, as a new list (what `list.remove` does in place);
    ValueError when `thing` is not there."""
    n = items.index(thing)
    return [*items[:n], *items[n + 1 :]]


class Ctx:
    """One `apply` in progress: the state being edited, its generator, the events told and
    whether anything was revealed (so undo never crosses a roll or a draw)."""

    __slots__ = ("state", "events", "reveals", "rolled", "meeting", "_rng")

    def __init__(self, state: CampState) -> None:
        self.state = state
        self._rng: Rng | None = None
        self.events: list[Event] = []
        self.reveals = False
        # Most actions roll nothing and meet no cameo: nothing is made for them until then.
        self.rolled: list[DieRoll] | None = None
        self.meeting: frozenset[int] = frozenset()  # cameos whose meeting is resolving now (met once)

    @property
    def rng(self) -> Rng:
        """The state's generator, made on the first draw (most actions draw nothing)."""
        if self._rng is None:
            self._rng = Rng(self.state.rng)
        return self._rng

    def say(self, text: str) -> None:
        self.events.append(Event(text))

    def roll(self, sides: int, who: str, what: str) -> int:
        """A die roll from the state's generator (or a result forced by a rule test)."""
        s = self.state
        if s.forced:
            value, s.forced = s.forced[0], s.forced[1:]
        else:
            value = self.rng.die(sides)
        if self.rolled is None:
            self.rolled = []
        self.rolled.append(DieRoll(who, what, sides, value))
        self.reveals = True
        return value

    def shuffle(self, items: list[str]) -> list[str]:
        self.reveals = True
        return self.rng.shuffled(items)

    def below(self, n: int) -> int:
        self.reveals = True
        return self.rng.below(n)

    def finish(self) -> CampState:
        if self._rng is not None:
            self.state.rng = self._rng.state
        if self.rolled:
            self.state.dice = self.rolled
        return self.state
