"""The rules viewer: a game's quick reference by section, searchable, opened on a topic.

Pushed over whatever is on screen, so a player looks a rule up without leaving the game.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from engines.core.rules import RulesBook, RulesSection, load_rules


class RulesScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "close", "Back to game", id="rules.close"),
        Binding("slash", "search", "Search", id="rules.search"),
    ]

    def __init__(self, game_id: str, anchor: str = "") -> None:
        super().__init__()
        self.book: RulesBook = load_rules(game_id)
        self.anchor = anchor
        self.shown: list[RulesSection] = list(self.book.sections)

    def compose(self) -> ComposeResult:
        yield Static(f"Rules: {self.book.title}   (/ search, Esc back)", classes="title")
        with Horizontal(id="rules-body"):
            with Vertical(id="rules-side"):
                yield Input(placeholder="search the rules", id="rules-search")
                yield OptionList(id="rules-sections")
            yield Markdown(id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        self._fill(self.book.sections)
        start = self.book.section(self.anchor) if self.anchor else None
        self.show_section(start or (self.book.sections[0] if self.book.sections else None))
        self.query_one("#rules-sections", OptionList).focus()

    def _fill(self, sections: list[RulesSection]) -> None:
        self.shown = list(sections)
        listing = self.query_one("#rules-sections", OptionList)
        listing.clear_options()
        listing.add_options(
            Option(("  " * (s.level - 2)) + s.title, id=s.anchor) for s in self.shown
        )

    def show_section(self, section: RulesSection | None) -> None:
        text = self.query_one("#rules-text", Markdown)
        if section is None:
            text.update("No section matches.")
            return
        text.update(section.markdown)
        listing = self.query_one("#rules-sections", OptionList)
        for index, shown in enumerate(self.shown):
            if shown.anchor == section.anchor:
                listing.highlighted = index
                break

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.query_one("#rules-text", Markdown).update(self.shown[event.option_index].markdown)

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
