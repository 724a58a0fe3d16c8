"""Pilot tests of Bivì played through the screens by key presses."""

from __future__ import annotations

import pytest

from saves.store import list_saves, load
from tests.tui_helpers import highlight_game, open_game, settle
from tui.app import CampfireApp
from tui.games.bivi import BiviScreen, RiverBoard
from tui.screens.end import EndScreen
from tui.screens.launcher import LauncherScreen
from tui.screens.setup import SetupScreen


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


def ana_against_a_bot(seed: int):
    from engines.bivi import ENGINE
    from engines.core.match import Match, SeatSpec

    return Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Bo", "bot", "heuristic")], seed)


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
        replayed = type(reloaded.match).replay(engine, reloaded.match.options, reloaded.match.seats,
                                               reloaded.match.seed, [])
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


async def test_illegal_ghost_spot_shows_the_reason_and_enter_does_nothing(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = ana_against_a_bot(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        await pilot.press("1")  # bank left
        await settle(app, pilot)
        await pilot.press("1")  # the foreman takes the first tile
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(app.focused, RiverBoard)
        assert "Fits here" in str(screen.query_one("#hand").render())
        for _ in range(4):
            await pilot.press("l")  # hjkl moves the ghost too
        await pilot.press("k")
        await pilot.pause()
        hand = str(screen.query_one("#hand").render())
        assert "Fits here" not in hand and screen.ghost_problem("tile") in hand
        before = len(match.journal)
        await pilot.press("enter")
        await pilot.pause()
        assert len(match.journal) == before
        rotation = screen.rotation
        await pilot.press("r")
        await pilot.pause()
        assert screen.rotation == (rotation + 1) % 4


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
        await pilot.pause()
        await pilot.press(*"bank right")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.screen is screen
        assert match.journal[0].action == "bank right"

        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"rules scoring")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert "Scoring" in str(app.screen.query_one("#rules-text").source)


async def test_a_ghost_turned_into_an_equivalent_position_is_journalled_in_its_listed_form(tmp_path) -> None:
    from engines.bivi import ENGINE

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = ana_against_a_bot(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        await pilot.press("1")  # bank left
        await settle(app, pilot)
        await pilot.press("1")  # the foreman takes pine tile 43, an S shape: half a turn looks the same
        await settle(app, pilot)
        screen = app.screen
        start = screen.rotation
        await pilot.press("r", "r")
        await pilot.pause()
        assert screen.rotation == (start + 2) % 4
        listed = {ENGINE.format_action(a) for a in match.legal_actions(0)}
        await pilot.press("enter")
        await settle(app, pilot)
        placed = next(e.action for e in match.journal if e.action.startswith("place"))
        assert placed in listed and placed.split()[2] == f"r{start}"
