"""One writer per save: an advisory lock beside each save file that is being played.

The lock is `flock` on `.NAME.lock`, held for as long as the session runs; the kernel
drops it when the process dies, so a killed or disconnected session never leaves a stale
lock behind. Taking over a save another session still holds (an old SSH session left in
tmux) replaces the lock file with a new one; the old session notices before its next
write, because its descriptor no longer names the file at that path, and stops saving
instead of overwriting the newer game.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - platforms without flock get no locking
    fcntl = None  # type: ignore[assignment]


def lock_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


class SaveLock:
    """The held lock of one save file; `still_held()` is checked before every write."""

    #: Locks this process holds, by lock file, so reopening a game we left keeps our lock.
    _held: dict[Path, SaveLock] = {}

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd = fd
        self._released = False
        # Which file we locked; the path is compared with it before every write.
        self._identity = _identity(os.fstat(fd)) if fd is not None else None

    @classmethod
    def acquire(cls, save: Path, *, take_over: bool = False) -> SaveLock | None:
        """The lock of `save`, or None when another process holds it (and `take_over` is
        false). OSError when the lock file cannot be made (a read-only folder)."""
        path = lock_path(save).absolute()
        mine = cls._held.get(path)
        if mine is not None and mine.still_held():
            return mine
        if fcntl is None:
            return cls(path, None)
        if take_over:
            path.unlink(missing_ok=True)
        fd = _open_lock_file(path)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        except OSError:
            os.close(fd)
            raise
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass  # the pid is a courtesy for people looking at the folder
        lock = cls(path, fd)
        cls._held[path] = lock
        return lock

    def still_held(self) -> bool:
        """False once released, or once another session took this save over (or the lock
        file vanished)."""
        if self._released:
            return False
        if self._fd is None:
            return True
        try:
            return _identity(os.stat(self.path)) == self._identity
        except OSError:
            return False

    def release(self) -> None:
        # The lock file stays: unlinking it could split one lock into two inodes for a
        # session opening it at this very moment.
        self._released = True
        if self._fd is None:
            return
        os.close(self._fd)
        self._fd = None
        if SaveLock._held.get(self.path) is self:
            del SaveLock._held[self.path]


_LOCK_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)


def _open_lock_file(path: Path) -> int:
    """The lock file, opened for writing only when it is our kind of file: a plain file
    with one name. A link planted in its place (to another file, a FIFO, a device) would
    have that file truncated when the lock writes its pid, so it is removed, never
    followed, and a fresh lock file made."""
    for _ in range(3):
        try:
            fd = os.open(path, _LOCK_FLAGS | os.O_NONBLOCK, 0o600)
        except OSError as error:
            if error.errno != errno.ELOOP:  # ELOOP: a symbolic link, with O_NOFOLLOW
                raise
            path.unlink(missing_ok=True)
            continue
        facts = os.fstat(fd)
        if stat.S_ISREG(facts.st_mode) and facts.st_nlink == 1:
            os.set_blocking(fd, True)
            return fd
        os.close(fd)
        path.unlink(missing_ok=True)  # a hard link to someone's file, or not a file
    raise OSError(errno.EEXIST, f"{path.name} keeps being replaced by something that is not a lock file")


def _identity(facts: os.stat_result) -> tuple[int, int]:
    return facts.st_ino, facts.st_dev


def held_here(save: Path) -> bool:
    """True when this process holds the lock of `save`."""
    return lock_path(save).absolute() in SaveLock._held


def is_locked(save: Path) -> bool:
    """True when another process is playing `save` now (never blocks, never creates)."""
    path = lock_path(save).absolute()
    if fcntl is None or path in SaveLock._held:
        return False
    try:  # a save whose name is near the file system's limit cannot have a lock file beside it
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)
    return False
