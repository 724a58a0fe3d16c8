"""One `campfire serve` per data root.

A second server on the same root (even one about to fail because its port is taken) used
to remove the running server's tables socket on its way in and out, so every new session
of the first server was told the tables could not be reached. The lock is an exclusive
`flock` on a file in the root, held for the server's life and released by the kernel
however the process ends (kill -9 included), so a restart never finds a stale lock.
"""

from __future__ import annotations

import errno
import fcntl
import os
from pathlib import Path

LOCK_NAME = "serve.lock"


class RootLock:
    def __init__(self, data_root: Path) -> None:
        self.path = data_root / LOCK_NAME
        self._fd = -1

    def acquire(self) -> None:
        """Raises OSError(EBUSY) naming the root and the running server's pid when held."""
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode("ascii", "replace").strip() or "?"
            os.close(fd)
            raise OSError(
                errno.EBUSY, f"another campfire serve (pid {holder}) is already using {self.path.parent}"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd

    @property
    def held(self) -> bool:
        return self._fd >= 0

    def release(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
