"""Who is playing: a public-key fingerprint names a player's folders; guests get a folder
that lives as long as their session.

Folders are named by a hash of the fingerprint, never by anything the client typed, so a
username cannot steer a path and the folder name does not reveal the key.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
import unicodedata
from dataclasses import dataclass
from pathlib import Path

PLAYER_NAME_LIMIT = 20
GUEST_NAME = "Guest"


@dataclass(frozen=True)
class Identity:
    """`fingerprint` is None for a guest."""

    fingerprint: str | None
    name: str

    @property
    def is_guest(self) -> bool:
        return self.fingerprint is None


@dataclass(frozen=True)
class PlayerFolders:
    home: Path
    saves: Path
    config: Path
    temporary: bool

    def remove_if_temporary(self) -> None:
        if self.temporary:
            shutil.rmtree(self.home, ignore_errors=True)


def sanitise_name(username: str) -> str:
    """Letters, digits, spaces and a few marks, at most PLAYER_NAME_LIMIT characters; anything
    else (control characters, escapes, markup brackets) is dropped."""
    kept = []
    for char in unicodedata.normalize("NFC", username):
        category = unicodedata.category(char)
        if category[0] in "LN" or char in " -_.'":
            kept.append(char)
    name = " ".join("".join(kept).split())[:PLAYER_NAME_LIMIT].strip()
    return name or GUEST_NAME


def folder_name(fingerprint: str) -> str:
    return hashlib.sha256(fingerprint.encode("utf-8")).hexdigest()[:32]


def player_folders(data_root: Path, identity: Identity) -> PlayerFolders:
    """The identity's own folders, created private (0700); a fresh temporary one for a guest."""
    if identity.fingerprint is None:
        guests = data_root / "guests"
        guests.mkdir(mode=0o700, parents=True, exist_ok=True)
        home = Path(tempfile.mkdtemp(prefix="guest-", dir=guests))
        temporary = True
    else:
        home = data_root / "players" / folder_name(identity.fingerprint)
        temporary = False
    folders = PlayerFolders(home=home, saves=home / "saves", config=home / "config", temporary=temporary)
    for folder in (home, folders.saves, folders.config):
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folders


def remove_stale_guest_folders(data_root: Path) -> None:
    """Guest folders left by a gateway that was killed before it could tidy up."""
    shutil.rmtree(data_root / "guests", ignore_errors=True)
