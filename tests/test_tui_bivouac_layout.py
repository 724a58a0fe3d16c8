"""Bivouac's screen laid out and drawn: every panel whole or scrolling at three terminal
sizes with no card id, the camp and the players' boards (ASCII too), the detail and
prompts under the camp, row-by-row cursor steps, resizes, and from 120 and 200 columns
whole names and card texts."""

from __future__ import annotations

import re

import pytest

from engines.bivouac import ENGINE, content
from engines.bivouac.state import BivouacOptions
from engines.core.match import Match, SeatSpec
from tests.tui_helpers import open_game, settle
from tests.tui_helpers import private_dirs  # noqa: F401 (autouse fixture)
from tests.tui_bivouac_helpers import ana_against_bots
from tui.app import CampfireApp
from tui.games.bivouac import BivouacScreen
from tui.games.bivouac_draw import UNICODE, camp_drawing, cursor_items, player_board


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
        await open_game(app, pilot, ana_against_bots())
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
    match = ana_against_bots(seats=2, expansion=False)
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
    match = ana_against_bots(seats=2)
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

    match = ana_against_bots(seats=3)
    view = ENGINE.view(match.state, 0)
    names = ["Ana", "Bot 1", "Bot 2"]
    camp = "".join(t for row in camp_drawing(view, names, cursor_items(view, 0), 0, ASCII, "123", True) for t, _ in row)
    texts = [camp, month_strip(view, ASCII).plain, legend(ASCII, names, "123").plain]
    texts += [player_board(view, n, names, ASCII, "123").plain for n in range(3)]
    for text in texts:
        assert text.isascii(), text


def test_the_hiring_detail_lists_each_shown_staff_on_its_own_line_with_its_price() -> None:
    from tui.games.bivouac_draw import detail

    match = ana_against_bots(seats=2)
    view = ENGINE.view(match.state, 0)
    lines = detail(view, "hiring", None).plain.splitlines()
    for card in view.staff_shown:
        staff = content.staff()[card]
        price = f"{staff.cost} money" if staff.cost else "free"
        assert f" {staff.name}, {price}: {staff.text}" in lines


def test_a_choice_prompt_is_wrapped_under_the_camp_board() -> None:
    match = ana_against_bots(seats=2, expansion=False)
    view = ENGINE.view(match.state, 0)
    items = cursor_items(view, 0)
    prompt = "Hiring: hire a worker, or skip (keys 1-2 or Enter)"
    rows = camp_drawing(view, ["Ana", "Bo"], items, 0, UNICODE, "①②", True, prompt)
    under = [text for row in rows[-2:] for text, _ in row]
    assert " ".join(under).replace("  ", " ") == f"▶ {prompt}"
    assert all(len(text) <= 50 for text in under)  # two compact columns of 25


@pytest.mark.parametrize("compact", [False, True])
def test_a_cursor_step_draws_the_rows_that_differ_from_the_board_it_leaves(compact) -> None:
    from tui.games.bivouac_draw import cursor_step_rows

    match = ana_against_bots(seats=3)
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

    match = ana_against_bots(seats=4, expansion=True)
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
        await open_game(app, pilot, ana_against_bots(seats=4, expansion=True))
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
