"""The save folder listed for the Load screen, Continue and `campfire saves list`: every
fact from the replayed match and the file's modification time, cached by file until it
changes; and the seed, shown only when telling it gives nothing away.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import msgspec

from engines.core.match import Match
from saves.errors import SaveError
from saves.loading import load_save
from saves.lock import is_locked
from saves.paths import PREV_SUFFIX, save_dir


class SaveInfo(msgspec.Struct):
    """One line of the Load screen and `campfire saves list` (from the replayed match)."""

    path: Path
    game: str
    title: str
    players: str
    turn: int
    actions: int
    summary: str
    over: bool
    updated: datetime  # the file's modification time, local, for display
    error: str | None = None  # the SaveError sentence when the file cannot be read
    in_use: bool = False  # another Campfire session is playing it now
    #: For replays; None while a game of secrets or chance runs (it fixes every draw to come).
    seed: int | None = None


def list_saves(directory: Path | str | None = None) -> list[SaveInfo]:
    """Saves in the folder, newest first; unreadable files are listed with their error.

    Every listed fact comes from the replayed match and the file's own modification time,
    never from the envelope's listing fields, which anyone can edit.
    """
    folder = save_dir(directory)
    try:
        candidates = sorted(
            p
            for p in folder.iterdir()
            if p.suffix == ".json" and not p.name.endswith(PREV_SUFFIX) and not p.name.startswith(".")
        )
    except OSError:
        return []
    infos = [_info(path) for path in candidates]
    infos.sort(key=lambda info: (info.updated, info.path.name), reverse=True)
    return infos


def latest(directory: Path | str | None = None) -> SaveInfo | None:
    """The save Continue opens: the most recently updated readable game not yet over."""
    for info in list_saves(directory):
        if info.error is None and not info.over:
            return info
    return None


#: Listings already worked out, by file and its (size, mtime, inode): a replay can take
#: tens of milliseconds, and the Load screen and Continue list the folder again and again.
_LISTED: dict[Path, tuple[tuple[int, int, int], SaveInfo]] = {}


def _info(path: Path) -> SaveInfo:
    try:
        facts = path.stat()
        key = (facts.st_size, facts.st_mtime_ns, facts.st_ino)
    except OSError:
        key = None
    cached = _LISTED.get(path)
    if key is not None and cached is not None and cached[0] == key:
        return msgspec.structs.replace(cached[1], in_use=cached[1].error is None and is_locked(path))
    info = _fresh_info(path)
    if key is not None:
        _LISTED[path] = (key, info)
    return info


def _fresh_info(path: Path) -> SaveInfo:
    updated = _modified(path)
    try:
        loaded = load_save(path)
    except SaveError as error:
        return SaveInfo(
            path=path,
            game="?",
            title="?",
            players="",
            turn=0,
            actions=0,
            summary="",
            over=False,
            updated=updated,
            error=str(error),
        )
    match = loaded.match
    engine = match.engine
    over = engine.is_over(match.state)
    public = engine.summary(match.state, None)
    summary = engine.outcome(match.state).reason if over else public.status
    return SaveInfo(
        path=path,
        game=match.game_id,
        title=engine.info.title,
        players=", ".join(seat.name for seat in match.seats),
        turn=public.turn,
        actions=len(match.journal),
        summary=" ".join(summary.split())[:120],
        over=over,
        updated=updated,
        in_use=is_locked(path),
        seed=shown_seed(match),
    )


def shown_seed(match: Match) -> int | None:
    """The seed when telling it gives nothing away: the game is over, or nothing in it is
    secret or left to chance. The seed fixes every draw to come, so in a game of chance in
    progress it tells the next tiles or cards as surely as a hidden hand."""
    flags = match.engine.info.flags
    if (flags.hidden_information or flags.chance) and not match.is_over():
        return None
    return match.seed


_EPOCH = datetime.fromtimestamp(0, timezone.utc)


def _modified(path: Path) -> datetime:
    """When the file was last written, in local time; the epoch when the clock or the file
    says something impossible (one odd file must not break the listing)."""
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).astimezone()
    except (OSError, OverflowError, ValueError):
        return _EPOCH.astimezone()
