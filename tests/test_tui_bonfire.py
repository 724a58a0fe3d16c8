"""Pilot tests of Bonfire played through the screens by key presses, and its drawings."""

from __future__ import annotations

import re

import pytest

from engines.bonfire import ENGINE, content
from engines.bonfire.actions import Discard, Fate, Keep
from engines.core.match import Match, SeatSpec
from engines.core.protocol import AUTO
from tests.tui_helpers import highlight_game, open_game, settle
from tui.app import CampfireApp
from tui.games.bonfire import BonfireScreen, FateBoard
from tui.games.bonfire_draw import city_lines, fate_drawing, tom_lines
from tui.games.bonfire_table_draw import fire_lines, legend_lines, sea_lines
from tui.screens.end import EndScreen
from tui.screens.launcher import LauncherScreen
from tui.screens.setup import SetupScreen
from tui.widgets.frame import ActionList


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


async def press_turn_key(app: CampfireApp, pilot) -> None:
    """End the turn when the list offers it, else place the fate tile where the ghost
    starts, else take the first listed action."""
    texts = [text for text, _ in app.screen.table.actions]
    key = str(texts.index("end your turn") + 1) if "end your turn" in texts[:9] else "1"
    if key == "1" and app.screen.placing:
        key = "enter"
    await pilot.press(key)
    await settle(app, pilot)


async def test_solo_game_by_keys_through_toms_turns_then_save_and_reload(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await highlight_game(app, pilot, "bonfire")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, BonfireScreen)
        match = screen.match
        assert len(match.seats) == 1 and match.state.phase == "setup"

        for _ in range(60):
            tom_turns = sum(e.seat == AUTO for e in match.journal)
            if tom_turns >= 3 or isinstance(app.screen, EndScreen):
                break
            await press_turn_key(app, pilot)
        assert sum(e.seat == AUTO for e in match.journal) >= 3, "Tom took his turns"
        assert match.state.tom_card and any("Tom reveals" in line for line in screen.table.log)

        await pilot.press("ctrl+s")
        await pilot.pause()
        digest, journal = match.digest(), list(match.journal)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("c")
        await settle(app, pilot)
        reloaded = app.screen
        assert isinstance(reloaded, BonfireScreen) and reloaded is not screen
        assert reloaded.match.journal == journal and reloaded.match.digest() == digest


def fate_turn_match(seed: int = 3) -> Match:
    """A solo match at the start of a turn where a fate tile may be placed: the starting
    tiles kept, then discarded down to one (a fate tile needs at most one tile in hand)."""
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], seed)
    match.act(0, Keep())
    while sum(match.state.players[0].tiles.values()) > 1:
        match.act(0, next(a for a in match.legal_actions(0) if isinstance(a, Discard)))
    assert any(isinstance(a, Fate) for a in match.legal_actions(0))
    return match


async def test_t_switches_boards_at_80_columns_and_all_show_at_once_from_120(tmp_path) -> None:
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 3)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        blocks = ("city-top", "sea-block", "fire-block", "council-block", "gnome-block")
        shown = lambda: [name for name in blocks if screen.query_one(f"#{name}").display]  # noqa: E731
        assert shown() == ["city-top"]
        await pilot.press("t")
        assert shown() == ["sea-block"] and screen.query_one("#tom-block").display
        await pilot.press("t")
        assert shown() == ["fire-block", "council-block", "gnome-block"]
        await pilot.press("t")
        assert shown() == ["city-top"]
        for size in ((120, 40), (200, 60)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert shown() == list(blocks)
            assert screen.query_one("#tom-side").display and screen.query_one("#legend-side").display
            assert screen.query_one("#bonfire-board").max_scroll_y == 0, f"everything fits at {size}"
            assert not screen.check_action("switch_pane", ()) and not screen.check_action("scroll_board", ())


async def test_everything_fits_at_120x40_in_a_busy_position_while_placing(tmp_path) -> None:
    match = fate_turn_match()
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        assert screen.check_action("scroll_board", ()), "at 80x24 the city pane scrolls"
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert screen.query_one("#city-hint").display
        assert screen.query_one("#bonfire-board").max_scroll_y == 0
        assert not screen.check_action("scroll_board", ())


@pytest.mark.parametrize("seed", [3, 8])
async def test_more_shows_exactly_when_the_board_scrolls(tmp_path, seed) -> None:
    """The More key follows the board's scrollbar: checked against the scroll range the
    layout gives, on every pane at sizes where the board scrolls and where it fits."""
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    seen = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, fate_turn_match(seed))
        screen = app.screen
        board = screen.query_one("#bonfire-board")
        for size in ((80, 24), (80, 40), (100, 30), (119, 60), (120, 40), (200, 60)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            for _ in range(3 if not screen.wide else 1):
                await pilot.pause()
                scrolls = board.max_scroll_y > 0
                seen.add(scrolls)
                assert screen.check_action("scroll_board", ()) == scrolls, (size, screen.pane)
                if scrolls:
                    await pilot.press("]")
                    await pilot.pause()
                    assert board.scroll_y > 0, "More scrolls the board"
                if not screen.wide:
                    await pilot.press("t")
    assert seen == {True, False}


async def test_fate_tiles_are_placed_with_the_ghost_by_keys(tmp_path) -> None:
    match = fate_turn_match()
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        board = screen.query_one("#fate-board", FateBoard)
        assert app.focused is board, "a fate tile is expected: the fate area has the focus"
        texts = [text for text, _ in screen.table.actions]
        assert texts and not any("fate tile" in text for text in texts), "placements are not listed"
        start = (screen.fate_end, screen.fate_at, screen.fate_turn)
        assert screen._ghost_action() is not None, "the ghost starts where it fits"

        # Walk the ghost onto the centre of the starting fate tile: refused with the reason.
        row, col = screen.fate_at
        for key, times in (("up" if row > 2 else "down", abs(row - 2)), ("left" if col > 2 else "right", abs(col - 2))):
            for _ in range(times):
                await pilot.press(key)
        assert screen.fate_at == (2, 2)
        hint = str(screen.query_one("#city-hint").render())
        assert "may not cover" in hint
        before = len(match.journal)
        await pilot.press("enter")
        await pilot.pause()
        assert len(match.journal) == before, "a ghost that does not fit places nothing"

        await pilot.press("r")
        assert screen.fate_turn != start[2]
        await pilot.press("c")
        assert screen.fate_end != start[0]
        await pilot.press("c")
        while screen.fate_turn != start[2]:
            await pilot.press("r")
        row, col = start[1]
        for key, times in (("up" if row < 2 else "down", abs(row - 2)), ("left" if col < 2 else "right", abs(col - 2))):
            for _ in range(times):
                await pilot.press(key)
        assert (screen.fate_end, screen.fate_at, screen.fate_turn) == start
        await pilot.press("enter")
        await settle(app, pilot)
        placed = match.journal[-1].action
        assert placed == ENGINE.format_action(Fate(start[0], *start[1], start[2]))
        assert app.focused is screen.query_one(ActionList), "then the list: end the turn or discard"
        assert not screen.query_one("#city-hint").display


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_ghost_steps_leave_the_fate_area_as_a_whole_redraw_would_draw_it(tmp_path, monkeypatch, size) -> None:
    """A step, a turn or the other tile redraws only the rows the ghost left and took, and
    a step against the edge draws nothing: after every key the fate area reads, and is
    painted, as drawing it whole with the ghost where it is now, and the hint is the one
    told for that spot; once the tile is placed the board is drawn whole again."""
    match = fate_turn_match()
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        board = screen.query_one("#fate-board", FateBoard)
        shortcuts = []
        original_show_rows = board.show_rows
        monkeypatch.setattr(board, "show_rows", lambda rows: shortcuts.append(sorted(rows)) or original_show_rows(rows))

        def assert_drawn_whole(key: str) -> None:
            you = screen._you()
            ghost, hint = screen._fate_ghost(you)
            whole = fate_drawing(you, ghost, big=screen.xl)
            assert board.drawing == whole, (size, key)
            assert [board.render_line(y) for y in range(len(whole))] == [board._strip(row) for row in whole], (
                size,
                key,
            )
            assert screen.query_one("#city-hint").text == hint, (size, key)

        start = (screen.fate_end, screen.fate_at, screen.fate_turn)
        start_rows = {row for row, _ in screen._fate_ghost(screen._you())[0].cells}
        keys = (
            ["l", "l", "j", "r", "h"]
            + ["k"] * 6
            + ["r", "l"]
            + ["h"] * 6
            + ["c", "j", "r", "r"]
            + ["j"] * 6
            + ["c", "r", "k"]
        )
        for key in keys:
            await pilot.press(key)
            assert_drawn_whole(key)
        assert len(shortcuts) >= len(keys) // 2, "steps redraw the ghost's rows, not the board"
        assert all(len(rows) <= 4 * (2 if screen.xl else 1) for rows in shortcuts), (
            "a step or a turn touches four rows at most"
        )
        # To a spot that fits on rows the starting ghost does not touch; down the tile goes,
        # then back up (undo): the ghost starts again where it first stood, over a fate area
        # drawn whole from the state before.
        end, row, col, turn = next(
            key for key in sorted(screen._fate_legal) if key[3] == "E" and key[0] == "top" and key[1] not in start_rows
        )
        while (screen.fate_end, screen.fate_turn) != (end, turn):
            await pilot.press("c" if screen.fate_end != end else "r")
        while screen.fate_at != (row, col):
            step = (
                "j"
                if screen.fate_at[0] < row
                else "k"
                if screen.fate_at[0] > row
                else "l"
                if screen.fate_at[1] < col
                else "h"
            )
            await pilot.press(step)
            assert_drawn_whole(step)
        await pilot.press("enter")
        await settle(app, pilot)
        assert not screen.placing
        assert_drawn_whole("enter")
        await pilot.press("u")
        await settle(app, pilot)
        assert screen.placing and (screen.fate_end, screen.fate_at, screen.fate_turn) == start
        assert_drawn_whole("undo")


def test_drawings_name_things_and_never_show_ids() -> None:
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana", "bot", "heuristic")], 4)
    for _ in range(40):
        match.act(*match.next_bot_or_auto())
    view = ENGINE.view(match.state, 0)
    text = "\n".join(
        city_lines(view)
        + tom_lines(view)
        + sea_lines(view)
        + fire_lines(view)
        + legend_lines()
        + tom_lines(view, compact=True)
        + sea_lines(view, True)
        + fire_lines(view, True)
        + legend_lines(True)
    )
    ids = (
        [t for t in content.tasks()]
        + [g.id for g in content.gnomes().specialists]
        + [i.id for i in content.board().islands]
    )
    for some_id in ids:
        if "-" in some_id:
            assert not re.search(rf"\b{re.escape(some_id)}\b", text), some_id
    assert "Legend:" in text and "LEGEND" in text and "Mossback" in text
    assert any(content.tasks()[t].name in text for island in view.islands for t in island.tasks)


async def test_the_city_says_why_no_fate_tile_can_be_placed_on_your_turn(tmp_path) -> None:
    """The status line offers "place a fate tile" on every turn, but with more than one
    action tile in hand the fate area takes no keys: the line under the city says why
    (nothing did, and the palette lists no placement)."""
    from tests.layout import screen_text
    from tests.tui_helpers import wait_until

    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 1)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        await pilot.press("1")  # keep the centre fate tile: five action tiles in hand
        await wait_until(pilot, lambda: "place a fate tile" in screen_text(screen), "the first turn")
        assert not screen.placing
        await wait_until(pilot, lambda: "Fate tile: You hold 5 action tiles" in screen_text(screen), "the reason")
        while not screen.placing:  # discarding down to one tile: the ghost takes the keys
            screen.choose_action(next(a for a in screen.match.legal_actions(0) if isinstance(a, Discard)))
            await settle(app, pilot)
        assert "Fate tile:" not in screen_text(screen)
