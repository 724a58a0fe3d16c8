"""The end of a game: who won, why, and every seat's score breakdown."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from engines.core.protocol import Outcome
from saves.replay import ScoreHistory
from tui.key_hints import with_keys


def breakdown_rows(outcome: Outcome, names: list[str]) -> tuple[list[str], list[list[str]]]:
    """Columns (one per seat, then one per rival such as an automa) and rows (one per score
    category, then the total)."""
    breakdowns = [*outcome.breakdown, *(rival.breakdown for rival in outcome.rivals)]
    labels: list[str] = []
    for lines in breakdowns:
        for line in lines:
            if line.label not in labels:
                labels.append(line.label)
    rows = []
    for label in labels:
        row = [label]
        for lines in breakdowns:
            points = next((line.points for line in lines if line.label == label), None)
            row.append("" if points is None else f"{points:+d}" if points < 0 else str(points))
        rows.append(row)
    totals = [*outcome.scores, *(rival.score for rival in outcome.rivals)]
    rows.append(["Total", *(str(s) for s in totals)])
    return ["", *names, *(rival.name for rival in outcome.rivals)], rows


class EndScreen(ModalScreen[str]):
    BINDINGS = [
        Binding("enter", "menu", "Back to menu", id="end.menu", priority=True),
        Binding("escape", "board", "Look at the table", id="end.board"),
        Binding("f1", "rules", "Scoring rules", id="end.rules"),
        Binding("r", "review", "Review the game", id="end.review"),
    ]

    def __init__(
        self,
        outcome: Outcome,
        names: list[str],
        details: str = "",
        history: ScoreHistory | None = None,
        reviewable: bool = False,
    ) -> None:
        super().__init__()
        self.outcome = outcome
        self.names = names
        self.details = details
        #: Scores by turn, charted under the breakdown when the game lasted more than a turn.
        self.history = history
        self.reviewable = reviewable

    def compose(self) -> ComposeResult:
        winners = [self.names[w] for w in self.outcome.winners]
        winners += [rival.name for rival in self.outcome.rivals if rival.won]
        if not winners:
            headline = "Nobody wins."
        elif len(winners) == 1:
            headline = f"{winners[0]} wins!"
        else:
            headline = "Shared victory: " + ", ".join(winners) + "!"
        with Vertical(id="end-box"):
            # Names and reasons come from players and engines: shown verbatim, never markup.
            yield Static(f"Game over. {headline}", classes="title", id="end-headline", markup=False)
            yield Static(self.outcome.reason, id="end-reason", markup=False)
            yield DataTable(id="end-table", show_cursor=False, zebra_stripes=True)
            room = self._chart_rows()
            if self.history is not None and room:
                from tui.screens.scores import ScoreChart

                chart = ScoreChart(self.history, id="end-chart")
                chart.styles.height = room
                yield chart
            if self.details:
                with VerticalScroll(id="end-details"):
                    yield Static(self.details, markup=False)
            review = "   {end.review}: review" + ("" if room else " (then {replay.chart}: scores by turn)")
            hint = "{end.menu}: menu   {end.board}: look at the table   {end.rules}: scoring rules"
            yield Static(with_keys(self, hint + (review if self.reviewable else "")), classes="hint", markup=False)

    def _chart_rows(self) -> int:
        """Rows for the scores chart under the breakdown, or 0 when the terminal leaves too
        few for a readable one (the replay's `c` still shows it, full size)."""
        if self.history is None or len(self.history.turns) < 2:
            return 0
        categories = len(breakdown_rows(self.outcome, self.names)[1])
        # The box's borders, padding, headline, reason, hint, the table's header and the details.
        room = self.app.size.height - categories - 11 - (8 if self.details else 0)
        return min(room, 16) if room >= 10 else 0

    def on_mount(self) -> None:
        table = self.query_one("#end-table", DataTable)
        columns, rows = breakdown_rows(self.outcome, self.names)
        # Text, not str: a DataTable reads a str cell as markup, and names are players' own.
        table.add_columns(*(Text(column) for column in columns))
        table.add_rows([[Text(cell) for cell in row] for row in rows])

    def action_menu(self) -> None:
        self.dismiss("menu")

    def action_board(self) -> None:
        self.dismiss("board")

    def action_rules(self) -> None:
        self.dismiss("rules")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.reviewable if action == "review" else True

    def action_review(self) -> None:
        self.dismiss("review")
