"""Save files on disk, and the one place the rest of Campfire imports them from: a match
written once (`write_match`) or after every action (`Autosaver`), with the store's other
names re-exported from their modules (where: saves/paths.py; the careful write and the sweep:
saves/atomic_write.py; reading: saves/decode.py; load and verify: saves/loading.py; the
listing: saves/listing.py).

Every way a file can be bad ends in one `SaveError` sentence; reading never writes, and
writing goes through a temp file + fsync + rename (autosaves after the first: a swap, see
saves/durable.py) so a killed process leaves either the old file or the new one, plus
`NAME.prev.json`, the previous good copy.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import Any

from engines.core.match import Match
from engines.core.protocol import Event
from saves.atomic_write import _atomic_write, _sweep_temp_files, sweep_temp_files
from saves.durable import HotWriter
from saves.errors import SaveError
from saves.format import JournalEncoder, SaveFile, StateFacts, encode, envelope, now_iso, state_facts
from saves.listing import SaveInfo, latest, list_saves, shown_seed
from saves.loading import Loaded, VerifyResult, load, load_save, verify
from saves.decode import read_save
from saves.lock import SaveLock
from saves.paths import SAVE_DIR_ENV, autosave_path, locate, prev_path, save_dir


# -- writing -------------------------------------------------------------------------------
def write_match(match: Match, path: Path | str, *, created: str | None = None) -> SaveFile:
    """Save `match` to `path` atomically, keeping the file it replaces as `NAME.prev.json`."""
    save = envelope(match, created=created)
    _atomic_write(Path(path), encode(save))
    return save


class SaveInUse(SaveError):
    """Another Campfire session is playing this save now."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, "is being played in another Campfire session")


def writable_problem(path: Path) -> str | None:
    """Why autosaving into an existing `path` would silently change something it should
    not: a link would be replaced by a file, a read-only file rewritten."""
    if path.is_symlink():
        return "is a link to another file, so it opens without autosaving (the link stays as it is)"
    try:
        mode = path.stat().st_mode
    except OSError:
        return None
    # The mode bits too: root may write anything, but a file marked read-only means it.
    if not os.access(path, os.W_OK) or not mode & 0o222:
        return "is read-only, so it opens without autosaving"
    return None


class Autosaver:
    """Applies actions to a match and saves after each one, synchronously, to one file.

    Use its `act`, `act_text`, `undo` and `run_automatic` instead of the match's own so no
    applied action is ever only in memory. A failed write raises SaveError after the action
    was applied (the match stays usable; the next save catches up). The save is locked for
    this session (SaveInUse when another session has it, unless `take_over`); once another
    session takes it over, saving raises SaveError rather than overwrite the newer game.
    """

    def __init__(
        self,
        match: Match,
        path: Path | str,
        *,
        created: str | None = None,
        take_over: bool = False,
        read_only: bool = False,
    ) -> None:
        self.match = match
        self.path = Path(path)
        self.created = created or now_iso()
        self.read_only = read_only
        self._wrote_once = False
        self._writer: HotWriter | None = None
        self._encoder = JournalEncoder()
        self._facts: tuple[Any, StateFacts] | None = None  # (the state they are of, its facts)
        if read_only:
            self._lock = None
            return
        problem = writable_problem(self.path)
        if problem:
            raise SaveError(self.path, problem)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            lock = SaveLock.acquire(self.path, take_over=take_over)
        except OSError as error:
            raise SaveError(self.path, f"could not be written ({error.strerror or error})") from None
        if lock is None:
            raise SaveInUse(self.path)
        self._lock = lock
        _sweep_temp_files(self.path)
        self._writer = HotWriter(self.path, prev_path(self.path))
        self.save()

    @classmethod
    def start(cls, match: Match, directory: Path | str | None = None) -> Autosaver:
        """Autosave a new session to its own fresh file in the save folder."""
        started = datetime.now()
        for _ in range(100):
            try:
                return cls(match, autosave_path(match, directory, started))
            except SaveInUse:
                # Another session started the same game in the same second and took this
                # name between our look and our lock: the next name is free of it.
                continue
        raise SaveError(save_dir(directory), "has no free name for a new save")

    @classmethod
    def resume(cls, loaded: Loaded, *, take_over: bool = False) -> Autosaver:
        """Keep saving a loaded session into the file it came from."""
        return cls(loaded.match, loaded.path, created=loaded.save.created, take_over=take_over)

    @classmethod
    def viewer(cls, loaded: Loaded) -> Autosaver:
        """Look at a save another session is playing: nothing is ever written, and every
        attempt to save says so (a move made here is never silently lost)."""
        return cls(loaded.match, loaded.path, created=loaded.save.created, read_only=True)

    def save(self) -> SaveFile:
        if self._lock is None:
            raise SaveError(
                self.path, "is open read-only while another Campfire session plays it, so nothing done here is saved"
            )
        if not self._lock.still_held():
            raise SaveError(
                self.path, "was taken over by another Campfire session, so this game is no longer saved here"
            )
        save = envelope(self.match, created=self.created, facts=self._state_facts())
        if self._wrote_once:
            self._write_again(self._encoder.encode(save))
        else:
            # After the first write the file on disk is known good and its name exists.
            _atomic_write(self.path, encode(save))
            self._wrote_once = True
        return save

    def _state_facts(self) -> StateFacts:
        """The digest and listing fields, worked out again only when the state changed
        (states are never edited in place: each action makes a new one)."""
        state = self.match.state
        if self._facts is None or self._facts[0] is not state:
            self._facts = (state, state_facts(self.match))
        return self._facts[1]

    def _write_again(self, data: bytes) -> None:
        """The hot path, once per action: one fsync, the previous file kept as
        NAME.prev.json (saves/durable.py)."""
        assert self._writer is not None  # made with the lock: a read-only viewer never writes
        try:
            self._writer.write(data)
        except OSError as error:
            raise SaveError(self.path, f"could not be written ({error.strerror or error})") from None

    def close(self) -> None:
        """Let another session open this save without taking it over (and drop this
        session's spare files)."""
        if self._writer is not None:
            self._writer.discard_spares()
        if self._lock is not None:
            self._lock.release()

    def act(self, seat: int, action: Any) -> list[Event]:
        events = self.match.act(seat, action)
        self.save()
        return events

    def act_text(self, seat: int, text: str) -> list[Event]:
        events = self.match.act_text(seat, text)
        self.save()
        return events

    def undo(self, seat: int) -> None:
        self.match.undo(seat)
        self.save()

    def run_automatic(self, limit: int = 100_000) -> int:
        """Like `Match.run_automatic`, saving after every action."""
        steps = 0
        while steps < limit:
            step = self.match.next_bot_or_auto()
            if step is None:
                return steps
            self.act(*step)
            steps += 1
        raise RuntimeError(f"{self.match.game_id}: automatic play did not stop after {limit} actions")


__all__ = [
    "Autosaver",
    "Loaded",
    "SAVE_DIR_ENV",
    "SaveError",
    "SaveInUse",
    "SaveInfo",
    "VerifyResult",
    "autosave_path",
    "latest",
    "list_saves",
    "load",
    "load_save",
    "locate",
    "prev_path",
    "read_save",
    "save_dir",
    "shown_seed",
    "sweep_temp_files",
    "verify",
    "write_match",
]
