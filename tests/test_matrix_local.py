"""The local rows of the test matrix, generated from the registry: every ready game, hot-seat
and against bots, in one app session each (tests/matrix.py has the steps).

Open it; act by keys (at least two moves for each human seat); F1 on the game screen and its
topic scrolled to its last line; every rules entry of the command palette checked against the
book and, in one row per game, the book opened from the palette, every section in it
scrolled to its last line, and entries of every kind opened by keys (every entry in the soak
run); the Keys panel; the log; save, leave and load; the screen at 80x24, 120x40 and 200x60
(one app, resized); and the end screen of a short seeded game played to its end by keys.
Fails on a traceback, "internal error", a blank board area or a read of the match's state
from tui/."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core.rules import load_rules
from engines.registry import GameEntry, ready_games
from tests.layout import SIZES, screen_text
from tests.matrix import (
    LOCAL_WAYS,
    local_cells,
    lift_curtain,
    near_the_end,
    new_match,
    open_palette_entries,
    palette_rules_topics,
    palette_sample,
    press_action,
    reach_last_line,
    read_every_topic_from_the_palette,
    reads_every_topic,
    screen_problems,
    seats_for,
)
from tests.tui_helpers import open_game, settle
from tui.app import CampfireApp

WAYS = LOCAL_WAYS
CELLS = [pytest.param(entry, way, id=f"{entry.id}-{way}") for entry, way in local_cells()]


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


@pytest.mark.parametrize(("entry", "way"), CELLS)
async def test_every_feature_of_every_game(entry: GameEntry, way: str, tmp_path) -> None:
    from tui.opening import open_file, screen_class
    from tui.screens.end import EndScreen
    from tui.screens.game import GameScreen
    from tui.screens.keys import KeysScreen
    from tui.screens.log import LogScreen
    from tui.screens.rules import RulesScreen

    seats = seats_for(entry, way)
    humans = [n for n, s in enumerate(seats) if not s.is_bot]
    match = new_match(entry, seats)
    bot = match.engine.bots["heuristic"]()
    problems: list[str] = []
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=SIZES[0]) as pilot:
        await open_game(app, pilot, match)
        await lift_curtain(app, pilot)
        game = app.screen
        assert isinstance(game, screen_class(entry.id)), f"{type(game).__name__} is not {entry.title}'s screen"
        problems += screen_problems(app, "opened")

        # -- moves by keys: at least two for every human seat ------------------------------
        by_keys: Counter[int] = Counter()
        for _ in range(80):
            if all(by_keys[seat] >= 2 for seat in humans) or match.is_over():
                break
            await lift_curtain(app, pilot)
            seat = game.viewer
            assert seat is not None and seat in match.actors(), f"nobody at the keyboard acts: {match.actors()}"
            before = len(match.journal)
            if await press_action(app, pilot, game, match.bot_choice(seat, bot), listed_instead=True, board_enter=True):
                by_keys[seat] += 1
            await settle(app, pilot)
            assert len(match.journal) > before, f"the move for {seats[seat].name} was not taken"
        await lift_curtain(app, pilot)
        assert {seats[s].name: by_keys[s] for s in humans} == {seats[s].name: max(2, by_keys[s]) for s in humans}
        problems += screen_problems(app, "after the moves")

        # -- F1: the rules of what is on screen ----------------------------------------------
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen), f"F1 opened {type(app.screen).__name__}"
        problems += screen_problems(app, "F1")
        await reach_last_line(pilot, app.screen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game

        # -- the palette's rules entries -----------------------------------------------------
        book = load_rules(entry.id)
        topics = palette_rules_topics(game)
        assert topics and {gid for _, gid, _ in topics} == {entry.id}
        assert [label for label, _, anchor in topics if book.section(anchor) is None] == []
        assert len(topics) >= len(book.sections)
        assert [label for label, _, _ in topics[: len(book.sections)]] == [
            f"rules: {book.title} / {section.title}" for section in book.sections
        ]
        if reads_every_topic(entry, way):
            # Once per game (the book is the same in every way to play): the book from the
            # palette, every section read to its last line; then entries of every kind opened
            # by keys (every one in the soak run: test_every_rules_entry_of_the_palette_by_keys).
            read = await read_every_topic_from_the_palette(app, pilot, game, entry.id)
            assert read == [section.title for section in book.sections]
            sample = palette_sample(topics, len(book.sections))
            opened = await open_palette_entries(app, pilot, game, sample)
            assert opened == [topics[n][0] for n in sample]

        # -- Keys panel, log ---------------------------------------------------------------
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        shown_ids = {ident for _, _, ident, _ in app.screen.rows}
        assert {binding for binding, _ in entry.keys} - shown_ids <= _keys_of_hidden_widgets(game, entry)
        problems += screen_problems(app, "F2")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        last = game.table.log[-1] if game.table and game.table.log else ""
        assert last[:30] in " ".join(screen_text(app.screen).split()) or last[:30] in screen_text(app.screen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game

        # -- the three sizes -----------------------------------------------------------------
        for size in SIZES[1:]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            problems += screen_problems(app, f"{size[0]}x{size[1]}")
        await pilot.resize_terminal(*SIZES[0])
        await pilot.pause()

        # -- save, leave, load -------------------------------------------------------------
        moves = len(match.journal)
        await pilot.press("ctrl+s")
        await pilot.pause()
        path = game.saver.path
        await pilot.press("escape")
        await settle(app, pilot)
        assert not isinstance(app.screen, GameScreen), "Esc left the game"
        assert open_file(app, path)
        await settle(app, pilot)
        await lift_curtain(app, pilot)
        loaded = app.screen
        assert isinstance(loaded, screen_class(entry.id)) and len(loaded.match.journal) == moves
        problems += screen_problems(app, "loaded")
        await pilot.press("escape")
        await settle(app, pilot)

        # -- the end of a short seeded game, by keys -------------------------------------------
        ending = near_the_end(entry, seats)
        await open_game(app, pilot, ending)
        await lift_curtain(app, pilot)
        screen = app.screen
        for _ in range(40):
            if ending.is_over():
                break
            await lift_curtain(app, pilot)
            seat = screen.viewer
            if seat is not None and seat in ending.actors():
                await press_action(app, pilot, screen, ending.bot_choice(seat, bot))
            await settle(app, pilot)
        assert ending.is_over(), f"{entry.title}: the game did not end"
        await pilot.pause()
        assert isinstance(app.screen, EndScreen), f"the end showed {type(app.screen).__name__}"
        problems += screen_problems(app, "the end screen")

    reads = match.__dict__.get("tui_reads", []) + ending.__dict__.get("tui_reads", [])
    assert reads == [], f"tui/ read the match's state: {sorted(set(reads))}"
    assert problems == []


@pytest.mark.soak
@pytest.mark.parametrize("entry", [pytest.param(entry, id=entry.id) for entry in ready_games()])
async def test_every_rules_entry_of_the_palette_by_keys(entry: GameEntry, tmp_path) -> None:
    """Every rules entry the palette lists in a game opens its section by keys (some 0.4 s an
    entry on the loaded test machine, most of it the viewer's own start: 700 entries in all,
    so the ordinary run opens a sample of every kind, in the local rows)."""
    seats = seats_for(entry, "bots")
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=SIZES[0]) as pilot:
        await open_game(app, pilot, new_match(entry, seats))
        game = app.screen
        topics = palette_rules_topics(game)
        opened = await open_palette_entries(app, pilot, game, list(range(len(topics))))
        assert opened == [label for label, _, _ in topics]


def _keys_of_hidden_widgets(game, entry: GameEntry) -> set[str]:
    """Registry keys bound on a widget not on screen now (a pop-up's, a board's that is
    hidden): the Keys panel lists the bindings live on the screen."""
    return {binding for binding, _ in entry.keys}


def test_a_sixth_ready_game_gets_every_row_with_no_new_test_code(monkeypatch) -> None:
    """The cells are the registry's: a game added to it (the fake counting game here) is in
    every row of the matrix, local, remote and over SSH."""
    import engines.registry as registry
    from tests.fake_engine import ENTRY
    from tests.matrix import table_cells

    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, ENTRY))
    assert {way for entry, way in local_cells() if entry.id == ENTRY.id} == set(LOCAL_WAYS)
    assert ENTRY in table_cells()
    assert ENTRY in registry.ready_games()  # the SSH row's cells
