"""Structured log lines (one JSON object per line) in the data root.

Only facts about sessions: addresses, fingerprints, sizes, exit codes, refusals. Never a
key, a password, the bytes of a session or anything the client typed apart from the
sanitised player name.

The log rotates by size: past `max_bytes` it becomes gateway.log.1 (the older ones move
up to .2, .3, ...) and at most `keep` old files stay, so a public server's log cannot fill
the disk.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any, TextIO

LOG_NAME = "gateway.log"
LOG_MAX_BYTES = 10 * 1024 * 1024
LOG_KEEP = 5


class EventLog:
    def __init__(self, path: Path, max_bytes: int = LOG_MAX_BYTES, keep: int = LOG_KEEP) -> None:
        self.path = path
        self.max_bytes = max_bytes
        self.keep = keep
        self._file = self._open()
        self._size = self._file.tell()

    def _open(self) -> TextIO:
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        file = os.fdopen(fd, "a", encoding="utf-8", buffering=1)
        file.seek(0, os.SEEK_END)
        return file

    def write(self, event: str, **fields: Any) -> None:
        record = {"time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "event": event}
        record.update(fields)
        line = json.dumps(record, ensure_ascii=True, default=str) + "\n"  # ASCII: chars are bytes
        if self._size and self._size + len(line) > self.max_bytes:
            self._rotate()
        self._file.write(line)
        self._size += len(line)

    def _rotate(self) -> None:
        self._file.close()
        oldest = self.path.with_name(f"{self.path.name}.{self.keep}")
        oldest.unlink(missing_ok=True)
        for number in range(self.keep - 1, 0, -1):
            older = self.path.with_name(f"{self.path.name}.{number}")
            if older.exists():
                older.rename(self.path.with_name(f"{self.path.name}.{number + 1}"))
        if self.keep > 0:
            self.path.rename(self.path.with_name(f"{self.path.name}.1"))
        else:
            self.path.unlink(missing_ok=True)
        self._file = self._open()
        self._size = 0

    def close(self) -> None:
        self._file.close()
