"""Pilot tests of Bivouac played through the screens by key presses: a round and the last
month by keys, hiring and wage debt asked and paid by keys, Enter never spending at a
prompt, and the hand-over curtain between humans. Its layout at three terminal sizes and
the pure drawing functions are tested in test_tui_bivouac_layout.py."""

from __future__ import annotations

import pytest

from engines.bivouac import ENGINE, content
from engines.bivouac.engine import HIRE_TEXT
from engines.bivouac.state import BivouacOptions
from engines.core.match import Match, SeatSpec
from saves.store import load
from tests.tui_helpers import highlight_game, open_game, settle
from tests.tui_helpers import private_dirs  # noqa: F401 (autouse fixture)
from tests.tui_bivouac_helpers import ana_against_bots
from tui.app import CampfireApp
from tui.games.bivouac import BivouacScreen, CampBoard
from tui.screens.launcher import LauncherScreen
from tui.screens.setup import SetupScreen


async def play_first_round_by_keys(app: CampfireApp, pilot, limit: int = 60) -> None:
    """Enter on the camp board where it works, moving the cursor down where it does not
    (back to the top from the end of the board); the first listed choice when the list asks."""
    screen = app.screen
    for _ in range(limit):
        if screen.match.state.round > 1:
            return
        before = len(screen.match.journal)
        if isinstance(app.focused, CampBoard):
            await pilot.press("enter")
            await settle(app, pilot)
            if len(screen.match.journal) == before:
                # refused here: try the next spot, or rest when the cursor is at the last one
                await pilot.press(
                    *(["up"] * len(screen.items()) if screen.cursor == len(screen.items()) - 1 else ["down"])
                )
        else:
            await pilot.press("1")
        await settle(app, pilot)
    raise AssertionError(
        f"the first round did not end: {[e.action for e in screen.match.journal]} "
        f"{screen.match.state.phase} {screen.match.state.actor} {app.focused} {screen.cursor}"
    )


async def test_new_two_player_game_a_round_by_keys_then_save_and_reload(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await highlight_game(app, pilot, "bivouac")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")  # Start: Player 1 human against a heuristic bot
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, BivouacScreen)
        assert [s.kind for s in screen.match.seats] == ["human", "bot"]
        assert isinstance(app.focused, CampBoard)  # placement starts on the board

        await play_first_round_by_keys(app, pilot)
        journal = screen.match.journal
        assert any(e.seat == 0 and e.action.startswith("place ") for e in journal)
        assert any(e.seat == 0 and e.action.startswith("return ") for e in journal)
        assert screen.match.state.round == 2 and screen.match.state.phase == "place"

        await pilot.press("ctrl+s")
        await pilot.pause()
        digest, saved = screen.match.digest(), list(journal)
        assert load(screen.saver.path).journal == saved
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("c")
        await settle(app, pilot)
        reloaded = app.screen
        assert isinstance(reloaded, BivouacScreen) and reloaded is not screen
        assert reloaded.match.journal == saved and reloaded.match.digest() == digest


async def test_a_worker_back_from_hiring_asks_by_keys_and_hires_with_the_list() -> None:
    from tui.widgets.frame import ActionList

    match = _hiring_comes_back(5, expansion=False)
    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        assert isinstance(screen, BivouacScreen) and isinstance(app.focused, CampBoard)
        assert match.state.phase == "retrieve" and match.state.actor == 0
        while screen.items()[screen.cursor] != "hiring":
            await pilot.press("down")
        await pilot.press("enter")  # the Hiring worker comes back and asks
        await settle(app, pilot)
        assert match.state.pending is not None and match.state.pending.kind == "hire"
        assert isinstance(app.focused, ActionList)  # the keys go where the choice is
        assert [text for text, _ in screen.table.actions] == [HIRE_TEXT, "skip"]
        shown = app.export_screenshot()
        assert "Hiring:&#160;hire&#160;a&#160;worker,&#160;or&#160;skip" in shown
        assert not screen.query_one(CampBoard).check_action("put", ())  # Enter on the board does nothing now
        await pilot.press("down", "enter")  # hiring adds a wage: chosen with the highlight, never by Enter alone
        await settle(app, pilot)
        assert match.state.players[0].workers == 6
        assert any(e.seat == 0 and e.action == "hire" for e in match.journal)


def _hiring_comes_back(seed: int, expansion: bool = True) -> Match:
    """A two-player game where Ana (human) brings workers back in round 1 with one on
    Hiring: the bots placed for her."""
    bots = [SeatSpec("Ana", "bot", "heuristic"), SeatSpec("Bo", "bot", "heuristic")]
    options = BivouacOptions(expansion=expansion, first_player="1")
    rehearsal = Match(ENGINE, options, bots, seed)
    while not (rehearsal.state.phase == "retrieve" and rehearsal.state.actor == 0):
        seat, action = rehearsal.next_bot_or_auto()
        hiring = ENGINE.parse_action(rehearsal.state, seat, "place hiring")
        if seat == 0 and rehearsal.state.phase == "place" and hiring in rehearsal.legal_actions(0):
            action = hiring
        rehearsal.act(seat, action)
    seats = [SeatSpec("Ana"), SeatSpec("Bo", "bot", "heuristic")]
    return Match.replay(ENGINE, options, seats, seed, rehearsal.journal)


async def test_enter_at_a_prompt_never_spends_by_default() -> None:
    """The report: Enter pressed to bring workers back hired a worker and then bought a
    2-money staff card. Enter alone now takes nothing that spends; the highlight or a
    number does."""
    from tui.widgets.frame import ActionList

    match = _hiring_comes_back(seed=4)
    assert "hiring" in dict(match.state.spots) and 0 in dict(match.state.spots)["hiring"]
    prices = [content.staff()[s].cost for s in match.state.staff_shown]
    assert any(0 < price <= match.state.players[0].money for price in prices)  # a staff card she could buy
    before = match.state.players[0]
    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        assert isinstance(screen, BivouacScreen) and isinstance(app.focused, CampBoard)
        while screen.items()[screen.cursor] != "hiring":
            await pilot.press("down")
        await pilot.press("enter")  # the Hiring worker comes back and asks
        await settle(app, pilot)
        assert match.state.pending is not None and match.state.pending.kind == "hire"
        assert isinstance(app.focused, ActionList) and app.focused.highlighted is None
        for _ in range(4):
            await pilot.press("enter")
            await settle(app, pilot)
        assert match.state.pending.kind == "hire"  # nothing taken
        assert "⏎ alone takes nothing that costs you" in screen.table.problem
        await pilot.press("2")  # skip the hire: the staff row is offered
        await settle(app, pilot)
        assert match.state.pending is not None and match.state.pending.kind == "staff"
        assert app.focused.highlighted is None
        for _ in range(4):
            await pilot.press("enter")
            await settle(app, pilot)
        now = match.state.players[0]
        assert (now.money, now.staff, now.workers) == (before.money, before.staff, before.workers)
        await pilot.press("down", "enter")  # the first staff card, chosen with the highlight
        await settle(app, pilot)
        assert len(match.state.players[0].staff) == len(before.staff) + 1


def test_every_choice_that_spends_is_known_as_spending() -> None:
    from engines.bivouac.actions import Done, Hire, Pay, PlayUpgrade, RaiseDonor, Skip, TakeGiftStaff, TakeStaff
    from tui.games.bivouac_draw import spends

    view = ENGINE.view(ana_against_bots(seats=2).state, 0)
    wages = msgspec_replace(view, phase="wages")
    paid_staff = next(s.id for s in content.content().staff if s.cost > 0)
    free_staff = next(s.id for s in content.content().staff if s.cost == 0 and not s.starting)
    upgrade = next(u.id for u in content.content().upgrades if u.cost)
    assert spends(ENGINE.parse_action(None, 0, "buy canoeing"), view)
    assert spends(Hire(), view) and spends(Pay("wood"), wages) and spends(TakeStaff(paid_staff), view)
    assert spends(PlayUpgrade(upgrade), wages)
    assert not spends(PlayUpgrade(upgrade), msgspec_replace(wages, upgrade_cost="free"))
    granted = tuple(msgspec_replace(p, free_upgrades=1) if p.seat == wages.actor else p for p in wages.players)
    assert not spends(PlayUpgrade(upgrade), msgspec_replace(wages, players=granted))  # a Program Grant's
    free_choices = (Skip(), Done(), RaiseDonor(), TakeGiftStaff(paid_staff), TakeStaff(free_staff))
    assert not any(spends(a, view) for a in free_choices)


def msgspec_replace(struct, **fields):
    import msgspec

    return msgspec.structs.replace(struct, **fields)


async def test_the_last_month_by_keys_reaches_the_end_screen_with_the_breakdown(tmp_path) -> None:
    from tui.screens.end import EndScreen

    bots = [SeatSpec("Ana", "bot", "heuristic"), SeatSpec("Bo", "bot", "heuristic")]
    rehearsal = Match(ENGINE, BivouacOptions(), bots, 9)
    while not (rehearsal.state.round == 13 and rehearsal.state.phase == "place" and rehearsal.state.actor == 0):
        rehearsal.act(*rehearsal.next_bot_or_auto())
    seats = [SeatSpec("Ana"), SeatSpec("Bo", "bot", "heuristic")]
    match = Match.replay(ENGINE, BivouacOptions(), seats, 9, rehearsal.journal)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        for _ in range(60):
            if isinstance(app.screen, EndScreen):
                break
            before = len(match.journal)
            if isinstance(app.focused, CampBoard):
                await pilot.press("enter")
                await settle(app, pilot)
                if len(match.journal) == before:
                    await pilot.press(
                        *(["up"] * len(screen.items()) if screen.cursor == len(screen.items()) - 1 else ["down"])
                    )
            else:
                await pilot.press("1")
            await settle(app, pilot)
        assert isinstance(app.screen, EndScreen) and match.is_over()
        # The end screen is composed after it is pushed: under load a screenshot taken at
        # once caught it empty.
        from tests.tui_helpers import wait_until

        await wait_until(
            pilot,
            lambda: "Resources" in (shown := app.export_screenshot()) and "Activities&#160;owned" in shown,
            "the breakdown drawn",
        )


def ana_and_bo(expansion: bool) -> Match:
    """Two humans at one screen, Ana first (seed 2)."""
    return Match(ENGINE, BivouacOptions(expansion=expansion, first_player="1"), [SeatSpec("Ana"), SeatSpec("Bo")], 2)


async def pushed(app: CampfireApp, pilot, match: Match) -> BivouacScreen:
    """`match` on its screen, pushed as it is: no opening, so no curtain and no bot first."""
    await pilot.pause()
    app.push_screen(BivouacScreen(match, None))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, BivouacScreen)
    return screen


@pytest.mark.parametrize("expansion", [False, True])
async def test_no_curtain_between_two_humans_placing_workers(expansion) -> None:
    """The report: with the expansion the curtain fell after every worker placed. Placing
    shows nobody's hand, so the screen passes without one; Bo's hand stays closed until he
    asks with c."""
    from tui.screens.curtain import CurtainScreen

    match = ana_and_bo(expansion)
    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await pushed(app, pilot, match)
        for placed in range(4):
            await pilot.press("enter", "down")  # a worker on the spot under the cursor; the other player is next
            await pilot.pause()
            assert app.screen is screen and not isinstance(app.screen, CurtainScreen)
            assert len(match.journal) == placed + 1
        hand = [content.name(u) for u in match.state.players[screen.viewer].upgrade_hand]
        board = screen.query_one(f"#bv-board-{screen.viewer}").content
        assert not any(name in str(board) for name in hand)
        if expansion:
            await pilot.press("c")
            await pilot.pause()
            board = screen.query_one(f"#bv-board-{screen.viewer}").content
            assert all(name in str(board) for name in hand)


async def test_the_curtain_falls_before_a_player_chooses_an_upgrade_from_their_hand() -> None:
    from tui.screens.curtain import CurtainScreen

    bots = [SeatSpec("Ana", "bot", "heuristic"), SeatSpec("Bo", "bot", "heuristic")]
    options = BivouacOptions(expansion=True, upgrade_cost="free", first_player="1")
    rehearsal = Match(ENGINE, options, bots, 1)
    while True:  # up to the action that hands the keyboard to a seat choosing an upgrade
        seat, action = rehearsal.next_bot_or_auto()
        after = ENGINE.apply(rehearsal.state, seat, action).state
        if after.actor not in (seat, -1) and ENGINE.shows_secret(after, after.actor):
            break
        rehearsal.act(seat, action)
    humans = [SeatSpec("Ana"), SeatSpec("Bo")]
    match = Match.replay(ENGINE, options, humans, 1, rehearsal.journal)
    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await pushed(app, pilot, match)
        assert screen.viewer == seat
        screen.choose_action(action)
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert match.state.phase in ("wages", "retrieve")


async def test_wage_debt_is_asked_under_the_board_and_paid_from_the_list_by_keys() -> None:
    from tui.widgets.frame import ActionList

    bots = [SeatSpec("Ana", "bot", "random"), SeatSpec("Bo", "bot", "heuristic")]
    rehearsal = Match(ENGINE, BivouacOptions(), bots, 1)
    while not (rehearsal.state.phase == "wages" and rehearsal.state.actor == 0 and rehearsal.state.wage_debt):
        rehearsal.act(*rehearsal.next_bot_or_auto())
    seats = [SeatSpec("Ana"), SeatSpec("Bo", "bot", "heuristic")]
    match = Match.replay(ENGINE, BivouacOptions(), seats, 1, rehearsal.journal)
    debt, held = match.state.wage_debt, sum(match.state.players[0].resources)
    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        assert isinstance(app.focused, ActionList)
        assert all(text.startswith("pay 1 ") for text, _ in screen.table.actions)
        assert f"Wages:&#160;{debt}&#160;money&#160;still&#160;owed" in app.export_screenshot()
        await pilot.press("1")
        await settle(app, pilot)
        assert sum(match.state.players[0].resources) == held - 1
        assert any(e.seat == 0 and e.action.startswith("pay ") for e in match.journal)


async def test_c_brings_the_hand_it_opens_into_view_at_80x24() -> None:
    """The hand is listed on the player's board, below the camp's detail: at 80x24 `c`
    opened it out of sight, and the key seemed to do nothing."""
    from tests.layout import screen_text
    from tests.tui_helpers import wait_until

    match = ana_and_bo(expansion=True)
    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await pushed(app, pilot, match)
        hand = [content.name(u) for u in match.state.players[screen.viewer].upgrade_hand]
        assert hand and not any(name in screen_text(screen) for name in hand)
        await pilot.press("c")
        await wait_until(pilot, lambda: hand[0] in screen_text(screen), "the hand in view", timeout=10)
