"""The pieces of the shared game frame: status line, seat panels, action list, log.

Every text here comes from engines, content or players, so it is handed to widgets as
`rich.text.Text` (or with markup off) and shown verbatim: a `[mml]` stays `[mml]`.

Every refresh of the table reaches every widget, but a widget redraws only when what it
shows changed: each redraw resends its whole region to the terminal, which over SSH is the
cost of a move (issue 14: one move under 4 KB). So the `table` reactives never repaint by
themselves, and each widget compares what it would show with what it shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, Self, runtime_checkable

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.containers import VerticalScroll
from textual.css.scalar import Scalar
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engines.core.protocol import SeatPanel
from saves.limits import printable
from tui.glyphs import Glyphs
from tui.key_hints import fixed_key, key, move_keys, pick_keys
from tui.widgets.steady_text import SteadyText, shown_on_screen
from tui.widgets.table import Table, cut_to_width

if TYPE_CHECKING:
    from textual import getters

    from tui.app import CampfireApp
    from tui.widgets.line_text import LineText


class StatusLine(SteadyText):
    """Whose turn it is and what they must do, or why the last key was refused. Wraps
    rather than clipping: the board gives up a row when the sentence is long."""

    table: reactive[Table | None] = reactive(None, repaint=False)

    def watch_table(self, table: Table | None) -> None:
        if table is None:
            return
        self.set_class(bool(table.problem), "-problem")
        if table.problem:
            self.show(printable(f"{self.app.glyphs.ghost_bad} {table.problem}"))
        else:
            self.show(printable(table.summary.status))


def panel_text(panel: SeatPanel, number: int, glyphs: Glyphs, width: int = 0, name: str = "") -> Text:
    """Seat `number`'s panel as its view shows it: the title, then the items. Given the
    panel's `width`, the title takes one row: the seat's `name` in it is cut to fit."""
    marker = glyphs.active if panel.active else " "
    mark = glyphs.seat_marks[number % len(glyphs.seat_marks)]
    title = f"{marker} {mark} {panel.title}"
    if width and cell_len(title) > width:
        title = title_to_width(title, name, width)
    # Joined rather than one per line: a narrow side panel still shows every seat.
    return Text.assemble((title + "\n", "bold"), glyphs.separator.join(panel.lines))


def title_to_width(title: str, name: str, width: int) -> str:
    """A panel's title in `width` cells: the name in it cut with an ellipsis, so what
    follows it (a role: "(guide)") stays; else the title's end."""
    over = cell_len(title) - width
    if name and name in title and cell_len(name) - over >= 2:
        return title.replace(name, cut_to_width(name, cell_len(name) - over), 1)
    return cut_to_width(title, width)


class SeatPanelView(SteadyText):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Texts the panel keeps room for whatever it shows (`keep_room_for`), and the
        #: width its min-height was worked out for.
        self._room_for: list[Text] = []
        self._room_width = 0
        self._shown: tuple[SeatPanel, int, str] | None = None

    def show_panel(self, panel: SeatPanel, number: int, name: str = "") -> None:
        self._shown = (panel, number, name)  # shown again at a new width (`on_resize`)
        self.set_class(panel.active, "-active")
        self.show(panel_text(panel, number, self.app.glyphs, self.size.width, name))

    def keep_room_for(self, texts: list[Text], width: int) -> None:
        """Be at least as tall as the tallest of `texts` at `width` columns (and at every
        width the panel takes later): a replay's steps then show any of them without a
        new height, which laid the whole screen out again."""
        if texts is not self._room_for:
            self._room_for, self._room_width = texts, 0
        self._fit_room(width)

    def _fit_room(self, width: int) -> None:
        if width <= 0 or width == self._room_width or not self._room_for:
            return
        self._room_width = width
        style = self.visual_style
        rows = max(
            len(Visual.to_strips(self, visualize(self, text, markup=False), width, None, style))
            for text in self._room_for
        )
        if self.styles.min_height != Scalar.from_number(rows):
            self.styles.min_height = rows

    def on_resize(self) -> None:
        # (SteadyText's `on_resize` runs as well: Textual calls each class's own handler.)
        self._fit_room(self.size.width)  # the text's width (the event's counts the border)
        if self._shown is not None:
            # A title cut to the new width (the same: no repaint); its rows measured again.
            panel, number, name = self._shown
            self.set_class(panel.active, "-active")
            if self.show(panel_text(panel, number, self.app.glyphs, self.size.width, name)):
                self.call_after_refresh(self.refresh, layout=True)


class SeatPanels(VerticalScroll):
    """Every seat's panel; scrolls (with its scrollbar as the cue) when they do not all fit.
    Larger terminals lay them out side by side (styles: `.-wide #panels`)."""

    if TYPE_CHECKING:  # Textual's way to tell a type checker the app's class; no run-time check
        app = getters.app(CampfireApp)

    table: reactive[Table | None] = reactive(None, repaint=False)

    def watch_table(self, table: Table | None) -> None:
        if table is None:
            return
        if not shown_on_screen(self):
            # A game that shows its seats its own way hides the panels (Bivouac always,
            # Bonfire when wide): each class that moved restyled a panel at every step.
            # The layout that shows them again (`on_show`) brings them up to date.
            return
        panels = table.summary.panels
        views = list(self.query(SeatPanelView))
        if len(views) != len(panels):
            self.remove_children()
            views = [SeatPanelView() for _ in panels]
            self.mount_all(views)
        names = table.seat_names
        for number, (view, panel) in enumerate(zip(views, panels)):
            view.show_panel(panel, number, names[number] if number < len(names) else "")

    def on_show(self) -> None:
        self.watch_table(self.table)


@runtime_checkable
class NamesSpending(Protocol):
    """A game screen that says which of its offers cost the player something (money,
    cubes, a card, a tile...): the action list then comes with nothing highlighted."""

    def spends(self, action: Any, view: Any) -> bool: ...


def offers_something_costly(table: Table, screen: object) -> bool:
    """Whether the viewer, acting, is offered something that costs them, as `screen` says
    (a `NamesSpending` screen): their action list then highlights nothing."""
    if not table.acting or not isinstance(screen, NamesSpending):
        return False
    return any(screen.spends(action, table.view) for _, action in table.actions)


class ActionList(OptionList):
    """The viewer's legal actions, numbered; Enter plays the highlighted one (digits are
    bound by the game screen, so they work wherever the focus is). Long items wrap.

    Enter never spends by default: offers among which one costs the player something (as
    a `NamesSpending` screen says) come with no row highlighted, so Enter alone takes
    nothing until the player moves the highlight or presses a number; it then posts
    `NothingChosen`, whose sentence the screen may show."""

    class Chosen(Message):
        def __init__(self, action: Any) -> None:
            super().__init__()
            self.action = action

    class NothingChosen(Message):
        """Enter with no row highlighted: `reason` says how to choose."""

        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    table: reactive[Table | None] = reactive(None, repaint=False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(markup=False, **kwargs)
        self._actions: list[Any] = []
        self._listed: tuple[str, ...] | None = None
        #: Whose decision the list shows, and after how many steps (`Table.steps_here`).
        self._decision: tuple[int | None, int] | None = None
        #: The rows last painted inside the border, and the look of the box around them.
        self._painted: dict[int, Strip] = {}
        self._painted_box: tuple[Any, ...] | None = None
        self._compare_pending = False

    # New offers, a focus that moves the highlight's colours: OptionList repaints the whole
    # box, border included, for each (about 2 KB over SSH at 100x30, half a move's budget).
    # Here a repaint of the whole list waits for the changes to land, then repaints only
    # the rows that differ from those painted, unless the box itself looks different.
    # The styles keep the scrollbar's column whether it shows or not (`scrollbar-gutter`), so
    # the scrollbar coming or going lays out the screen without changing a row of the list.
    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        if regions or recompose or not repaint or self._painted_box != self._box_look():
            return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
        if layout:
            super().refresh(repaint=False, layout=True)
        if not self._compare_pending:
            self._compare_pending = True
            self.call_next(self._repaint_changed_rows)
        return self

    def _box_look(self) -> tuple[Any, ...] | None:
        if not self.is_mounted:
            return None
        styles = self.styles
        return (
            self.size,
            self.scroll_offset,
            self.scrollable_content_region,
            styles.border,
            styles.background,
            styles.background_tint,
            styles.color,
            styles.padding,
        )

    def _repaint_changed_rows(self) -> None:
        self._compare_pending = False
        if self._painted_box != self._box_look():
            super().refresh()
            return
        row = super().render_line
        changed = [y for y in range(self.scrollable_content_region.height) if self._painted.get(y) != row(y)]
        if changed:
            width = self.scrollable_content_region.width
            super().refresh(*(Region(0, y, width, 1) for y in changed))

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        look = self._box_look()
        if self._painted_box != look:
            self._painted, self._painted_box = {}, look
        self._painted[y] = strip
        return strip

    def on_focus(self, event: events.Focus) -> None:
        # The highlight's colours follow the focus, the rest of the list does not: repaint
        # what differs (Textual's default repaints the whole box).
        event.prevent_default()
        self.has_focus = True
        self.refresh()
        if self.parent is not None:
            self.parent.post_message(events.DescendantFocus(self))

    def on_blur(self, event: events.Blur) -> None:
        event.prevent_default()
        self.has_focus = False
        self.refresh()
        if self.parent is not None:
            self.parent.post_message(events.DescendantBlur(self))

    def watch_table(self, table: Table | None) -> None:
        if table is None:
            return
        self._actions = [action for _, action in table.actions]
        texts = [text for text, _ in table.actions]
        if texts:
            # Numbered by the keys that pick them (game.pick1 ... game.pick9).
            listed = tuple(
                f"{key(self, f'game.pick{n}')}. {t}" if n <= 9 else f"   {t}" for n, t in enumerate(texts, start=1)
            )
        elif table.outcome is not None:
            listed = ("(the game is over)",)
        elif table.over:
            listed = ("(the table is closed: nobody plays on)",)
        elif table.acting:
            listed = (f"(play on the board: {move_keys(self)}, {key(self, 'board.place')})",)
        else:
            listed = ("(waiting for the other players)",)
        # A new decision starts its highlight again, even with the same offers: the same
        # menu coming back (the next rope to drop) or the next hot-seat player's kept the
        # highlight on the action just taken, and Enter took it again.
        decision = (table.viewer, table.steps_here)
        if listed == self._listed and decision == self._decision:
            return  # the same decision: the highlight stays where the player left it
        self._decision = decision
        if listed != self._listed:
            self._listed = listed
            self.clear_options()
            if texts:
                self.add_options(Option(Text(line)) for line in listed)
            else:
                self.add_option(Option(listed[0], disabled=True))
        if texts:
            self.highlighted = None if self._any_spends(table) else 0

    def _any_spends(self, table: Table) -> bool:
        """Whether one of the offers costs the viewer something, as the screen says."""
        return self.is_attached and offers_something_costly(table, self.screen)

    def action_select(self) -> None:
        if self.highlighted is None and self._actions:
            count = min(len(self._actions), 9)
            keys = f"key {pick_keys(self, count)}" if count == 1 else f"keys {pick_keys(self, count)}"
            # This list's arrows and Enter are Textual's own (OptionList): no binding id remaps them.
            enter = fixed_key(self, "enter")
            self.post_message(
                self.NothingChosen(
                    f"{enter} alone takes nothing that costs you: choose with {keys}, or arrows then {enter}."
                )
            )
            return
        super().action_select()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(self._actions):
            self.post_message(self.Chosen(self._actions[event.option_index]))


class GameLog(VerticalScroll):
    """The log for the viewer, wrapped to the width. It follows new lines while the player
    is at the bottom; scrolled up, it stays put and its border says new lines wait below."""

    table: reactive[Table | None] = reactive(None, repaint=False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: list[str] = []
        self._follow = True
        self._text: SteadyText | LineText = self.make_text()

    def make_text(self) -> SteadyText | LineText:
        """The widget showing the lines (`show(text)`), inside the scrolling log."""
        return SteadyText(id="log-text")

    def compose(self):
        yield self._text

    def on_resize(self) -> None:
        # Anchored, the layout itself keeps the last line in view as the log grows, in the
        # frame that draws it (scrolling after a refresh took one to two frames more); a
        # player's scroll releases it, and coming back to the bottom anchors it again.
        # Once laid out: the first layout anchors to the box's size before it is known,
        # and drew the log scrolled past its last line.
        if not self.is_anchored:
            self.anchor()

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
        self._text.show("\n".join(printable(line) for line in self._shown))
        self._update_title()

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        # Only a scroll changes this: new lines grow the log without moving it, so a player
        # at the bottom stays there and one who scrolled up is left where they were.
        self._follow = new >= self.max_scroll_y - 1
        if self._follow:
            self._update_title()

    def _update_title(self) -> None:
        # Setting a border title repaints the whole log even when it is the same title.
        title = "" if self._follow else "new lines below: End"
        if str(self.border_title or "") != title:
            self.border_title = title
