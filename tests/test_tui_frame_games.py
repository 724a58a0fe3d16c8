"""The frame of every real game (issue 8): more room on larger terminals, players' names
with brackets and backslashes shown verbatim, nothing read as markup, the rules viewer,
ASCII mode, the rules teaching the screen's keys first, the place key leaving the footer,
and Escape while bots move or Otis walks never crashing (seeded timing fuzzers)."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from engines.core.match import Match, SeatSpec
from engines.registry import load_engine
from tests.layout import screen_text
from tests.tui_helpers import open_game, settle, wait_until
from tests.tui_helpers import private_dirs_and_count_game  # noqa: F401 (autouse fixture)
from tui.app import CampfireApp
from tui.screens.end import EndScreen
from tui.screens.launcher import LauncherScreen
from tui.widgets.frame import ActionList, GameLog, SeatPanels, StatusLine


def real_match(game_id: str, names: list[str], humans: int = 1, seed: int = 3, **options) -> Match:
    engine = load_engine(game_id)
    seats = [SeatSpec(n) if i < humans else SeatSpec(n, "bot", "heuristic") for i, n in enumerate(names)]
    return Match(engine, engine.decode_options(options or None), seats, seed)


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
