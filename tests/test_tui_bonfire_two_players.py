"""Pilot test of a two-player (hot-seat) Bonfire game played through the screens by keys."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from tests.tui_helpers import highlight_game, settle
from tui.app import CampfireApp
from tui.games.bonfire import BonfireScreen
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


def shown(screen, widget_id: str) -> str:
    return str(screen.query_one(f"#{widget_id}", Static).render())


async def press_turn_key(app: CampfireApp, pilot) -> None:
    """End the turn when the list offers it, else place the fate tile where the ghost
    starts, else take the first listed action."""
    texts = [text for text, _ in app.screen.table.actions]
    key = str(texts.index("end your turn") + 1) if "end your turn" in texts[:9] else "1"
    if key == "1" and app.screen.placing:
        key = "enter"
    await pilot.press(key)
    await settle(app, pilot)


async def test_two_players_take_turns_by_keys_on_one_screen_then_save_and_reload(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await highlight_game(app, pilot, "bonfire")
        await pilot.press("enter")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.press("ctrl+n")  # a second seat: two players instead of solo
        await pilot.pause()
        rows = list(setup.query(SeatRow))
        assert len(rows) == 2
        rows[0].query_one(Input).value = "Ana"
        rows[1].query_one(Input).value = "Bo"
        rows[1].query_one(ChoiceField).value = "human"
        setup.query_one("#seed-input", Input).value = "3"
        setup.query_one("#start").focus()
        await pilot.press("enter")
        await settle(app, pilot)

        screen = app.screen
        assert isinstance(screen, BonfireScreen)
        match = screen.match
        assert [s.name for s in match.seats] == ["Ana", "Bo"] and match.state.seats == 2
        names = ["Ana", "Bo"]
        starter = names[match.state.start]

        ended = {0: 0, 1: 0}
        for _ in range(80):
            if min(ended.values()) >= 3 or isinstance(app.screen, EndScreen):
                break
            # Open information: nobody's hand-over needs a curtain.
            assert not isinstance(app.screen, CurtainScreen)
            seat = match.state.current
            if match.state.phase == "turn":
                # The screen belongs to the seat taking its turn: its city is "yours".
                assert screen.viewer == seat
                assert str(screen.query_one(WhoseScreen).render()) == f"{names[seat]}'s screen"
                assert shown(screen, "city-head").startswith(f"CITY OF {names[seat]} (your turn)")
                assert shown(screen, "tom-block").startswith(f"CITY OF {names[1 - seat]}")
            before = len(match.journal)
            await press_turn_key(app, pilot)
            assert len(match.journal) > before, "every key press above plays an action"
            if match.journal[-1].action == "end":
                ended[seat] += 1
        assert min(ended.values()) >= 3, "both players took turns in order"
        ends = [e.seat for e in match.journal if e.action == "end"]
        assert all(a != b for a, b in zip(ends, ends[1:])), "turns alternate"
        assert ends[0] == names.index(starter)
        log = "\n".join(screen.table.log)
        assert "Player 1" not in log and "Player 2" not in log and f"{starter} holds the building extension" in log

        # At 80 columns the other player's city is one key away, where Tom's board is in solo.
        assert not screen.query_one("#tom-block").display
        await pilot.press("t")
        await pilot.pause()
        assert screen.query_one("#tom-block").display
        other = names[1 - match.state.current]
        assert shown(screen, "tom-block").startswith(f"CITY OF {other}")
        await pilot.press("t", "t")
        await pilot.pause()

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
        assert [s.name for s in reloaded.match.seats] == names
        assert reloaded.viewer == reloaded.match.state.current


async def test_the_end_screen_shows_both_breakdowns_by_name_and_the_tie_break(tmp_path) -> None:
    from engines.bonfire import ENGINE
    from engines.core.match import Match, SeatSpec
    from tests.tui_helpers import open_game
    from textual.widgets import DataTable

    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Bo", "bot", "heuristic")], 5)
    heuristic = ENGINE.bots["heuristic"]()
    while not match.is_over():
        seat = match.actors()[0]
        match.act(seat, match.bot_choice(seat, heuristic))
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        end = app.screen
        assert isinstance(end, EndScreen)
        table = end.query_one(DataTable)
        assert [str(c.label) for c in table.columns.values()] == ["", "Ana", "Bo"]
        labels = {str(table.get_row_at(n)[0]) for n in range(table.row_count)}
        assert {"Lit bonfires", "Guardians in bonfires", "Elders"} <= labels
        assert "Tom" not in "".join(str(c.label) for c in table.columns.values())
        details = str(end.query_one("#end-details Static", Static).render())
        assert details.startswith("A tie in points goes to more lit bonfires (Ana ") and "Bo " in details
