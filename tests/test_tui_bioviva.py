"""Pilot tests of Bioviva played through the screens by key presses."""

from __future__ import annotations

import re

import pytest
from textual.widgets import Input, Static

from tests.tui_helpers import highlight_game, open_game, settle, type_text, wait_for_palette_top
from tui.app import CampfireApp
from tui.games.bioviva import BiovivaScreen, WorldMap
from tui.screens.curtain import CurtainScreen
from tui.screens.end import EndScreen
from tui.screens.handover import WhoseScreen
from tui.screens.launcher import LauncherScreen
from tui.screens.setup import SeatRow, SetupScreen
from tui.widgets.choice import ChoiceField


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


async def human_step(app: CampfireApp, pilot, curtains: list[str]) -> None:
    """One human decision by keys: lift a curtain, put a pawn or the magnifier on the map,
    type a guess, or take the first listed action."""
    if isinstance(app.screen, CurtainScreen):
        curtains.append(str(app.screen.query_one(".title").render()))
        await pilot.press("enter")
        return
    screen = app.screen
    assert isinstance(screen, BiovivaScreen)
    before = len(screen.match.journal)
    view = screen.table.view
    if view.phase == "localization" and screen.table.acting:
        if not isinstance(app.focused, WorldMap):
            await pilot.press("m")
        await pilot.press("enter")
        await settle(app, pilot)
        while len(screen.match.journal) == before and not isinstance(app.screen, CurtainScreen):
            await pilot.press("l")  # that square is taken: one to the right
            await pilot.press("enter")
            await settle(app, pilot)
        return
    guess_box = screen.query_one("#guess-input", Input)
    if guess_box.display and not any(g.seat == screen.viewer for g in view.challenge.guesses):
        await pilot.press("g")
        await type_text(app, pilot, "wolf")
        await pilot.press("enter")
        return
    await pilot.press("1")


async def test_two_humans_and_a_bot_play_each_challenge_by_keys(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await highlight_game(app, pilot, "bioviva")
        await pilot.press("enter")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.press("ctrl+n")
        await pilot.pause()
        rows = list(setup.query(SeatRow))
        rows[1].query_one(ChoiceField).value = "normal"
        rows[2].query_one(ChoiceField).value = "human"
        setup.query_one("#seed-input", Input).value = "3"
        setup.query_one("#start").focus()
        await pilot.press("enter")
        await settle(app, pilot)
        # Nothing secret is on the first screen yet: no curtain, but the tag says whose it is.
        screen = app.screen
        assert str(screen.query_one(WhoseScreen).render()) == f"{screen.match.seats[0].name}'s screen"
        assert isinstance(screen, BiovivaScreen)
        assert [s.kind for s in screen.match.seats] == ["human", "bot", "human"]

        curtains: list[str] = []
        finished: set[str] = set()  # challenge kinds completed, as the table shows them
        for _ in range(200):
            if len(finished) == 3 or isinstance(app.screen, EndScreen):
                break
            await human_step(app, pilot, curtains)
            await settle(app, pilot)
            if screen.table.view.last is not None:
                finished.add(screen.table.view.last.kind)
        assert finished == {"association", "localization", "question"}
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await pilot.pause()
        # The humans' secret answers were given behind the curtain, each in turn.
        assert curtains and all("Pass the keyboard to" in c for c in curtains)

        await pilot.press("ctrl+s")
        await pilot.pause()
        digest, journal = screen.match.digest(), list(screen.match.journal)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("c")
        await settle(app, pilot)
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await pilot.pause()
        reloaded = app.screen
        assert isinstance(reloaded, BiovivaScreen) and reloaded is not screen
        assert reloaded.match.journal == journal and reloaded.match.digest() == digest


async def test_palette_finds_a_symbol_tile_in_the_rules(tmp_path) -> None:
    from engines.bioviva import ENGINE
    from engines.core.match import Match, SeatSpec
    from tui.screens.rules import RulesScreen

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Bo", "bot", "heuristic")], 3)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_game(app, pilot, match)
        await pilot.press("ctrl+p")
        await pilot.pause()
        # The words pasted at once: typed a key at a time, the palette searched 21 times
        # (typing into it is tests/test_tui_frame.py's test_the_palette_opens_the_keys_panel).
        from textual.command import CommandInput

        app.screen.query_one(CommandInput).insert_text_at_cursor("symbol tiles antennae")
        await wait_for_palette_top(app, pilot, "Symbol tiles")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.shown[app.screen.query_one("#rules-sections").highlighted].anchor == "symbol-tiles"


async def test_young_player_lets_the_others_answer_first_then_peeks(tmp_path) -> None:
    from engines.bioviva import ENGINE
    from engines.core.match import Match, SeatSpec

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    options = ENGINE.decode_options({"young": [1]})
    seats = [SeatSpec("Ana"), SeatSpec("Bo"), SeatSpec("Cy")]
    match = Match(ENGINE, options, seats, 3)  # seed 3 opens with a question
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        # Nobody has answered: no screen shows a secret, so the keyboard goes round the
        # table without a curtain, and the tag names whose screen it is each time.
        assert not isinstance(screen, CurtainScreen)
        assert screen.viewer == 0 and match.state.phase == "question"
        assert not any(text.startswith("peek") for text, _ in screen.table.actions)
        shown = [str(screen.query_one(WhoseScreen).render())]
        await pilot.press("n")  # Ana waits: the keyboard goes round the table
        for _ in range(2):
            await settle(app, pilot)
            assert app.screen is screen
            shown.append(str(screen.query_one(WhoseScreen).render()))
            await pilot.press("2")  # Bo, then Cy, answer B
        await settle(app, pilot)
        assert app.screen is screen and screen.viewer == 0
        shown.append(str(screen.query_one(WhoseScreen).render()))
        assert shown == ["Ana's screen", "Bo's screen", "Cy's screen", "Ana's screen"]
        assert any("peek" in text for text, _ in screen.table.actions)


async def _settle_through_cancels(app: CampfireApp, pilot) -> None:
    """Let bots think and the screen repaint; a bot worker left behind by a game that was
    closed is cancelled, which is no failure here."""
    from textual.worker import WorkerCancelled

    for _ in range(5):
        try:
            await app.workers.wait_for_complete()
            break
        except WorkerCancelled:
            continue
    await pilot.pause()


def _curtains(app: CampfireApp) -> list[CurtainScreen]:
    return [s for s in app.screen_stack if isinstance(s, CurtainScreen)]


@pytest.mark.parametrize(
    "seeds",
    [
        # Seed 4 is the opening where two curtains once stacked and named the wrong player.
        pytest.param((4, 0, 1, 2, 3, 5), id="6-openings"),
        pytest.param(range(200), id="200-openings", marks=pytest.mark.soak),  # ~8 minutes
    ],
)
async def test_one_curtain_at_a_time_always_naming_whose_screen_follows(tmp_path, seeds) -> None:
    """Two humans and a bot, seeded openings (200 in the soak run): never two curtains on
    the stack; a curtain names the seat whose screen shows when it is lifted; without a
    curtain the tag names the seat whose screen it is."""
    from engines.bioviva import ENGINE
    from engines.core.match import Match, SeatSpec

    app = CampfireApp(save_dir=None, bot_delay=0)
    seats = [SeatSpec("Ana"), SeatSpec("Ben"), SeatSpec("Bot", "bot", "heuristic")]
    lifted = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for seed in seeds:
            match = Match(ENGINE, ENGINE.default_options(), seats, seed)
            await open_game(app, pilot, match)
            game = next(s for s in app.screen_stack if isinstance(s, BiovivaScreen))
            for _ in range(6):  # human decisions (or curtains lifted) in this opening
                assert len(_curtains(app)) <= 1, f"seed {seed}: two curtains"
                if isinstance(app.screen, CurtainScreen):
                    named = app.screen.player
                    assert str(app.screen.query_one(".title").render()) == f"Pass the keyboard to {named}."
                    assert named == seats[game.viewer].name, f"seed {seed}: the curtain names {named}"
                    await pilot.press("enter")
                    await _settle_through_cancels(app, pilot)
                    assert app.screen is game or isinstance(app.screen, CurtainScreen)
                    if app.screen is game:
                        assert seats[game.table.viewer].name == named
                    lifted += 1
                    continue
                assert app.screen is game
                assert str(game.query_one(WhoseScreen).render()) == f"{seats[game.viewer].name}'s screen"
                if not game.table.acting:
                    break
                game.choose_action(match.legal_actions(game.viewer)[0])
                await _settle_through_cancels(app, pilot)
            assert len(_curtains(app)) <= 1
            await pilot.press("escape")  # from the game or its curtain: back to the launcher
            await pilot.pause()
            assert isinstance(app.screen, LauncherScreen)
    assert lifted >= len(seeds) // 3  # the openings did pass secrets between the two humans


def test_a_short_screen_draws_a_window_of_map_rows_that_follows_the_cursor() -> None:
    from tui.games.bioviva_draw import draw_world, map_window

    assert map_window(0, 20, 14) == 7  # the cursor went below the window: it follows
    assert map_window(7, 3, 14) == 3  # and above it
    assert map_window(5, 10, 14) == 5  # a cursor in sight does not move the window
    assert map_window(9, 0, 40) == 0  # every row fits: all are drawn
    drawing = draw_world({}, wide=False, cursor=(20, 4), first_row=7, row_count=14)
    labels = [row[0][0] for row in drawing[1:]]
    assert len(drawing) == 15 and labels[0] == "H " and labels[-1] == "U "
    assert any("cursor" in kind for _, kind in drawing[14])  # row U holds the cursor


def _footer_keys(app) -> set[str]:
    """The binding ids the footer shows now (active bindings the screen lets run)."""
    return {
        binding.id or binding.action
        for _node, binding, enabled, _tooltip in app.screen.active_bindings.values()
        if binding.show and enabled
    }


def _play_to(match, phase: str) -> None:
    """Take the first legal action of whoever acts until the game reaches `phase`."""
    for _ in range(500):
        if match.state.phase == phase:
            return
        match.run_automatic()
        if match.state.phase == phase:
            return
        seat = match.actors()[0]
        match.act(seat, match.legal_actions(seat)[0])
    raise AssertionError(f"the game never reached the {phase} phase")


async def test_the_guess_key_shows_in_the_footer_only_for_a_guesser_who_may_write(tmp_path) -> None:
    """Every binding shows in the footer only when it works: `g` focuses the guess box,
    which only a guesser writing this round has."""
    from engines.bioviva import ENGINE
    from engines.core.match import Match, SeatSpec

    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        for phase in ("question", "clue", "guess"):
            match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Ben")], 4)
            _play_to(match, phase)
            await open_game(app, pilot, match)
            if isinstance(app.screen, CurtainScreen):
                await pilot.press("enter")
                await settle(app, pilot)
            screen = app.screen
            assert isinstance(screen, BiovivaScreen)
            view = screen.table.view
            writes = phase == "guess" and screen.viewer in view.challenge.guessing
            assert writes or phase != "guess"  # the guesser's screen follows the tile
            assert ("bioviva.guess" in _footer_keys(app)) == writes, phase
            await pilot.press("escape")
            await pilot.pause()


async def _open_on_the_map(app, pilot, match) -> None:
    """Open `match`, past the curtain of whoever's screen it is, with the map focused."""
    await open_game(app, pilot, match)
    if isinstance(app.screen, CurtainScreen):
        await pilot.press("enter")
        await settle(app, pilot)
    if not isinstance(app.focused, WorldMap):
        await pilot.press("m")
        await pilot.pause()
    assert isinstance(app.focused, WorldMap)


async def test_the_map_keys_show_in_the_footer_only_when_they_put_something(tmp_path) -> None:
    """Enter on the map puts a pawn (or the guide's magnifier) and `x` a decoy pawn: each
    shows in the footer only while it works for the player at the keyboard."""
    from engines.bioviva import ENGINE
    from engines.core.match import Match, SeatSpec

    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:

        async def on_the_map(phase: str, decoy_down: bool = False, correct_down: bool = False) -> set[str]:
            match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Ben")], 4)
            _play_to(match, phase)
            placer = match.actors()[0]
            for kind, down in (("decoy", decoy_down), ("correct", correct_down)):
                if down:
                    match.act(placer, next(a for a in match.legal_actions(placer) if a.kind == kind))
                    match.act(1 - placer, match.legal_actions(1 - placer)[0])
            await _open_on_the_map(app, pilot, match)
            keys = _footer_keys(app) & {"board.place", "bioviva.decoy"}
            await pilot.press("escape")
            await pilot.pause()
            return keys

        assert await on_the_map("localization") == {"board.place", "bioviva.decoy"}
        assert await on_the_map("localization", correct_down=True) == {"board.place", "bioviva.decoy"}
        assert await on_the_map("localization", decoy_down=True) == {"board.place"}
        assert await on_the_map("clue") == {"board.place"}  # the guide's magnifier
        assert await on_the_map("question") == set()


async def test_the_map_key_names_whose_pawn_each_number_is(tmp_path) -> None:
    """Players read names: beside the map, each pawn's number is given with its player's
    name, and the viewer's own decoy letter with them."""
    from engines.bioviva import ENGINE
    from engines.core.match import Match, SeatSpec

    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Ben")], 4)
        _play_to(match, "localization")
        await _open_on_the_map(app, pilot, match)
        screen = app.screen
        note = str(screen.query_one("#side-note", Static).render())
        assert "Pawns: 1 Ana, 2 Ben; your decoy " + "ab"[screen.viewer] in note


def _map_lines(screen: BiovivaScreen) -> list[str]:
    return ["".join(text for text, _kind in row) for row in screen.query_one(WorldMap).drawing]


async def test_every_map_row_is_reachable_whatever_the_height_the_pane_leaves(tmp_path) -> None:
    """At 80x24 the map draws as many rows as its box really holds, with a line saying how
    many are hidden and where; the cursor drives the window to every row, and a trip to a
    tall terminal and back (or the card shown in between) leaves no stale window behind."""
    from engines.bioviva import ENGINE
    from engines.bioviva.worldmap import ROW_LETTERS, ROWS, cell_name
    from engines.core.match import Match, SeatSpec

    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Ben", "bot", "heuristic")], 4)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        assert isinstance(screen, BiovivaScreen)
        if not isinstance(app.focused, WorldMap):
            await pilot.press("m")
            await pilot.pause()
        world = screen.query_one(WorldMap)

        def check_window() -> list[str]:
            lines = _map_lines(screen)
            # The rows a cursor step redrew agree with the whole map drawn afresh.
            from tui.games.bioviva import map_marks
            from tui.games.bioviva_draw import draw_world, more_cue, title_row

            top, count = screen._map_top, len(lines) - 3
            fresh = draw_world(
                map_marks(screen.table.view), wide=False, cursor=screen.cursor, first_row=top, row_count=count
            )
            assert world.drawing == [title_row(screen.cursor, False), *fresh, more_cue(top, count)]
            assert lines[0].startswith(cell_name(*screen.cursor) + " "), "the square under the cursor, named"
            assert len(lines) == world.size.height, "the drawing fills the map's box, no more"
            drawn = [line[0] for line in lines[2:-1]]
            assert ROW_LETTERS[screen.cursor[0]] in drawn, "the cursor's row is in sight"
            hidden = ROWS - len(drawn)
            assert hidden > 0 and sum(int(n) for n in re.findall(r"\d+", lines[-1])) == hidden
            return drawn

        seen = set(check_window())
        assert "below" in _map_lines(screen)[-1] and "above" not in _map_lines(screen)[-1]
        for _ in range(ROWS):
            await pilot.press("down")
            seen.update(check_window())
        assert seen == set(ROW_LETTERS[:ROWS]), "every row came into view"
        assert "above" in _map_lines(screen)[-1] and "below" not in _map_lines(screen)[-1]

        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert [line[0] for line in _map_lines(screen)[2:]] == list(ROW_LETTERS[:ROWS])  # tall: all of them
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        check_window()
        board = screen.query_one("#bioviva-board")
        await pilot.press("m")  # the card; then a resize while the map is away
        await pilot.pause()
        assert board.current == "card"
        await pilot.resize_terminal(90, 26)
        await pilot.pause()
        while board.current != "map-pane":
            await pilot.press("m")
            await pilot.pause()
        check_window()


def test_the_last_challenge_is_named_as_the_rules_name_it() -> None:
    """The card names the last challenge by its name in the rules (Question, Localization,
    Word association), never by the engine's kind word, and says it once."""
    from engines.bioviva.state import KIND_TITLES
    from tests.replay_games import played
    from tui.games.bioviva import card_text

    match, _ = played("bioviva")
    names = [seat.name for seat in match.seats]
    seen: dict[str, str] = {}
    for position in range(len(match.journal) + 1):
        view = match.engine.view(match.state_after(position), None)
        if view.last is not None and view.last.kind not in seen:
            seen[view.last.kind] = next(
                line for line in card_text(view, names).splitlines() if line.startswith("Last challenge")
            )
    assert len(seen) >= 2, f"the seeded game met too few kinds of challenge: {sorted(seen)}"
    for kind, line in seen.items():
        title = KIND_TITLES[kind]
        assert line.startswith(f"Last challenge ({title}): "), line
        assert line.count(title) == 1 and f"({kind})" not in line, line


async def test_at_80x24_the_side_column_beside_the_map_scrolls_by_keys(tmp_path) -> None:
    """With the map on screen the side column (seat panels, the map's key, the legend)
    overflows 80x24: Tab reaches it and End brings its last rows into view."""
    from engines.bioviva import ENGINE
    from engines.core.match import Match, SeatSpec

    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Ben"), SeatSpec("Cy")], 4)
        _play_to(match, "localization")
        await _open_on_the_map(app, pilot, match)
        side = app.screen.query_one("#side")
        assert side.max_scroll_y > 0 and side.show_vertical_scrollbar  # the cue
        for _ in range(6):
            if app.focused is side:
                break
            await pilot.press("tab")
            await pilot.pause()
        assert app.focused is side
        await pilot.press("end")
        await pilot.pause()
        assert side.scroll_y == side.max_scroll_y
