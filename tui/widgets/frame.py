"""The pieces of the shared game frame: status line, seat panels, action list, log.

Every text here comes from engines, content or players, so it is handed to widgets as
`rich.text.Text` (or with markup off) and shown verbatim: a `[mml]` stays `[mml]`.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.containers import VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engines.core.protocol import SeatPanel
from saves.limits import printable
from tui.widgets.table import Table


class StatusLine(Static):
    """Whose turn it is and what they must do, or why the last key was refused. Wraps
    rather than clipping: the board gives up a row when the sentence is long."""

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
        separator = self.app.glyphs.separator
        self.update(Text.assemble((f"{marker} {mark} {panel.title}\n", "bold"), separator.join(panel.lines)))


class SeatPanels(VerticalScroll):
    """Every seat's panel; scrolls (with its scrollbar as the cue) when they do not all fit.
    Larger terminals lay them out side by side (styles: `.-wide #panels`)."""

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
    bound by the game screen, so they work wherever the focus is). Long items wrap."""

    class Chosen(Message):
        def __init__(self, action: Any) -> None:
            super().__init__()
            self.action = action

    table: reactive[Table | None] = reactive(None)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(markup=False, **kwargs)
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
        elif table.outcome is not None:
            self.add_option(Option("(the game is over)", disabled=True))
        elif table.acting:
            self.add_option(Option("(play on the board: arrows, Enter)", disabled=True))
        else:
            self.add_option(Option("(waiting for the other players)", disabled=True))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(self._actions):
            self.post_message(self.Chosen(self._actions[event.option_index]))


class GameLog(VerticalScroll):
    """The log for the viewer, wrapped to the width. It follows new lines while the player
    is at the bottom; scrolled up, it stays put and its border says new lines wait below."""

    table: reactive[Table | None] = reactive(None)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: list[str] = []
        self._follow = True
        self._text = Static(id="log-text", markup=False)

    def compose(self):
        yield self._text

    @property
    def lines(self) -> list[str]:
        return list(self._shown)

    @property
    def following(self) -> bool:
        return self._follow

    def watch_table(self, table: Table | None) -> None:
        if table is None or table.log == self._shown:
            return
        self._shown = list(table.log)
        # Typed or pasted text (a guess) may hold terminal escapes: show them, never send them.
        self._text.update(Text("\n".join(printable(line) for line in self._shown)))
        if self._follow:
            self.call_after_refresh(self.scroll_end, animate=False)
            self.border_title = ""
        else:
            self.border_title = "new lines below: End"

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        # Only a scroll changes this: new lines grow the log without moving it, so a player
        # at the bottom stays there and one who scrolled up is left where they were.
        self._follow = new >= self.max_scroll_y - 1
        if self._follow:
            self.border_title = ""
