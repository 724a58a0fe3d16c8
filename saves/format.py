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


class StateFacts(msgspec.Struct, frozen=True):
    """What an envelope says about the current state: its digest and the listing fields."""

    digest: str
    turn: int
    summary: str
    over: bool


def state_facts(match: Match) -> StateFacts:
    engine = match.engine
    state = match.state
    over = engine.is_over(state)
    turn, status = engine.headline(state)
    summary = engine.outcome(state).reason if over else status
    return StateFacts(match.digest(), turn, " ".join(summary.split())[:120], over)


def envelope(
    match: Match, *, created: str | None = None, updated: str | None = None, facts: StateFacts | None = None
) -> SaveFile:
    """The envelope of `match` as it stands now (`facts`: its state's, when already known)."""
    facts = facts or state_facts(match)
    updated = updated or now_iso()
    return SaveFile(
        format=FORMAT_VERSION,
        app_version=app_version(),
        game=match.game_id,
        options=msgspec.to_builtins(match.options),
        seats=list(match.seats),
        seed=match.seed,
        journal=list(match.journal),
        digest=facts.digest,
        turn=facts.turn,
        actions=len(match.journal),
        summary=facts.summary,
        over=facts.over,
        created=created or updated,
        updated=updated,
    )


def encode(save: SaveFile) -> bytes:
    """Indented JSON ending in a newline, so two saves diff line by line."""
    return msgspec.json.format(msgspec.json.encode(save), indent=2) + b"\n"


#: The journal member of an envelope encoded with an empty journal: a top-level member
#: is the only one indented by exactly two spaces, so this cannot match inside options.
_EMPTY_JOURNAL = b'\n  "journal": [],\n'


class JournalEncoder:
    """`encode` for one session saved after every action, with the same bytes, without
    encoding the whole journal each time: each entry's indented text is kept from the save
    before, and only the entries added since are encoded. A journal only grows at its end
    or loses its last entries (undo), so the entries kept are its common start with the
    last one written."""

    def __init__(self) -> None:
        self._entries: list[JournalEntry] = []
        self._texts: list[bytes] = []
        self._joined = b""  # the texts joined by ",\n", kept so a save copies it once

    def encode(self, save: SaveFile) -> bytes:
        journal = save.journal
        head = msgspec.json.format(msgspec.json.encode(msgspec.structs.replace(save, journal=[])), indent=2)
        if not journal or head.count(_EMPTY_JOURNAL) != 1:
            return encode(save)
        self._keep_common_start(journal)
        added = []
        for entry in journal[len(self._entries) :]:
            text = msgspec.json.format(msgspec.json.encode(entry), indent=2)
            # Entries sit two levels deep; a JSON string never holds a raw newline.
            added.append(b"    " + text.replace(b"\n", b"\n    "))
            self._entries.append(entry)
        if added:
            self._joined = b",\n".join(([self._joined] if self._texts else []) + added)
            self._texts += added
        before, after = head.split(_EMPTY_JOURNAL)
        return b"".join((before, b'\n  "journal": [\n', self._joined, b"\n  ],\n", after, b"\n"))

    def _keep_common_start(self, journal: list[JournalEntry]) -> None:
        kept = min(len(self._entries), len(journal))
        if journal[:kept] != self._entries[:kept]:  # identical entries compare at C speed
            kept = next(i for i, (a, b) in enumerate(zip(journal, self._entries)) if a != b)
        if kept < len(self._entries):
            del self._entries[kept:], self._texts[kept:]
            self._joined = b",\n".join(self._texts)
