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


class GameEntry(Record):
    __slots__ = ("id", "title", "pitch", "players", "engine", "ready")
    id: str
    title: str
    pitch: str
    players: str
    engine: str  # "module:attribute"
    ready: bool

    def __init__(self, id: str, title: str, pitch: str, players: str, engine: str, ready: bool) -> None:
        self._set_fields(id=id, title=title, pitch=pitch, players=players, engine=engine, ready=ready)


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        id="bivouac",
        title="Bivouac",
        pitch="Worker placement over 13 months, with the Retreat Center expansion.",
        players="2-4",
        engine="engines.bivouac:ENGINE",
        ready=True,
    ),
    GameEntry(
        id="camp_grizzly",
        title="Camp Grizzly",
        pitch="Co-operative survival: counselors against Otis, who hunts the camp.",
        players="1-6",
        engine="engines.camp_grizzly:ENGINE",
        ready=True,
    ),
    GameEntry(
        id="bioviva",
        title="Bioviva",
        pitch="Nature challenges: questions, map localization and word association.",
        players="2-6",
        engine="engines.bioviva:ENGINE",
        ready=True,
    ),
    GameEntry(
        id="bonfire",
        title="Bonfire",
        pitch="Solo against the automa Tom, or two players: bring the fires of the city back to life.",
        players="1-2",
        engine="engines.bonfire:ENGINE",
        ready=True,
    ),
    GameEntry(
        id="bivi",
        title="Bivì",
        pitch="Beavers stack timber into a dam; gravity and holes matter.",
        players="2-4",
        engine="engines.bivi:ENGINE",
        ready=True,
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
    module_name, _, attribute = entry.engine.partition(":")
    engine: Engine[Any, Any] = getattr(importlib.import_module(module_name), attribute)
    return engine
