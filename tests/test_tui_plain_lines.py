"""Line-API widgets hand the screen their own kept strips instead of Textual's per-line
styling when their styles add nothing to a line (tui/textual_internals/plain_lines.py): every line
they hand over must be the line Textual's `StylesCache` renders, in every colour mode,
after every step, whole or cropped."""

from __future__ import annotations

import pytest
from rich.style import Style
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.filter import Monochrome
from textual.geometry import Region
from textual.widget import Widget

from tui.widgets.board import LineBoard
from tui.widgets.line_text import LineText
from tui.textual_internals.plain_lines import plain_lines

from tests.internals_marks import needs_internals

pytestmark = needs_internals("plain_lines")


class Board(LineBoard):
    STYLES = {
        "cell": Style(dim=True),
        "red": Style(color="red", bgcolor="bright_white"),
        "cursor": Style(color="black", bgcolor="bright_cyan", bold=True),
    }


class Bench(App):
    CSS = """
    Screen { background: $surface; }
    #plain-box { background: $panel; }
    #framed { border: round red; }
    #padded { padding: 0 1; }
    #hidden-border { border: hidden; }
    #outlined { outline: solid green; }
    #hatched { hatch: cross red; }
    #faint { text-opacity: 50%; }
    #wide { width: 30; }
    #faded { opacity: 0.5; }
    #tinted { tint: red 30%; }
    #text { width: 24; background: $boost; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="plain-box"):
            yield Board(id="plain")
            yield Board(id="wide")
            yield Board(id="framed")
            yield Board(id="padded")
            yield Board(id="hidden-border")
            yield Board(id="outlined")
            yield Board(id="hatched")
            yield Board(id="faint")
            yield Board(id="faded")
            yield Board(id="tinted")
            yield LineText("", id="text")


def drawing(cursor: int, red: int) -> list[list[tuple[str, str]]]:
    rows = []
    for y in range(4):
        row = [("..", "cell")] * 6
        if y == red:
            row = [*row[:2], ("rr", "red"), *row[3:]]
        if y == cursor // 6:
            row = list(row)
            row[cursor % 6] = ("@@", "cursor")
        rows.append(row[: 4 + y])  # rows of different widths: shorter ones are padded
    return rows


def styles_cache_lines(widget: Widget, crop: Region) -> list[tuple]:
    """What Textual's own styling renders, from a cache that has never seen the widget."""
    return [(tuple(strip), strip.cell_length) for strip in StylesCache().render_widget(widget, crop)]


def crops(widget: Widget) -> list[Region]:
    width, height = widget.region.size
    return [
        Region(0, 0, width, height),
        Region(0, 1, width, max(1, height - 2)),
        Region(1, 0, max(1, width - 3), height),
        Region(2, height - 1, max(1, width - 2), 1),
        Region(0, height, width, 1),  # under the content: blank rows in the widget's background
    ]


@pytest.mark.parametrize("colours", ["truecolor", "ansi", "monochrome"])
async def test_each_line_handed_over_is_the_line_textual_styles_render(colours) -> None:
    app = Bench(ansi_color=colours == "ansi")
    async with app.run_test(size=(60, 80)) as pilot:
        if colours == "monochrome":
            app._filters.append(Monochrome())
        boards = list(app.query(Board))
        text = app.query_one(LineText)
        plain_ones = {"plain", "wide", "hidden-border", "text"}
        for step, (cursor, red, words) in enumerate(
            [(0, 1, "one"), (1, 1, "one two three four five six seven"), (7, 2, "two"), (6, 1, "one"), (8, 3, "")]
        ):
            for board in boards:
                if step % 2:
                    board.show_rows({y: row for y, row in enumerate(drawing(cursor, red))})
                else:
                    board.show(drawing(cursor, red))
            text.show(words)
            await pilot.pause()
            for widget in [*boards, text]:
                for crop in crops(widget):
                    handed = widget.render_lines(crop)
                    assert [(tuple(strip), strip.cell_length) for strip in handed] == styles_cache_lines(
                        widget, crop
                    ), (colours, widget.id, step, crop)
                    shortcut = plain_lines(widget, crop)
                    assert (shortcut is not None) == (widget.id in plain_ones), widget.id
