"""Save files on disk: atomic writes, autosave, load with replay, verify, list, locate.

Every way a file can be bad ends in one `SaveError` sentence; reading never writes, and
writing goes through a temp file + fsync + rename (autosaves after the first: a swap, see
saves/durable.py) so a killed process leaves either the old file or the new one, plus
`NAME.prev.json`, the previous good copy.
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
from engines.core.match import Match, SeatSpec
from engines.core.protocol import Engine, Event
from engines.registry import find_game, load_engine
from saves.durable import HotWriter, link
from saves.errors import SaveError
from saves.format import (
    FORMAT_VERSION,
    FormatHeader,
    JournalEncoder,
    SaveFile,
    StateFacts,
    encode,
    envelope,
    now_iso,
    state_facts,
)
from saves.limits import (
    MAX_ACTION_TEXT,
    MAX_JSON_DEPTH,
    MAX_SAVE_BYTES,
    MAX_SEAT_NAME,
    NotRegular,
    TooLarge,
    clean_name,
    json_depth,
    name_problem,
    printable,
    quote,
    read_regular_file,
    size_text,
)
from saves.lock import SaveLock, held_here, is_locked, lock_path

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
    """A fresh file for a new session, named by game and local start time, never an
    existing one. Not by seed: a seed rebuilds every hidden card of the game."""
    folder = save_dir(directory)
    stamp = (started or datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = f"{match.game_id}-{stamp}"
    path = folder / f"{base}.json"
    number = 2
    # A lock file marks a name another session took, perhaps a moment before writing it.
    while path.exists() or path.is_symlink() or lock_path(path).exists():
        path = folder / f"{base}-{number}.json"
        number += 1
    return path


# -- writing -------------------------------------------------------------------------------
def write_match(match: Match, path: Path | str, *, created: str | None = None) -> SaveFile:
    """Save `match` to `path` atomically, keeping the file it replaces as `NAME.prev.json`."""
    save = envelope(match, created=created)
    _atomic_write(Path(path), encode(save))
    return save


def _atomic_write(path: Path, data: bytes) -> None:
    """The careful write, for a file this session has not written yet: temp file, fsync,
    keep the file it replaces (if that is a good save), rename, and sync the folder, whose
    entry may be new. Later autosaves take `Autosaver._write_again`."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            _keep_previous(path)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        _fsync_dir(path.parent)
    except OSError as error:
        raise SaveError(path, f"could not be written ({error.strerror or error})") from None


def _keep_previous(path: Path) -> None:
    """Link the current file as NAME.prev.json, unless it is not a save (a corrupt file
    must never push out the last good copy)."""
    if not path.is_file():
        return
    try:
        _decode_envelope(path, _read_bytes(path))
    except (SaveError, OSError):
        return
    prev = prev_path(path)
    # A hard link costs nothing and is atomic with the rename; copy where links are refused.
    tmp = prev.with_name(f".{prev.name}.{os.getpid()}.tmp")
    try:
        link(path, tmp)
    except FileNotFoundError:
        return
    except OSError:
        shutil.copy2(path, tmp)
    os.replace(tmp, prev)


#: A temp file this old was left by a killed writer, not one still writing.
STALE_TEMP_SECONDS = 60


def _sweep_temp_files(path: Path) -> None:
    """Remove temp files a killed process left beside `path` (they are never saves)."""
    _sweep(path.parent, (f".{path.name}.*.tmp", f".{prev_path(path).name}.*.tmp"))


def sweep_temp_files(directory: Path | str | None = None) -> int:
    """At start: remove every stale temp file killed writers left in the save folder, and
    the lock files of saves that are gone (unless someone holds one this very moment)."""
    folder = save_dir(directory)
    removed = _sweep(folder, (".*.json.*.tmp",))
    try:
        locks = list(folder.glob(".*.json.lock"))
    except OSError:
        return removed
    for lock in locks:
        save = lock.with_name(lock.name[1:].removesuffix(".lock"))
        try:
            if not save.exists() and not save.is_symlink() and not held_here(save) and not is_locked(save):
                lock.unlink()
                removed += 1
        except OSError:
            pass
    return removed


def _sweep(folder: Path, patterns: tuple[str, ...]) -> int:
    cutoff = time.time() - STALE_TEMP_SECONDS
    removed = 0
    for pattern in patterns:
        try:
            leftovers = list(folder.glob(pattern))
        except OSError:
            return removed
        for leftover in leftovers:
            try:
                if leftover.is_file() and not leftover.is_symlink() and leftover.stat().st_mtime < cutoff:
                    leftover.unlink()
                    removed += 1
            except OSError:
                pass
    return removed


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


class SaveInUse(SaveError):
    """Another Campfire session is playing this save now."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, "is being played in another Campfire session")


def writable_problem(path: Path) -> str | None:
    """Why autosaving into an existing `path` would silently change something it should
    not: a link would be replaced by a file, a read-only file rewritten."""
    if path.is_symlink():
        return "is a link to another file, so it opens without autosaving (the link stays as it is)"
    try:
        mode = path.stat().st_mode
    except OSError:
        return None
    # The mode bits too: root may write anything, but a file marked read-only means it.
    if not os.access(path, os.W_OK) or not mode & 0o222:
        return "is read-only, so it opens without autosaving"
    return None


class Autosaver:
    """Applies actions to a match and saves after each one, synchronously, to one file.

    Use its `act`, `act_text`, `undo` and `run_automatic` instead of the match's own so no
    applied action is ever only in memory. A failed write raises SaveError after the action
    was applied (the match stays usable; the next save catches up). The save is locked for
    this session (SaveInUse when another session has it, unless `take_over`); once another
    session takes it over, saving raises SaveError rather than overwrite the newer game.
    """

    def __init__(
        self,
        match: Match,
        path: Path | str,
        *,
        created: str | None = None,
        take_over: bool = False,
        read_only: bool = False,
    ) -> None:
        self.match = match
        self.path = Path(path)
        self.created = created or now_iso()
        self.read_only = read_only
        self._wrote_once = False
        self._writer: HotWriter | None = None
        self._encoder = JournalEncoder()
        self._facts: tuple[Any, StateFacts] | None = None  # (the state they are of, its facts)
        if read_only:
            self._lock = None
            return
        problem = writable_problem(self.path)
        if problem:
            raise SaveError(self.path, problem)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            lock = SaveLock.acquire(self.path, take_over=take_over)
        except OSError as error:
            raise SaveError(self.path, f"could not be written ({error.strerror or error})") from None
        if lock is None:
            raise SaveInUse(self.path)
        self._lock = lock
        _sweep_temp_files(self.path)
        self._writer = HotWriter(self.path, prev_path(self.path))
        self.save()

    @classmethod
    def start(cls, match: Match, directory: Path | str | None = None) -> Autosaver:
        """Autosave a new session to its own fresh file in the save folder."""
        started = datetime.now()
        for _ in range(100):
            try:
                return cls(match, autosave_path(match, directory, started))
            except SaveInUse:
                # Another session started the same game in the same second and took this
                # name between our look and our lock: the next name is free of it.
                continue
        raise SaveError(save_dir(directory), "has no free name for a new save")

    @classmethod
    def resume(cls, loaded: Loaded, *, take_over: bool = False) -> Autosaver:
        """Keep saving a loaded session into the file it came from."""
        return cls(loaded.match, loaded.path, created=loaded.save.created, take_over=take_over)

    @classmethod
    def viewer(cls, loaded: Loaded) -> Autosaver:
        """Look at a save another session is playing: nothing is ever written, and every
        attempt to save says so (a move made here is never silently lost)."""
        return cls(loaded.match, loaded.path, created=loaded.save.created, read_only=True)

    def save(self) -> SaveFile:
        if self._lock is None:
            raise SaveError(
                self.path, "is open read-only while another Campfire session plays it, so nothing done here is saved"
            )
        if not self._lock.still_held():
            raise SaveError(
                self.path, "was taken over by another Campfire session, so this game is no longer saved here"
            )
        save = envelope(self.match, created=self.created, facts=self._state_facts())
        if self._wrote_once:
            self._write_again(self._encoder.encode(save))
        else:
            # After the first write the file on disk is known good and its name exists.
            _atomic_write(self.path, encode(save))
            self._wrote_once = True
        return save

    def _state_facts(self) -> StateFacts:
        """The digest and listing fields, worked out again only when the state changed
        (states are never edited in place: each action makes a new one)."""
        state = self.match.state
        if self._facts is None or self._facts[0] is not state:
            self._facts = (state, state_facts(self.match))
        return self._facts[1]

    def _write_again(self, data: bytes) -> None:
        """The hot path, once per action: one fsync, the previous file kept as
        NAME.prev.json (saves/durable.py)."""
        assert self._writer is not None  # made with the lock: a read-only viewer never writes
        try:
            self._writer.write(data)
        except OSError as error:
            raise SaveError(self.path, f"could not be written ({error.strerror or error})") from None

    def close(self) -> None:
        """Let another session open this save without taking it over (and drop this
        session's spare files)."""
        if self._writer is not None:
            self._writer.discard_spares()
        if self._lock is not None:
            self._lock.release()

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


def read_save(path: Path | str) -> SaveFile:
    """The envelope of `path`, decoded and version-checked, without replaying the journal."""
    path = Path(path)
    return _decode_envelope(path, _read_bytes(path))


def load_save(path: Path | str, *, engine: Engine[Any, Any] | None = None) -> Loaded:
    """Read, replay and digest-check a save. `engine` overrides the registry lookup."""
    path = Path(path)
    save = read_save(path)
    return Loaded(match=_replay(path, save, engine), path=path, save=save)


def load(path: Path | str, *, engine: Engine[Any, Any] | None = None) -> Match:
    return load_save(path, engine=engine).match


def verify(path: Path | str, *, engine: Engine[Any, Any] | None = None) -> VerifyResult:
    """Every check `load` makes, as a result instead of an exception."""
    path = Path(path)
    try:
        loaded = load_save(path, engine=engine)
    except SaveError as error:
        return VerifyResult(ok=False, path=path, message=str(error))
    save = loaded.save
    match = loaded.match
    title = match.engine.info.title
    players = len(match.seats)
    turn = match.engine.summary(match.state, None).turn  # the replay's, not the file's word
    message = (
        f"OK: {printable(path.name)} is {title} for {players} player{'s' if players != 1 else ''}, "
        f"turn {turn}, {len(match.journal)} actions, and its replay matches the saved digest."
    )
    return VerifyResult(ok=True, path=path, message=message, save=save)


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


# -- internals -----------------------------------------------------------------------------
def _read_bytes(path: Path) -> bytes:
    try:
        data = read_regular_file(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveError(path, "does not exist") from None
    except IsADirectoryError:
        raise SaveError(path, "is a folder, not a save file") from None
    except PermissionError:
        raise SaveError(path, "cannot be read (permission denied)") from None
    except NotRegular as error:
        raise SaveError(path, f"is {error.kind}, not a save file") from None
    except TooLarge as error:
        raise SaveError(
            path, f"is too large for a save file ({size_text(error.args[0])}, the limit is {size_text(MAX_SAVE_BYTES)})"
        ) from None
    except OSError as error:
        raise SaveError(path, f"cannot be read ({error.strerror or error})") from None
    if not data.strip():
        raise SaveError(path, "is empty")
    return data


_BYTE = re.compile(r"\(byte (\d+)\)")


def _decode_envelope(path: Path, data: bytes) -> SaveFile:
    depth = json_depth(data)
    if depth > MAX_JSON_DEPTH:
        raise SaveError(path, f"nests {depth} levels deep, deeper than any save file ({MAX_JSON_DEPTH})")
    try:
        save = msgspec.json.decode(data, type=SaveFile)
    except msgspec.ValidationError as error:
        _check_version(path, data)
        raise SaveError(path, f"is not a Campfire save file ({_lower_first(str(error))})") from None
    except msgspec.DecodeError as error:
        raise SaveError(path, _json_problem(str(error), len(data))) from None
    _refuse_version(path, save.format)
    _check_contents(path, save)
    return save


def _check_contents(path: Path, save: SaveFile) -> None:
    """Limits no save written by Campfire comes near: action texts of sane length; names
    a player can read on one line. Names are made fit rather than refused (control
    characters become '?', the rest is cut at the limit): saves from before the limit
    existed keep loading, and the rules never depend on a name."""
    save.seats = [_fit_seat(number, seat) for number, seat in enumerate(save.seats, start=1)]
    for number, entry in enumerate(save.journal, start=1):
        if len(entry.action) > MAX_ACTION_TEXT:
            raise SaveError(
                path, f"has action {number} ('{quote(entry.action, 40)}') longer than {MAX_ACTION_TEXT} characters"
            )


def _fit_seat(number: int, seat: SeatSpec) -> SeatSpec:
    if name_problem(seat.name) is None:
        return seat
    name = clean_name(seat.name)[:MAX_SEAT_NAME].strip() or f"Player {number}"
    return msgspec.structs.replace(seat, name=name)


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


def _engine_for(path: Path, save: SaveFile, engine: Engine[Any, Any] | None) -> Engine[Any, Any]:
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


def _replay(path: Path, save: SaveFile, engine: Engine[Any, Any] | None) -> Match:
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


__all__ = [
    "Autosaver",
    "Loaded",
    "SAVE_DIR_ENV",
    "SaveError",
    "SaveInUse",
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
    "shown_seed",
    "sweep_temp_files",
    "verify",
    "write_match",
]
