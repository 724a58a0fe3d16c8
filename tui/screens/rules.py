"""The rules viewer: a game's quick reference by section, searchable, opened on a topic.

Pushed over whatever is on screen, so a player looks a rule up without leaving the game. The
section text scrolls (arrows, PageUp/PageDown, Home/End, the mouse wheel) with a scrollbar;
Tab moves between it, the section list and the search box.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from engines.core.rules import RulesBook, RulesSection, load_rules
from tui.key_hints import with_keys


class RulesText(VerticalScroll):
    """The section being read; focused when the viewer opens, so the keys scroll it."""

    BINDINGS = [
        Binding("up,k,w", "scroll_up", "Up", id="rules.up", show=False),
        Binding("down,j,s", "scroll_down", "Down", id="rules.down", show=False),
        Binding("pageup", "page_up", "Page up", id="rules.page_up", show=False),
        Binding("pagedown,space", "page_down", "Page down", id="rules.page_down", show=False),
        Binding("home", "scroll_home", "Top", id="rules.top", show=False),
        Binding("end", "scroll_end", "Bottom", id="rules.bottom", show=False),
    ]

    # The keys jump instead of animating: an animated scroll sends a frame per step (over SSH,
    # bytes for every one) and End on a long glossary took a second to land.
    def action_scroll_up(self) -> None:
        self._jump(self.scroll_up)

    def action_scroll_down(self) -> None:
        self._jump(self.scroll_down)

    def action_page_up(self) -> None:
        self._jump(self.scroll_page_up)

    def action_page_down(self) -> None:
        self._jump(self.scroll_page_down)

    def action_scroll_home(self) -> None:
        self._jump(self.scroll_home)

    def action_scroll_end(self) -> None:
        self._jump(self.scroll_end)

    def _jump(self, scroll: Callable[..., None]) -> None:
        if not self.allow_vertical_scroll:
            raise SkipAction()  # nothing to scroll: the key goes to the screen
        scroll(animate=False)


class RulesScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "close", "Back", id="rules.close"),
        Binding("slash", "search", "Search", id="rules.search"),
        Binding("tab", "app.focus_next", "Sections/text", id="rules.next_panel"),
    ]

    def __init__(self, game_id: str, anchor: str = "") -> None:
        super().__init__()
        #: Whose rules: the palette over this screen offers that game's topics.
        self.game_id = game_id
        self.book: RulesBook = load_rules(game_id)
        self.opening_anchor = anchor  # not `anchor`: that is a Widget method
        self.shown: list[RulesSection] = list(self.book.sections)
        self._text_update: AwaitComplete | None = None

    def compose(self) -> ComposeResult:
        yield Static(
            f"Rules: {self.book.title}   "
            + with_keys(self, "({rules.next_panel}: sections or text, {rules.search}: search, {rules.close}: back)"),
            classes="title",
            markup=False,
        )
        with Horizontal(id="rules-body"):
            with Vertical(id="rules-side"):
                yield Input(placeholder="search the rules", id="rules-search")
                yield OptionList(id="rules-sections", markup=False)
            with RulesText(id="rules-scroll"):
                yield Markdown(id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        self._fill(self.book.sections)
        start = self.book.section(self.opening_anchor) if self.opening_anchor else None
        self.show_section(start or (self.book.sections[0] if self.book.sections else None))
        self.query_one(RulesText).focus()

    @property
    def section_shown(self) -> RulesSection | None:
        listing = self.query_one("#rules-sections", OptionList)
        if listing.highlighted is None or listing.highlighted >= len(self.shown):
            return None
        return self.shown[listing.highlighted]

    def _fill(self, sections: list[RulesSection]) -> None:
        self.shown = list(sections)
        listing = self.query_one("#rules-sections", OptionList)
        listing.clear_options()
        listing.add_options(
            # No option ids: a book is read by index, and a repeated anchor must never clash.
            Option(("  " * (s.level - 2)) + s.title)
            for s in self.shown
        )

    def show_section(self, section: RulesSection | None) -> None:
        if section is None:
            self._show_text("No section matches.")
            return
        listing = self.query_one("#rules-sections", OptionList)
        index = next((n for n, shown in enumerate(self.shown) if shown.anchor == section.anchor), None)
        if index is not None and listing.highlighted != index:
            listing.highlighted = index  # the highlight event shows the text: drawn once
            return
        self._show_text(section.markdown)

    @property
    def text_laid_out(self) -> bool:
        """Whether the text's blocks are those of the last text shown: Markdown takes its new
        source at once but swaps its blocks later (parsed off the loop, then removed and
        mounted), so until then the old blocks, or none, are on screen."""
        return self._text_update is None or self._text_update.is_done

    def _show_text(self, markdown: str) -> None:
        self._text_update = self.query_one("#rules-text", Markdown).update(markdown)
        self.query_one(RulesText).scroll_home(animate=False)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index < len(self.shown):
            self._show_text(self.shown[event.option_index].markdown)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.query_one(RulesText).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        found = self.book.search(event.value)
        self._fill(found)
        self.show_section(found[0] if found else None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#rules-sections", OptionList).focus()

    def action_search(self) -> None:
        self.query_one("#rules-search", Input).focus()

    def action_close(self) -> None:
        self.dismiss(None)
