"""Pilot tests of Bivì played through the screens by key presses: a whole game with save
and reload, the action list and the command palette, the footer's keys as the game goes, how
the screen shares its rows at each size, and its snapshots. The ghost's placement keys are
tested in test_tui_bivi_ghost.py, the rivers in test_tui_bivi_rivers.py, the forest in
test_tui_bivi_forest.py."""

from __future__ import annotations

import pytest

from saves.store import list_saves, load
from tests.tui_helpers import highlight_game, open_game, settle, type_text, wait_for_palette_top
from tests.tui_helpers import private_dirs  # noqa: F401 (autouse fixture)
from tests.tui_bivi_helpers import ana_against_a_bot, footer_keys, four_player_match
from tui.app import CampfireApp
from tui.games.bivi import BiviScreen, RiverBoard
from tui.screens.end import EndScreen
from tui.screens.launcher import LauncherScreen
from tui.screens.setup import SetupScreen


async def play_human_turns(app: CampfireApp, pilot, limit: int) -> int:
    """Play the human seat by keys only until the end screen or `limit` key presses:
    Enter on the board (the ghost starts on a legal spot), else the first listed action."""
    presses = 0
    while presses < limit and not isinstance(app.screen, EndScreen):
        screen = app.screen
        assert isinstance(screen, BiviScreen), f"unexpected screen {screen}"
        before = len(screen.match.journal)
        if isinstance(app.focused, RiverBoard):
            await pilot.press("enter")
            await settle(app, pilot)
            if len(screen.match.journal) == before:  # no legal spot: take an action from the list
                await pilot.press("tab")
                await pilot.press("1")
        else:
            await pilot.press("1")
        await settle(app, pilot)
        presses += 1
    return presses


async def test_full_bivi_game_by_keys_with_save_and_reload(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        await highlight_game(app, pilot, "bivi")
        await pilot.press("enter")  # new game of the highlighted game
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")  # Start: Player 1 human vs a heuristic bot
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, BiviScreen)
        assert [s.kind for s in screen.match.seats] == ["human", "bot"]

        await play_human_turns(app, pilot, limit=12)
        assert not screen.match.is_over()
        assert any(e.action.startswith("place") and e.seat == 0 for e in screen.match.journal)
        await pilot.press("ctrl+s")
        await pilot.pause()
        journal = list(screen.match.journal)
        saved_path = screen.saver.path
        assert load(saved_path).journal == journal

        await pilot.press("escape")  # back to the menu (autosaved)
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("c")  # continue: reloads the file
        await settle(app, pilot)
        reloaded = app.screen
        assert isinstance(reloaded, BiviScreen) and reloaded is not screen
        assert reloaded.match.journal == journal
        assert reloaded.match.digest() == screen.match.digest()

        await play_human_turns(app, pilot, limit=400)
        assert isinstance(app.screen, EndScreen)
        # Every placement made with the ghost is journalled in its listed (canonical) form.
        engine = reloaded.match.engine
        replayed = type(reloaded.match).replay(
            engine, reloaded.match.options, reloaded.match.seats, reloaded.match.seed, []
        )
        for entry in reloaded.match.journal:
            if entry.seat == 0 and entry.action.startswith("place"):
                legal = [engine.format_action(a) for a in replayed.legal_actions(0)]
                assert entry.action in legal
            replayed.act_text(entry.seat, entry.action)
        outcome = reloaded.match.engine.outcome(reloaded.match.state)
        headline = str(app.screen.query_one("#end-headline").render())
        winner_names = [reloaded.match.seats[w].name for w in outcome.winners]
        assert all(name in headline for name in winner_names)
        assert app.screen.query_one("#end-table").row_count >= 6  # woods, holes, largest hole, total
        details = str(app.screen.query_one("#end-details Static").render())
        assert "Player 1's river:" in details and "#" in details
    finished = [s for s in list_saves(tmp_path / "saves") if s.over]
    assert len(finished) == 1


def holding_a_tile_with_a_paid_beaver_move(seed: int = 1):
    """A two-player match (both people) played through the match's own interface until
    Ana holds a tile and may pay cubes to move her beaver: everyone takes and places the
    first tile offered and never puts a cube down, and Ana, once she has placed two tiles
    and has no cube, discards for one."""
    from engines.bivi import ENGINE
    from engines.bivi.actions import CubeAt, Discard, MoveBeaver, TakeCube
    from engines.core.match import Match, SeatSpec

    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Bo")], seed)
    for _ in range(200):
        seat = match.actors()[0]
        legal = match.legal_actions(seat)
        if seat == 0 and any(isinstance(a, MoveBeaver) for a in legal):
            return match
        placed = sum(1 for e in match.journal if e.seat == seat and e.action.startswith("place"))
        choice = None
        if seat == 0 and placed >= 2 and match.view(seat).rivers[seat].cubes == 0:
            choice = next((a for a in legal if isinstance(a, (Discard, TakeCube))), None)
        if choice is None:
            choice = next(a for a in legal if not isinstance(a, (MoveBeaver, TakeCube, CubeAt)))
        match.act(seat, choice)
    raise AssertionError("Ana never held a tile with a paid beaver move to choose")


async def test_enter_on_the_action_list_never_spends_cubes_on_a_beaver_move_by_default(tmp_path) -> None:
    from tui.widgets.frame import ActionList, StatusLine

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = holding_a_tile_with_a_paid_beaver_move()
    cubes, played = match.view(0).rivers[0].cubes, len(match.journal)
    assert cubes > 0
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        assert isinstance(app.focused, RiverBoard)  # the tile in hand goes on the river
        actions = app.screen.query_one(ActionList)
        assert "pays cubes" in str(actions.get_option_at_index(0).prompt)
        for _ in range(6):  # Tab to the action list
            if app.focused is actions:
                break
            await pilot.press("tab")
            await settle(app, pilot)
        assert app.focused is actions
        await pilot.press("enter")
        await settle(app, pilot)
        assert match.view(0).rivers[0].cubes == cubes and len(match.journal) == played
        status = str(app.screen.query_one(StatusLine).render())
        assert "⏎ alone takes nothing that costs you" in status
        # The player is left where they were, and choosing by arrows plays the line chosen.
        assert app.focused is actions
        await pilot.press("down")
        assert actions.highlighted == 0
        await pilot.press("enter")
        await settle(app, pilot)
        assert match.journal[played].action.startswith("move-beaver")
        assert match.view(0).rivers[0].cubes < cubes


def test_bivi_screen_snapshot_at_80x24(tmp_path, snap_compare) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = ana_against_a_bot(11)

    async def run_before(pilot) -> None:
        await open_game(app, pilot, match)
        for key in ["1", "1"]:
            await pilot.press(key)
            await settle(app, pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


async def test_command_palette_plays_an_action_and_opens_a_rules_topic(tmp_path) -> None:
    from tui.screens.rules import RulesScreen

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = ana_against_a_bot(5)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        await pilot.press("ctrl+p")
        await type_text(app, pilot, "bank right")
        await wait_for_palette_top(app, pilot, "action: bank right")
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.screen is screen
        assert match.journal[0].action == "bank right"

        await pilot.press("ctrl+p")
        await type_text(app, pilot, "rules scoring")
        await wait_for_palette_top(app, pilot, "Scoring")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert "Scoring" in str(app.screen.query_one("#rules-text").source)


async def test_footer_shows_only_the_keys_that_work_now(tmp_path) -> None:
    from engines.bivi.actions import BiviOptions

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = four_player_match(3, mode="advanced")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        keys = footer_keys(app)
        assert "board.place" not in keys and "board.rotate" not in keys, "nothing to place yet"
        await pilot.press("1")
        await settle(app, pilot)
        await pilot.press("1")
        await settle(app, pilot)
        keys = footer_keys(app)
        assert {"board.place", "board.rotate"} <= keys
        assert "board.flip" not in keys, "advanced mode keeps the decorated face up"
        assert "bivi.other_rivers" not in keys, "at 120x40 every river is on screen"
    assert match.options == BiviOptions(mode="advanced")


async def test_at_80x24_the_log_takes_only_its_lines_rows_and_gives_the_rest_to_the_table(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, ana_against_a_bot(5))
        screen = app.screen
        log, table = screen.query_one("#log"), screen.query_one("#table")
        forest, below = screen.query_one("#forest"), screen.query_one("#below-rivers")
        assert screen.query_one("#log-text").text == ""
        # Nothing logged yet: the border and one row, not five rows with four of them blank.
        assert log.region.height == 2
        # Those rows go to the table: the whole forest shows under the rivers.
        assert below.max_scroll_y == 0 and below.region.contains_region(forest.region)
        table_height = table.region.height
        for _ in range(3):  # the bank, a tile, and whatever follows: lines come into the log
            await pilot.press("enter" if isinstance(app.focused, RiverBoard) else "1")
            await settle(app, pilot)
        lines = len(log.lines)
        assert lines >= 3
        assert log.region.height == 1 + min(lines, 4)
        assert table.region.height == table_height - (log.region.height - 2)
        # At 30 rows and more the log keeps its height from the first move on.
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await pilot.pause()
        assert log.region.height == 5


@pytest.mark.parametrize("size", [(120, 40), (200, 60)])
def test_bivi_four_player_snapshot_at_larger_sizes(tmp_path, snap_compare, size) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = four_player_match(3)

    async def run_before(pilot) -> None:
        await open_game(app, pilot, match)
        for key in ["1", "1"]:
            await pilot.press(key)
            await settle(app, pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def non_blank_cells(screen) -> int:
    """How much a screen shows: the cells on it that are not blank."""
    from tests.layout import screen_text

    return sum(1 for ch in screen_text(screen) if not ch.isspace())


async def test_at_200x60_the_opening_shows_twice_the_content_of_80x24(tmp_path) -> None:
    counts = {}
    for size in ((80, 24), (200, 60)):
        app = CampfireApp(save_dir=tmp_path / f"saves{size[0]}", bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await open_game(app, pilot, ana_against_a_bot(3))
            await pilot.pause()
            counts[size] = non_blank_cells(app.screen)
    assert counts[(200, 60)] >= 2 * counts[(80, 24)], counts


async def test_no_board_keys_in_the_footer_once_the_game_is_over(tmp_path) -> None:
    match = four_player_match(3, mode="basic")
    while not match.is_over():
        match.act(*match.next_bot_or_auto()) if match.actors()[0] != 0 else match.act(0, match.legal_actions(0)[0])
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("escape")  # look at the table
        await pilot.pause()
        assert isinstance(app.screen, BiviScreen)
        app.screen.query_one("#active-river", RiverBoard).focus()
        await pilot.pause()
        assert not {"board.place", "board.rotate", "board.flip"} & footer_keys(app)


async def test_flip_shows_only_while_the_river_takes_the_tile(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = four_player_match(3, mode="basic")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        assert "board.flip" not in footer_keys(app), "nothing in hand yet"
        await pilot.press("1")
        await settle(app, pilot)
        await pilot.press("1")
        await settle(app, pilot)
        assert {"board.place", "board.rotate", "board.flip"} <= footer_keys(app), "basic mode flips"
        river = app.screen.query_one("#active-river", RiverBoard)
        river.accepts_put = False  # the screen closes the river, as it does once the tile is down
        app.screen.refresh_bindings()
        await pilot.pause()
        assert not {"board.place", "board.rotate", "board.flip"} & footer_keys(app)


@pytest.mark.parametrize(("mode", "flips"), [("basic", True), ("advanced", False)])
async def test_the_placing_hint_names_flip_where_the_mode_allows_it(tmp_path, mode, flips) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = four_player_match(3, mode=mode)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        for _ in range(2):  # a bank, then a tile from the forest
            await pilot.press("1")
            await settle(app, pilot)
        hand = str(app.screen.query_one("#hand").render())
        assert "Fits here" in hand and "r rotate" in hand, hand
        assert ("f flip" in hand) is flips, hand
