"""The save file envelope: a versioned msgspec Struct, written as indented JSON.

A save is the session itself (game id, options, seats, seed, journal); the state is never
stored, only its digest, so loading always replays the rules and a hand-edited journal is
caught. Listing fields (`turn`, `actions`, `summary`, `over`, timestamps) are for people
reading the file; they are never read back into the game, and listings replay the journal
instead of trusting them.
"""

from __future__ import annotations

from datetime import datetime, timezone
from functools import cache
from typing import Any

import msgspec

from engines.core.match import JournalEntry, Match, SeatSpec

#: Bump when the envelope changes shape; readers refuse versions they do not know.
FORMAT_VERSION = 1


@cache
def app_version() -> str:
    """The installed Campfire's version, asked for only when first needed: the lookup
    imports email and zipfile, which the launcher's first paint should not wait for."""
    from importlib import metadata

    try:
        return metadata.version("campfire")
    except metadata.PackageNotFoundError:  # running from a source tree that is not installed
        return "0+unknown"


def __getattr__(name: str) -> Any:
    if name == "APP_VERSION":  # the name older callers import
        return app_version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class SaveFile(msgspec.Struct, kw_only=True):
    format: int
    app_version: str
    game: str
    options: dict[str, Any]
    seats: list[SeatSpec]
    seed: int
    journal: list[JournalEntry]
    digest: str
    turn: int = 0
    actions: int = 0
    summary: str = ""
    over: bool = False
    created: str = ""
    updated: str = ""


class FormatHeader(msgspec.Struct):
    """Just enough of any envelope, old or new, to say which format wrote it."""

    format: Any = None


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def envelope(match: Match, *, created: str | None = None, updated: str | None = None) -> SaveFile:
    """The envelope of `match` as it stands now."""
    engine = match.engine
    state = match.state
    over = engine.is_over(state)
    public = engine.summary(state, None)
    summary = engine.outcome(state).reason if over else public.status
    updated = updated or now_iso()
    return SaveFile(
        format=FORMAT_VERSION,
        app_version=app_version(),
        game=match.game_id,
        options=msgspec.to_builtins(match.options),
        seats=list(match.seats),
        seed=match.seed,
        journal=list(match.journal),
        digest=match.digest(),
        turn=public.turn,
        actions=len(match.journal),
        summary=" ".join(summary.split())[:120],
        over=over,
        created=created or updated,
        updated=updated,
    )


def encode(save: SaveFile) -> bytes:
    """Indented JSON ending in a newline, so two saves diff line by line."""
    return msgspec.json.format(msgspec.json.encode(save), indent=2) + b"\n"
