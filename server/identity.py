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
#: Letters that draw nothing (Hangul fillers, the half-width filler): a name made of them,
#: or padded with them, would pass for another or for none.
INVISIBLE_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")
#: Letters of other scripts, and digits, that pass for Latin letters on most terminals' fonts
#: (after NFKC and case folding): two names the same under this folding are one name.
LOOKALIKES = str.maketrans(
    {
        "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "l", "ј": "j",
        "ѕ": "s", "ԁ": "d", "һ": "h", "ԛ": "q", "ԝ": "w", "ӏ": "l", "к": "k", "м": "m", "т": "t",
        "в": "b", "н": "h", "α": "a", "ο": "o", "ρ": "p", "ν": "v", "ι": "l", "κ": "k", "τ": "t",
        "υ": "u", "ε": "e", "χ": "x", "0": "o", "1": "l", "i": "l", "|": "l", "ɑ": "a", "ɡ": "g",
    }
)  # fmt: skip


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
    # NFKC: full-width, circled and styled letters become the plain ones they imitate.
    for char in unicodedata.normalize("NFKC", username):
        category = unicodedata.category(char)
        if (category[0] in "LN" or char in " -_.'") and char not in INVISIBLE_LETTERS:
            kept.append(char)
    name = " ".join("".join(kept).split())[:PLAYER_NAME_LIMIT].strip()
    return name or GUEST_NAME


def name_key(name: str) -> str:
    """What makes two names one on this server: case, look-alike letters of other scripts,
    separators and spaces do not count ("Alice", "ALICE", "аlice" in Cyrillic, "al1ce")."""
    folded = unicodedata.normalize("NFKC", name).casefold().translate(LOOKALIKES)
    return "".join(char for char in folded if char.isalnum()).replace("rn", "m")


def key_mark(fingerprint: str | None) -> str:
    """A short mark of the key beside a player's name at tables: the same key always shows
    the same mark, so nobody can pass for a player whose mark the others know."""
    return "guest" if fingerprint is None else folder_name(fingerprint)[:4]


def table_name(identity: Identity) -> str:
    """How a player is named at remote tables: their name and their key's mark."""
    return f"{identity.name} ({key_mark(identity.fingerprint)})"


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
