"""The Keys panel (F2 or the palette): every binding of the screen underneath with its key,
what it does, its id (for the settings file's keymap) and whether it works right now."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Static


def screen_bindings(screen: Screen) -> list[tuple[str, str, str, bool]]:
    """Every binding reachable on `screen`: its own, its widgets', then the app's, each id
    once, with the keys as the player would type them (after any remapping)."""
    app = screen.app
    nodes: list[DOMNode] = [screen, *screen.walk_children(with_self=False), app]
    keymap = getattr(app, "_keymap", {}) or {}
    rows: list[tuple[str, str, str, bool]] = []
    seen: set[str] = set()
    for node in nodes:
        for binding in node._bindings:
            if binding.id is None and not binding.description:
                continue
            ident = binding.id or ""
            marker = ident or f"{type(node).__name__}.{binding.action}"
            if marker in seen:
                continue
            seen.add(marker)
            keys = keymap.get(ident, binding.key) if ident else binding.key
            action, _, _ = binding.action.partition("(")
            works = _works(node, action, binding)
            rows.append((_key_names(app, keys), binding.description or action, ident or "-", works))
    return rows


def _works(node: DOMNode, action: str, binding: Binding) -> bool:
    if "." in action:
        return True  # an action of another namespace (app.quit): always available
    return bool(node.check_action(action, ()))


def _key_names(app, keys: str) -> str:
    names = []
    for key in keys.split(","):
        key = key.strip()
        if key:
            names.append(app.get_key_display(Binding(key, "")) if hasattr(app, "get_key_display") else key)
    return ", ".join(dict.fromkeys(names))


class KeysScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,f2", "close", "Close", id="keys.close")]

    def __init__(self, under: Screen) -> None:
        super().__init__()
        self.under = under
        self.rows = screen_bindings(under)

    def compose(self) -> ComposeResult:
        with Vertical(id="keys-box"):
            yield Static("Keys on this screen   (ids for the settings keymap; Esc closes)", classes="title")
            yield DataTable(id="keys-table", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        table = self.query_one("#keys-table", DataTable)
        table.add_columns("Key", "Does", "Id", "Now")
        for keys, does, ident, works in self.rows:
            table.add_row(Text(keys), Text(does), Text(ident), Text("yes" if works else "not now"))
        table.focus()

    def action_close(self) -> None:
        self.dismiss(None)
