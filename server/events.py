"""Structured log lines (one JSON object per line) in the data root.

Only facts about sessions: addresses, fingerprints, sizes, exit codes, refusals. Never a
key, a password, the bytes of a session or anything the client typed apart from the
sanitised player name.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any, TextIO

LOG_NAME = "gateway.log"


class EventLog:
    def __init__(self, path: Path) -> None:
        self.path = path
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        self._file: TextIO = os.fdopen(fd, "a", encoding="utf-8", buffering=1)

    def write(self, event: str, **fields: Any) -> None:
        record = {"time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "event": event}
        record.update(fields)
        self._file.write(json.dumps(record, ensure_ascii=True, default=str) + "\n")

    def close(self) -> None:
        self._file.close()
