"""A closed choice in one widget: the value between arrows, changed with the keys.

Textual's Select is five widgets (its current value, label, arrow and an overlay list) and
opens a list to choose from; a setup form with several of them paid for every one of those
widgets when it opened. Here left and right (or Enter and Space) step through the values
in place, as a keyboard player expects of a short list.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.reactive import reactive
from textual.widget import Widget


class ChoiceField(Widget, can_focus=True):
    """One value out of `choices`; `value` reads and sets it (a value not among the
    choices is refused)."""

    DEFAULT_CSS = """
    ChoiceField {
        background: $surface;
        color: $foreground;
        padding: 0 2;
        border: tall $border-blurred;
        width: 100%;
        height: 3;
        pointer: pointer;
    }
    ChoiceField:focus {
        border: tall $border;
        background-tint: $foreground 5%;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Previous", id="choice.previous"),
        Binding("right,enter,space", "step(1)", "Next", id="choice.next"),
    ]

    value: reactive[str] = reactive("")

    def __init__(self, choices: list[str], value: str, *, id: str | None = None, classes: str | None = None) -> None:
        if not choices:
            raise ValueError("a choice needs at least one value")
        super().__init__(id=id, classes=classes)
        self.choices = list(choices)
        self.set_reactive(ChoiceField.value, value if value in self.choices else self.choices[0])

    def validate_value(self, value: str) -> str:
        if value not in self.choices:
            raise ValueError(f"{value!r} is not one of {', '.join(self.choices)}")
        return value

    def render(self) -> Text:
        return Text(f"◀ {self.value} ▶", no_wrap=True, overflow="ellipsis")

    def action_step(self, steps: int) -> None:
        """The next (or previous) value, round from the last to the first."""
        index = self.choices.index(self.value)
        self.value = self.choices[(index + steps) % len(self.choices)]

    def on_click(self, event: events.Click) -> None:
        self.action_step(1)
