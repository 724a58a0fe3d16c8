"""Pilot tests of the shared game frame, driven by the tiny counting game."""

from __future__ import annotations

import gc

import msgspec
import pytest

from engines.core.match import Match, SeatSpec
from engines.core.protocol import Flags
from saves.store import list_saves, load
from tests.fake_engine import ENGINE, CountEngine, CountOptions
from tui.app import CampfireApp
from tui.opening import open_match
from tui.screens.curtain import CurtainScreen
from tui.screens.end import EndScreen
from tui.screens.game import GameScreen
from tui.screens.launcher import LauncherScreen
from tui.widgets.frame import StatusLine


@pytest.fixture(autouse=True)
def private_dirs_and_count_game(tmp_path, monkeypatch):
    import engines.registry as registry
    from tests.fake_engine import ENTRY

    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, ENTRY))


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


# -- issue 8: the frame of every game ---------------------------------------------------------
from textual.widgets import DataTable  # noqa: E402

from engines.registry import load_engine  # noqa: E402
from tests.layout import screen_text  # noqa: E402
from tests.tui_helpers import open_game, settle, type_text, wait_for_palette_top, wait_until  # noqa: E402
from tui.widgets.frame import ActionList, GameLog, SeatPanels  # noqa: E402


def real_match(game_id: str, names: list[str], humans: int = 1, seed: int = 3, **options) -> Match:
    engine = load_engine(game_id)
    seats = [SeatSpec(n) if i < humans else SeatSpec(n, "bot", "heuristic") for i, n in enumerate(names)]
    return Match(engine, engine.decode_options(options or None), seats, seed)


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


async def test_larger_terminals_give_the_side_column_and_the_log_more_room(tmp_path) -> None:
    app = CampfireApp(save_dir=None, bot_delay=0)
    match = real_match("bioviva", ["Ana", "Ben", "Cyd", "Dee"])
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        small = (screen.query_one("#side").size.width, screen.query_one(GameLog).size.height)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        wide = (screen.query_one("#side").size.width, screen.query_one(GameLog).size.height)
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        widest = (screen.query_one("#side").size.width, screen.query_one(GameLog).size.height)
        views = list(screen.query_one(SeatPanels).children)
        side_by_side = len({v.region.x for v in views}) > 1
    assert small[0] < wide[0] < widest[0] and small[1] < wide[1] < widest[1]
    assert side_by_side, "at 200 columns, seats' panels sit side by side"


ODD = ["[b]Ana[/b]", "Ben\\", "[red]Cy]"]


async def test_names_with_brackets_and_backslashes_show_verbatim_everywhere(tmp_path) -> None:
    from engines.core.protocol import Outcome, ScoreLine
    from tui.screens.keys import KeysScreen
    from tui.screens.log import LogScreen
    from tui.screens.rules import RulesScreen

    app = CampfireApp(save_dir=None, bot_delay=0)
    match = real_match("bioviva", ODD)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        for _ in range(6):
            if screen.table.actions:
                await pilot.press("1")
            await settle(app, pilot)
        text = screen_text(screen)
        for name in ODD:
            assert name in text, f"{name} is shown as typed"
        assert any(name in line for line in screen.table.log for name in ODD)
        # Every widget of the frame, the end, keys, log and rules screens, fed odd text.
        weird = "a [b]bold[/b] \\ [mml] [link=x]y[/link] ]["
        screen.problem = weird
        screen.refresh_table()
        await pilot.pause()
        assert weird in str(screen.query_one(StatusLine).render())
        app.push_screen(LogScreen("Bioviva", [weird]))
        await pilot.pause()
        assert weird in screen_text(app.screen)
        app.pop_screen()
        outcome = Outcome(scores=[1, 2, 3], breakdown=[[ScoreLine(weird, 1)], [], []], winners=[0], reason=weird)
        app.push_screen(EndScreen(outcome, ODD, weird))
        await pilot.pause()
        end_text = screen_text(app.screen)
        assert f"{ODD[0]} wins" in end_text and weird in end_text
        assert weird in str(app.screen.query_one(DataTable).get_row_at(0)[0])
        app.pop_screen()
        app.push_screen(KeysScreen(screen))
        await pilot.pause()
        app.pop_screen()
        app.push_screen(RulesScreen("bioviva"))
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()


def test_action_list_items_are_never_read_as_markup() -> None:
    from rich.text import Text

    from tui.widgets.table import Table
    from engines.core.protocol import Summary

    listing = ActionList()
    weird = "take [mml] \\ [b]x"
    table = Table(summary=Summary("s", [], 1), view=None, viewer=0, actions=[(weird, object())], log=[])
    listing._actions = []
    listing.watch_table(table)
    prompt = listing.get_option_at_index(0).prompt
    assert isinstance(prompt, Text) and prompt.plain == f"1. {weird}"


async def test_rules_viewer_scrolls_to_the_last_line_of_the_longest_section(tmp_path) -> None:
    from engines.core.rules import load_rules
    from tui.screens.rules import RulesScreen, RulesText

    book = load_rules("camp_grizzly")
    longest = max(book.sections, key=lambda s: len(s.body))
    last_line = [line for line in longest.body.strip().splitlines() if line.strip()][-1]
    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(RulesScreen("camp_grizzly", longest.anchor))
        await pilot.pause()
        scroller = app.screen.query_one(RulesText)
        # The section's text is laid out after the screen shows (slower on a loaded machine).
        await wait_until(pilot, lambda: scroller.max_scroll_y > 0, "the longest section taller than the screen")
        assert app.focused is scroller
        assert scroller.show_vertical_scrollbar, "a scrollbar shows there is more"
        await pilot.press("pagedown")
        await pilot.pause()
        assert scroller.scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert scroller.scroll_y == scroller.max_scroll_y
        tail = last_line.strip().lstrip("-*| ").split()[-1].strip("*`.|")
        assert tail in screen_text(app.screen), f"the section's last words ({tail}) are on screen"
        await pilot.press("home")
        await pilot.pause()
        assert scroller.scroll_y == 0


def test_the_ascii_fold_keeps_every_character_s_width():
    from rich.cells import cell_len

    from tui.glyphs import fold_to_ascii

    for text in ["Bivì — 3 · 4 • ok ✓ ✗ │ ▶ ①", "Zoë's 雪 camp", "plain"]:
        folded = fold_to_ascii(text)
        assert folded.isascii() and cell_len(folded) == cell_len(text), (text, folded)
    assert fold_to_ascii("Bivì — Zoë") == "Bivi - Zoe"


@pytest.mark.parametrize("game", ["bivi", "bioviva", "camp_grizzly", "bivouac", "bonfire"])
async def test_ascii_mode_draws_every_game_screen_in_ascii_alone(tmp_path, game) -> None:
    """In ASCII mode nothing above U+007F reaches the terminal: engine text, content,
    boards and names are folded too, not only our own marks."""
    from tui.settings import Settings

    app = CampfireApp(save_dir=None, bot_delay=0, settings=Settings(glyphs="ascii"))
    names = ["Zoë", "Ben", "Cyd"]
    from engines.registry import load_engine

    engine = load_engine(game)
    count = min(max(2, engine.info.min_seats), engine.info.max_seats)
    match = real_match(game, names[:count])
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await open_game(app, pilot, match)
            await pilot.pause()
            text = screen_text(app.screen)
    finally:
        from tui.glyphs import use_scrollbars

        use_scrollbars("unicode")
    assert text.strip() and text.isascii(), sorted({c for c in text if not c.isascii()})


async def test_ascii_glyphs_cover_borders_bars_and_footer(tmp_path) -> None:
    import unicodedata

    from tui.settings import Settings

    app = CampfireApp(save_dir=None, bot_delay=0, settings=Settings(glyphs="ascii"))
    match = real_match("bioviva", ["Ana", "Ben", "Cyd", "Dee", "Eve"])
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            launcher_text = screen_text(app.screen)
            await open_game(app, pilot, match)
            game_text = screen_text(app.screen)
    finally:
        from tui.glyphs import use_scrollbars

        use_scrollbars("unicode")
    for where, text in (("launcher", launcher_text), ("game", game_text)):
        drawn = {c for c in text if ord(c) > 127 and not unicodedata.category(c).startswith("L")}
        assert not drawn, f"non-ASCII drawing characters on the {where}: {sorted(drawn)}"


async def escape_many_times(app, pilot, match, timings: list[float]) -> None:
    """Open `match` and leave it with Esc after each pause in `timings`."""
    from tui.opening import screen_class

    for pause in timings:
        screen = screen_class(match.game_id)(match, None)
        app.push_screen(screen)
        await pilot.pause(pause)
        for _ in range(3):  # the end screen, when a bot has just finished the game, first
            await pilot.press("escape")
            await pilot.pause()
            if isinstance(app.screen, LauncherScreen):
                break
        assert isinstance(app.screen, LauncherScreen), type(app.screen).__name__


# The timing fuzzers: a short pass in every run, the long one in the soak.
FUZZ_VISITS = [12, pytest.param(50, marks=pytest.mark.soak, id="soak")]


@pytest.mark.parametrize("visits", FUZZ_VISITS)
async def test_escape_while_bots_move_never_crashes(tmp_path, visits) -> None:
    app = CampfireApp(save_dir=None, bot_delay=0.01)
    match = real_match("bioviva", ["Ana", "Ben", "Cyd"], humans=0, seed=5)
    timings = [(n % 10) * 0.012 for n in range(visits)]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await escape_many_times(app, pilot, match, timings)
        await app.workers.wait_for_complete()
        await pilot.pause(0.05)
    assert len(match.journal) > 0, "the bots did move between the escapes"


@pytest.mark.parametrize("visits", FUZZ_VISITS)
async def test_escape_while_otis_walks_never_crashes(tmp_path, visits) -> None:
    from engines.core.protocol import AUTO

    app = CampfireApp(save_dir=None, bot_delay=0.01)  # a delay makes the stalk replay step
    match = real_match("camp_grizzly", ["Ana", "Ben"], humans=0, seed=2)
    timings = [0.05 + (n % 7) * 0.06 for n in range(visits)]

    def walks() -> int:
        return sum(1 for e in match.journal if e.seat == AUTO and e.action == "otis")

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await escape_many_times(app, pilot, match, timings)
        # On a loaded machine the bots may not have reached Otis in those 50 visits: go on,
        # at the same timings, until he has walked (and been replayed) at least twice.
        for _ in range(10):
            if walks() >= 2 or match.is_over():
                break
            await escape_many_times(app, pilot, match, timings[:14])
        await app.workers.wait_for_complete()
        await pilot.pause(0.05)
    assert walks() >= 2, f"Otis walked meanwhile ({len(match.journal)} actions in all)"


@pytest.mark.parametrize("game_id", ["bivi", "bioviva", "camp_grizzly"])
def test_rules_teach_the_screen_and_its_keys_first(game_id) -> None:
    from engines.core.rules import load_rules

    first = load_rules(game_id).sections[0]
    assert first.anchor == "screen-and-keys"
    for key in ("F1", "F2", "`L`", "Esc", "ctrl+p", "Enter"):
        assert key in first.body, f"{game_id}'s screen section names {key}"


async def test_place_leaves_the_footer_when_the_game_is_over(tmp_path) -> None:
    app = CampfireApp(save_dir=None, bot_delay=0)
    match = real_match("bioviva", ["Ana", "Ben", "Cyd"], seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        board = screen.query_one("#world")
        assert board.check_action("put", ()) is screen.board_open
        while not match.is_over():
            step = match.next_bot_or_auto() or (0, match.bot_choice(0, match.engine.bots["heuristic"]()))
            match.act(*step)
        screen.refresh_table()
        await pilot.pause()
        assert not screen.board_open and not board.check_action("put", ())
        from tui.widgets.board import LineBoard

        assert LineBoard.check_action(board, "put", ()) is False, "every board, not only the map"
        shown = {b.binding.id for b in app.active_bindings.values() if b.enabled and b.binding.show}
        assert "board.place" not in shown and "bioviva.decoy" not in shown


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
