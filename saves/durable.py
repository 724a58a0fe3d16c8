"""The autosave hot path: one fsync per action, and no file freed while the player waits.

Each save after the first is written into a spare file this session keeps, synced, then
put in place by two atomic swaps (Linux `renameat2(RENAME_EXCHANGE)`): the spare with NAME,
then what was NAME with NAME.prev.json. The old previous copy becomes a spare in turn. Every
name a reader sees is a whole, synced save at every moment: before the first swap NAME and
.prev are the last two saves; between the swaps NAME is the new one and .prev two back;
after, NAME is the new one and .prev the one before.

Why swaps instead of a link and renames over the old files: a rename over a file frees the
file it replaces, and on ext4 mounted with `discard` (this machine's disk) freeing blocks
right after an fsync waits for the journal commit's discards, as long again as the fsync.
A spare is overwritten in place, so nothing is allocated or freed either.

Two spares, used in turn, because a swap is only on disk once the next fsync commits the
journal: the spare written now left NAME or .prev two saves ago, and the fsync of the save
in between committed that. Overwriting the one that left a moment ago could, on power loss,
tear a file the disk still calls NAME.prev.json.

Where the swap is missing (another system, an old C library, a file system refusing it)
the writer takes the long way: a hard link keeps NAME as .prev, then the new file is renamed
over NAME; that frees a file per save but keeps every guarantee above.
"""

from __future__ import annotations

import errno
import itertools
import os
import shutil
import stat
import sys
import weakref
from collections.abc import Callable
from pathlib import Path

#: Errors meaning "this system or file system cannot swap names", not "this swap failed".
_NO_EXCHANGE = frozenset({errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EXDEV})
_WRITE_FLAGS = os.O_WRONLY | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
_OWNER = os.geteuid() if hasattr(os, "geteuid") else None  # who owns the files this process makes

_renameat2: Callable[[bytes, bytes], None] | None = None
#: Numbers the writers of this process, so two sessions of one save never share a spare.
_writer_numbers = itertools.count(1)


def exchange(first: bytes, second: bytes) -> None:
    """Swap two existing names atomically; OSError(ENOSYS) where the system cannot."""
    _swapper()(first, second)


def _swapper() -> Callable[[bytes, bytes], None]:
    global _renameat2
    if _renameat2 is None:
        _renameat2 = _load_renameat2()
    return _renameat2


def _load_renameat2() -> Callable[[bytes, bytes], None]:
    def unsupported(first: bytes, second: bytes) -> None:
        raise OSError(errno.ENOSYS, os.strerror(errno.ENOSYS), first, None, second)

    if not sys.platform.startswith("linux"):
        return unsupported
    try:
        import ctypes  # here: only a session that autosaves needs it

        call = ctypes.CDLL(None, use_errno=True).renameat2  # glibc 2.28+, musl 1.1.24+
    except (ImportError, OSError, AttributeError):  # ImportError: a Python built without libffi
        return unsupported
    call.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint)
    call.restype = ctypes.c_int
    at_cwd, rename_exchange = -100, 2  # AT_FDCWD, RENAME_EXCHANGE from <fcntl.h>, <stdio.h>

    def swap(first: bytes, second: bytes) -> None:
        if call(at_cwd, first, at_cwd, second, rename_exchange) != 0:
            code = ctypes.get_errno()
            raise OSError(code, os.strerror(code), first, None, second)

    return swap


def link(source: Path | str, target: Path | str) -> None:
    try:
        os.link(source, target)
    except FileExistsError:  # left by a writer killed at this very step
        os.unlink(target)
        os.link(source, target)


class HotWriter:
    """Writes one save again and again (see the module docstring); `path` must already be a
    good save this session wrote, and `prev` its NAME.prev.json."""

    def __init__(self, path: Path, prev: Path) -> None:
        pid = os.getpid()
        writer = f"{pid}-{next(_writer_numbers)}"
        self._path, self._prev = str(path), str(prev)
        self._prev_tmp = str(prev.with_name(f".{prev.name}.{pid}.tmp"))
        self.spares = tuple(str(path.with_name(f".{path.name}.{writer}.{n}.tmp")) for n in (0, 1))
        # Spares go with the writer, or at the latest when Python exits; a killed process
        # leaves them to the sweep of stale temp files.
        self.discard_spares = weakref.finalize(self, _unlink_all, self.spares)
        self._encoded = {name: os.fsencode(name) for name in (self._path, self._prev, *self.spares)}
        self._next = 0
        self._swaps = True
        _swapper()  # looked up now, not during the first action's save

    def write(self, data: bytes) -> None:
        spare = self.spares[self._next]
        try:
            _write_synced(spare, data)
            if not (self._swaps and self._swapped_in(spare)):
                self._long_way(spare)
        except OSError:
            try:
                os.unlink(spare)
            except OSError:
                pass
            raise

    def _swapped_in(self, spare: str) -> bool:
        """Put `spare` in place by two swaps; False when this file system cannot swap."""
        names = self._encoded
        try:
            exchange(names[spare], names[self._path])
        except FileNotFoundError:
            os.replace(spare, self._path)  # NAME vanished under us: nothing to keep as .prev
            return True
        except OSError as error:
            if error.errno not in _NO_EXCHANGE:
                raise
            self._swaps = False
            return False
        # From here `spare` holds the save before, which the disk calls NAME until the next
        # fsync commits the swap: the next save must write the other spare.
        self._next ^= 1
        try:
            exchange(names[spare], names[self._prev])
        except FileNotFoundError:  # the first save after a new game's first: no .prev yet
            os.replace(spare, self._prev)
        return True

    def _long_way(self, spare: str) -> None:
        try:
            link(self._path, self._prev_tmp)
        except FileNotFoundError:
            pass  # the file vanished under us: the new one still lands below
        except OSError:  # a file system without hard links
            shutil.copy2(self._path, self._prev_tmp)
            os.replace(self._prev_tmp, self._prev)
        else:
            os.replace(self._prev_tmp, self._prev)
        os.replace(spare, self._path)


def _unlink_all(paths: tuple[str, ...]) -> None:
    for path in paths:
        try:
            os.unlink(path)
        except OSError:
            pass


def _write_synced(spare: str, data: bytes) -> None:
    """Overwrite `spare` in place with `data` and fsync it."""
    fd, size = _open_spare(spare)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        if size > len(data):
            os.ftruncate(fd, len(data))
        os.fsync(fd)
    finally:
        os.close(fd)


def _open_spare(spare: str) -> tuple[int, int]:
    """A descriptor on `spare` and the size it had. A spare that is not a plain file of ours
    alone (a link, a file with another name too, readable by others) is made anew: writing it
    in place would change what another name shows, or keep its loose permissions."""
    try:
        fd = os.open(spare, _WRITE_FLAGS, 0o600)
    except OSError as error:
        if error.errno != errno.ELOOP:  # ELOOP: a symbolic link sits where the spare goes
            raise
    else:
        try:
            facts = os.fstat(fd)
        except BaseException:
            os.close(fd)
            raise
        if _ours_alone(facts):
            return fd, facts.st_size
        os.close(fd)
    os.unlink(spare)
    return os.open(spare, _WRITE_FLAGS | os.O_EXCL, 0o600), 0


def _ours_alone(facts: os.stat_result) -> bool:
    owner = _OWNER if _OWNER is not None else facts.st_uid
    return stat.S_ISREG(facts.st_mode) and facts.st_nlink == 1 and not facts.st_mode & 0o077 and facts.st_uid == owner
