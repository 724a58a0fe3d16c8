"""LineBoard repaints only the cells between the first and last runs that changed in a row:
a cursor step on a wide board sends a few cells to the terminal, not whole rows."""

from __future__ import annotations

from textual._compositor import ChopsUpdate
from textual.app import App, ComposeResult

from tui.widgets.board import LineBoard


def row(cursor: int | None, width: int = 10) -> list[tuple[str, str]]:
    return [("@" if x == cursor else ".", "cursor" if x == cursor else "empty") for x in range(width)]


class BoardApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.spans: list[tuple[int, int, int]] = []

    def compose(self) -> ComposeResult:
        yield LineBoard()

    def _display(self, screen, renderable) -> None:
        super()._display(screen, renderable)
        if isinstance(renderable, ChopsUpdate):
            self.spans += renderable.spans


async def repainted_after(app: BoardApp, pilot, drawing) -> list[tuple[int, int, int]]:
    await pilot.pause()
    app.spans.clear()
    app.query_one(LineBoard).show(drawing)
    await pilot.pause()
    await pilot.pause()
    return sorted(set(app.spans))


async def test_a_cursor_step_repaints_the_cells_it_left_and_entered_only() -> None:
    app = BoardApp()
    async with app.run_test(size=(30, 6)) as pilot:
        app.query_one(LineBoard).show([row(None), row(2), row(None)])
        # Spans are (row, first column, end column) on screen; the board sits at 0,0.
        assert await repainted_after(app, pilot, [row(None), row(3), row(None)]) == [(1, 2, 4)]


async def test_rows_that_change_at_both_ends_repaint_between_them() -> None:
    app = BoardApp()
    async with app.run_test(size=(30, 6)) as pilot:
        app.query_one(LineBoard).show([row(0), row(None)])
        changed = row(9)
        changed[0] = ("#", "empty")
        assert await repainted_after(app, pilot, [changed, row(None)]) == [(0, 0, 10)]


async def test_unchanged_rows_are_not_repainted_and_the_board_shows_the_new_drawing() -> None:
    app = BoardApp()
    async with app.run_test(size=(30, 6)) as pilot:
        board = app.query_one(LineBoard)
        board.show([row(1), row(None), row(None)])
        assert await repainted_after(app, pilot, [row(1), row(None), row(5)]) == [(2, 5, 6)]
        assert [board.render_line(y).text for y in range(3)] == [".@........", "..........", ".....@...."]
