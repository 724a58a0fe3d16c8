"""A yes/no question in a box: y or Enter for yes, n or Esc for no. Drawn with plain
characters only, since it may be asking whether the terminal can draw anything else."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class QuestionScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes", id="question.yes"),
        Binding("n,escape", "answer(False)", "No", id="question.no"),
    ]

    def __init__(self, question: str, *, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(id="question-box"):
            yield Static(self.question, markup=False)
            yield Static(f"y or Enter: {self.yes}    n or Esc: {self.no}", classes="title", markup=False)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
