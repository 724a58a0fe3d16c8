"""The layout check every game screen passes: nothing a player needs is cut off.

`layout_problems(screen)` looks at what the compositor placed and says, per widget, when
text is clipped without a way to see the rest: a widget whose text needs more rows than its
box, a widget partly hidden by its container where no scrollbar shows, or a scrolling
container hiding its overflow. `screen_text(screen)` is what a player reads, for checks such
as "no content id on screen".

`LayoutCase` plays seeded games through a game's screen (seat 1 at the keyboard, moved by
the heuristic bot; the other seats are bots) and checks the screen every few actions at
each of `SIZES`. A new game joins the layout test with one line in `tests/test_tui_layout.py`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from tui.widgets.key_scroll import SCROLLED_BY_SCREEN_KEYS
from engines.core.match import Match, SeatSpec

SIZES: tuple[tuple[int, int], ...] = ((80, 24), (120, 40), (200, 60))
#: The sizes a resize check walks, with moves made at each: up, down and up again, so that
#: 120x40 and 80x24 are shown again after texts changed at other sizes.
RESIZES: tuple[tuple[int, int], ...] = ((80, 24), (120, 40), (200, 60), (120, 40), (80, 24), (120, 40))


def _describe(widget: Widget) -> str:
    ident = f"#{widget.id}" if widget.id else ""
    return f"{type(widget).__name__}{ident}"


def _text_of(widget: Widget) -> str:
    try:
        return str(widget.render())[:60].replace("\n", " / ")
    except Exception:  # a widget that renders only inside a repaint: name it without text
        return ""


def _scrolls_to_show(widget: Widget, vertical: bool) -> bool:
    """Whether an ancestor scrolls in that direction with its scrollbar on screen (the cue),
    so the hidden part of `widget` can be reached."""
    for ancestor in widget.ancestors:
        if not isinstance(ancestor, Widget):
            break
        if vertical and ancestor.max_scroll_y > 0 and ancestor.show_vertical_scrollbar:
            return True
        if not vertical and ancestor.max_scroll_x > 0 and ancestor.show_horizontal_scrollbar:
            return True
    return False


def layout_problems(screen: Screen) -> list[str]:
    compositor = screen._compositor
    problems: list[str] = []
    for widget, geometry in compositor.full_map.items():
        if widget is screen or not widget.display or geometry.region.area == 0:
            continue
        name = _describe(widget)
        # A scrolling widget must show where its overflow is (a hidden scrollbar, or
        # scrollbar-size 0, would leave the player no cue).
        if widget.is_scrollable and widget.max_scroll_y > 0 and not widget.show_vertical_scrollbar:
            problems.append(f"{name} hides {widget.max_scroll_y} rows with no scrollbar")
        if widget.is_scrollable and widget.max_scroll_x > 0 and not widget.show_horizontal_scrollbar:
            problems.append(f"{name} hides {widget.max_scroll_x} columns with no scrollbar")
        # Text that needs more rows than its box gets.
        if isinstance(widget, Static) and not widget.is_scrollable:
            content = widget.content_region
            if content.width > 0:
                needed = widget.get_content_height(screen.size, screen.size, content.width)
                if needed > content.height:
                    problems.append(f"{name} needs {needed} rows but has {content.height}: {_text_of(widget)!r}")
        # Part of the widget hidden by its containers.
        region, clip = geometry.region, geometry.clip
        visible = region.intersection(clip)
        if visible != region:
            hidden_rows = visible.height < region.height
            hidden_cols = visible.width < region.width
            if hidden_rows and not _scrolls_to_show(widget, vertical=True):
                problems.append(f"{name} is cut at the bottom or top with no scrollbar: {_text_of(widget)!r}")
            if hidden_cols and not _scrolls_to_show(widget, vertical=False):
                problems.append(f"{name} is cut at the side with no scrollbar: {_text_of(widget)!r}")
    return problems + footer_problems(screen)


def _footer_keys(screen: Screen) -> Iterator[tuple[Widget, Widget, Region | None]]:
    """Every key on a footer of `screen` laid out now, with its footer and the region its
    palette key (docked over the right end) covers, if shown."""
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    for footer in screen.query(Footer):
        if not footer.display or not footer.region.width:
            continue
        keys = [key for key in footer.query(FooterKey) if key.display and key.region.width]
        palette = next((key.region for key in keys if key.has_class("-command-palette")), None)
        for key in keys:
            if not key.has_class("-command-palette"):
                yield key, footer, palette


def footer_problems(screen: Screen) -> list[str]:
    """Footer keys a player cannot read: past the footer's right end, or under its palette
    key (Textual's footer runs its keys on under both)."""
    problems: list[str] = []
    for key, footer, palette in _footer_keys(screen):
        region = key.region
        label = f"{getattr(key, 'key_display', '')} {getattr(key, 'description', '')}".strip()
        if region.right > footer.region.right:
            problems.append(f"footer key {label!r} runs past the footer's end")
        elif palette is not None and region.right > palette.x:
            problems.append(f"footer key {label!r} is under the palette key")
    return problems


def footer_keys_shown(screen: Screen) -> set[str]:
    """The keys (as bound: "left", "f2") the footers of `screen` show whole."""
    shown: set[str] = set()
    for key, footer, palette in _footer_keys(screen):
        region = key.region
        if region.right <= footer.region.right and (palette is None or region.right <= palette.x):
            shown.add(str(getattr(key, "key")))
    return shown


def keys_cannot_scroll(screen: Screen) -> list[str]:
    """Scrolling containers hiding rows that no key reaches: a container whose overflow
    only the mouse can scroll (it never takes the focus, so no key scrolls it, and the
    screen has no keys of its own for it: SCROLLED_BY_SCREEN_KEYS). Rows only:
    a footer wider than the screen lists its keys again in the keys panel (F2)."""
    problems: list[str] = []
    for widget in screen._compositor.full_map:
        if widget is screen or not widget.display or not widget.is_scrollable:
            continue
        if widget.max_scroll_y > 0 and not widget.focusable and not widget.has_class(SCROLLED_BY_SCREEN_KEYS):
            problems.append(f"{_describe(widget)} hides content that only the mouse can scroll: {_text_of(widget)!r}")
    return problems


async def lasting_layout_problems(pilot, screen: Screen, timeout: float = 10.0) -> list[str]:
    """`layout_problems(screen)` once they have had `timeout` seconds to go away: a screen
    still laying out its text (a long rules section on a loaded machine) is briefly cut
    off, as a player never sees it settle. Returns at once when there are none."""
    from tests.tui_helpers import becomes

    await becomes(pilot, lambda: not layout_problems(screen), timeout)
    return layout_problems(screen)


def screen_text(screen: Screen) -> str:
    """Every character on screen, row by row."""
    return "\n".join(strip.text for strip in screen._compositor.render_strips())


def ids_on_screen(text: str, ids: Iterable[str]) -> list[str]:
    """Content ids that show as whole words (case-sensitive: an id is not its name)."""
    return sorted(i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text))


def id_like(ids: Iterable[str]) -> set[str]:
    """The ids no player-facing name would ever spell: with an underscore or a digit."""
    return {i for i in ids if "_" in i or any(c.isdigit() for c in i)}


@dataclass
class LayoutCase:
    """One game's layout test: which seats and options, which seeds, how often to look."""

    game_id: str
    seats: int = 3
    options: dict = field(default_factory=dict)
    seeds: tuple[int, ...] = (1,)  # more under `-m soak` (tests/test_tui_layout.py)
    #: Look at the screen after every `every` actions, up to `limit` actions a game (every 5
    #: and more seeds under `-m soak`).
    every: int = 10
    limit: int = 120
    #: The game's content ids (cards, tiles...) that must never appear on screen.
    content_ids: Callable[[], set[str]] = set

    def match(self, seed: int) -> Match:
        from engines.registry import load_engine

        engine = load_engine(self.game_id)
        names = ["Ana", "Ben", "Cyd", "Dee", "Eli", "Fay"]
        seats = [SeatSpec(names[0])] + [SeatSpec(n, "bot", "heuristic") for n in names[1 : self.seats]]
        return Match(engine, engine.decode_options(self.options or None), seats, seed)


async def _settle(app, pilot) -> None:
    from textual.worker import WorkerCancelled

    try:
        await app.workers.wait_for_complete()
    except WorkerCancelled:
        pass  # an exclusive bot worker replaced by a newer one: the newer one moves
    await pilot.pause()


async def check_layouts(case: LayoutCase, tmp_path) -> list[str]:
    """Play `case`'s seeds through the screen; the problems found, each with seed, action
    count and size (empty when every look was clean): text cut off, a box that scrolls
    without its scrollbar, or hides rows no key can scroll to."""
    from engines.core.protocol import AUTO
    from tests.tui_helpers import becomes
    from tui.app import CampfireApp
    from tui.opening import open_match
    from tui.screens.game import GameScreen

    found: list[str] = []
    forbidden = case.content_ids()
    for seed in case.seeds:
        match = case.match(seed)
        heuristic = match.engine.bots["heuristic"]()
        app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
        async with app.run_test(size=SIZES[0]) as pilot:
            await pilot.pause()
            open_match(app, match, None)
            await _settle(app, pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            looked_at = -1
            while len(match.journal) < case.limit:
                count = len(match.journal)
                if count // case.every != looked_at and app.screen is screen:
                    looked_at = count // case.every
                    for size in SIZES:
                        # The game plays at the first size: no resize (and no pauses) to it.
                        if app.size != size:
                            await pilot.resize_terminal(*size)
                            await pilot.pause()
                        where = f"seed {seed}, {count} actions, {size[0]}x{size[1]}"
                        # Problems that last: a loaded machine catches a log or panel between
                        # two layouts (one row short), as a player never sees it settle.
                        await becomes(pilot, lambda: not layout_problems(screen) + keys_cannot_scroll(screen), 5)
                        found.extend(f"{where}: {p}" for p in layout_problems(screen) + keys_cannot_scroll(screen))
                        text = screen_text(screen)
                        found.extend(f"{where}: content id {i!r} on screen" for i in ids_on_screen(text, forbidden))
                        for number in range(1, len(match.seats) + 1):
                            if re.search(rf"\bPlayer {number}\b", text):
                                found.append(f"{where}: 'Player {number}' shown instead of a name")
                    # Back to the first size to play on (checked there only after the next
                    # action: right after shrinking, some texts keep the height of the larger
                    # size until they next change).
                    await pilot.resize_terminal(*SIZES[0])
                if match.is_over():
                    break
                if app.screen is not screen:
                    app.pop_screen()  # the end screen or a rules page: back to the table
                    await pilot.pause()
                    continue
                if 0 in match.actors() and AUTO not in match.actors():
                    screen.choose_action(match.bot_choice(0, heuristic))
                await _settle(app, pilot)
                if len(match.journal) == count and not match.is_over():
                    # A bot's move or a replay still landing (slow on a loaded machine): bounded.
                    await becomes(pilot, lambda: len(match.journal) != count or match.is_over(), timeout=10)
                    await _settle(app, pilot)
                    if len(match.journal) == count:
                        found.append(f"seed {seed}: stuck after {count} actions")
                        break
    return found


async def check_resizes(
    match: Match, tmp_path, sizes: tuple[tuple[int, int], ...] = RESIZES, moves: int = 2
) -> list[str]:
    """Show `match` on its screen at each of `sizes` in turn, `moves` actions played (by the
    heuristic bot, through the match) at each, so the texts change at one size and are
    shown at the next: the problems found once each resize is laid out (a text cut at the
    height it had had at that size keeps it, waited for or not), each with its sizes and
    action count."""
    from tests.matrix import bot_step
    from tui.app import CampfireApp
    from tui.opening import open_match
    from tui.screens.game import GameScreen

    found: list[str] = []
    heuristic = match.engine.bots["heuristic"]()
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=sizes[0]) as pilot:
        await pilot.pause()
        open_match(app, match, None)
        await _settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        came_from = sizes[0]
        for number, size in enumerate(sizes):
            if number:
                for _ in range(moves):
                    if not match.is_over():
                        match.act(*bot_step(match, heuristic))
                screen.refresh_table()
                await pilot.pause()
            if app.size != size:
                await pilot.resize_terminal(*size)
            where = f"{len(match.journal)} actions, {came_from[0]}x{came_from[1]} to {size[0]}x{size[1]}"
            found.extend(f"{where}: {p}" for p in await lasting_layout_problems(pilot, screen, timeout=5))
            came_from = size
    return found
