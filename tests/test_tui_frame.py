"""Pilot tests of the shared game frame, driven by the tiny counting game: digits, autosave,
refusals in the status line, the rules, the hand-over curtain, undo, focus, the keys panel,
the log, and a left game freed. The frame of every real game (sizes, names shown verbatim,
ASCII, escaping mid-move) is tested in test_tui_frame_games.py."""

from __future__ import annotations

import gc

import msgspec
from textual.widgets import DataTable

from engines.core.match import Match, SeatSpec
from engines.core.protocol import Flags
from saves.store import list_saves, load
from tests.fake_engine import CountEngine, CountOptions, ENGINE
from tests.tui_helpers import settle, type_text, wait_for_palette_top
from tests.tui_helpers import private_dirs_and_count_game  # noqa: F401 (autouse fixture)
from tui.app import CampfireApp
from tui.opening import open_match
from tui.screens.curtain import CurtainScreen
from tui.screens.end import EndScreen
from tui.screens.game import GameScreen
from tui.screens.launcher import LauncherScreen
from tui.widgets.frame import ActionList, GameLog, StatusLine


async def start(app: CampfireApp, pilot, match: Match) -> GameScreen:
    await pilot.pause()
    open_match(app, match, None)
    await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    return app.screen


async def test_human_plays_by_digits_against_a_bot_to_the_end_screen(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    seats = [SeatSpec("Ana"), SeatSpec("Bot", "bot", "heuristic")]
    match = Match(ENGINE, CountOptions(target=9), seats, 4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, match)
        for _ in range(20):
            if isinstance(app.screen, EndScreen):
                break
            await pilot.press("2")  # "add 2"
            await app.workers.wait_for_complete()
            await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        assert match.is_over()
        assert "Ana" in str(app.screen.query_one("#end-headline").render()) or "Bot" in str(
            app.screen.query_one("#end-headline").render()
        )
        # Both seats took turns: Ana by keys, the bot in its worker.
        assert {e.seat for e in match.journal} == {0, 1}
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
    saved = list_saves(tmp_path / "saves")
    assert len(saved) == 1 and saved[0].over
    assert load(saved[0].path).digest() == screen.match.digest()


async def test_every_action_is_autosaved_before_the_next_key(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = Match(ENGINE, CountOptions(target=30), [SeatSpec("Ana"), SeatSpec("Bo")], 4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, match)
        await pilot.press("1")
        await pilot.press("2")
        await pilot.pause()
        path = screen.saver.path
        assert [e.action for e in load(path).journal] == ["add 1", "add 2"]


async def test_refused_action_shows_reason_in_status_line(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = Match(ENGINE, CountOptions(mode="expert"), [SeatSpec("Ana"), SeatSpec("Bo")], 4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, match)
        from tests.fake_engine import Add

        screen.choose_action(Add(2))  # not allowed in expert mode
        await pilot.pause()
        status = str(screen.query_one(StatusLine).render())
        assert "not allowed" in status
        assert match.journal == []


async def test_rules_open_on_the_current_topic_and_close_back_to_the_game(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = Match(ENGINE, CountOptions(), [SeatSpec("Ana"), SeatSpec("Bo")], 4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, match)
        await pilot.press("f1")
        await pilot.pause()
        from tui.screens.rules import RulesScreen

        assert isinstance(app.screen, RulesScreen)
        assert app.screen.query_one("#rules-sections").highlighted is not None
        shown = app.screen.shown[app.screen.query_one("#rules-sections").highlighted]
        assert shown.anchor == "turn"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


class SecretCount(CountEngine):
    info = msgspec.structs.replace(ENGINE.info, flags=Flags(hidden_information=True))


async def test_curtain_hides_the_table_between_two_humans(tmp_path) -> None:
    app = CampfireApp(save_dir=None, bot_delay=0)
    match = Match(SecretCount(), CountOptions(), [SeatSpec("Ana"), SeatSpec("Bo")], 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = GameScreen(match, None)
        app.push_screen(screen)
        await pilot.pause()
        # Opening a game with secrets starts behind the curtain too.
        assert isinstance(app.screen, CurtainScreen) and screen.table.viewer is None
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert "Bo" in str(app.screen.query_one(".title").render())
        assert screen.table.viewer is None and screen.table.actions == []
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.table.viewer == 1
        assert screen.table.actions


async def test_escape_behind_the_curtain_returns_to_the_menu(tmp_path) -> None:
    app = CampfireApp(save_dir=None, bot_delay=0)
    match = Match(SecretCount(), CountOptions(), [SeatSpec("Ana"), SeatSpec("Bo")], 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(GameScreen(match, None))
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)


async def test_undo_is_hidden_until_it_works_and_pressing_it_says_why(tmp_path) -> None:
    app = CampfireApp(save_dir=None, bot_delay=0)
    match = Match(ENGINE, CountOptions(target=30), [SeatSpec("Ana"), SeatSpec("Bo")], 4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, match)
        shown = {b.binding.id for b in app.active_bindings.values() if b.enabled and b.binding.show}
        assert "game.undo" not in shown and "game.next_player" not in shown
        await pilot.press("u")
        await pilot.pause()
        assert "Nothing to undo" in str(screen.query_one(StatusLine).render())
        # A game whose turn lets Ana take her move back: the key appears.
        match.undoable = lambda seat: 1
        screen.refresh_table()
        await pilot.pause()
        assert "game.undo" in {b.binding.id for b in app.active_bindings.values() if b.enabled and b.binding.show}


async def test_focus_is_on_the_action_list_after_every_action(tmp_path) -> None:
    app = CampfireApp(save_dir=None, bot_delay=0)
    match = Match(ENGINE, CountOptions(target=30), [SeatSpec("Ana"), SeatSpec("Bot", "bot", "heuristic")], 4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, match)
        for _ in range(3):
            screen.query_one(GameLog).focus()  # the player looked at the log meanwhile
            await pilot.press("2")
            await settle(app, pilot)
            # The log keeps the focus the player gave it; Enter still plays from the list
            # once they Tab back, and a vanished focus returns to the list.
        screen.set_focus(None)
        await pilot.press("1")
        await settle(app, pilot)
        assert isinstance(app.focused, ActionList)
        await pilot.press("enter")  # plays the highlighted action at once
        await settle(app, pilot)
        assert len(match.journal) >= 8


async def test_keys_panel_lists_every_binding_of_the_screen_with_its_id(tmp_path) -> None:
    from tui.screens.keys import KeysScreen

    app = CampfireApp(save_dir=None, bot_delay=0)
    match = Match(ENGINE, CountOptions(), [SeatSpec("Ana"), SeatSpec("Bo")], 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(app, pilot, match)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        table = app.screen.query_one(DataTable)
        ids = {str(table.get_row_at(r)[1]) for r in range(table.row_count)}
        assert {"game.undo", "game.rules", "game.menu", "game.log", "game.pick1", "app.keys", "app.quit"} <= ids
        undo = next(table.get_row_at(r) for r in range(table.row_count) if str(table.get_row_at(r)[1]) == "game.undo")
        assert str(undo[2]) == "not now"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_log_follows_new_lines_unless_scrolled_up_and_L_shows_it_whole(tmp_path) -> None:
    from tui.screens.log import LogScreen

    app = CampfireApp(save_dir=None, bot_delay=0)
    match = Match(ENGINE, CountOptions(target=99), [SeatSpec("Ana"), SeatSpec("Bot", "bot", "heuristic")], 4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, match)
        log = screen.query_one(GameLog)
        for _ in range(8):
            await pilot.press("1")
            await settle(app, pilot)
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y, "at the bottom, it follows"
        log.scroll_home(animate=False)
        await pilot.pause()
        await pilot.press("1")
        await settle(app, pilot)
        assert log.scroll_y == 0 and "new lines below" in str(log.border_title)
        log.scroll_end(animate=False)
        await pilot.pause()
        assert not log.border_title
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        assert app.screen.lines == screen.table.log and len(app.screen.lines) >= 18
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_the_palette_opens_the_keys_panel(tmp_path) -> None:
    from tui.screens.keys import KeysScreen

    app = CampfireApp(save_dir=None, bot_delay=0)
    match = Match(ENGINE, CountOptions(), [SeatSpec("Ana"), SeatSpec("Bo")], 4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, match)
        await pilot.press("ctrl+p")
        await type_text(app, pilot, "keys: every")
        await wait_for_palette_top(app, pilot, "keys: every key of this screen")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen) and app.screen.under is screen


async def test_a_drawn_game_is_kept_out_of_the_collectors_passes_until_left(tmp_path) -> None:
    """Full passes walked the whole game inside a key now and then; once the screen is drawn
    its objects are set aside (after a full pass, so no garbage goes with them), and leaving
    the game gives them back to the collector."""
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    seats = [SeatSpec("Ana"), SeatSpec("Bot", "bot", "heuristic")]

    def walked(*things: object) -> list[bool]:
        """Whether each of `things` is among the objects the collector walks (one walk for
        all: a walk lists every object of the test process)."""
        ids = {id(found) for found in gc.get_objects()}
        return [id(thing) in ids for thing in things]

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        gc.unfreeze()  # whatever the app set aside before the game
        screen = await start(app, pilot, Match(ENGINE, CountOptions(target=9), seats, 4))
        for _ in range(50):  # the footer's keys come a frame or two after the screen
            seen = walked(screen, screen.match)
            if seen == [False, False]:
                break
            await pilot.pause(0.01)
        assert seen == [False, False], "the drawn game's screen and match are set aside"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        assert walked(screen.match) == [True] and gc.get_freeze_count() == 0
