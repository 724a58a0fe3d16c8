"""The games Campfire knows, listed without importing any of them.

The launcher and `campfire --help` read this at start-up; a game's engine module is
imported only when someone picks it, and `engines.core` (the protocol, matches, bots) only
when a name is wrong or an engine is loaded: the launcher's first frame needs neither.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from engines.record import Record

if TYPE_CHECKING:
    from engines.core.protocol import Engine


#: A binding id and its default keys ("left,a,h"), as the settings file names them.
KeyDefault = tuple[str, str]


class GameEntry(Record):
    """All the app needs of a game, named without importing it: objects as "module:attr"
    strings (imported when someone picks the game), keys and seats as plain values."""

    __slots__ = (
        "id",
        "title",
        "pitch",
        "players",
        "engine",
        "ready",
        "screen",
        "rules",
        "glossary",
        "widgets",
        "default_seats",
        "keys",
        "modal_keys",
        "hidden",
    )
    id: str
    title: str
    pitch: str
    #: The seat range, "2-4" (or "1" for a game of one): the launcher shows it as it is.
    players: str
    engine: str  # "module:attribute"
    ready: bool
    #: The game's own screen, "module:attribute" (a GameScreen taking a SeatMatch); "" plays
    #: it in the shared frame, from the action list and the log alone.
    screen: str
    #: The package or module whose rules book (rules.md) players read; "" for the engine's.
    rules: str
    #: Anchors of the rules sections whose bold entries are looked up by name (the palette's
    #: "rules: Game / Section: term" entries).
    glossary: tuple[str, ...]
    #: Widget classes the game's screen mounts with default styles of their own, beyond the
    #: shared frame's ("module:attribute"): the launcher has them read before Start.
    widgets: tuple[str, ...]
    #: Seats a table gets when nobody says; 0: one human against bots, up to 2 seats.
    default_seats: int
    #: The game screen's own bindings and their default keys (remappable in settings).
    keys: tuple[KeyDefault, ...]
    #: Bindings of the game's own pop-up screens: each id's prefix names its screen.
    modal_keys: tuple[KeyDefault, ...]
    #: What a spectator (or another seat) must never see while the game is unfinished, one of
    #: HIDDEN_KINDS: "secrets" (what the engine's `secrets` names: a hand, an answer, a sealed
    #: choice), "seed" (a game of chance with nothing hidden: its seed decides every draw to
    #: come) or "nothing" (a game that hides nothing must say so). The test matrix's
    #: spectator row looks for it in every frame; "" (not said) fails the readiness test.
    hidden: str

    def __init__(
        self,
        id: str,
        title: str,
        pitch: str,
        players: str,
        engine: str,
        ready: bool,
        screen: str = "",
        rules: str = "",
        glossary: tuple[str, ...] = (),
        widgets: tuple[str, ...] = (),
        default_seats: int = 0,
        keys: tuple[KeyDefault, ...] = (),
        modal_keys: tuple[KeyDefault, ...] = (),
        hidden: str = "",
    ) -> None:
        self._set_fields(
            id=id,
            title=title,
            pitch=pitch,
            players=players,
            engine=engine,
            ready=ready,
            screen=screen,
            rules=rules,
            glossary=glossary,
            widgets=widgets,
            default_seats=default_seats,
            keys=keys,
            modal_keys=modal_keys,
            hidden=hidden,
        )

    @property
    def seat_range(self) -> tuple[int, int]:
        low, _, high = self.players.partition("-")
        return int(low), int(high or low)

    @property
    def rules_module(self) -> str:
        return self.rules or self.engine.partition(":")[0]


#: What a GameEntry's `hidden` may say.
HIDDEN_KINDS = ("secrets", "seed", "nothing")

GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        id="bivouac",
        title="Bivouac",
        pitch="Worker placement over 13 months, with the Retreat Center expansion.",
        players="2-4",
        engine="engines.bivouac:ENGINE",
        ready=True,
        screen="tui.games.bivouac:SCREEN",
        glossary=("card-glossary",),
        keys=(
            ("bivouac.next_board", "b"),
            ("bivouac.show_hand", "c"),
            ("bivouac.info_down", "pagedown"),
            ("bivouac.info_up", "pageup"),
        ),
        hidden="secrets",  # the upgrade hands of the Retreat Center expansion
    ),
    GameEntry(
        id="camp_grizzly",
        title="Camp Grizzly",
        pitch="Co-operative survival: counselors against Otis, who hunts the camp.",
        players="1-6",
        engine="engines.camp_grizzly:ENGINE",
        ready=True,
        screen="tui.games.camp_grizzly:SCREEN",
        glossary=("card-glossary",),
        keys=(("camp.draw", "c"), ("camp.end", "e"), ("camp.finale", "f"), ("camp.legend", "i")),
        modal_keys=(("camp_legend.close", "escape,enter,i,space"),),
        hidden="seed",  # its cards and dice (a peek at the cabin deck, its one secret, is rare)
    ),
    GameEntry(
        id="bioviva",
        title="Bioviva",
        pitch="Nature challenges: questions, map localization and word association.",
        players="2-6",
        engine="engines.bioviva:ENGINE",
        ready=True,
        screen="tui.games.bioviva:SCREEN",
        widgets=("textual.widgets:ContentSwitcher",),
        keys=(("bioviva.map", "m"), ("bioviva.guess", "g"), ("bioviva.decoy", "x")),
        hidden="secrets",  # the answers chosen in secret
    ),
    GameEntry(
        id="bonfire",
        title="Bonfire",
        pitch="Solo against the automa Tom, or two players: bring the fires of the city back to life.",
        players="1-2",
        engine="engines.bonfire:ENGINE",
        ready=True,
        screen="tui.games.bonfire:SCREEN",
        glossary=("task-glossary", "gnome-glossary", "tom-card-glossary"),
        widgets=("tui.widgets.line_text:LineText",),
        default_seats=1,
        keys=(
            ("bonfire.switch_pane", "t"),
            ("bonfire.scroll_up", "left_square_bracket"),
            ("bonfire.scroll_down", "right_square_bracket"),
            ("bonfire.notes_up", "left_curly_bracket"),
            ("bonfire.notes_down", "right_curly_bracket"),
            ("bonfire.fate_end", "c"),
        ),
        hidden="seed",  # its shuffled piles and tiles
    ),
    GameEntry(
        id="bivi",
        title="Bivì",
        pitch="Beavers stack timber into a dam; gravity and holes matter.",
        players="2-4",
        engine="engines.bivi:ENGINE",
        ready=True,
        screen="tui.games.bivi:SCREEN",
        widgets=("tui.widgets.line_text:LineText",),
        keys=(("bivi.other_rivers", "o"),),
        hidden="seed",  # the tiles drawn from the bag
    ),
)


def find_game(game_id: str) -> GameEntry:
    wanted = game_id.strip().lower().replace("-", "_")
    for entry in GAMES:
        if entry.id == wanted or entry.title.lower() == wanted:
            return entry
    from engines.core.errors import BadOptions

    known = ", ".join(g.id for g in GAMES)
    raise BadOptions(f"There is no game called '{game_id}' (games: {known}).")


def ready_games() -> list[GameEntry]:
    return [g for g in GAMES if g.ready]


def load_engine(game_id: str) -> Engine[Any, Any]:
    from engines.core.errors import BadOptions

    entry = find_game(game_id)
    if not entry.ready:
        raise BadOptions(f"{entry.title} is coming soon and cannot be played yet.")
    engine: Engine[Any, Any] = load_named(entry.engine)
    return engine


def load_named(name: str) -> Any:
    """The object a "module:attribute" string names, its module imported now."""
    module_name, _, attribute = name.partition(":")
    return getattr(importlib.import_module(module_name), attribute)
