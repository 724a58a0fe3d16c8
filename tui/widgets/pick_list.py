"""A short list to pick from, one line per entry, drawn through the Line API.

Textual's OptionList is a scrolling view built for long lists of rich prompts: its module,
its stylesheet and its first render were about a fifth of what the launcher's first paint
cost beyond a bare Textual app, to show five lines. Here each entry is one line of plain
text (never markup), each line is made once per look and kept, and a move repaints the two
lines that changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from rich.cells import cell_len
from rich.segment import Segment
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from tui.textual_internals import rename_action

if TYPE_CHECKING:
    from textual import getters

    from tui.app import CampfireApp


class PickEntry(NamedTuple):
    id: str
    prompt: str
    disabled: bool = False


def find_first_enabled(entries: Sequence[PickEntry]) -> int | None:
    return next((index for index, entry in enumerate(entries) if not entry.disabled), None)


def find_last_enabled(entries: Sequence[PickEntry]) -> int | None:
    return next((index for index in range(len(entries) - 1, -1, -1) if not entries[index].disabled), None)


def find_next_enabled(entries: Sequence[PickEntry], anchor: int | None, direction: int) -> int | None:
    """The next enabled entry from `anchor` in `direction` (1 or -1), round past the ends;
    `anchor` itself when no other is enabled."""
    if anchor is None:
        return find_first_enabled(entries) if direction == 1 else find_last_enabled(entries)
    count = len(entries)
    for step in range(1, count + 1):
        index = (anchor + direction * step) % count
        if not entries[index].disabled:
            return index
    return anchor


class PickList(Widget, can_focus=True):
    """Entries that can be highlighted and picked, with the keys and looks of Textual's
    OptionList: up/down (round from the last to the first), home/end, page up/down move
    the highlight over disabled entries, which are drawn dimmed; Enter or a click picks
    the highlighted entry. The highlighted entry carries the app's cursor glyph as well as
    the highlight's colours, so it shows without colour (NO_COLOR) too. An entry list
    taller than the widget scrolls with the highlight."""

    if TYPE_CHECKING:  # Textual's way to tell a type checker the app's class; no run-time check
        app = getters.app(CampfireApp)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "cursor_down", "Down", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("enter", "select", "Select", show=False),
        Binding("home", "first", "First", show=False),
        Binding("pagedown", "page_down", "Page Down", show=False),
        Binding("pageup", "page_up", "Page Up", show=False),
        Binding("up", "cursor_up", "Up", show=False),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {"pick-list--highlighted", "pick-list--disabled"}
    DEFAULT_CSS = """
    PickList {
        height: auto;
        max-height: 100%;
        color: $foreground;
        background: $surface;
        padding: 0 1;
        &:focus { background-tint: $foreground 5%; }
        & > .pick-list--highlighted {
            color: $foreground;
            background: $block-cursor-blurred-background;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus > .pick-list--highlighted {
            color: $block-cursor-foreground;
            background: $block-cursor-background;
            text-style: $block-cursor-text-style;
        }
        & > .pick-list--disabled { color: $text-disabled; }
    }
    """

    class Highlighted(Message):
        """The highlight moved to `entry` (an enabled one)."""

        def __init__(self, pick_list: PickList, index: int, entry: PickEntry) -> None:
            super().__init__()
            self.pick_list = pick_list
            self.index = index
            self.entry = entry

        @property
        def control(self) -> PickList:
            return self.pick_list

    class Selected(Highlighted):
        """The player picked `entry` (Enter, or a click on it)."""

    def __init__(
        self,
        entries: list[PickEntry],
        *,
        highlighted: int | None = None,
        select_label: str | None = None,
        id: str | None = None,
    ) -> None:
        """`select_label`: what picking an entry does here (e.g. "New game"), shown with
        Enter in the footer; without it Enter works but is not listed."""
        super().__init__(id=id)
        if select_label is not None:
            # This instance's own bindings (the class's stay as they are); without Textual's
            # internals Enter works but is not listed.
            rename_action(self, "select", select_label)
        self.entries = list(entries)
        if highlighted is None:
            highlighted = find_first_enabled(self.entries)
        self._highlighted = highlighted
        #: The first entry shown (the list scrolls when it is taller than the widget).
        self._top = 0
        #: Lines made, by entry, look and width: a move only looks them up.
        self._lines: dict[tuple[int, str, bool, int, str], Strip] = {}

    @property
    def highlighted(self) -> int | None:
        return self._highlighted

    @highlighted.setter
    def highlighted(self, index: int | None) -> None:
        self.move_highlight(index)

    @property
    def highlighted_entry(self) -> PickEntry | None:
        index = self._highlighted
        return None if index is None else self.entries[index]

    def move_highlight(self, index: int | None) -> None:
        """Highlight entry `index` (None: none), repaint the lines that changed and say so
        to the parent when an enabled entry is highlighted."""
        if index is not None:
            index = max(0, min(index, len(self.entries) - 1)) if self.entries else None
        was = self._highlighted
        if index == was:
            return
        self._highlighted = index
        if self._scroll_to_highlight():
            self.refresh()
        else:
            self.refresh(*(self._row_region(i) for i in (was, index) if i is not None))
        if index is not None and not self.entries[index].disabled:
            self.post_message(self.Highlighted(self, index, self.entries[index]))

    def _row_region(self, index: int) -> Region:
        return Region(0, index - self._top, self.size.width, 1)

    def _scroll_to_highlight(self) -> bool:
        """Bring the highlighted entry into view; whether the list scrolled."""
        height, index = self.size.height, self._highlighted
        if index is None or height <= 0:
            return False
        top = min(max(self._top, index - height + 1), index)
        scrolled, self._top = top != self._top, top
        return scrolled

    def on_resize(self) -> None:
        self._scroll_to_highlight()

    # -- keys and mouse ---------------------------------------------------------------
    def action_cursor_down(self) -> None:
        self.move_highlight(find_next_enabled(self.entries, anchor=self._highlighted, direction=1))

    def action_cursor_up(self) -> None:
        self.move_highlight(find_next_enabled(self.entries, anchor=self._highlighted, direction=-1))

    def action_first(self) -> None:
        self.move_highlight(find_first_enabled(self.entries))

    def action_last(self) -> None:
        self.move_highlight(find_last_enabled(self.entries))

    def action_page_down(self) -> None:
        self._move_page(1)

    def action_page_up(self) -> None:
        self._move_page(-1)

    def _move_page(self, direction: int) -> None:
        """A page (the widget's height) on, to the nearest enabled entry from there onwards,
        else the last enabled one that way."""
        if self._highlighted is None:
            self.action_first() if direction < 0 else self.action_last()
            return
        last = len(self.entries) - 1
        target = max(0, min(self._highlighted + direction * max(self.size.height, 1), last))
        onwards = range(target, last + 1) if direction > 0 else range(target, -1, -1)
        enabled = next((i for i in onwards if not self.entries[i].disabled), None)
        if enabled is None:
            enabled = find_last_enabled(self.entries) if direction > 0 else find_first_enabled(self.entries)
        self.move_highlight(enabled)

    def action_select(self) -> None:
        index = self._highlighted
        if index is not None and not self.entries[index].disabled:
            self.post_message(self.Selected(self, index, self.entries[index]))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self._top + offset.y
        if 0 <= index < len(self.entries) and not self.entries[index].disabled:
            self.move_highlight(index)
            self.action_select()

    # -- drawing ------------------------------------------------------------------------
    def get_content_width(self, container: object, viewport: object) -> int:
        return max((cell_len(entry.prompt) for entry in self.entries), default=0) + 2

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self.entries)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        index = self._top + y
        if not 0 <= index < len(self.entries):
            return Strip.blank(width, self.visual_style.rich_style)
        entry = self.entries[index]
        look = (
            "pick-list--disabled" if entry.disabled else "pick-list--highlighted" if index == self._highlighted else ""
        )
        mark = self.app.glyphs.cursor if look == "pick-list--highlighted" else " "
        # The focus changes the highlight's colours and the tint of every line.
        key = (index, look, self.has_focus, width, mark)
        line = self._lines.get(key)
        if line is None:
            style = (self.get_visual_style(look) if look else self.visual_style).rich_style
            line = Strip([Segment(f"{mark} {entry.prompt}", style)]).crop_extend(0, width, style)
            self._lines[key] = line
        return line

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._lines.clear()
