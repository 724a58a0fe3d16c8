"""Which keys may play: those of --allow-keys (when given), minus those banned.

Keys the operator has banned: `bans.txt` in the data root, one SHA-256 fingerprint a line
(a `#` and a note may follow). `campfire admin ban` writes it; the running gateway reads it
again whenever the file changes (a stat per login), so a ban needs no restart and a
hand-edited file works as well.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterable
from pathlib import Path

BANS_NAME = "bans.txt"
#: OpenSSH's form of a key's SHA-256 fingerprint, as `ssh-keygen -l` prints it.
FINGERPRINT = re.compile(r"SHA256:[A-Za-z0-9+/]{43}")
#: A key's mark as players see it beside a name at tables (server.identity.key_mark).
MARK = re.compile(r"[0-9a-f]{4}")


class BanList:
    def __init__(self, data_root: Path) -> None:
        self.path = data_root / BANS_NAME
        self._seen: tuple[int, int] | None = None
        self._banned: dict[str, str] = {}  # fingerprint -> note

    def banned(self) -> dict[str, str]:
        """The banned fingerprints and their notes, read again if the file changed."""
        try:
            stat = self.path.stat()
        except FileNotFoundError:
            self._seen, self._banned = None, {}
            return self._banned
        stamp = (stat.st_mtime_ns, stat.st_size)
        if stamp != self._seen:
            self._banned = _parse(self.path.read_text(encoding="utf-8", errors="replace").splitlines())
            self._seen = stamp
        return self._banned

    def is_banned(self, fingerprint: str) -> bool:
        try:
            return fingerprint in self.banned()
        except OSError:  # an unreadable list bans nobody rather than everybody
            return False

    def add(self, fingerprint: str, note: str) -> bool:
        """False when the key was banned already."""
        banned = dict(self.banned())
        if fingerprint in banned:
            return False
        banned[fingerprint] = note
        self._write(banned)
        return True

    def remove(self, fingerprint: str) -> bool:
        """False when the key was not banned."""
        banned = dict(self.banned())
        if banned.pop(fingerprint, None) is None:
            return False
        self._write(banned)
        return True

    def _write(self, banned: dict[str, str]) -> None:
        lines = ["# Keys banned from this Campfire server (campfire admin ban / unban)."]
        lines += [f"{fingerprint}  # {note}" if note else fingerprint for fingerprint, note in banned.items()]
        fd, temporary = tempfile.mkstemp(prefix=".bans-", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                file.write("\n".join(lines) + "\n")
            os.replace(temporary, self.path)  # the gateway never reads half a list
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        self._seen = None


def _parse(lines: Iterable[str]) -> dict[str, str]:
    banned = {}
    for line in lines:
        key, _, note = line.partition("#")
        key = key.strip()
        if FINGERPRINT.fullmatch(key):
            banned[key] = " ".join(note.split())
    return banned


def read_allowed_fingerprints(path: Path) -> frozenset[str]:
    """SHA-256 fingerprints of the keys in an authorized_keys-style file (one public key a
    line; blank lines and # comments skipped). ValueError names a line that is not a key."""
    import asyncssh  # only a running server needs it; `campfire admin` reads bans without it

    fingerprints = set()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            key = asyncssh.import_public_key(line)
        except (asyncssh.KeyImportError, ValueError):
            raise ValueError(f"Line {number} of {path} is not a public key.") from None
        fingerprints.add(key.get_fingerprint("sha256"))
    return frozenset(fingerprints)
