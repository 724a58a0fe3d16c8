"""Keys named in hint lines, as the player must press them now.

A player may remap any binding by its id (settings.json "keymap"), so a hint never writes a
bound key as fixed text: it asks here, and gets the key as the footer and the Keys panel (F2)
show it (`App.get_key_display`), after the keymap. A template names a binding by its id in
braces: `with_keys(screen, "{end.menu}: menu")` gives "⏎: menu", or "m: menu" once the player
moved end.menu to m.

Keys no binding id names (Textual's own: Enter in a text box or an option list, the arrows of
a list) cannot be remapped: `fixed_key` shows them the same way.
"""

from __future__ import annotations

import functools
import re
import weakref
from typing import Any

from textual.types import NoActiveAppError
from textual.binding import Binding

from tui.settings import DEFAULT_KEYS
from tui.textual_internals import app_keymap

#: A binding id in a template: `{game.undo}`.
_BINDING_ID = re.compile(r"\{([a-z_]+\.[a-z_0-9]+)\}")
#: The board's cursor moves, in the order their keys are named.
MOVES = ("board.left", "board.right", "board.up", "board.down")


def _app(node: Any) -> Any:
    """The app of a widget or screen (or the app itself); None: an app with the default
    keys (text drawn outside any app, as a test draws it)."""
    if node is None:
        return _default_app()
    if hasattr(node, "get_key_display"):
        return node
    try:
        return node.app
    except NoActiveAppError:  # a widget drawn before any app runs (as a test draws one)
        return _default_app()


@functools.cache
def _default_app() -> Any:
    from textual.app import App

    return App()


def fixed_key(node: Any, key: str) -> str:
    """A key no binding id names (Textual's own), as the footer would show it."""
    return _shown(_app(node), key)[0]


def bound_keys(node: Any, binding_id: str) -> list[str]:
    """Every key of binding `binding_id` now (after the player's keymap), as shown."""
    app = _app(node)
    return list(_shown(app, app_keymap(app).get(binding_id) or DEFAULT_KEYS[binding_id]))


#: Keys as each app shows them, worked out once: a list numbered by its keys asks on
#: every redraw.
_SHOWN: weakref.WeakKeyDictionary[Any, dict[str, tuple[str, ...]]] = weakref.WeakKeyDictionary()


def _shown(app: Any, keys: str) -> tuple[str, ...]:
    """Each of `keys` (comma-separated) as `app` shows it (with its glyph set, which may
    name a key otherwise)."""
    known = _SHOWN.setdefault(app, {})
    asked = f"{id(getattr(app, 'glyphs', None))}:{keys}"
    shown = known.get(asked)
    if shown is None:
        shown = known[asked] = tuple(str(app.get_key_display(Binding(key.strip(), ""))) for key in keys.split(","))
    return shown


def key(node: Any, binding_id: str) -> str:
    """The first key of binding `binding_id` now, as shown: what a hint names."""
    return bound_keys(node, binding_id)[0]


def keys(node: Any, binding_id: str, joiner: str = " or ") -> str:
    """Every key of binding `binding_id` now, as shown, joined by `joiner`."""
    return joiner.join(bound_keys(node, binding_id))


def pick_keys(node: Any, count: int) -> str:
    """The keys of the numbered actions 1 to `count` (game.pick1 ...): "1-5" by default."""
    first = key(node, "game.pick1")
    return first if count <= 1 else f"{first}-{key(node, f'game.pick{min(count, 9)}')}"


def move_keys(node: Any) -> str:
    """The board's cursor keys (the first of each of left, right, up, down): "←/→/↑/↓" by
    default."""
    return "/".join(key(node, binding_id) for binding_id in MOVES)


def with_keys(node: Any, template: str) -> str:
    """`template` with each `{binding.id}` replaced by that binding's first key now."""
    return _BINDING_ID.sub(lambda found: key(node, found.group(1)), template)


def template_ids(template: str) -> list[str]:
    """The binding ids `template` names, in order."""
    return _BINDING_ID.findall(template)
