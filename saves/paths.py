"""Where saves live: the save folder, the name of a new session's file, and the name of the
previous good copy kept beside each save."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

from saves.lock import lock_path

if TYPE_CHECKING:
    from engines.core.match import Match

#: Overrides the save folder (the `--save-dir` flag overrides this in turn).
SAVE_DIR_ENV = "CAMPFIRE_SAVE_DIR"
PREV_SUFFIX = ".prev.json"


# -- where ---------------------------------------------------------------------------------
def save_dir(override: Path | str | None = None) -> Path:
    """The save folder: `override`, else $CAMPFIRE_SAVE_DIR, else the user-data folder."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(SAVE_DIR_ENV)
    if env:
        return Path(env).expanduser()
    return platformdirs.user_data_path("campfire") / "saves"


def locate(directory: Path | str | None = None) -> Path:
    """The absolute save folder, without creating it (it appears with the first save)."""
    return save_dir(directory).absolute()


def prev_path(path: Path | str) -> Path:
    path = Path(path)
    return path.with_name(path.name.removesuffix(".json") + PREV_SUFFIX)


def autosave_path(match: Match, directory: Path | str | None = None, started: datetime | None = None) -> Path:
    """A fresh file for a new session, named by game and local start time, never an
    existing one. Not by seed: a seed rebuilds every hidden card of the game."""
    folder = save_dir(directory)
    stamp = (started or datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = f"{match.game_id}-{stamp}"
    path = folder / f"{base}.json"
    number = 2
    # A lock file marks a name another session took, perhaps a moment before writing it.
    while path.exists() or path.is_symlink() or lock_path(path).exists():
        path = folder / f"{base}-{number}.json"
        number += 1
    return path
