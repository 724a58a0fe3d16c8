"""TitleBar draws what Textual's Header (without a clock) draws, cell for cell, and does
what it does when clicked."""

from __future__ import annotations

import pytest
from rich.style import Style
from textual.app import App, ComposeResult
from textual.command import CommandPalette
from textual.widget import Widget
from textual.widgets import Header, Static

from tui.widgets.title_bar import TitleBar

TITLES = [
    ("Campfire", "a terminal tabletop"),
    ("Campfire - a terminal tabletop", ""),  # the ASCII glyph set's single title
    ("A title far too long for the room between the icon and the clock " * 3, "and more"),
]


class BarApp(App[None]):
    def __init__(self, bar: Widget, title: str, sub_title: str) -> None:
        super().__init__()
        self.bar = bar
        self.title, self.sub_title = title, sub_title

    def compose(self) -> ComposeResult:
        yield self.bar
        yield Static("body")


def seen(character: str, style: Style | None) -> tuple[object, ...]:
    """A cell as the terminal shows it: a blank shows its background alone."""
    style = style or Style()
    foreground, background = style.color, style.bgcolor
    if style.reverse:
        foreground, background = background, foreground
    if character == " " and not (style.underline or style.strike):
        return (" ", background)
    return (
        character,
        foreground,
        background,
        bool(style.bold),
        bool(style.dim),
        bool(style.italic),
        bool(style.underline),
        bool(style.strike),
    )


def drawn_cells(app: App, rows: int) -> list[list[tuple[object, ...]]]:
    """What the first `rows` rows show, cell by cell."""
    return [
        [seen(character, segment.style) for segment in strip for character in segment.text]
        for strip in app.screen._compositor.render_strips()[:rows]
    ]


async def draw(
    bar: Widget,
    title: str,
    sub_title: str,
    size: tuple[int, int],
    *,
    tall: bool = False,
    hover_icon: bool = False,
    retitle: str | None = None,
) -> list[list[tuple[object, ...]]]:
    app = BarApp(bar, title, sub_title)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if tall:
            bar.add_class("-tall")
        if hover_icon:
            await pilot.hover(type(bar), offset=(2, 0))
        if retitle is not None:
            app.title = retitle
        await pilot.pause()
        return drawn_cells(app, 3)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("title, sub_title", TITLES)
async def test_the_title_bar_draws_what_the_header_draws(title, sub_title, size) -> None:
    header = await draw(Header(icon="*"), title, sub_title, size)
    assert await draw(TitleBar(icon="*"), title, sub_title, size) == header


@pytest.mark.parametrize("hover_icon", [False, True])
async def test_the_tall_title_bar_draws_what_the_tall_header_draws(hover_icon) -> None:
    header = await draw(Header(icon="*"), *TITLES[0], (80, 24), tall=True, hover_icon=hover_icon)
    assert await draw(TitleBar(icon="*"), *TITLES[0], (80, 24), tall=True, hover_icon=hover_icon) == header


async def test_the_title_bar_shades_its_icon_under_the_mouse_as_the_header_does() -> None:
    header = await draw(Header(icon="*"), *TITLES[0], (80, 24), hover_icon=True)
    plain = await draw(TitleBar(icon="*"), *TITLES[0], (80, 24))
    shaded = await draw(TitleBar(icon="*"), *TITLES[0], (80, 24), hover_icon=True)
    assert shaded == header
    assert shaded != plain


async def test_the_title_bar_follows_a_new_title() -> None:
    header = await draw(Header(icon="*"), *TITLES[0], (80, 24), retitle="Campfire - a terminal tabletop")
    assert await draw(TitleBar(icon="*"), *TITLES[0], (80, 24), retitle="Campfire - a terminal tabletop") == header


async def test_a_click_on_the_icon_opens_the_palette_elsewhere_toggles_a_tall_bar() -> None:
    bar = TitleBar(icon="*")
    app = BarApp(bar, *TITLES[0])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click(TitleBar, offset=(40, 0))
        await pilot.pause()
        assert bar.has_class("-tall") and bar.size.height == 3
        await pilot.click(TitleBar, offset=(40, 0))
        await pilot.pause()
        assert not bar.has_class("-tall")
        await pilot.hover(TitleBar, offset=(2, 0))
        assert bar.tooltip == "Open the command palette"
        await pilot.click(TitleBar, offset=(2, 0))
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        assert not bar.has_class("-tall")
