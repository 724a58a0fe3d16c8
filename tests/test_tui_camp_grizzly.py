"""Pilot tests of Camp Grizzly played through the screens by key presses: a solo game
through Otis' turn with save and reload, the map cursor's walks and redraws, the letter
keys and the map key, bigger spaces on bigger terminals, the snapshots, leaving during
Otis' replay. The cards, the map's drawing and the action names, tested without an app,
are in test_tui_camp_grizzly_cards.py."""

from __future__ import annotations

import pytest

from engines.core.protocol import AUTO
from tests.tui_helpers import highlight_game, open_game, settle, wait_until
from tests.tui_helpers import private_dirs  # noqa: F401 (autouse fixture)
from tui.app import CampfireApp
from tui.games.camp_grizzly import CampGrizzlyScreen, CampMapBoard
from tui.games.camp_grizzly_draw import draw_camp
from tui.screens.end import EndScreen
from tui.screens.launcher import LauncherScreen
from tui.screens.setup import SetupScreen


async def press_turn_key(app: CampfireApp, pilot) -> None:
    """End the turn when the list offers it (digit keys), else take the first action."""
    texts = [text for text, _ in app.screen.table.actions]
    key = str(texts.index("end") + 1) if "end" in texts[:9] else "1"
    await pilot.press(key)
    await settle(app, pilot)


async def test_solo_game_with_two_counselors_through_an_otis_turn_then_save_and_reload(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await highlight_game(app, pilot, "camp_grizzly")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")  # one human player: two counselors by default
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, CampGrizzlyScreen)
        match = screen.match
        assert len(match.seats) == 1 and len(screen.table.view.counselors) == 2

        def played_after_otis() -> bool:
            """Otis has walked and the counselors have acted by keys since, in round 2 or later."""
            walks = [n for n, e in enumerate(match.journal) if e.seat == AUTO and e.action == "otis"]
            went_on = bool(walks) and any(e.seat == 0 for e in match.journal[walks[0] + 1 :])
            return went_on and match.state.round >= 2

        for _ in range(80):
            if played_after_otis() or isinstance(app.screen, EndScreen):
                break
            await press_turn_key(app, pilot)
        assert played_after_otis(), "Otis took a turn and the game went on by keys into round 2"

        await pilot.press("ctrl+s")
        await pilot.pause()
        digest, journal = match.digest(), list(match.journal)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("c")
        await settle(app, pilot)
        reloaded = app.screen
        assert isinstance(reloaded, CampGrizzlyScreen) and reloaded is not screen
        assert reloaded.match.journal == journal and reloaded.match.digest() == digest


async def test_board_renders_on_screen(tmp_path) -> None:
    from engines.camp_grizzly import ENGINE
    from engines.core.match import Match, SeatSpec

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 2))
        board = app.screen.query_one(CampMapBoard)
        assert board.size.height == 12 and board.size.width == 50  # the map and the cursor's line


async def test_moving_by_cursor_walks_a_shortest_path_with_one_enter(tmp_path) -> None:
    from engines.camp_grizzly import ENGINE
    from engines.camp_grizzly.content import parse_label
    from engines.core.match import Match, SeatSpec

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 7)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        assert isinstance(app.focused, CampMapBoard), "the map takes the keys while Ana may move"
        mover = next(c for c in screen.table.view.counselors if c.active)
        start = parse_label(mover.cell)
        assert screen.cursor == start
        await pilot.press("left", "left", "left", "up", "up")
        await pilot.pause()
        goal = (start[0] - 2, start[1] - 3)
        assert screen.cursor == goal
        path = screen._path_to(goal)
        drawn = screen.query_one(CampMapBoard).drawing
        marked = sum(1 for row in drawn for _, kind in row if "path" in kind.split())
        assert marked == len(path) - 2, "the spaces the walk crosses are marked on the map"
        before = len(match.journal)
        await pilot.press("enter")
        await settle(app, pilot)
        moved = next(c for c in screen.table.view.counselors if c.id == mover.id)
        assert parse_label(moved.cell) == goal
        assert len(match.journal) - before == len(path) - 1 == 5
        assert all(e.action.startswith("move") for e in match.journal[before:])
        assert isinstance(app.focused, CampMapBoard), "arrows and Enter keep working after the move"


async def test_cursor_steps_leave_the_map_as_a_whole_redraw_would_draw_it(tmp_path) -> None:
    """A step redraws only the rows it changes: the spaces the path left and took, on
    whatever rows they are, the cursor's old and new space and the hint under the map."""
    from engines.camp_grizzly import ENGINE
    from engines.core.match import Match, SeatSpec

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 7)
    async with app.run_test(size=(200, 60)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        board = screen.query_one(CampMapBoard)
        assert isinstance(app.focused, CampMapBoard)
        paths = set()
        for key in ("up", "up", "left", "left", "left", "down", "down", "down", "right", "up"):
            await pilot.press(key)
            await pilot.pause()
            walk = screen._path_to(screen.cursor)
            path = set(walk[1:-1]) if walk else set()
            paths.add(frozenset(path))
            whole = draw_camp(
                screen.table.view, cursor=screen.cursor, size=screen._map_size, wall_glyph=screen._wall_glyph, path=path
            )
            assert board.drawing[:-1] == whole, f"after {key} to {screen.cursor}"
            assert screen._cursor_hint() in board.drawing[-1][0][0]
        assert len({row for path in paths for row, _ in path}) > 2, "the walks crossed several rows"


async def test_letter_keys_draw_and_end_and_the_map_key_sits_behind_i_at_80x24(tmp_path) -> None:
    from engines.camp_grizzly import ENGINE
    from engines.core.match import Match, SeatSpec
    from tui.games.camp_grizzly import MapKeyScreen

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 7)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen

        def footer() -> set[str]:
            return {b.binding.id for b in app.screen.active_bindings.values() if b.binding.show and b.enabled}

        assert {"camp.draw", "camp.legend"} <= footer() and "camp.end" not in footer()
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, MapKeyScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("c")
        await settle(app, pilot)
        assert any(e.action == "draw" for e in match.journal)
        for _ in range(6):
            if "camp.end" in footer():
                break
            await pilot.press("1")  # settle what the draw asks
            await settle(app, pilot)
        assert "camp.end" in footer()
        turns = match.state.active, match.state.round
        await pilot.press("e")
        await settle(app, pilot)
        assert any(e.action == "end" for e in match.journal)
        assert (match.state.active, match.state.round) != turns
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert screen.query_one("#legend-below").display and "camp.legend" not in footer()


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
def test_camp_grizzly_snapshot(tmp_path, snap_compare, size) -> None:
    from engines.camp_grizzly import ENGINE
    from engines.core.match import Match, SeatSpec

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Ben")], 7)

    async def run_before(pilot) -> None:
        await open_game(app, pilot, match)
        await pilot.press("left", "up")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_leaving_during_otis_replay_never_crashes(tmp_path) -> None:
    """Esc while Otis' stalk is still being replayed on the map, at varied moments."""
    from engines.camp_grizzly import ENGINE
    from engines.core.match import Match, SeatSpec
    from tui.opening import open_match

    base = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 7)
    while not any(e.action == "otis" for e in base.journal):
        legal = base.legal_actions(0) if 0 in base.actors() else []
        ends = [a for a in legal if ENGINE.format_action(a) in ("end", "draw")]
        if legal:
            base.act(0, ends[0] if ends else legal[0])
        else:
            base.act(*base.next_bot_or_auto())
    replay_to = next(n for n, e in enumerate(base.journal) if e.action == "otis")
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0.05)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        launcher = app.screen
        for attempt in range(12):
            match = Match.replay(ENGINE, base.options, base.seats, base.seed, base.journal[:replay_to])
            open_match(app, match, None)
            await pilot.pause()
            assert isinstance(app.screen, CampGrizzlyScreen)
            await pilot.pause(0.01 * attempt)
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.screen is launcher, f"attempt {attempt}: back at the launcher")
        await app.workers.wait_for_complete()
        await pilot.pause(0.4)  # not a wait for something: a window for a late replay step to crash in
        assert app.screen is launcher


async def test_larger_terminals_get_bigger_spaces(tmp_path) -> None:
    from engines.camp_grizzly import ENGINE
    from engines.core.match import Match, SeatSpec
    from tui.games.camp_grizzly_draw import LARGE, MEDIUM, SMALL, map_size

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 7))
        screen = app.screen
        for size, expected in [((80, 24), SMALL), ((120, 40), MEDIUM), ((200, 60), LARGE)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert screen._map_size == expected, size
            board = screen.query_one(CampMapBoard)
            assert board.size.width == map_size(expected)[0]
            legend = screen.query_one("#legend-beside").display or screen.query_one("#legend-below").display
            assert legend == (size != (80, 24)), "the map key is on screen at the larger sizes"


def test_the_rules_screen_section_names_every_letter_key_of_the_screen() -> None:
    """rules.md's "Screen and keys" tells every key the Camp Grizzly screen adds."""
    from engines.core.rules import load_rules

    section = load_rules("camp_grizzly").section("screen-and-keys").body
    for binding in CampGrizzlyScreen.BINDINGS:
        assert f"`{binding.key}`" in section, binding.key
    assert "Walk" in section and "Enter" in section, "the map cursor walk"
