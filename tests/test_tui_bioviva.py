"""Pilot tests of Bioviva played through the screens by key presses."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select

from tests.tui_helpers import highlight_game, open_game, settle
from tui.app import CampfireApp
from tui.games.bioviva import BiovivaScreen, WorldMap
from tui.screens.curtain import CurtainScreen
from tui.screens.end import EndScreen
from tui.screens.launcher import LauncherScreen
from tui.screens.setup import SeatRow, SetupScreen


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
        await pilot.press(*"wolf")
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
        rows[1].query_one(Select).value = "heuristic"
        rows[2].query_one(Select).value = "human"
        setup.query_one("#seed-input", Input).value = "3"
        setup.query_one("#start").focus()
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, CurtainScreen)  # two humans share secrets: curtain first
        await pilot.press("enter")
        await settle(app, pilot)
        screen = app.screen
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
        await pilot.press(*"symbol tiles antennae")
        await pilot.pause(0.3)
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
        passed_to = []
        await pilot.press("enter")  # Ana behind the curtain
        await settle(app, pilot)
        screen = app.screen
        assert screen.viewer == 0 and match.state.phase == "question"
        assert not any(text.startswith("peek") for text, _ in screen.table.actions)
        await pilot.press("n")  # Ana waits: the keyboard goes round the table
        for _ in range(2):
            await settle(app, pilot)
            assert isinstance(app.screen, CurtainScreen)
            passed_to.append(str(app.screen.query_one(".title").render()))
            await pilot.press("enter")
            await settle(app, pilot)
            await pilot.press("2")  # Bo, then Cy, answer B
        await settle(app, pilot)
        assert isinstance(app.screen, CurtainScreen)
        passed_to.append(str(app.screen.query_one(".title").render()))
        await pilot.press("enter")
        await settle(app, pilot)
        assert passed_to == [f"Pass the keyboard to {n}." for n in ("Bo", "Cy", "Ana")]
        assert screen.viewer == 0
        assert any("peek" in text for text, _ in screen.table.actions)
