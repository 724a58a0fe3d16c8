"""Pilot tests of Bivouac played through the screens by key presses, its layout at three
terminal sizes, and the pure drawing functions."""

from __future__ import annotations

import re

import pytest

from engines.bivouac import ENGINE, content
from engines.bivouac.engine import HIRE_TEXT
from engines.bivouac.state import BivouacOptions
from engines.core.match import Match, SeatSpec
from saves.store import load
from tests.tui_helpers import highlight_game, open_game, settle
from tui.app import CampfireApp
from tui.games.bivouac import BivouacScreen, CampBoard
from tui.games.bivouac_draw import UNICODE, camp_drawing, cursor_items, player_board
from tui.screens.launcher import LauncherScreen
from tui.screens.setup import SetupScreen


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


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
        assert "Enter alone takes nothing that costs you" in screen.table.problem
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

    view = ENGINE.view(_match(seats=2).state, 0)
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


def _match(seats: int = 4, expansion: bool = True) -> Match:
    specs = [SeatSpec("Ana")] + [SeatSpec(f"Bot {n}", "bot", "heuristic") for n in range(1, seats)]
    return Match(ENGINE, BivouacOptions(expansion=expansion, first_player="1"), specs, 3)


CARD_IDS = [
    c.id
    for group in (
        content.content().activities,
        content.content().amenities,
        content.content().staff,
        content.content().upgrades,
        content.content().gifts,
        content.content().misfortunes,
    )
    for c in group
]


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_every_panel_is_whole_or_scrolls_and_no_card_id_shows(tmp_path, size) -> None:
    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await open_game(app, pilot, _match())
        screen = app.screen
        assert isinstance(screen, BivouacScreen)
        for selector in ("#bv-month", "#bv-camp", "#status"):
            widget = screen.query_one(selector)
            assert widget.region.bottom <= size[1] and widget.region.right <= size[0], selector
            assert widget.size.height >= widget.virtual_size.height, f"{selector} is cut"
        info = screen.query_one("#bv-info")
        if info.virtual_size.height > info.size.height:
            assert info.show_vertical_scrollbar, "the player boards overflow without a scroll bar"
        boards = [screen.query_one(f"#bv-board-{n}") for n in range(4)]
        shown = [b for b in boards if b.display]
        if size[0] >= 120:
            assert len(shown) == 4  # every player's board at once
            assert not screen.check_action("next_board", ())
        else:
            assert shown == [boards[0]]  # the viewer's board first, the others one key away
            await pilot.press("b")
            await pilot.pause()
            assert [b for b in boards if b.display] == [boards[1]]
        text = app.export_screenshot()
        for card_id in CARD_IDS:
            assert not re.search(rf"(?<![\w-]){re.escape(card_id)}(?![\w-])", text), card_id


def test_camp_drawing_shows_every_location_its_spaces_and_occupants() -> None:
    match = _match(seats=2, expansion=False)
    match.act(0, ENGINE.parse_action(match.state, 0, "place wood"))
    view = ENGINE.view(match.state, 0)
    items = cursor_items(view, 0)
    rows = ["".join(t for t, _ in row) for row in camp_drawing(view, ["Ana", "Bot 1"], items, 0, UNICODE, "①②", False)]
    text = "\n".join(rows)
    for loc in content.content().locations:
        assert loc.name in text
    assert "[①Ana][×]" in text  # two players: the second space at Wood is closed
    assert rows[0].startswith("▶Activities")  # the cursor
    assert "Your cards:" in rows[-1]


def test_player_board_hides_other_players_upgrades() -> None:
    match = _match(seats=2)
    view = ENGINE.view(match.state, 0)
    mine = player_board(view, 0, ["Ana", "Bot 1"], UNICODE, "①②").plain
    theirs = player_board(view, 1, ["Ana", "Bot 1"], UNICODE, "①②").plain
    for upgrade in match.state.players[0].upgrade_hand:
        assert content.name(upgrade) in mine
    for upgrade in match.state.players[1].upgrade_hand:
        assert content.name(upgrade) not in theirs
    assert "(hidden)" in theirs


def test_ascii_glyphs_draw_the_camp_and_boards_in_plain_ascii() -> None:
    from tui.games.bivouac_draw import ASCII, legend, month_strip

    match = _match(seats=3)
    view = ENGINE.view(match.state, 0)
    names = ["Ana", "Bot 1", "Bot 2"]
    camp = "".join(t for row in camp_drawing(view, names, cursor_items(view, 0), 0, ASCII, "123", True) for t, _ in row)
    texts = [camp, month_strip(view, ASCII).plain, legend(ASCII, names, "123").plain]
    texts += [player_board(view, n, names, ASCII, "123").plain for n in range(3)]
    for text in texts:
        assert text.isascii(), text


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
        shown = app.export_screenshot()
        assert "Resources" in shown and "Activities&#160;owned" in shown


@pytest.mark.parametrize("expansion", [False, True])
async def test_no_curtain_between_two_humans_placing_workers(expansion) -> None:
    """The report: with the expansion the curtain fell after every worker placed. Placing
    shows nobody's hand, so the screen passes without one; Bo's hand stays closed until he
    asks with c."""
    from tui.screens.curtain import CurtainScreen

    options = BivouacOptions(expansion=expansion, first_player="1")
    match = Match(ENGINE, options, [SeatSpec("Ana"), SeatSpec("Bo")], 2)
    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(BivouacScreen(match, None))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BivouacScreen)
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
        await pilot.pause()
        app.push_screen(BivouacScreen(match, None))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BivouacScreen) and screen.viewer == seat
        screen.choose_action(action)
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert match.state.phase in ("wages", "retrieve")


def test_the_hiring_detail_lists_each_shown_staff_on_its_own_line_with_its_price() -> None:
    from tui.games.bivouac_draw import detail

    match = _match(seats=2)
    view = ENGINE.view(match.state, 0)
    lines = detail(view, "hiring", None).plain.splitlines()
    for card in view.staff_shown:
        staff = content.staff()[card]
        price = f"{staff.cost} money" if staff.cost else "free"
        assert f" {staff.name}, {price}: {staff.text}" in lines


def test_a_choice_prompt_is_wrapped_under_the_camp_board() -> None:
    match = _match(seats=2, expansion=False)
    view = ENGINE.view(match.state, 0)
    items = cursor_items(view, 0)
    prompt = "Hiring: hire a worker, or skip (keys 1-2 or Enter)"
    rows = camp_drawing(view, ["Ana", "Bo"], items, 0, UNICODE, "①②", True, prompt)
    under = [text for row in rows[-2:] for text, _ in row]
    assert " ".join(under).replace("  ", " ") == f"▶ {prompt}"
    assert all(len(text) <= 50 for text in under)  # two compact columns of 25


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


@pytest.mark.parametrize("compact", [False, True])
def test_a_cursor_step_draws_the_rows_that_differ_from_the_board_it_leaves(compact) -> None:
    from tui.games.bivouac_draw import cursor_step_rows

    match = _match(seats=3)
    match.act(0, ENGINE.parse_action(match.state, 0, "place wood"))
    view = ENGINE.view(match.state, 0)
    names, items = ["Ana", "Bot 1", "Bot 2"], cursor_items(view, 0)
    assert len(items) > len(view.spots)  # the viewer's own cards are on the board too
    prompt = "Hiring: hire a worker, or skip (keys 1-2 or Enter)"
    boards = [camp_drawing(view, names, items, n, UNICODE, "①②③", compact, prompt) for n in range(len(items))]
    for was, board in enumerate(boards):
        for now, wanted in enumerate(boards):
            rows = cursor_step_rows(view, names, items, was, now, UNICODE, "①②③", compact)
            stepped = [rows.get(y, row) for y, row in enumerate(board)]
            assert stepped == wanted, (items[was], items[now])
            if was < len(view.spots) and now < len(view.spots):
                assert len(rows) <= 2  # a step between locations draws their rows, not the board


def test_a_camp_a_little_narrower_than_its_two_columns_wraps_its_rows_to_the_room() -> None:
    """At 120-127 columns the board has 76-83 beside the side column, the wide camp 84: its
    card and prompt rows wrap to the room, and its locations' padding stops there."""
    import msgspec

    match = _match(seats=4, expansion=True)
    for spot in ("rope", "rope", "donor", "donor"):  # long names in the right column's spaces
        seat = match.actors()[0]
        match.act(seat, ENGINE.parse_action(match.state, seat, f"place {spot}"))
    view = ENGINE.view(match.state, 0)
    me = view.players[0]
    many = msgspec.structs.replace(me, activities=list(me.activities) * 9)
    view = msgspec.structs.replace(view, players=[many, *view.players[1:]])
    items = cursor_items(view, 0)
    prompt = "Activities: buy one, or skip (keys 1-9 or Enter) " * 3
    names = ["Anastasia", "Benedict", "Cyrille", "Dominique"]
    unbounded = camp_drawing(view, names, items, 0, UNICODE, "①②③④", False, prompt)
    assert max(sum(len(t) for t, _ in row) for row in unbounded) > 76  # the case at hand
    rows = camp_drawing(view, names, items, 0, UNICODE, "①②③④", False, prompt, room=76)
    assert max(sum(len(t) for t, _ in row) for row in rows) <= 76
    text = " ".join("".join(t for t, _ in row) for row in rows)
    assert text.count(me.activities[0].name) == 9
    assert " ".join(text.split()).count(" ".join(prompt.split())) == 1


@pytest.mark.parametrize("width", [120, 80])
async def test_a_resize_draws_the_camp_for_its_new_room_without_a_key(tmp_path, width) -> None:
    from tui.widgets.board import LineBoard

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(200, 60)) as pilot:
        await open_game(app, pilot, _match(seats=4, expansion=True))
        await pilot.resize_terminal(width, 40)
        await settle(app, pilot)
        await pilot.pause()
        board = app.screen.query_one("#bv-camp", LineBoard)
        assert board.size.width <= board.parent.size.width
        assert max(sum(len(t) for t, _ in row) for row in board.drawing) <= board.parent.size.width


@pytest.mark.parametrize("size", [(120, 40), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_camp_spaces_name_their_occupants_whole_from_120_columns(size) -> None:
    from tests.layout import screen_text

    names = ["Anastasia", "Bartholomew", "Cyrille"]
    specs = [SeatSpec(names[0])] + [SeatSpec(n, "bot", "heuristic") for n in names[1:]]
    match = Match(ENGINE, BivouacOptions(expansion=True, first_player="1"), specs, 3)
    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await open_game(app, pilot, match)
        placed: set[int] = set()
        for _ in range(5):  # Ana places down the board; the bots after her, until all are on it
            await pilot.press("enter", "down")
            await settle(app, pilot)
            placed = {seat for _, seats in match.state.spots for seat in seats}
            if placed == {0, 1, 2}:
                break
        await pilot.pause()
        text = screen_text(app.screen)
        assert placed == {0, 1, 2}
        for seat in placed:
            assert f"{'①②③'[seat]}{names[seat]}" in text, names[seat]


@pytest.mark.parametrize("vp", [0, 25, 50, 77])
def test_the_vp_track_marks_every_yellow_space_including_the_one_standing_for_50(vp) -> None:
    # Rulebook: misfortunes come at the yellow spaces of the victory point track, every 10 VP
    # here: on the 50-space track, space 0 is also 50 and 100.
    from engines.bivouac.view import view
    from tests.bivouac.helpers import new, with_player
    from tui.games.bivouac_draw import ASCII, vp_track

    pv = view(with_player(new(3), 0, vp=vp), 0).players[0]
    track = vp_track(pv, ASCII)
    marker = (vp % 50) // 2
    assert track[marker] == ASCII.marker and track.count(ASCII.marker) == 1
    yellow = {space // 2 for space in range(0, 50, 10)} - {marker}
    assert {n for n, c in enumerate(track) if c == ASCII.yellow} == yellow


def test_a_board_says_a_program_grant_upgrade_waits_for_phase_3() -> None:
    from engines.bivouac.view import view
    from tests.bivouac.helpers import new, with_player
    from tui.games.bivouac_draw import ASCII

    state = with_player(new(2, expansion=True), 0, gifts=("program-grant",), free_upgrades=1)
    board = player_board(view(state, 0), 0, ["Ana", "Bo"], ASCII, "12").plain
    assert "A free upgrade waits for phase 3 (Program Grant)." in board
    spent = player_board(view(with_player(state, 0, free_upgrades=0), 0), 0, ["Ana", "Bo"], ASCII, "12").plain
    assert "free upgrade waits" not in spent


# -- 200 columns: the detail beside the camp ----------------------------------------------------
def region_text(screen, region) -> str:
    """The characters of a screen region, its rows joined by spaces (wrapped text reads whole)."""
    from tests.layout import screen_text

    rows = screen_text(screen).splitlines()[region.y : region.bottom]
    return " ".join(" ".join(row[region.x : region.right].split()) for row in rows)


async def test_at_200x60_the_camps_right_neighbour_shows_whole_card_texts(tmp_path) -> None:
    """From 200 columns the detail sits beside the camp (drawn in one column, names whole):
    with the cursor on Activities, the cards for sale with their whole texts, in a pane Tab
    reaches; below 200 it goes back under the camp, as at 120x40, and returns."""
    from engines.bivouac.card_text import card_text
    from tests.layout import keys_cannot_scroll, layout_problems

    match = Match(
        ENGINE,
        BivouacOptions(expansion=True),
        [SeatSpec("Ana"), *(SeatSpec(name, "bot", "heuristic") for name in ("Ben", "Cyd", "Dee"))],
        3,
    )
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(200, 60)) as pilot:
        await open_game(app, pilot, match)
        await settle(app, pilot)
        screen = app.screen
        camp, beside = screen.query_one("#bv-camp"), screen.query_one("#bv-beside")
        detail = screen.spot_detail
        assert screen.items()[screen.cursor] == "activities"
        assert detail.parent is beside
        assert beside.region.x >= camp.region.right and beside.region.y == camp.region.y
        assert beside.region.width >= 80, "the room beside the camp is the detail's"
        assert screen.query_one("#bv-info").region.y >= camp.region.bottom
        shown = region_text(screen, beside.region)
        view = match.view(0)
        first = next(card for card, left in view.market if card in content.activities() and left)
        name = content.activities()[first].name
        assert f"{name} (" in shown and card_text(first) in shown, shown
        # The camp is one column, so every location's name shows whole beside its spaces.
        for location in content.locations().values():
            assert location.name in region_text(screen, camp.region)
        assert not keys_cannot_scroll(screen) + layout_problems(screen)
        for _ in range(8):
            if app.focused is beside:
                break
            await pilot.press("tab")
            await pilot.pause()
        assert app.focused is beside, "Tab reaches the detail beside the camp"

        await pilot.resize_terminal(120, 40)
        await settle(app, pilot)
        assert screen.spot_detail.parent is screen.query_one("#bv-info"), "under the camp below 200 columns"
        assert not beside.display
        assert f"{name} (" in region_text(screen, screen.query_one("#bv-info").region)

        await pilot.resize_terminal(200, 60)
        await settle(app, pilot)
        assert screen.spot_detail.parent is beside
        assert card_text(first) in region_text(screen, beside.region)
