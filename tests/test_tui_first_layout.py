"""The first-layout shortcut (tui/widgets/first_layout.py) against Textual's own layout:
a scrollbar shown before the first frame must be the one the layout settles on, and a
scroller scrolled to its end before it must be where the layout's own end is."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static

from bench.keys import VirtualScreen
from tui.widgets.first_layout import region_at_first_layout, scroll_end_from_first_frame, scrollbar_from_first_frame

SIZE = (60, 20)
CSS = """
#top { height: auto; }
#outer { padding: 1 2; border: round white; }
#left { width: 1fr; border: solid white; overflow-y: scroll; scrollbar-size-vertical: 1; }
#right { width: 12; }
#scroller { height: 1fr; margin: 0 1; padding: 1 0; }
#scroller > Static { height: auto; }
"""


class Nested(Screen):
    """A scroller inside containers with padding, borders, margins and a scrollbar that
    always shows, under a line that wraps. It holds `lines` short lines (10 fit): short, so
    that a scrollbar shown one line too soon would not make itself needed by wrapping them
    (the layout then takes it away, and the test sees it)."""

    def __init__(self, lines: int, kind: str = "container") -> None:
        super().__init__()
        self.lines = lines
        self.kind = kind
        self.predicted: tuple | None = None

    def compose(self) -> ComposeResult:
        yield Static("A heading long enough to wrap onto a second row at sixty columns wide.", id="top")
        with Vertical(id="outer"):
            with Horizontal():
                with Vertical(id="left"):
                    if self.kind == "options":  # a ScrollView: its rows are no children
                        yield OptionList(*("x" * 20 for _ in range(self.lines)), id="scroller")
                    else:
                        with VerticalScroll(id="scroller"):
                            yield Static("\n".join("x" * 20 for _ in range(self.lines)))
                yield Static("side", id="right")

    def on_mount(self) -> None:
        scroller = self.query_one("#scroller")
        view = scrollbar_from_first_frame(scroller)
        if self.kind == "container":
            scroll_end_from_first_frame(scroller)
        self.predicted = (region_at_first_layout(scroller), view is not None, scroller.show_vertical_scrollbar)


class Host(App):
    CSS = CSS


async def open_nested(pilot, lines: int, kind: str = "container") -> tuple[Nested, dict]:
    app = pilot.app
    first: dict = {}
    display = app._display

    terminal = VirtualScreen(*SIZE)
    looks = []

    def record(screen, update) -> None:
        display(screen, update)
        if isinstance(screen, Nested) and update is not None:
            terminal.apply(update, app.console)
            looks.append(terminal.snapshot())
            if not first:
                scroller = screen.query_one("#scroller")
                first["scrollbar"], first["scroll_y"] = scroller.show_vertical_scrollbar, scroller.scroll_y

    app._display = record
    screen = Nested(lines, kind)
    app.push_screen(screen)
    for _ in range(4):
        await pilot.pause()
    app._display = display
    # What the terminal shows, not only the widgets' state: an OptionList drawn with the
    # scrollbar's state right but its virtual size unknown drew the scrollbar a frame late.
    first["final_look"] = bool(looks) and looks[0] == looks[-1]
    return screen, first


@pytest.mark.parametrize("kind", ["container", "options"])
async def test_the_scrollbar_shown_before_the_first_frame_is_the_one_the_layout_keeps(kind) -> None:
    """Around the height where the scroller starts to overflow, the region worked out
    before the first layout is the one the layout gives, and the scrollbar shown early is
    there in the first frame and stays. A container scrolled to its end early shows, in
    its first frame, the end the layout gives it."""
    settled_on = set()
    async with Host().run_test(size=SIZE) as pilot:
        for lines in range(4, 14):
            screen, first = await open_nested(pilot, lines, kind)
            scroller = screen.query_one("#scroller")
            settled = scroller.show_vertical_scrollbar
            settled_on.add(settled)
            assert settled == (scroller.max_scroll_y > 0)
            region, told, shown = screen.predicted
            assert region.size == scroller.region.size, lines
            assert told == shown == settled and first["scrollbar"] == settled, lines
            assert first["final_look"], lines
            if kind == "container":
                assert first["scroll_y"] == scroller.scroll_y == scroller.max_scroll_y, lines
            pilot.app.pop_screen()
            await pilot.pause()
    assert settled_on == {True, False}
