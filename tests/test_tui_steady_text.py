"""SteadyText repaints only what changed: what a move sends over SSH is what it repaints
(issue 14: one move under 4 KB). Rows repainted are read from the frames the app hands to
its driver, as a terminal would receive them."""

from __future__ import annotations

from rich.text import Text
from textual._compositor import ChopsUpdate
from textual.app import App, ComposeResult

from tui.widgets.steady_text import SteadyText


class TextApp(App[None]):
    CSS = "SteadyText { width: 30; }"

    def __init__(self, text: str | Text) -> None:
        super().__init__()
        self.start = text
        self.rows_sent: list[set[int]] = []
        self.spans_sent: list[tuple[int, int, int]] = []

    def compose(self) -> ComposeResult:
        yield SteadyText(self.start, id="text")

    def _display(self, screen, renderable) -> None:
        super()._display(screen, renderable)
        if isinstance(renderable, ChopsUpdate):
            self.rows_sent.append({y for y, _, _ in renderable.spans})
            self.spans_sent += renderable.spans


async def rows_repainted(app: TextApp, pilot, text: str | Text) -> set[int]:
    await pilot.pause()
    app.rows_sent.clear()
    app.spans_sent.clear()
    app.query_one(SteadyText).show(text)
    await pilot.pause()
    await pilot.pause()
    return set().union(*app.rows_sent)


async def test_the_same_text_again_repaints_nothing() -> None:
    app = TextApp("North b10\nEast p28\nSouth b2")
    async with app.run_test(size=(40, 8)) as pilot:
        assert await rows_repainted(app, pilot, "North b10\nEast p28\nSouth b2") == set()


async def test_a_changed_line_repaints_only_its_row() -> None:
    app = TextApp("North b10\nEast p28\nSouth b2")
    async with app.run_test(size=(40, 8)) as pilot:
        assert await rows_repainted(app, pilot, "North b10\nEast (empty)\nSouth b2") == {1}
        assert str(app.query_one(SteadyText).render()).splitlines()[1] == "East (empty)"


async def test_a_line_that_fits_repaints_from_its_first_changed_character() -> None:
    app = TextApp("Fits here: Enter to place.\nForest: bag 58")
    async with app.run_test(size=(40, 8)) as pilot:
        await rows_repainted(app, pilot, "Fits here: Enter to put.\nForest: bag 58")
        # "Fits here: Enter to p" stays; "lace." becomes "ut.": columns 21 to 26.
        assert sorted(set(app.spans_sent)) == [(0, 21, 26)]


class CentredApp(TextApp):
    CSS = "SteadyText { width: 30; text-align: center; }"


async def test_centred_text_repaints_the_whole_row() -> None:
    app = CentredApp("bag 58\ncubes 14")
    async with app.run_test(size=(40, 8)) as pilot:
        assert await rows_repainted(app, pilot, "bag 57 and 1 discard\ncubes 14") == {0}
        assert sorted(set(app.spans_sent)) == [(0, 0, 30)]


async def test_a_wrapped_sentence_repaints_only_the_rows_whose_words_changed() -> None:
    start = "Ana must choose a forest side, then take a tile"
    app = TextApp(start)
    async with app.run_test(size=(40, 8)) as pilot:
        # 30 columns: the sentence wraps to two rows; only the second one changes.
        assert await rows_repainted(app, pilot, start.replace("take a tile", "take one tile")) == {1}


async def test_a_new_height_lays_out_and_shows_every_row() -> None:
    app = TextApp("one\ntwo")
    async with app.run_test(size=(40, 8)) as pilot:
        repainted = await rows_repainted(app, pilot, "one\ntwo\nthree")
        assert {0, 1, 2} <= repainted
        assert app.query_one(SteadyText).size.height == 3


async def test_styled_text_and_markup_like_text_are_shown_verbatim() -> None:
    app = TextApp(Text.assemble(("Ana\n", "bold"), "[b]cubes[/b] 2"))
    async with app.run_test(size=(40, 8)) as pilot:
        assert await rows_repainted(app, pilot, Text.assemble(("Ana\n", "bold"), "[b]cubes[/b] 3")) == {1}
        assert str(app.query_one(SteadyText).render()).splitlines()[1] == "[b]cubes[/b] 3"


class LogLikeApp(TextApp):
    CSS = "SteadyText { width: 30; height: auto; min-height: 100%; } Vertical { height: 4; }"

    def compose(self) -> ComposeResult:
        from textual.containers import Vertical

        with Vertical():
            yield SteadyText(self.start, id="text")


async def test_a_line_added_under_a_min_height_repaints_its_own_row() -> None:
    app = LogLikeApp("first move\nsecond move")
    async with app.run_test(size=(40, 8)) as pilot:
        assert app.query_one(SteadyText).size.height == 4
        assert await rows_repainted(app, pilot, "first move\nsecond move\nthird move") == {2}
        # Past the min-height the text grows: every row is laid out again.
        grown = await rows_repainted(app, pilot, "first\nsecond\nthird\nfourth\nfifth")
        assert {0, 1, 2, 3} <= grown
