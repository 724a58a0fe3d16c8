"""When Campfire itself fails: the traceback goes to a crash log, the player gets one line.

A crash must never leave a traceback over the game screen or in an SSH session's scrollback;
the log keeps everything a bug report needs. The game itself is safe either way: every
action was autosaved before the failure.
"""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from datetime import datetime
from pathlib import Path

import platformdirs

#: Overrides the crash log folder.
LOG_DIR_ENV = "CAMPFIRE_LOG_DIR"
#: The exit status of a crash (EX_SOFTWARE): not 1 or 2, which mean a bad file or bad usage.
CRASH_EXIT = 70


def log_dir() -> Path:
    override = os.environ.get(LOG_DIR_ENV)
    return Path(override) if override else platformdirs.user_log_path("campfire")


def write_crash_log(error: BaseException) -> Path | None:
    """Write `error` with its traceback to a new crash log; None if no folder would take it."""
    text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    for folder in (log_dir(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix=f"campfire-crash-{stamp}-", suffix=".log", dir=folder)
            with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as handle:
                handle.write(f"Campfire crashed at {datetime.now().isoformat(timespec='seconds')}\n")
                handle.write(f"argv: {sys.argv!r}\n\n{text}")
            return Path(name)
        except OSError:
            continue
    return None


def crash_line(error: BaseException, log: Path | None) -> str:
    """The one line a player sees: what happened, where the details are, that games are safe."""
    kind = type(error).__name__
    where = f"details in {log}" if log else "no crash log could be written"
    return f"Campfire stopped on an internal error ({kind}); your games are saved; {where}."
