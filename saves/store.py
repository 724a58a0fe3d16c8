"""Save files on disk: atomic writes, autosave, load with replay, verify, list, locate.

Every way a file can be bad ends in one `SaveError` sentence; reading never writes, and
writing goes through a temp file + fsync + rename so a killed process leaves either the old
file or the new one, plus `NAME.prev.json`, the previous good copy.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import msgspec
import platformdirs

from engines.core.errors import BadOptions, IllegalAction
from engines.core.match import Match
from engines.core.protocol import Engine, Event
from engines.registry import find_game, load_engine
from saves.errors import SaveError
from saves.format import FORMAT_VERSION, FormatHeader, SaveFile, encode, envelope, now_iso

#: Overrides the save folder (the `--save-dir` flag overrides this in turn).
SAVE_DIR_ENV = "CAMPFIRE_SAVE_DIR"
PREV_SUFFIX = ".prev.json"


# -- where ---------------------------------------------------------------------------------
def save_dir(override: Path | str | None = None) -> Path:
    """The save folder: `override`, else $CAMPFIRE_SAVE_DIR, else the user-data folder."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(SAVE_DIR_ENV)
    if env:
        return Path(env).expanduser()
    return platformdirs.user_data_path("campfire") / "saves"


def locate(directory: Path | str | None = None) -> Path:
    """The absolute save folder, without creating it (it appears with the first save)."""
    return save_dir(directory).absolute()


def prev_path(path: Path | str) -> Path:
    path = Path(path)
    return path.with_name(path.name.removesuffix(".json") + PREV_SUFFIX)


def autosave_path(match: Match, directory: Path | str | None = None, started: datetime | None = None) -> Path:
    """A fresh file for a new session: game, local start time and seed, never an existing one."""
    folder = save_dir(directory)
    stamp = (started or datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = f"{match.game_id}-{stamp}-{match.seed}"
    path = folder / f"{base}.json"
    number = 2
    while path.exists():
        path = folder / f"{base}-{number}.json"
        number += 1
    return path


# -- writing -------------------------------------------------------------------------------
def write_match(match: Match, path: Path | str, *, created: str | None = None) -> SaveFile:
    """Save `match` to `path` atomically, keeping the file it replaces as `NAME.prev.json`."""
    save = envelope(match, created=created)
    _atomic_write(Path(path), encode(save), check_previous=True)
    return save


def _atomic_write(path: Path, data: bytes, *, check_previous: bool) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            _keep_previous(path, check=check_previous)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        _fsync_dir(path.parent)
    except OSError as error:
        raise SaveError(path, f"could not be written ({error.strerror or error})") from None


def _keep_previous(path: Path, *, check: bool) -> None:
    """Copy the current file to NAME.prev.json, unless it is not a save (a corrupt file
    must never push out the last good copy)."""
    if not path.is_file():
        return
    if check:
        try:
            _decode_envelope(path, path.read_bytes())
        except (SaveError, OSError):
            return
    prev = prev_path(path)
    # A hard link costs nothing and is atomic with the rename; copy where links are refused.
    tmp = prev.with_name(f".{prev.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    try:
        os.link(path, tmp)
    except OSError:
        shutil.copy2(path, tmp)
    os.replace(tmp, prev)


#: A temp file this old was left by a killed writer, not one still writing.
STALE_TEMP_SECONDS = 60


def _sweep_temp_files(path: Path) -> None:
    """Remove temp files a killed process left beside `path` (they are never saves)."""
    cutoff = time.time() - STALE_TEMP_SECONDS
    for pattern in (f".{path.name}.*.tmp", f".{prev_path(path).name}.*.tmp"):
        for leftover in path.parent.glob(pattern):
            try:
                if leftover.stat().st_mtime < cutoff:
                    leftover.unlink()
            except OSError:
                pass


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable; some platforms cannot open folders, which is fine."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class Autosaver:
    """Applies actions to a match and saves after each one, synchronously, to one file.

    Use its `act`, `act_text`, `undo` and `run_automatic` instead of the match's own so no
    applied action is ever only in memory. A failed write raises SaveError after the action
    was applied (the match stays usable; the next save catches up).
    """

    def __init__(self, match: Match, path: Path | str, *, created: str | None = None) -> None:
        self.match = match
        self.path = Path(path)
        self.created = created or now_iso()
        self._wrote_once = False
        _sweep_temp_files(self.path)
        self.save()

    @classmethod
    def start(cls, match: Match, directory: Path | str | None = None) -> Autosaver:
        """Autosave a new session to its own fresh file in the save folder."""
        return cls(match, autosave_path(match, directory))

    @classmethod
    def resume(cls, loaded: Loaded) -> Autosaver:
        """Keep saving a loaded session into the file it came from."""
        return cls(loaded.match, loaded.path, created=loaded.save.created)

    def save(self) -> SaveFile:
        save = envelope(self.match, created=self.created)
        # After our own first write the file on disk is known good: skip re-reading it.
        _atomic_write(self.path, encode(save), check_previous=not self._wrote_once)
        self._wrote_once = True
        return save

    def act(self, seat: int, action: Any) -> list[Event]:
        events = self.match.act(seat, action)
        self.save()
        return events

    def act_text(self, seat: int, text: str) -> list[Event]:
        events = self.match.act_text(seat, text)
        self.save()
        return events

    def undo(self, seat: int) -> None:
        self.match.undo(seat)
        self.save()

    def run_automatic(self, limit: int = 100_000) -> int:
        """Like `Match.run_automatic`, saving after every action."""
        steps = 0
        while steps < limit:
            step = self.match.next_bot_or_auto()
            if step is None:
                return steps
            self.act(*step)
            steps += 1
        raise RuntimeError(f"{self.match.game_id}: automatic play did not stop after {limit} actions")


# -- reading -------------------------------------------------------------------------------
class Loaded(msgspec.Struct):
    match: Match
    path: Path
    save: SaveFile


class VerifyResult(msgspec.Struct):
    ok: bool
    path: Path
    message: str  # "OK: ..." or the SaveError sentence
    save: SaveFile | None = None


class SaveInfo(msgspec.Struct):
    """One line of the Load screen and `campfire saves list` (from the envelope, no replay)."""

    path: Path
    game: str
    title: str
    players: str
    turn: int
    actions: int
    summary: str
    over: bool
    updated: datetime  # local time, for display
    error: str | None = None  # the SaveError sentence when the file cannot be read


def read_save(path: Path | str) -> SaveFile:
    """The envelope of `path`, decoded and version-checked, without replaying the journal."""
    path = Path(path)
    return _decode_envelope(path, _read_bytes(path))


def load_save(path: Path | str, *, engine: Engine | None = None) -> Loaded:
    """Read, replay and digest-check a save. `engine` overrides the registry lookup."""
    path = Path(path)
    save = read_save(path)
    return Loaded(match=_replay(path, save, engine), path=path, save=save)


def load(path: Path | str, *, engine: Engine | None = None) -> Match:
    return load_save(path, engine=engine).match


def verify(path: Path | str, *, engine: Engine | None = None) -> VerifyResult:
    """Every check `load` makes, as a result instead of an exception."""
    path = Path(path)
    try:
        loaded = load_save(path, engine=engine)
    except SaveError as error:
        return VerifyResult(ok=False, path=path, message=str(error))
    save = loaded.save
    title = loaded.match.engine.info.title
    players = len(save.seats)
    message = (
        f"OK: {path.name} is {title} for {players} player{'s' if players != 1 else ''}, "
        f"turn {save.turn}, {len(save.journal)} actions, and its replay matches the saved digest."
    )
    return VerifyResult(ok=True, path=path, message=message, save=save)


def list_saves(directory: Path | str | None = None) -> list[SaveInfo]:
    """Saves in the folder, newest first; unreadable files are listed with their error."""
    folder = save_dir(directory)
    try:
        candidates = sorted(
            p for p in folder.iterdir()
            if p.suffix == ".json" and not p.name.endswith(PREV_SUFFIX) and not p.name.startswith(".")
        )
    except OSError:
        return []
    infos = [_info(path) for path in candidates]
    infos.sort(key=lambda info: info.updated, reverse=True)
    return infos


def latest(directory: Path | str | None = None) -> SaveInfo | None:
    """The save Continue opens: the most recently updated readable game not yet over."""
    for info in list_saves(directory):
        if info.error is None and not info.over:
            return info
    return None


# -- internals -----------------------------------------------------------------------------
def _read_bytes(path: Path) -> bytes:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(path, "does not exist") from None
    except IsADirectoryError:
        raise SaveError(path, "is a folder, not a save file") from None
    except PermissionError:
        raise SaveError(path, "cannot be read (permission denied)") from None
    except OSError as error:
        raise SaveError(path, f"cannot be read ({error.strerror or error})") from None
    if not data.strip():
        raise SaveError(path, "is empty")
    return data


_BYTE = re.compile(r"\(byte (\d+)\)")


def _decode_envelope(path: Path, data: bytes) -> SaveFile:
    try:
        save = msgspec.json.decode(data, type=SaveFile)
    except msgspec.ValidationError as error:
        _check_version(path, data)
        raise SaveError(path, f"is not a Campfire save file ({_lower_first(str(error))})") from None
    except msgspec.DecodeError as error:
        raise SaveError(path, _json_problem(str(error), len(data))) from None
    _refuse_version(path, save.format)
    return save


def _check_version(path: Path, data: bytes) -> None:
    """On a shape error, say first if the file comes from another format version: a
    future envelope is expected to look different."""
    try:
        version = msgspec.json.decode(data, type=FormatHeader).format
    except (msgspec.ValidationError, msgspec.DecodeError):
        return  # not an object at all: the caller reports the shape
    if isinstance(version, int) and not isinstance(version, bool):
        _refuse_version(path, version)


def _refuse_version(path: Path, version: int) -> None:
    if version != FORMAT_VERSION:
        raise SaveError(
            path,
            f"uses save format {version}, which this Campfire cannot read (it reads format {FORMAT_VERSION})",
        )


def _json_problem(message: str, size: int) -> str:
    if "truncated" in message:
        return f"is cut short (truncated JSON at byte {size})"
    found = _BYTE.search(message)
    where = f" at byte {found.group(1)}" if found else ""
    detail = message.split(":", 1)[-1].strip()
    detail = _BYTE.sub("", detail).strip() or "malformed"
    return f"is not valid JSON ({detail}{where})"


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _engine_for(path: Path, save: SaveFile, engine: Engine | None) -> Engine:
    if engine is not None:
        if engine.info.id != save.game:
            raise SaveError(path, f"is a save of '{save.game}', not of {engine.info.title}")
        return engine
    try:
        entry = find_game(save.game)
    except BadOptions:
        raise SaveError(path, f"is a save of an unknown game '{save.game}'") from None
    if not entry.ready:
        raise SaveError(path, f"is a save of {entry.title}, which cannot be played yet")
    try:
        return load_engine(entry.id)
    except (ImportError, AttributeError, BadOptions) as error:
        raise SaveError(path, f"is a save of {entry.title}, whose rules cannot be loaded ({error})") from None


def _replay(path: Path, save: SaveFile, engine: Engine | None) -> Match:
    engine = _engine_for(path, save, engine)
    title = engine.info.title
    try:
        options = engine.decode_options(save.options)
    except (msgspec.ValidationError, ValueError, TypeError) as error:
        raise SaveError(path, f"has options {title} does not accept ({_lower_first(_sentence(error))})") from None
    try:
        match = Match.replay(engine, options, save.seats, save.seed, save.journal)
    except BadOptions as error:
        raise SaveError(path, f"cannot be set up ({_lower_first(_sentence(error))})") from None
    except IllegalAction as error:
        raise SaveError(path, f"has an illegal action in its journal: {_lower_first(_sentence(error))}") from None
    except Exception as error:  # an engine choking on hand-made input is still a bad file
        raise SaveError(
            path, f"cannot be replayed ({type(error).__name__}: {_sentence(error) or 'no detail'})"
        ) from None
    if match.digest() != save.digest:
        raise SaveError(
            path,
            "does not match its recorded final state (digest mismatch): it was edited, "
            "or written by a different version of the rules",
        )
    return match


def _sentence(error: BaseException) -> str:
    """An error's text squeezed into a clause: one line, no final full stop."""
    text = getattr(error, "reason", None) or str(error)
    return " ".join(text.split()).rstrip(".")


def _info(path: Path) -> SaveInfo:
    try:
        mtime = datetime.fromtimestamp(path.stat().st_mtime).astimezone()
    except OSError:
        mtime = datetime.fromtimestamp(0).astimezone()
    try:
        save = read_save(path)
    except SaveError as error:
        return SaveInfo(
            path=path, game="?", title="?", players="", turn=0, actions=0, summary="",
            over=False, updated=mtime, error=str(error),
        )
    try:
        title = find_game(save.game).title
    except BadOptions:
        title = save.game
    return SaveInfo(
        path=path,
        game=save.game,
        title=title,
        players=", ".join(seat.name for seat in save.seats),
        turn=save.turn,
        actions=len(save.journal),
        summary=save.summary,
        over=save.over,
        updated=_parse_time(save.updated) or mtime,
    )


def _parse_time(text: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone()


__all__ = [
    "Autosaver",
    "Loaded",
    "SAVE_DIR_ENV",
    "SaveError",
    "SaveInfo",
    "VerifyResult",
    "autosave_path",
    "latest",
    "list_saves",
    "load",
    "load_save",
    "locate",
    "prev_path",
    "read_save",
    "save_dir",
    "verify",
    "write_match",
]
