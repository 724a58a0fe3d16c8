"""Bonfire state: one Struct for the whole truth, plus `Ctx`, an apply in progress.

Players are kept in a list. Solo (one seat): index 0 is you, index 1 is Tom's board. Two
players (two seats): index n is seat n's city, and `current` is the seat whose turn it is.
Positions on a city: path position 0 is the Starting Tile, 1..6 the path tiles; bonfire
space k (1..7) sits next to path position k-1, with portal slot k between them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

import msgspec

from engines.core.protocol import Event
from engines.core.rng import Rng

#: Solo only: your city and Tom's board in `players` (two-player games look seats up).
YOU = 0
TOM = 1
#: The fields two-player play added, always at these values in solo: a solo state's digest
#: leaves them out, so solo saves written before two-player play still load.
TWO_PLAYER_DEFAULTS = {"current": 0, "start": 0, "countdown_turns": []}


class BonfireOptions(msgspec.Struct, frozen=True):
    pass


class Bonfire(msgspec.Struct):
    task: str = ""
    lit: bool = False
    novice: bool = True
    guardian: str = ""


class Guardian(msgspec.Struct):
    colour: str  # "own" or an island colour
    where: int = 0  # path position 0..6, or 10 + k when in bonfire k


class Player(msgspec.Struct):
    tiles: dict[str, int]
    resources: dict[str, int]
    fate_column: list[str]
    grid: list[str]  # fate_size² symbols, "" where empty
    offerings: list[list[str]]  # two stacks, the top is the last item
    bonfires: list[Bonfire]
    path: list[str] = []
    portals: list[str] = []  # slot k-1 holds the portal next to bonfire k, "" when empty
    guardians: list[Guardian] = []
    ship: int = -1  # island index; -1 in the harbour
    gnomes: list[str] = []
    common: list[str] = []  # Common Tasks fulfilled
    offerings_placed: int = 0
    novices: int = 0  # novices beside the board (Tom's 4)
    track: dict[str, int] = {}  # points on the scoring track, by where they came from
    out: bool = False  # could do nothing at all: the game ends


class Island(msgspec.Struct):
    tasks: list[str] = []
    guardians: int = 0  # guardians left on a guardian island
    offerings: list[int] = []  # players who left an offering here


class Pending(msgspec.Struct):
    """A choice someone must make before play goes on."""

    kind: str  # "council", "tom_task", "tom_guardian", "walk"
    who: int = 0  # the player it serves (Tom's choices are made by you)
    source: str = ""  # why: "task", "common", "neutral"
    options: list[str] = []


class TurnFlags(msgspec.Struct):
    main_done: bool = False
    sailed: bool = False  # the main action was a ship move: an island action may follow
    island_done: bool = False
    redrawn: bool = False
    steps: int = 0  # steps left in a procession
    walkers: list[int] = []  # guardians (by index) still to walk in this procession
    gatekeeper_walk: bool = False  # this procession is the Gatekeeper's: it brings no resources
    tom_checked: bool = False  # Tom has looked at the Common Tasks this turn


class BonfireState(msgspec.Struct):
    seats: int
    rng: int
    players: list[Player]
    islands: list[Island]
    path_display: list[str]
    path_piles: list[list[str]]
    specialists: list[str]  # the face-up display
    elders: list[str]
    gnome_pile: list[str]
    gnome_discard: list[str]
    great_bonfire: list[list[str]]  # portals lying on each space
    figure: int = -1  # the space the figure points at; -1 before its first use
    council: list[str] = []  # per space: "", "neutral", or the novice's owner (see `council_mark`)
    flat_neutral: list[int] = []  # spaces holding a neutral novice Tom laid flat
    common_novices: list[bool] = []
    tom_pile: list[str] = []
    tom_discard: list[str] = []
    tom_card: str = ""
    tom_gnome: str = ""
    tom_did: list[str] = []
    phase: str = "setup"  # setup, turn, tom, tomwait (solo), over
    turn: int = 1
    flags: TurnFlags = msgspec.field(default_factory=TurnFlags)
    pending: list[Pending] = []
    countdown: int = 0  # 0 before the end trigger; else the acting player's countdown turn (1..5)
    triggered: bool = False
    # Two players only (see TWO_PLAYER_DEFAULTS):
    current: int = 0  # the seat taking its turn (or its setup choice)
    start: int = 0  # the seat dealt the building extension: it set up and played first
    countdown_turns: list[int] = []  # per seat, countdown turns begun


def is_solo(s: BonfireState) -> bool:
    return s.seats == 1


def acting(s: BonfireState) -> Player:
    """The city of the seat taking its turn (yours in solo)."""
    return s.players[s.current]


def tom_board(s: BonfireState) -> Player:
    """Tom's board: solo only (two-player games have no Tom)."""
    assert is_solo(s), "only a solo game has Tom"
    return s.players[TOM]


def is_tom(s: BonfireState, who: int) -> bool:
    return is_solo(s) and who == TOM


def council_mark(s: BonfireState, who: int) -> str:
    """How a player's novice is marked on a High Council space."""
    if is_solo(s):
        return "you" if who == YOU else "tom"
    return f"seat{who + 1}"


def portal_board(who: int) -> str:
    """Which printed board (its portal layout) a player has: the first seat the board solo
    gives you, the second the one solo gives Tom."""
    return ("you", "tom")[who]


def player_name(s: BonfireState, who: int) -> str:
    """How texts name a player: "Player N", which the screen turns into the seat's name."""
    if is_solo(s):
        return "you" if who == YOU else "Tom"
    return f"Player {who + 1}"


_IRREGULAR = {"can": "can", "pass": "passes"}
#: Verbs a "You ..." line joins with "and" ("You pass and score"): they agree with the
#: player too. Only these, so "..., and its novice leaves" is left alone.
_SECOND_VERBS = re.compile(r" and (gain|put|take|score)\b")


@functools.lru_cache(maxsize=4096)  # the same sentences recur all game long
def third_person(text: str, name: str) -> str:
    """A log line written to "you" retold about `name` (two-player games, where both
    players read the same log): "You sail to X" -> "Player 1 sails to X"."""
    if text.startswith("You "):
        verb, _, rest = text[4:].partition(" ")
        told = _IRREGULAR.get(verb, verb + "s")
        rest = re.sub(r"\band (gain|put|score|start|take)\b", r"and \1s", rest)  # "...and gain N" -> "and gains"
        text = f"{name} {told} {rest}".rstrip()
        text = _SECOND_VERBS.sub(lambda m: f" and {m.group(1)}s", text, count=1)
    elif text.startswith("Your "):
        text = f"{name}'s {text[5:]}"
    return re.sub(r"\byou\b", "they", re.sub(r"\byour\b", "their", text))


_ENCODER = msgspec.msgpack.Encoder()
_DECODER = msgspec.msgpack.Decoder(BonfireState)


def encode_state(state: BonfireState) -> bytes:
    """The state's exact encoding: equal bytes, equal states."""
    return _ENCODER.encode(state)


def decode_state(encoded: bytes) -> BonfireState:
    return _DECODER.decode(encoded)


def copy_state(state: BonfireState) -> BonfireState:
    return decode_state(encode_state(state))


def _player_copy(p: Player) -> Player:
    n: Player = p.__copy__()  # type: ignore[attr-defined]  # msgspec Structs copy themselves; the stubs omit it
    n.tiles = p.tiles.copy()
    n.resources = p.resources.copy()
    n.offerings = p.offerings[:]  # each stack shared until `own` copies it
    n.bonfires = p.bonfires[:]  # the records themselves shared until `own` copies one
    n.guardians = p.guardians[:]
    n.track = p.track.copy()
    return n


def _island_copy(island: Island) -> Island:
    n: Island = island.__copy__()  # type: ignore[attr-defined]  # msgspec Structs copy themselves; the stubs omit it
    n.tasks = island.tasks[:]
    n.offerings = island.offerings[:]
    return n


#: The table's lists that the editable copy shares until `Ctx.edit` hands one out (most
#: actions leave them alone; copying them all was a good part of every action's work).
EDITED_ON_DEMAND = (
    "path_display",
    "specialists",
    "elders",
    "gnome_pile",
    "gnome_discard",
    "council",
    "flat_neutral",
    "common_novices",
    "tom_pile",
    "tom_discard",
    "tom_did",
    "countdown_turns",
    "path_piles",
    "great_bonfire",
)


def editable_copy(state: BonfireState) -> BonfireState:
    """A copy `apply` may edit in place without touching `state`: every list, dict and
    struct is new, the strings and numbers in them shared, except the records many actions
    leave alone: the players' cities (Tom's turn and ending a turn leave the acting one
    alone too) and the islands, which stay shared until `Ctx.player`, `Ctx.acting` or
    `Ctx.island` hands one out to edit; and a city's bonfires and
    guardians, its offering stacks, the path piles and the Great Bonfire's spaces, each
    shared until `own` hands it out to edit (the last two in lists from `Ctx.edit`); a city's lists in `CITY_FIELDS_ON_DEMAND`,
    shared until `own_field` hands one out; and the table's lists few actions edit (`EDITED_ON_DEMAND`),
    shared until `Ctx.edit` hands one out. tests/bonfire/test_editable_copy.py checks that
    nothing else is left shared."""
    s = state
    # A shallow copy, then its mutable parts replaced one by one (cheaper than `replace`
    # with twenty keywords or a msgpack round trip, and this runs once per action).
    n: BonfireState = s.__copy__()  # type: ignore[attr-defined]  # msgspec Structs copy themselves; the stubs omit it
    n.players = s.players[:]
    n.islands = s.islands[:]
    flags: TurnFlags = s.flags.__copy__()  # type: ignore[attr-defined]  # msgspec Structs copy themselves; the stubs omit it
    flags.walkers = s.flags.walkers[:]
    n.flags = flags
    n.pending = [_pending_copy(x) for x in s.pending] if s.pending else []
    return n


#: A city's lists that few actions edit: the copy of a city shares them until `own_field`
#: hands one out (the fate grid is only ever replaced whole).
CITY_FIELDS_ON_DEMAND = ("fate_column", "grid", "path", "portals", "gnomes", "common")


def own_field(record: msgspec.Struct, name: str) -> list[Any]:
    """`record`'s list `name` to edit, first copied into its place (see `own`): for the
    lists of a city in `CITY_FIELDS_ON_DEMAND`. Call it on a city of the copy only."""
    items: list[Any] = getattr(record, name)[:]
    setattr(record, name, items)
    return items


def own(items: list[Any], n: int) -> Any:
    """`items[n]` to edit, first copied into its place: the editable copy shares the
    records inside some lists (see `editable_copy`) with the state it came from, and few
    actions edit them. Call it on a list of the copy only (a city from `Ctx.player`)."""
    item = items[n]
    item = items[n] = item.__copy__() if isinstance(item, msgspec.Struct) else item[:]  # type: ignore[attr-defined]
    return item


def _pending_copy(pending: Pending) -> Pending:
    n: Pending = pending.__copy__()  # type: ignore[attr-defined]  # msgspec Structs copy themselves; the stubs omit it
    n.options = pending.options[:]
    return n


class Ctx:
    """One apply in progress: the state being edited, its generator, the events told, and
    whether anything hidden was revealed (so undo never crosses a draw)."""

    __slots__ = ("state", "_rng", "events", "reveals", "edited")

    def __init__(self, state: BonfireState) -> None:
        self.state = state
        self._rng: Rng | None = None
        self.events: list[Event] = []
        self.reveals = False
        #: What this apply has already copied: cities by seat, islands by -1 - index,
        #: the table's lists by name (see `player`, `island` and `edit`); one set, made
        #: for every action.
        self.edited: set[int | str] = set()

    @property
    def rng(self) -> Rng:
        """The state's generator, made on first use: most actions draw nothing (Tom's turn,
        a refill or a shuffle do), and `finish` stores it back only when it was made."""
        if self._rng is None:
            self._rng = Rng(self.state.rng)
        return self._rng

    def player(self, who: int) -> Player:
        """Player `who`'s city, to edit: the editable copy shares every city with the state
        it came from, so the first edit of one copies it."""
        if who not in self.edited:
            self.edited.add(who)
            self.state.players[who] = _player_copy(self.state.players[who])
        return self.state.players[who]

    def acting(self) -> Player:
        """The city of the seat taking its turn, to edit (see `player`)."""
        return self.player(self.state.current)

    def island(self, n: int) -> Island:
        """Island `n`, to edit: the editable copy shares the islands' records with the
        state it came from, so the first edit of one copies it."""
        if -1 - n not in self.edited:
            self.edited.add(-1 - n)
            self.state.islands[n] = _island_copy(self.state.islands[n])
        return self.state.islands[n]

    def edit(self, name: str) -> list[Any]:
        """The table's list `name` (one of `EDITED_ON_DEMAND`), to edit: the editable copy
        shares these with the state it came from, so the first edit of one copies it. A
        list the rules replace whole (a reshuffled pile) needs no copy."""
        if name not in self.edited:
            self.edited.add(name)
            setattr(self.state, name, getattr(self.state, name)[:])
        items: list[Any] = getattr(self.state, name)
        return items

    def say(self, text: str) -> None:
        if not is_solo(self.state):
            text = third_person(text, player_name(self.state, self.state.current))
        self.events.append(Event(text))

    def shuffle(self, items: Sequence[str]) -> list[str]:
        self.reveals = True
        return self.rng.shuffled(items)

    def finish(self) -> BonfireState:
        if self._rng is not None:
            self.state.rng = self._rng.state
        return self.state
