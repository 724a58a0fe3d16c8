"""The pieces of the shared game frame: status line, seat panels, action list, log."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Log, OptionList, Static
from textual.widgets.option_list import Option

from engines.core.protocol import SeatPanel
from saves.limits import printable
from tui.widgets.table import Table


class StatusLine(Static):
    table: reactive[Table | None] = reactive(None)

    def watch_table(self, table: Table | None) -> None:
        if table is None:
            return
        self.set_class(bool(table.problem), "-problem")
        if table.problem:
            self.update(Text(printable(f"{self.app.glyphs.ghost_bad} {table.problem}")))
        else:
            self.update(Text(printable(table.summary.status)))


class SeatPanelView(Static):
    def show(self, panel: SeatPanel, mark: str) -> None:
        self.set_class(panel.active, "-active")
        marker = self.app.glyphs.active if panel.active else " "
        # Joined rather than one per line: a narrow side panel still shows every seat.
        self.update(Text.assemble((f"{marker} {mark} {panel.title}\n", "bold"), " · ".join(panel.lines)))


class SeatPanels(Vertical):
    table: reactive[Table | None] = reactive(None)

    def watch_table(self, table: Table | None) -> None:
        if table is None:
            return
        panels = table.summary.panels
        views = list(self.query(SeatPanelView))
        if len(views) != len(panels):
            self.remove_children()
            views = [SeatPanelView() for _ in panels]
            self.mount_all(views)
        marks = self.app.glyphs.seat_marks
        for number, (view, panel) in enumerate(zip(views, panels)):
            view.show(panel, marks[number % len(marks)])


class ActionList(OptionList):
    """The viewer's legal actions, numbered; Enter plays the highlighted one (digits are
    bound by the game screen, so they work wherever the focus is)."""

    class Chosen(Message):
        def __init__(self, action: Any) -> None:
            super().__init__()
            self.action = action

    table: reactive[Table | None] = reactive(None)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._actions: list[Any] = []

    def watch_table(self, table: Table | None) -> None:
        if table is None:
            return
        self._actions = [action for _, action in table.actions]
        texts = [text for text, _ in table.actions]
        self.clear_options()
        if texts:
            self.add_options(
                Option(Text(f"{n}. {t}" if n <= 9 else f"   {t}")) for n, t in enumerate(texts, start=1)
            )
            self.highlighted = 0
        elif table.acting:
            self.add_option(Option("(play on the board: arrows, Enter)", disabled=True))
        else:
            self.add_option(Option("(waiting for the other players)", disabled=True))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(self._actions):
            self.post_message(self.Chosen(self._actions[event.option_index]))



class GameLog(Log):
    """The log for the viewer; rewritten when lines disappear (undo) or the viewer changes."""

    table: reactive[Table | None] = reactive(None)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_lines=500, **kwargs)
        self._shown: list[str] = []

    def watch_table(self, table: Table | None) -> None:
        if table is None:
            return
        lines = table.log
        if lines[: len(self._shown)] != self._shown:
            self.clear()
            self._shown = []
        # Typed or pasted text (a guess) may hold terminal escapes: show them, never send them.
        self.write_lines(printable(line) for line in lines[len(self._shown):])
        self._shown = list(lines)
