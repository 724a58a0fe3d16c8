"""The shared Line-API board and the text beside it: a cursor step repaints the rows and
lines it changed, and asks for a layout only when a size changed."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from tui.widgets.board import LineBoard, show_text


class Bench(App):
    CSS = "#text { width: 20; } #fixed { height: 2; width: 20; }"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield LineBoard(id="board")
            yield Static("one line", id="text", markup=False)
            yield Static("fixed", id="fixed", markup=False)
            yield Static("below", id="below", markup=False)


@pytest.fixture
def layouts(monkeypatch) -> list[str]:
    """The ids of the widgets that asked for a layout."""
    asked: list[str] = []
    refresh = Widget.refresh

    def spy(self, *regions, **kwargs):
        if kwargs.get("layout"):
            asked.append(self.id or type(self).__name__)
        return refresh(self, *regions, **kwargs)

    monkeypatch.setattr(Widget, "refresh", spy)
    return asked


def drawing(cursor: int, rows: int = 4) -> list[list[tuple[str, str]]]:
    return [[("ab", "cell cursor" if y == cursor else "cell")] for y in range(rows)]


async def test_a_cursor_step_repaints_its_two_rows_and_asks_for_no_layout(layouts) -> None:
    app = Bench()
    async with app.run_test(size=(40, 12)) as pilot:
        board = app.query_one(LineBoard)
        board.show(drawing(0))
        await pilot.pause()
        layouts.clear()
        assert board.show(drawing(2)) == [0, 2]
        assert board.show(drawing(2)) == []
        assert board.show_rows({2: drawing(3)[2], 3: drawing(3)[3]}) == [2, 3]
        assert board.drawing == drawing(3)
        assert "board" not in layouts
        assert board.show(drawing(3, rows=6)) == list(range(6))  # taller: a new layout
        assert "board" in layouts
        await pilot.pause()
        assert board.size.height == 6
        with pytest.raises(IndexError):
            board.show_rows({6: drawing(0)[0]})


async def test_a_wider_row_from_show_rows_widens_the_board(layouts) -> None:
    app = Bench()
    async with app.run_test(size=(40, 12)) as pilot:
        board = app.query_one(LineBoard)
        board.show(drawing(0))
        await pilot.pause()
        board.show_rows({1: [("abcdef", "cell")]})
        assert "board" in layouts
        await pilot.pause()
        assert board.size.width == 6


async def test_the_board_is_as_wide_as_its_widest_row_after_every_row_change() -> None:
    """`show_rows` measures every row only when a changed row's length changed: the width
    it keeps is the widest row's, measured the long way, after steps that keep, grow and
    shrink rows."""
    app = Bench()
    async with app.run_test(size=(40, 12)) as pilot:
        board = app.query_one(LineBoard)
        board.show(drawing(0))
        await pilot.pause()
        steps = [
            {1: [("abcd", "cell")]},
            {1: [("ab", "cell"), ("cd", "cell cursor")]},
            {3: [("xy", "cell cursor")]},
            {1: [("ab", "cell")]},
            {2: [("xyzxyz", "cell")], 0: [("b", "cell")]},
            {2: [("xy", "cell")]},
            {0: [("a", "cell")], 2: [("x", "cell")]},
            {0: [("abc", "cell")], 3: [("xy", "cell")]},  # one row grows, the next keeps its length
        ]
        for rows in steps:
            board.show_rows(rows)
            await pilot.pause()
            widest = max(sum(len(text) for text, _ in row) for row in board.drawing)
            assert board.get_content_width(None, None) == widest == board.size.width, rows


async def test_rows_drawn_from_kept_runs_read_as_rows_drawn_afresh(monkeypatch) -> None:
    """A board keeps each run it drew as a segment with its width; every row it shows
    reads as the row drawn afresh, run by run, including after the kept runs are dropped
    for being too many and with wide characters."""
    from rich.segment import Segment
    from rich.style import Style
    from textual.strip import Strip

    import tui.widgets.board as board_module

    monkeypatch.setattr(board_module, "RUN_CACHE_SIZE", 2)
    monkeypatch.setattr(LineBoard, "STYLES", {"cell": Style(bold=True), "cursor": Style(reverse=True)})
    app = Bench()
    async with app.run_test(size=(40, 12)) as pilot:
        board = app.query_one(LineBoard)
        board.show(drawing(0))
        await pilot.pause()
        steps = [
            {1: [("ab", "cell cursor")]},
            {1: [("ab", "cell")], 2: [("ab", "cell cursor"), ("界", "cell")]},
            {2: [("界", "cell cursor"), ("ab", "cell")], 3: [("ab", "cell"), ("ab", "cell cursor")]},
            {0: [("cd", "cell")], 1: [("ab", "cell cursor"), ("cd", "cell"), ("x", "cell")]},
        ]
        for rows in steps:
            board.show_rows(rows)
            for y, row in enumerate(board.drawing):
                afresh = Strip([Segment(text, board.style_of(kind)) for text, kind in row])
                shown = board.render_line(y)
                assert list(shown) == list(afresh) and shown.cell_length == afresh.cell_length, (rows, y)
            assert len(board._run_cache) <= board_module.RUN_CACHE_SIZE + 3, "kept runs stay few"
            await pilot.pause()


async def test_text_beside_the_board_is_replaced_without_a_layout_while_its_height_holds(layouts) -> None:
    app = Bench()
    async with app.run_test(size=(40, 12)) as pilot:
        text, below = app.query_one("#text", Static), app.query_one("#below", Static)
        await pilot.pause()
        layouts.clear()
        assert show_text(text, "one line") is False  # unchanged: nothing to do
        assert show_text(text, "another line") is True
        assert "text" not in layouts
        await pilot.pause()
        assert "another line" in str(text.render())
        at = below.region.y
        show_text(text, "a line too long for twenty columns")  # wraps: the box grows
        assert "text" in layouts
        await pilot.pause()
        assert text.size.height == 2 and below.region.y == at + 1


async def test_a_box_sized_by_the_styles_never_asks_for_a_layout(layouts) -> None:
    app = Bench()
    async with app.run_test(size=(40, 12)) as pilot:
        fixed = app.query_one("#fixed", Static)
        await pilot.pause()
        layouts.clear()
        show_text(fixed, "a\nb\nc\nd")
        assert layouts == []


class KeysScreen(Screen):
    """A board inside nested containers, as on a game screen, whose screen takes its moves."""

    def compose(self) -> ComposeResult:
        with Vertical():
            with Vertical():
                yield LineBoard(id="board")

    def on_mount(self) -> None:
        self.query_one(LineBoard).show(drawing(0))
        self.query_one(LineBoard).focus()

    def on_line_board_nudged(self, message: LineBoard.Nudged) -> None:
        self.app.nudges.append((message.rows, message.cols))


class Keys(App):
    """Counts the moves its screen took, and what reaches the app."""

    def __init__(self) -> None:
        super().__init__()
        self.nudges: list[tuple[int, int]] = []
        self.refusals = 0
        self.app_nudges = 0

    def get_default_screen(self) -> Screen:
        return KeysScreen()

    def on_line_board_nudged(self, message: LineBoard.Nudged) -> None:
        self.app_nudges += 1

    def on_key(self, event) -> None:
        self.refusals += 1  # a key nobody on the way took


async def test_a_board_key_runs_its_binding_once() -> None:
    app = Keys()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.press("right", "k", "x")
        await pilot.pause()
    assert app.nudges == [(0, 1), (-1, 0)]
    assert app.app_nudges == 0  # the screen took them


async def test_a_remapped_board_key_follows_the_players_keymap() -> None:
    app = Keys()
    async with app.run_test(size=(40, 12)) as pilot:
        app.set_keymap({"board.left": "z"})
        await pilot.press("z", "left")
        await pilot.pause()
    assert app.nudges == [(0, -1)]


async def test_a_put_the_board_refuses_now_travels_on_to_the_screen() -> None:
    app = Keys()
    async with app.run_test(size=(40, 12)) as pilot:
        app.query_one(LineBoard).accepts_put = False
        await pilot.press("enter")
        await pilot.pause()
    assert app.refusals == 1
