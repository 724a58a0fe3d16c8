"""What a file, a name or a typed text may hold, checked before anything trusts it.

Hostile input (a 1000-deep JSON nesting, a 50 MB action, a FIFO named like a save, a name
full of terminal escapes) must end in one sentence, never a hang, a RecursionError or a
screen full of garbage. Everything here is cheap and runs before decoding.
"""

from __future__ import annotations

import functools
import os
import re
import stat
from itertools import accumulate
from pathlib import Path

#: A save file is a few hundred KB at most; anything this big was not written by Campfire.
MAX_SAVE_BYTES = 4 * 1024 * 1024
#: settings.json holds a handful of keys.
MAX_SETTINGS_BYTES = 64 * 1024
#: Saves nest about five levels deep (envelope, options, a list, a value); settings three.
MAX_JSON_DEPTH = 32
MAX_SEAT_NAME = 40
#: The longest legal action text of any game is far below this (a typed guess included).
MAX_ACTION_TEXT = 400
#: How much of a quoted piece of content a message or a CLI line may show.
QUOTE_CHARS = 80


@functools.cache
def _control() -> re.Pattern[str]:
    """Control, surrogate and direction characters; compiled on first use (0.6 ms, which
    the launcher's first frame, importing this module for its settings, does not need)."""
    return re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")


_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


class TooLarge(Exception):
    """Raised by `read_regular_file` when a file is over its size limit."""


class NotRegular(Exception):
    """Raised by `read_regular_file` for a FIFO, a device, a socket or a folder."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


def has_control(text: str) -> bool:
    """True when `text` holds a character a terminal would act on rather than print."""
    return _control().search(text) is not None


def printable(text: str) -> str:
    """`text` with every control character shown as a visible escape (`\\x1b`), on one line."""
    return _control().sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def quote(text: str, limit: int = QUOTE_CHARS) -> str:
    """`text` made printable and cut to about `limit` characters, for messages."""
    shown = printable(text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def clean_name(text: str) -> str:
    """A seat name as typed, made safe: control characters become '?', spaces squeezed."""
    return _control().sub("?", " ".join(text.split()))


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a seat name, or None."""
    if not name.strip():
        return "a seat name cannot be empty"
    if has_control(name):
        return f"the seat name '{quote(name)}' holds control characters"
    if len(name) > MAX_SEAT_NAME:
        return f"the seat name '{quote(name, 24)}' is longer than {MAX_SEAT_NAME} characters"
    return None


def json_depth(data: bytes) -> int:
    """How deeply the arrays and objects of a JSON text nest, without decoding it.

    Strings are removed first (a bracket inside a name is not nesting), then only the
    brackets are kept: a save has a few thousand, so the scan stays cheap.
    """
    brackets = _JSON_STRING.sub(b"", data).translate(None, _NOT_BRACKETS)
    if not brackets:
        return 0
    steps = (1 if b in b"[{" else -1 for b in brackets)
    return max(accumulate(steps))


def read_regular_file(path: Path, limit: int) -> bytes:
    """The bytes of `path` if it is a regular file of at most `limit` bytes.

    Opened without blocking, so a FIFO never waits for a writer, and checked with fstat on
    the open descriptor, so a link to /dev/zero is seen for what it is; the read itself is
    bounded too, in case the file grows meanwhile. OSError passes through.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegular(_kind(info.st_mode))
        if info.st_size > limit:
            raise TooLarge(info.st_size)
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > limit:
            raise TooLarge(len(data))
        return data
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def size_text(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB" if size >= 1024 * 1024 else f"{size // 1024} KB"


#: Seeds are saved as JSON integers, which Campfire keeps within 64 bits.
MAX_SEED = 2**63 - 1


def seed_problem(seed: int) -> str | None:
    if not 0 <= seed <= MAX_SEED:
        return f"a seed is a whole number from 0 to {MAX_SEED}"
    return None
