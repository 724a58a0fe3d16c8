"""Every use of Textual's internals (its private modules and attributes) in Campfire, each
behind a function or class with a public-API fallback. No other module under tui/ imports
`textual._*` or touches a private Textual name (tests/test_textual_internals.py scans for it).

The switch, `CAMPFIRE_TEXTUAL_INTERNALS` in the environment:

- unset or `auto`: the internals are used only on the Textual release they were written and
  measured against (`WRITTEN_FOR`), and the public path everywhere else. Textual's private
  parts changed even between 8.2 patch releases; on a release nobody checked them against,
  a private attribute that moved breaks the app in the middle of a game, while the public
  path costs only some speed. So a newer Textual runs, slower, without a change here, and
  the pin in pyproject.toml no longer hangs on the internals. (It stays at 8.2.x until the
  suite, its snapshots and first-frame checks, has been run on a newer release.)
- `off`: public APIs only, whatever the release (the whole test suite passes so).
- `on`: the internals even on another release (to try them there).
- `-name,...` after any of those (e.g. `on,-compositor`): the named internals off, the
  others as above (bench/internals_bench.py measures each one so).

What is kept, and why. The two kept for speed each have a goal row in `bench/run.py
internals` (what it alone buys: the median key to repaint at 200x60 without it over the
median with it, the rest of the internals on; 48 keys a side per board, on a 2-core machine
shared with other work, load average 5-7):

- `compositor` (compositor.py): 1.43-1.61x on all five boards (Bivì ghost 1.61x, Bonfire
  1.56x, Bivouac 1.54x, Bioviva 1.46x, Camp Grizzly 1.43x). Without: Textual's
  compositor, which paints the same cells.
- `plain_lines` (plain_lines.py): Bivouac's camp cursor 1.39x and 1.56x in two runs (the
  spot detail beside the camp hands over some 30 kept rows a step), Bivì's ghost 1.30x and
  1.26x, the other boards 1.08-1.17x. Without: Textual's styles cache styles every
  repainted line anew.

Kept for what they do, not for speed (so they have no speed goal):

- `bindings`: a widget renaming one of its own keys (the launcher's "Continue Bivouac", a
  list's "New game"). No public API gives a widget its own bindings; without, the key
  keeps its class's name (and Enter on the launcher's list is not listed in the footer).
- `settled_first_frame`: a game screen's footer keys and scrollbars in its first frame,
  not a frame or more later. Bytes while opening a game, 1.15-1.21x with it (less than
  1.3x); kept for the look: without, a new screen changes after its first frame.
- `crash_hook`: an unhandled error writes a crash log and leaves one line, instead of
  Textual's traceback. Without: Textual's own handler.

Dropped for the public path, having bought less than 1.3x: Bivouac's styled rows kept per
spot (1.06x), the second paint saved after a resize (bytes opening a game 1.01-1.12x), the
default CSS read ahead and a backdrop without tooltip and toasts (first paint 0.95-0.97x,
Enter to the setup form about 1.04x), Textual's list navigation helpers, the styles cache's
row record (SteadyText keeps its own), the footer's private ready flag (it overrides the
public `recompose`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import textual
from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode
from textual.widget import Widget

ENVIRONMENT = "CAMPFIRE_TEXTUAL_INTERNALS"
WRITTEN_FOR = "8.2.8"

#: Every internal the switch names.
NAMES = (
    "compositor",  # screens: render only the refreshed rows (compositor.py)
    "plain_lines",  # line boards and texts: lines without the styles cache (plain_lines.py)
    "settled_first_frame",  # footer keys and scrollbars in a screen's first frame
    "bindings",  # a widget's own renamed keys (and the bindings as they stand)
    "crash_hook",  # an unhandled error writes a crash log instead of a traceback
)

_forced: dict[str, bool] | None = None


_version_read: str | None = None


def _textual_version() -> str:
    """Textual's release. Read once: Textual works `__version__` out from the package's
    metadata at every look (a file read and an e-mail header parse), and `enabled` is
    asked at every repaint of a Line-API text (1-2 ms of a replay step). A module
    attribute (set by some releases, or by a test) is taken as it stands."""
    global _version_read
    attribute = vars(textual).get("__version__")
    if isinstance(attribute, str):
        return attribute
    if _version_read is None:
        _version_read = textual.__version__
    return _version_read


def _read_switch(value: str) -> dict[str, bool]:
    tokens = [token.strip().lower() for token in value.split(",") if token.strip()]
    base = _textual_version() == WRITTEN_FOR
    for token in tokens:
        if token in ("off", "0", "false", "no", "public"):
            base = False
        elif token in ("on", "1", "true", "yes"):
            base = True
    states = dict.fromkeys(NAMES, base)
    for token in tokens:
        if token.startswith("-") and token[1:] in states:
            states[token[1:]] = False
    return states


def enabled(name: str) -> bool:
    """Whether internal `name` (one of NAMES) is used now."""
    states = _forced if _forced is not None else _read_switch(os.environ.get(ENVIRONMENT, ""))
    return states[name]


def any_enabled() -> bool:
    return any(enabled(name) for name in NAMES)


@contextmanager
def switched(value: str) -> Iterator[None]:
    """Run with the switch set to `value` (as the environment variable would), for the
    benchmark's paired samples in one process."""
    global _forced
    saved, _forced = _forced, _read_switch(value)
    try:
        yield
    finally:
        _forced = saved


# -- bindings ("bindings") --------------------------------------------------------------------
# No public API lists a widget's bindings as they stand (a widget may rename one of its own,
# as the launcher's Continue does) nor the app's keymap. Without the internals: the bindings
# its class declares, under the keymap the app was given (`CampfireApp.keymap`); renamed keys
# keep their class's name (the footer shows "Continue", not "Continue Bivouac").


def app_keymap(app: Any) -> dict[str, str]:
    """The app's keymap (binding id to keys); the same object until it changes."""
    if enabled("bindings"):
        return app._keymap
    keymap: dict[str, str] = getattr(app, "keymap", None) or _NO_KEYMAP
    return keymap


_NO_KEYMAP: dict[str, str] = {}


def declared_bindings(node: DOMNode) -> BindingsMap:
    """The bindings of `node` (without the keymap): as they stand, or as its class declares."""
    if enabled("bindings"):
        return node._bindings
    return class_bindings(type(node))


def class_bindings(cls: type[DOMNode]) -> BindingsMap:
    """The bindings class `cls` declares with its bases' (public: their `BINDINGS`)."""
    # As Textual merges them: from the base class down, a class's bindings for a key
    # replacing its bases'. (A class made with `inherit_bindings=False` is not seen here:
    # Textual keeps that private; none of ours is.)
    keys: dict[str, list[Binding]] = {}
    for base in reversed(cls.__mro__):
        if "BINDINGS" in base.__dict__ and issubclass(base, DOMNode):
            keys.update(BindingsMap(base.__dict__["BINDINGS"]).key_to_bindings)
    return BindingsMap.from_keys(keys)


def keyed_bindings(node: DOMNode) -> BindingsMap:
    """The bindings of `node` with the app's keymap applied, as the app sees them (a copy)."""
    bindings = declared_bindings(node).copy()
    keymap = app_keymap(node.app)
    if keymap:
        bindings.apply_keymap(keymap)
    return bindings


def binding_chain(screen: Any) -> list[tuple[DOMNode, BindingsMap]]:
    """Who is asked about a key, in order, with their bindings: the focused widget and its
    ancestors up to the screen, then the app."""
    if enabled("bindings"):
        return list(screen._binding_chain)
    focused = screen.focused
    nodes: list[DOMNode] = []
    if focused is not None:
        for node in focused.ancestors_with_self:
            nodes.append(node)
            if node is screen:
                break
    else:
        nodes.append(screen)
    nodes.append(screen.app)
    return [(node, keyed_bindings(node)) for node in nodes]


def rename_binding(node: DOMNode, binding_id: str, description: str) -> bool:
    """Give this node's binding `binding_id` a new description (the footer's label); the
    class's bindings stay as they are. Whether it could (only with the internals)."""
    import dataclasses

    if not enabled("bindings"):
        return False
    keys = node._bindings.key_to_bindings
    for key, bindings in keys.items():
        keys[key] = [dataclasses.replace(b, description=description) if b.id == binding_id else b for b in bindings]
    return True


def rename_action(node: DOMNode, action: str, description: str) -> bool:
    """As `rename_binding`, for the bindings of `action`, which then show in the footer."""
    import dataclasses

    if not enabled("bindings"):
        return False
    keys = node._bindings.key_to_bindings
    for key, bindings in keys.items():
        keys[key] = [
            dataclasses.replace(b, description=description, show=True) if b.action == action else b for b in bindings
        ]
    return True


# -- the footer ("settled_first_frame") ----------------------------------------------------------------


def set_footer_keys_ready(footer: Any) -> None:
    from textual.widgets import Footer

    footer.set_reactive(Footer._bindings_ready, True)


@contextmanager
def running_as(widget: Widget) -> Iterator[None]:
    """Run as when `widget` runs its own handlers (what it mounts binds to it)."""
    with widget._context():
        yield


# -- the crash hook ("crash_hook") ----------------------------------------------------------------
# No public API catches an app's unhandled error. Without the internals: Textual's own
# handler (a traceback on the terminal, exit code 1, no crash log).


class UnhandledErrorHook:
    """An App mixin: an unhandled error goes to the app's `unhandled_error(error, exiting)`,
    which answers None to let it pass (noise while the app exits) or (return code, a line
    to leave on the terminal or None) to close the app so, without Textual's traceback."""

    def unhandled_error(self, error: Exception, exiting: bool) -> tuple[int, Any] | None:
        raise NotImplementedError

    def _handle_exception(self, error: Exception) -> None:
        app: Any = self
        if not enabled("crash_hook"):
            super()._handle_exception(error)  # type: ignore[misc]
            return
        # Exiting: asked to (`exit()`), or already shutting down without being asked (a
        # Pilot test's end), when widgets go from under a screen still being built.
        answer = self.unhandled_error(error, bool(app._exit) or not app.is_running)
        if answer is None:
            return
        return_code, line = answer
        if app._exception is None:  # Pilot tests re-raise the first error
            app._exception = error
            app._exception_event.set()
        app._return_code = return_code
        if line is not None:
            app._exit_renderables.append(line)
        app._close_messages_no_wait()
