"""The careful first write of a save file (temp file, fsync, rename, the previous good copy
kept as NAME.prev.json), and the sweep of what killed writers leave in the save folder.

Later autosaves of a session take the faster swap in saves/durable.py.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

from saves.decode import _decode_envelope, _read_bytes
from saves.durable import link
from saves.errors import SaveError
from saves.lock import held_here, is_locked
from saves.paths import prev_path, save_dir


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
