"""The Keys panel (F2 or the palette): every binding of the screen underneath with its key,
what it does, its id (for the settings file's keymap) and whether it works right now."""

from __future__ import annotations

from rich.text import Text
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Static

from tui.key_hints import with_keys
from tui.textual_internals import keyed_bindings


def screen_bindings(screen: Screen) -> list[tuple[str, str, str, bool]]:
    """Every binding reachable on `screen`: its own, its widgets', then the app's, each id
    once with all its keys (after any remapping from the settings file), as
    (keys, what it does, id, works now)."""
    app = screen.app
    nodes: list[DOMNode] = [screen, *screen.walk_children(with_self=False), app]
    rows: dict[str, list] = {}
    for node in nodes:
        bindings = keyed_bindings(node)
        for binding_list in bindings.key_to_bindings.values():
            for binding in binding_list:
                action, _, _ = binding.action.partition("(")
                marker = binding.id or f"{type(node).__name__}.{binding.action}"
                if marker not in rows:
                    # Asked with the binding's own parameters, as Textual asks it for a key.
                    _, name, parameters = parse_action(binding.action)
                    works = "." in action or bool(node.check_action(name, parameters))
                    rows[marker] = [[], binding.description or action, binding.id or "-", works]
                key = app.get_key_display(binding)
                if key not in rows[marker][0]:
                    rows[marker][0].append(key)
    return [(", ".join(keys), does, ident, works) for keys, does, ident, works in rows.values()]


class KeysScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,f2", "close", "Close", id="keys.close")]

    def __init__(self, under: Screen) -> None:
        super().__init__()
        self.under = under
        self.rows = screen_bindings(under)

    def compose(self) -> ComposeResult:
        with Vertical(id="keys-box"):
            hint = "Keys on this screen   (ids for the settings keymap; {keys.close} closes)"
            yield Static(with_keys(self, hint), classes="title", markup=False)
            yield DataTable(id="keys-table", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        table = self.query_one("#keys-table", DataTable)
        # What it does last: the column that may run past a narrow box.
        table.add_columns("Key", "Id", "Now", "Does")
        for keys, does, ident, works in self.rows:
            table.add_row(Text(keys), Text(ident), Text("yes" if works else "not now"), Text(does))
        table.focus()

    def action_close(self) -> None:
        self.dismiss(None)
