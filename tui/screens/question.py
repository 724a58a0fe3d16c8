"""A yes/no question in a box: y or Enter for yes, n or Esc for no. Drawn with plain
characters only, since it may be asking whether the terminal can draw anything else."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.key_hints import key, keys


class QuestionScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="question.yes"),
        Binding("enter", "enter", "Yes", id="question.enter"),
        Binding("n,escape", "answer(False)", "No", id="question.no"),
    ]

    def __init__(self, question: str, *, yes: str = "Yes", no: str = "No", enter_says_yes: bool = True) -> None:
        """`enter_says_yes=False` for a yes that cannot be taken back (closing a table for
        all its players): only y says it, not an Enter pressed out of habit."""
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no
        self.enter_says_yes = enter_says_yes

    def compose(self) -> ComposeResult:
        yes = key(self, "question.yes") + (f" or {key(self, 'question.enter')}" if self.enter_says_yes else "")
        with Vertical(id="question-box"):
            yield Static(self.question, markup=False)
            yield Static(f"{yes}: {self.yes}    {keys(self, 'question.no')}: {self.no}", classes="title", markup=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.enter_says_yes if action == "enter" else True

    def action_enter(self) -> None:
        self.dismiss(True)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
