"""Scores over time: each player's score by turn, drawn to the size it is given, and the
final breakdown by category once the game is over (the end screen shows the chart too)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from saves.replay import ScoreHistory
from tui.charts import breakdown_text, score_chart
from tui.glyphs import ASCII
from tui.key_hints import with_keys


class ScoreChart(Static):
    """The chart of a ScoreHistory, drawn again for each new size (plotext draws to a fixed
    number of cells), in ASCII when the glyph set is."""

    def __init__(self, history: ScoreHistory, *, mark_turn: int | None = None, **kwargs: object) -> None:
        super().__init__("", markup=False, **kwargs)  # type: ignore[arg-type]
        self.history = history
        self.mark_turn = mark_turn
        self._drawn_for: tuple[int, int, bool] | None = None

    def on_resize(self) -> None:
        self.draw()

    def draw(self) -> None:
        width, height = self.content_size
        ascii = getattr(self.app, "glyphs", None) == ASCII
        if (width, height, ascii) == self._drawn_for or width <= 0 or height <= 0:
            return
        self._drawn_for = (width, height, ascii)
        history = self.history
        text = score_chart(
            history.names, history.turns, history.scores, width, height, ascii=ascii, mark_turn=self.mark_turn
        )
        self.update(Text(text))


def final_breakdown(history: ScoreHistory) -> str:
    if history.final is None:
        return "The game is not over: no final breakdown yet."
    from tui.screens.end import breakdown_rows

    columns, rows = breakdown_rows(history.final, history.names[: len(history.final.scores)])
    return breakdown_text(columns, rows)


class ScoresScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,c", "close", "Back", id="scores.close")]

    def __init__(self, history: ScoreHistory, *, mark_turn: int | None = None) -> None:
        super().__init__()
        self.history = history
        self.mark_turn = mark_turn

    def compose(self) -> ComposeResult:
        with Vertical(id="scores-box"):
            yield Static(with_keys(self, "Scores by turn   ({scores.close}: back)"), classes="title", markup=False)
            yield ScoreChart(self.history, mark_turn=self.mark_turn, id="scores-chart")
            with VerticalScroll(id="scores-breakdown"):
                yield Static(Text(final_breakdown(self.history)))

    def on_mount(self) -> None:
        self.query_one("#scores-breakdown").focus()

    def action_close(self) -> None:
        self.dismiss(None)
