"""Player settings: glyph set, bot pace and key remapping, kept in a small JSON file.

The file lives in the platform config folder (or `$CAMPFIRE_CONFIG_DIR`). A damaged file
never stops the app: it is reported once and defaults are used, and it is not overwritten
until the player saves settings again.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

import msgspec
import platformdirs


class Settings(msgspec.Struct, kw_only=True):
    glyphs: Literal["unicode", "ascii"] = "unicode"
    #: Seconds between two bot moves, so a human can follow them.
    bot_delay: float = 0.4
    #: Binding id -> keys, e.g. {"game.undo": "z", "board.left": "left,a,h"}.
    keymap: dict[str, str] = {}


def config_dir() -> Path:
    override = os.environ.get("CAMPFIRE_CONFIG_DIR")
    return Path(override) if override else platformdirs.user_config_path("campfire")


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings() -> tuple[Settings, str | None]:
    """The settings, and a sentence describing a problem with the file if there was one."""
    path = settings_path()
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return Settings(), None
    except OSError as error:
        return Settings(), f"Could not read {path}: {error.strerror}; using default settings."
    try:
        return msgspec.json.decode(data, type=Settings), None
    except msgspec.DecodeError as error:
        return Settings(), f"{path} is not valid ({error}); using default settings."


def save_settings(settings: Settings) -> Path:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_suffix(".tmp")
    temp.write_bytes(msgspec.json.format(msgspec.json.encode(settings)))
    os.replace(temp, path)
    return path
