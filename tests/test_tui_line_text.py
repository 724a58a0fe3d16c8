"""LineText draws a text as a Static would, line by line from kept strips, and repaints only
what changed (over SSH every repainted cell is sent again: issue 14). Rows repainted are read
from the frames the app hands to its driver, as a terminal would receive them."""

from __future__ import annotations

import pytest
from textual._compositor import ChopsUpdate
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widgets import Static

from tui.widgets.line_text import LineText

# A name line, a sentence that wraps at 30 columns, a blank line, markup-like and wide text.
TEXTS = [
    "Ana holds pine 43 (S4 ▟▘)\nFits here: Enter to place.  r rotate",
    "Ana holds pine 43 (S4 ▟▘)\n✗ Touching only at a corner does not count: the tile must share a side with the left bank.",
    "[bold]Bo[/bold] holds\n\n  pp\n pp",
    "",
    "one\ntwo\nthree\nfour",
]


class SideBySide(App[None]):
    """The same text in a LineText and in a Static of the same width."""

    CSS = "LineText, Static { width: 30; height: auto; }"

    def __init__(self, text: str) -> None:
        super().__init__()
        self.start = text
        self.spans_sent: list[tuple[int, int, int]] = []

    def compose(self) -> ComposeResult:
        yield LineText(self.start, id="lines")
        yield Static(self.start, id="static", markup=False)

    def _display(self, screen, renderable) -> None:
        super()._display(screen, renderable)
        if isinstance(renderable, ChopsUpdate):
            self.spans_sent += renderable.spans


def drawn(widget) -> list:
    """What the widget's rows show: each run's text and look. A Static's runs also carry
    where they sit in its text (for selecting it), which sends nothing to the terminal."""
    width, height = widget.outer_size
    return [
        [(segment.text, segment.style.clear_meta_and_links() if segment.style else None) for segment in strip]
        for strip in widget.render_lines(Region(0, 0, width, height))
    ]


@pytest.mark.parametrize("text", TEXTS)
async def test_a_text_is_drawn_as_a_static_draws_it(text: str) -> None:
    app = SideBySide(TEXTS[0])
    async with app.run_test(size=(40, 20)) as pilot:
        lines, static = app.query_one("#lines", LineText), app.query_one("#static", Static)
        lines.show(text)  # shown after the first frame too: the kept strips of TEXTS[0] go
        static.update(text)
        await pilot.pause()
        assert lines.outer_size == static.outer_size
        assert drawn(lines) == drawn(static)
        assert lines.text == text
        assert str(lines.render()) == text  # verbatim: "[bold]" stays


async def test_the_same_text_again_repaints_nothing() -> None:
    app = SideBySide(TEXTS[0])
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        app.spans_sent.clear()
        assert app.query_one(LineText).show(TEXTS[0]) is False
        await pilot.pause()
        assert app.spans_sent == []


async def test_a_changed_line_repaints_from_its_first_changed_character_to_the_end_of_the_longer_one() -> None:
    app = SideBySide("Fits here: Enter to place.\nForest: bag 58")
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        lines = app.query_one(LineText)
        at = lines.region
        app.spans_sent.clear()
        lines.show("Fits here: Enter to put.\nForest: bag 58")
        await pilot.pause()
        # "Fits here: Enter to p" stays; "lace." becomes "ut.": columns 21 to 26.
        assert sorted(set(app.spans_sent)) == [(at.y, at.x + 21, at.x + 26)]


async def test_a_wrapped_sentence_repaints_only_the_rows_whose_words_changed() -> None:
    start = "Ana must choose a forest side, then take a tile"
    app = SideBySide(start)
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        lines = app.query_one(LineText)
        top = lines.region.y
        app.spans_sent.clear()
        lines.show(start.replace("take a tile", "take one tile"))
        await pilot.pause()
        # 30 columns: the sentence wraps to two rows; only the second one changes.
        assert {y for y, _, _ in app.spans_sent} == {top + 1}
        assert drawn(lines)[1] != []


async def test_more_rows_grow_the_widget_and_fewer_shrink_it() -> None:
    app = SideBySide("one")
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        lines = app.query_one(LineText)
        lines.show("one\ntwo\nthree")
        await pilot.pause()
        assert lines.size.height == 3
        assert [strip.text.rstrip() for strip in lines.render_lines(Region(0, 0, 30, 3))] == ["one", "two", "three"]
        lines.show("one")
        await pilot.pause()
        assert lines.size.height == 1


class WithFloor(SideBySide):
    CSS = "LineText, Static { width: 30; height: auto; min-height: 2; }"


async def test_rows_under_a_floor_are_blank_and_a_line_filling_one_lays_nothing_out() -> None:
    app = WithFloor("Ana holds pine 43")
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        lines = app.query_one(LineText)
        top = lines.region.y
        assert lines.size.height == 2
        app.spans_sent.clear()
        lines.show("Ana holds pine 43\nFits here")
        await pilot.pause()
        assert lines.size.height == 2
        assert {y for y, _, _ in app.spans_sent} == {top + 1}
        app.query_one(Static).update("Ana holds pine 43\nFits here")
        await pilot.pause()
        assert drawn(lines) == drawn(app.query_one(Static))


async def test_a_new_width_wraps_the_kept_lines_again() -> None:
    app = SideBySide(TEXTS[1])
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        lines, static = app.query_one("#lines", LineText), app.query_one("#static", Static)
        for width in (18, 30):
            lines.styles.width = static.styles.width = width
            await pilot.pause()
            assert lines.outer_size == static.outer_size
            assert drawn(lines) == drawn(static)
