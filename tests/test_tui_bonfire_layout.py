"""Bonfire's screen at 80x24, 120x40 and 200x60: the action list always has room, every
panel's content can be reached by keys, and the list names what each action uses."""

from __future__ import annotations

import re

import pytest
from textual.containers import ScrollableContainer
from textual.widget import Widget

from engines.bonfire import ENGINE
from engines.bonfire.actions import Keep
from engines.core.match import Match, SeatSpec
from tests.tui_helpers import open_game, settle
from tui.app import CampfireApp
from tui.widgets.frame import ActionList

SIZES = [(80, 24), (120, 40), (200, 60)]


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


def late_solo(seed: int = 4) -> Match:
    """A solo game in its countdown, your turn (the heuristic played your seat so far)."""
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], seed)
    bot = ENGINE.bots["heuristic"]()
    while not (match.state.countdown >= 2 and 0 in match.actors() and not match.state.pending):
        step = match.next_bot_or_auto()
        match.act(*(step if step is not None else (0, match.bot_choice(0, bot))))
        assert not match.is_over()
    return match


def first_turn_of_two(seed: int = 5) -> Match:
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Bo")], seed)
    match.act(match.state.current, Keep())
    match.act(match.state.current, Keep())
    return match


def mid_solo_at_an_island(seed: int = 3) -> Match:
    """Your turn with the ship at a task island and tiles to receive a task."""
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], seed)
    bot = ENGINE.bots["heuristic"]()
    for _ in range(400):
        legal = [ENGINE.format_action(a) for a in match.legal_actions(0)] if 0 in match.actors() else []
        if any(t.startswith("receive") for t in legal) and any(t.startswith("path d") for t in legal):
            return match
        step = match.next_bot_or_auto()
        match.act(*(step if step is not None else (0, match.bot_choice(0, bot))))
    raise AssertionError("no position with a task to receive and a path tile to build")


def _rows_shown(actions: ActionList) -> int:
    return actions.scrollable_content_region.height


@pytest.mark.parametrize("make", [late_solo, first_turn_of_two], ids=["solo-countdown", "two-first-turn"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_action_list_keeps_room_for_several_actions(make, size, tmp_path) -> None:
    match = make()
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await open_game(app, pilot, match)
        await settle(app, pilot)
        actions = app.screen.query_one(ActionList)
        listed = len(app.screen.table.actions)
        rows = _rows_shown(actions)
        screen_region = app.screen.region
        assert actions.region.height > 0 and screen_region.contains_region(actions.region), actions.region
        # Several actions show at once; a longer list scrolls with its bar as the cue.
        assert rows >= min(listed, 6), (rows, listed)
        if actions.max_scroll_y > 0:
            assert actions.show_vertical_scrollbar


async def _scroll_to_the_end_by_keys(app, pilot, container: Widget) -> bool:
    """Whether keys alone bring the end of `container` into view: the screen's own scroll
    keys (shown in the footer), or Tab to a focusable container and End."""
    for key in ("right_square_bracket", "right_curly_bracket"):
        for _ in range(20):
            if container.scroll_y >= container.max_scroll_y:
                return True
            before = container.scroll_y
            await pilot.press(key)
            await pilot.pause()
            if container.scroll_y == before:
                break
    if container.scroll_y >= container.max_scroll_y:
        return True
    if container.can_focus:
        for _ in range(12):
            if app.screen.focused is container:
                break
            await pilot.press("tab")
            await pilot.pause()
        if app.screen.focused is container:
            await pilot.press("end")
            await pilot.pause()
    return container.scroll_y >= container.max_scroll_y


def _overflowing(screen) -> list[Widget]:
    found = []
    for widget in screen.query(Widget):
        if not widget.display or widget.region.area == 0 or not widget.is_scrollable:
            continue
        if widget.max_scroll_y > 0 and (isinstance(widget, (ScrollableContainer, ActionList)) or widget.id == "side"):
            found.append(widget)
    return found


@pytest.mark.parametrize("make", [late_solo, first_turn_of_two], ids=["solo-countdown", "two-first-turn"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_every_panel_can_be_scrolled_to_its_end_by_keys(make, size, tmp_path) -> None:
    match = make()
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await open_game(app, pilot, match)
        await settle(app, pilot)
        screen = app.screen
        panes = 1 if size[0] >= 120 else 3
        unreachable = []
        for pane in range(panes):
            for container in _overflowing(screen):
                if not await _scroll_to_the_end_by_keys(app, pilot, container):
                    unreachable.append(f"pane {pane + 1}: #{container.id} ({container.max_scroll_y} rows hidden)")
            if panes > 1:
                await pilot.press("t")
                await pilot.pause()
        assert not unreachable, unreachable


async def test_the_list_names_offerings_path_tiles_and_tasks_never_by_number(tmp_path) -> None:
    match = mid_solo_at_an_island()
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        await settle(app, pilot)
        texts = [text for text, _ in app.screen.table.actions]
        view = match.view(0)
        tops = {stack[-1] for stack in view.players[0].offerings if stack}
        receives = [t for t in texts if t.startswith("receive")]
        assert receives and all(any(f"the {top} offering" in t for top in tops) for t in receives)
        paths = [t for t in texts if t.startswith("build the") and "face-down" not in t]
        assert paths and all(re.search(r"the (blue|red|yellow) path tile showing \w+", t) for t in paths)
        for text in texts:
            assert not re.search(r"\b(offering|display|stack) \d", text), text


async def test_the_opening_swap_names_the_tile_it_would_take(tmp_path) -> None:
    from engines.bonfire import content

    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 3)
    middle = match.view(0).players[0].fate_column[3]
    symbols = next(t.symbols for t in content.board().fate_tiles if t.id == middle)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        await settle(app, pilot)
        swap = next(text for text, action in app.screen.table.actions if ENGINE.format_action(action) == "swap")
        assert all(content.TILE_NAMES[s] in swap for s in symbols), swap
