"""Bonfire state: one Struct for the whole truth, plus `Ctx`, an apply in progress.

Players are kept in a list: index 0 is you, index 1 is Tom (in solo). Positions on a city:
path position 0 is the Starting Tile, 1..6 the path tiles; bonfire space k (1..7) sits next
to path position k-1, with portal slot k between them.
"""

from __future__ import annotations

import msgspec

from engines.core.protocol import Event
from engines.core.rng import Rng

YOU = 0
TOM = 1


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
    who: int = YOU  # the player it serves (Tom's choices are made by you)
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
    council: list[str] = []  # per space: "", "you", "tom" or "neutral"
    flat_neutral: list[int] = []  # spaces holding a neutral novice Tom laid flat
    common_novices: list[bool] = []
    tom_pile: list[str] = []
    tom_discard: list[str] = []
    tom_card: str = ""
    tom_gnome: str = ""
    tom_did: list[str] = []
    phase: str = "setup"  # setup, turn, tom, over
    turn: int = 1
    flags: TurnFlags = msgspec.field(default_factory=TurnFlags)
    pending: list[Pending] = []
    countdown: int = 0  # 0 before the end trigger; else your countdown turn (1..5)
    triggered: bool = False


def copy_state(state: BonfireState) -> BonfireState:
    return msgspec.json.decode(msgspec.json.encode(state), type=BonfireState)


class Ctx:
    """One apply in progress: the state being edited, its generator, the events told, and
    whether anything hidden was revealed (so undo never crosses a draw)."""

    def __init__(self, state: BonfireState) -> None:
        self.state = state
        self.rng = Rng(state.rng)
        self.events: list[Event] = []
        self.reveals = False

    def say(self, text: str) -> None:
        self.events.append(Event(text))

    def shuffle(self, items: list[str]) -> list[str]:
        self.reveals = True
        return self.rng.shuffled(items)

    def finish(self) -> BonfireState:
        self.state.rng = self.rng.state
        return self.state
