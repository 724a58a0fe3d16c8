"""Player settings: glyph set, bot pace and key remapping, kept in a small JSON file.

The file lives in the platform config folder (or `$CAMPFIRE_CONFIG_DIR`). A damaged file
never stops the app: every bad value gets one warning naming its key and falls back to
its default, and the file is not overwritten until the player saves settings again.
"""

from __future__ import annotations

import math
import os
import re
from pathlib import Path
from typing import Any, Literal

import platformdirs

from engines.record import Record
from engines.registry import GAMES
from saves.limits import MAX_JSON_DEPTH, MAX_SETTINGS_BYTES, NotRegular, TooLarge, json_depth, quote, read_regular_file

#: The slowest bot pace the settings accept, in seconds.
MAX_BOT_DELAY = 5.0

#: The bindings every game shares and their default keys; each game's own come from its
#: registry entry (tests check both against the live bindings).
SHARED_KEYS: dict[str, str] = {
    "app.quit": "ctrl+q",
    "app.keys": "f2",
    "launcher.new": "enter",
    "launcher.continue": "c",
    "launcher.load": "l",
    "launcher.rules": "r",
    "launcher.settings": "s",
    "launcher.quit": "q",
    "launcher.tables": "t",
    "setup.back": "escape",
    "setup.add_seat": "ctrl+n",
    "setup.remove_seat": "ctrl+d",
    "choice.previous": "left",
    "choice.next": "right,enter,space",
    "settings.back": "escape",
    "load.back": "escape",
    "load.review": "r",
    "rules.close": "escape",
    "rules.search": "slash",
    "rules.up": "up,k,w",
    "rules.down": "down,j,s",
    "rules.page_up": "pageup",
    "rules.page_down": "pagedown,space",
    "rules.top": "home",
    "rules.bottom": "end",
    "rules.next_panel": "tab",
    "keys.close": "escape,f2",
    "log.close": "escape,L",
    "question.yes": "y",
    "question.enter": "enter",
    "question.no": "n,escape",
    "curtain.ready": "enter,space",
    "curtain.menu": "escape",
    "in_use.view": "v",
    "in_use.take": "t",
    "in_use.back": "escape",
    "end.menu": "enter",
    "end.board": "escape",
    "end.rules": "f1",
    "end.review": "r",
    "game.undo": "u",
    "game.save": "ctrl+s",
    "game.rules": "f1,question_mark",
    "game.menu": "escape",
    "game.next_player": "n",
    "game.log": "L",
    **{f"game.pick{number}": str(number) for number in range(1, 10)},
    "board.left": "left,a,h",
    "board.right": "right,d,l",
    "board.up": "up,w,k",
    "board.down": "down,s,j",
    "board.place": "enter,space",
    "board.rotate": "r",
    "board.flip": "f",
    "remote.chat": "apostrophe",
    "remote.vote_bot": "v",
    "lobby.play": "enter",
    "lobby.watch": "w",
    "lobby.new": "n",
    "lobby.code": "j",
    "lobby.leave": "x",
    "lobby.close": "c",
    "lobby.back": "escape",
    "create.cancel": "escape",
    "invite.cancel": "escape",
    "chat.cancel": "escape",
    "replay.back": "left",
    "replay.forward": "right",
    "replay.turn_back": "pageup",
    "replay.turn_forward": "pagedown",
    "replay.start": "home",
    "replay.end": "end",
    "replay.go_to": "g",
    "replay.view": "v",
    "replay.chart": "c",
    "goto.cancel": "escape",
    "seat_picker.cancel": "escape",
    "scores.close": "escape,c",
}
#: Every binding id and its default keys.
DEFAULT_KEYS: dict[str, str] = {
    **SHARED_KEYS,
    **{binding: keys for entry in GAMES for binding, keys in (*entry.keys, *entry.modal_keys)},
}
#: Bindings that must always keep a key: the way out and the way to save.
ESSENTIAL = ("app.quit", "game.menu", "game.save", "curtain.menu")
#: Binding id prefixes that are live on the same screen at once.
_SCREEN_OF = {
    "board": "game",
    "remote": "game",
    **{binding.split(".", 1)[0]: "game" for entry in GAMES for binding, _ in entry.keys},
}
_KEY_NAME = re.compile(r"^(?:(?:ctrl|shift|alt|meta|super)\+)*(?:[a-z0-9_]+|[!-~])$")
MAX_KEYS = 8


#: The glyph sets a player may choose (tui/glyphs.py).
GlyphSetName = Literal["unicode", "ascii"]


class Settings(Record):
    """Read before the launcher's first frame, so a plain Record and stdlib JSON: a returning
    player's settings.json must not cost the launcher an import of msgspec."""

    __slots__ = ("glyphs", "bot_delay", "keymap")
    glyphs: GlyphSetName
    #: Seconds between two bot moves, so a human can follow them.
    bot_delay: float
    #: Binding id -> keys, e.g. {"game.undo": "z", "board.left": "left,a,h"}.
    keymap: dict[str, str]

    def __init__(
        self,
        *,
        glyphs: GlyphSetName = "unicode",
        bot_delay: float = 0.4,
        keymap: dict[str, str] | None = None,
    ) -> None:
        self._set_fields(glyphs=glyphs, bot_delay=bot_delay, keymap={} if keymap is None else keymap)

    def to_json(self) -> bytes:
        """The settings file's text: a JSON object of every field, two-space indented (as
        msgspec wrote it before, so older versions read it)."""
        import json

        fields = {name: getattr(self, name) for name in self.__slots__}
        return json.dumps(fields, indent=2, ensure_ascii=False).encode()


def config_dir() -> Path:
    override = os.environ.get("CAMPFIRE_CONFIG_DIR")
    return Path(override) if override else platformdirs.user_config_path("campfire")


def settings_path() -> Path:
    return config_dir() / "settings.json"


def read_settings(path: Path) -> tuple[Settings, list[str]]:
    """The settings in `path`, each bad value replaced by its default, and one warning per
    bad key. A missing file is no problem; an unreadable one gives a single warning."""
    name = path.name
    try:
        data = read_regular_file(path, MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return Settings(), []
    except NotRegular as error:
        return Settings(), [f"{path} is {error.kind}, not a settings file; using default settings."]
    except TooLarge:
        return Settings(), [f"{path} is larger than a settings file can be; using default settings."]
    except OSError as error:
        return Settings(), [f"Could not read {path}: {error.strerror or error}; using default settings."]
    data = data.removeprefix(b"\xef\xbb\xbf")  # editors on some systems add a BOM
    if not data.strip():
        return Settings(), []
    if json_depth(data) > MAX_JSON_DEPTH:
        return Settings(), [f"{name} nests too deeply to be settings; using default settings."]
    try:
        raw = _decode_json(data)
    except ValueError as error:
        return Settings(), [f"{name} is not valid JSON ({quote(str(error))}); using default settings."]
    if not isinstance(raw, dict):
        return Settings(), [f"{name} should hold a JSON object; using default settings."]
    return _settings_from(raw, name)


def _decode_json(data: bytes) -> Any:
    """The JSON value in `data`, read as strictly as msgspec read settings files before:
    UTF-8 only, no NaN or Infinity, no \\u escape of half a surrogate pair; ValueError
    (the parser's own message) otherwise. Numbers past msgspec's range (a float's, or 64
    bits) are read as numbers, so they get their key's own warning. Stdlib json, imported
    here: settings are read before the launcher's first frame, and json costs it a third
    of what msgspec would (4.5M instructions against 12.8M)."""
    import json

    value = json.loads(data.decode("utf-8"), parse_constant=_not_a_json_number)
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("a \\u escape names half a surrogate pair, not a character") from None
    return value


def _not_a_json_number(constant: str) -> Any:
    raise ValueError(f"{constant} is not a JSON number")


def _settings_from(raw: dict[str, Any], name: str) -> tuple[Settings, list[str]]:
    warnings: list[str] = []
    defaults = Settings()
    for key in raw:
        if key not in Settings.__slots__:
            warnings.append(f"{name}: unknown setting '{quote(str(key), 40)}' is ignored.")
    glyphs = raw.get("glyphs", defaults.glyphs)
    if glyphs not in ("unicode", "ascii"):
        warnings.append(f'{name}: \'glyphs\' must be "unicode" or "ascii"; using {defaults.glyphs}.')
        glyphs = defaults.glyphs
    delay = raw.get("bot_delay", defaults.bot_delay)
    if not _good_delay(delay):
        warnings.append(
            f"{name}: 'bot_delay' must be a number of seconds from 0 to {MAX_BOT_DELAY:g}; using {defaults.bot_delay}."
        )
        delay = defaults.bot_delay
    keymap, keymap_warnings = check_keymap(raw.get("keymap", {}), name)
    warnings.extend(keymap_warnings)
    return Settings(glyphs=glyphs, bot_delay=float(delay), keymap=keymap), warnings


def _good_delay(value: Any) -> bool:
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and 0 <= value <= MAX_BOT_DELAY
    )


def check_keymap(keymap: Any, name: str = "settings.json") -> tuple[dict[str, str], list[str]]:
    """The usable part of a keymap and one warning per entry left out: unknown ids, keys
    that are not key names, a key given to two actions of one screen, and any change that
    would leave Menu, Save or Quit without a key."""
    if not isinstance(keymap, dict):
        return {}, [f"{name}: 'keymap' must map binding ids to keys; using the default keys."]
    warnings: list[str] = []
    usable: dict[str, str] = {}
    for binding, keys in keymap.items():
        if binding not in DEFAULT_KEYS:
            warnings.append(f"{name}: keymap '{quote(str(binding), 40)}' is not a binding id; it is ignored.")
            continue
        # A known id is printable as it is: quoting it would compile saves.limits' pattern
        # of control characters before the launcher's first frame for nothing.
        shown = binding
        parts = [k.strip() for k in keys.split(",")] if isinstance(keys, str) else []
        if not parts or len(parts) > MAX_KEYS or not all(_KEY_NAME.match(k) for k in parts):
            if binding in ESSENTIAL and isinstance(keys, str) and not keys.strip():
                warnings.append(
                    f"{name}: keymap '{shown}' cannot be left without a key; keeping {DEFAULT_KEYS[binding]}."
                )
            else:
                warnings.append(
                    f'{name}: keymap \'{shown}\' needs key names such as "z" or "ctrl+z"; keeping {DEFAULT_KEYS[binding]}.'
                )
            continue
        usable[binding] = ",".join(parts)
    for binding in _clashing(usable):
        warnings.append(
            f"{name}: keymap '{binding}' gives a key another action of the same screen uses; "
            f"keeping {DEFAULT_KEYS[binding]}."
        )
        del usable[binding]
    return usable, warnings


def _screen(binding: str) -> str:
    prefix = binding.split(".", 1)[0]
    return _SCREEN_OF.get(prefix, prefix)


def _clashing(keymap: dict[str, str]) -> list[str]:
    """Remapped ids whose keys another binding of the same screen (or the app) also has."""
    effective = {binding: keymap.get(binding, keys) for binding, keys in DEFAULT_KEYS.items()}
    clashes = []
    for binding in keymap:
        mine = set(effective[binding].split(","))
        for other, keys in effective.items():
            same_screen = _screen(other) in (_screen(binding), "app") or _screen(binding) == "app"
            if other != binding and same_screen and mine & set(keys.split(",")):
                clashes.append(binding)
                break
    return clashes


def save_settings(settings: Settings) -> Path:
    """Write the settings atomically; OSError when the config folder cannot be written."""
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temp.write_bytes(settings.to_json())
        os.replace(temp, path)
    except OSError:
        temp.unlink(missing_ok=True)
        raise
    return path
