"""The Bivì screen's ghost: a tile, then the beaver, placed by arrows, turns and Enter; an
illegal spot tells its reason; a ghost step repaints only the rows it changes and draws the
river as a whole redraw would."""

from __future__ import annotations

import dataclasses

import pytest

from tests.tui_helpers import open_game, settle
from tests.tui_helpers import private_dirs  # noqa: F401 (autouse fixture)
from tests.tui_bivi_helpers import ana_against_a_bot
from tui.app import CampfireApp
from tui.games.bivi import BiviScreen, RiverBoard


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


async def test_placement_then_beaver_spot_by_arrows_and_enter_only(tmp_path) -> None:
    from engines.bivi.actions import SetBeaver
    from engines.bivi.placing import placements

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = ana_against_a_bot(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        await pilot.press("1")  # bank left, from the list
        await settle(app, pilot)
        await pilot.press("1")  # the foreman takes the first tile
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(app.focused, RiverBoard), "the river takes the keys while a tile is in hand"
        # Walk the ghost along the bottom until it stands where the beaver gets a choice.
        for _ in range(12):
            if screen.ghost_problem("tile") is None:
                legal = screen._legal[screen._covered("tile", screen.table.view)]
                spots = dict(placements(match.state, 0)).get(legal, [])
                if len(spots) > 1:
                    break
            await pilot.press("right")
        else:
            raise AssertionError("seed 5 offers a placement with a beaver choice along this row")
        await pilot.press("enter")
        await settle(app, pilot)
        assert match.state.phase == "beaver"
        assert isinstance(app.focused, RiverBoard), "the beaver spot is chosen on the river too"
        start = screen.ghost_at
        assert start in match.state.spots
        await pilot.press("right")
        await pilot.pause()
        chosen = screen.ghost_at
        assert chosen in match.state.spots and chosen != start, "arrows step between the numbered spots"
        await pilot.press("enter")
        await settle(app, pilot)
        mine = [e.action for e in match.journal if e.seat == 0 and e.action.startswith("beaver")]
        assert mine == [match.engine.format_action(SetBeaver(*chosen))]


async def test_moving_the_ghost_repaints_only_changed_rows_and_never_replays_the_engine(tmp_path, monkeypatch) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = ana_against_a_bot(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        await pilot.press("1")
        await settle(app, pilot)
        await pilot.press("1")
        await settle(app, pilot)
        screen = app.screen
        board = screen.query_one("#active-river", RiverBoard)
        calls = []
        original = match.engine.apply
        monkeypatch.setattr(match.engine, "apply", lambda *a, **k: calls.append(a) or original(*a, **k))
        monkeypatch.setattr(match, "legal_actions", lambda *a: (_ for _ in ()).throw(AssertionError("relisted")))
        changed_rows = []
        for name in ("show", "show_rows"):  # a whole drawing, or the rows the ghost touched
            original_show = getattr(board, name)
            monkeypatch.setattr(
                board, name, lambda d, show=original_show: changed_rows.append(show(d)) or changed_rows[-1]
            )
        start = screen.ghost_at
        await pilot.press("right")
        await pilot.pause()
        assert screen.ghost_at == (start[0], start[1] + 1)
        legal_now = screen.ghost_problem("tile") is None
        assert changed_rows and 0 < len(changed_rows[-1]) <= 3, "only the ghost's rows repaint"
        if legal_now:
            assert calls == [], "a legal spot is judged from the listed placements"


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_ghost_steps_and_turns_leave_the_river_as_a_whole_redraw_would_draw_it(tmp_path, size) -> None:
    """A step or a turn redraws only the cells the ghost left and took (over rows drawn
    once without it), a step against the edge draws nothing, and a spot's reason is read
    again on a step back: afterwards the river reads as drawing it whole with the ghost
    where it is now, and the reason is the rules' own."""
    from engines.bivi.view import view_problem
    from tui.games.bivi_draw import WOOD_LETTER, Ghost, draw_river

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = ana_against_a_bot(5)
    async with app.run_test(size=size) as pilot:
        await open_game(app, pilot, match)
        for key in ("1", "1"):
            await pilot.press(key)
            await settle(app, pilot)
        screen = app.screen
        board = screen.query_one("#active-river", RiverBoard)
        judged = set()
        keys = ("right", "right", "down", "r", "left", "up", "up", "r", "right", "left", "right")
        keys += ("left",) * 12 + ("right", "left") + ("down",) * 12 + ("up", "r", "down")
        # Then the tile goes down where the ghost first stood, and the next tile's steps draw
        # over the new river, not over rows kept from the old one.
        keys += ("enter",) + tuple(f"wait{n}" for n in range(8)) + ("over", "left", "left", "up", "right", "r")
        first = (screen.ghost_at, screen.rotation, screen.flipped)
        for key in keys:
            if key.startswith("wait"):
                await settle(app, pilot)
                if screen._mode() != "tile":
                    await pilot.press("1")
                    await settle(app, pilot)
                continue
            if key == "enter":
                screen.ghost_at, screen.rotation, screen.flipped = first
            if key == "over":  # onto the rows of the tile just placed
                screen.ghost_at = (first[0][0], first[0][1] + 1)
                key = "left"
            await pilot.press(key)
            await pilot.pause()
            if key == "enter":
                await settle(app, pilot)
                placed = screen.table.view
                continue
            view = screen.table.view
            problem = screen._problem
            if screen._covered("tile", view) in screen._legal:
                assert problem is None, key
            else:
                assert problem == view_problem(view, screen.table.viewer, screen._ghost_action("tile")), key
            legal = problem is None
            judged.add(legal)
            ghost = Ghost(
                cells=tuple(sorted(screen._covered("tile", view))), letter=WOOD_LETTER[view.hand_tile.wood], legal=legal
            )
            river = view.rivers[screen.table.viewer]
            assert board.drawing == draw_river(view, river, size=screen._sizes[0], glyphs=app.glyphs, ghost=ghost), key
        assert judged == {True, False}, "the ghost was drawn on legal and refused spots"
        assert screen.table.view is not placed and screen._mode() == "tile", "the steps ended on a new tile"
        # A reason is kept for its view only: the same game read again is judged again.
        known = screen._problems[1]
        assert known, "refused spots were judged"
        for spot in known:
            known[spot] = "stale"
        viewer = screen.table.viewer
        screen.set_reactive(
            BiviScreen.table, dataclasses.replace(screen.table, view=match.engine.view(match.state, viewer))
        )
        for _, _, screen.ghost_at, screen.rotation, screen.flipped in list(known):
            action = screen._ghost_action("tile")
            assert screen.ghost_problem("tile") == view_problem(screen.table.view, viewer, action) != "stale"


def test_ghost_sits_in_the_grid_cells_and_no_beaver_is_drawn_before_a_bank_is_chosen() -> None:
    from engines.bivi import ENGINE
    from engines.bivi.actions import BiviOptions
    from tui.games.bivi_draw import COMPACT, LARGE, NORMAL, Ghost, draw_river
    from tui.glyphs import UNICODE

    state = ENGINE.new_game(BiviOptions(), 2, 1)
    view = ENGINE.view(state, 0)
    river = view.rivers[0]
    for size in (COMPACT, NORMAL, LARGE):
        plain = draw_river(view, river, size=size, glyphs=UNICODE)
        assert "B" not in "".join(t for row in plain for t, _ in row), "no beaver before its bank"
        ghost = Ghost(cells=((4, 3),), letter="w", legal=True)
        drawn = draw_river(view, river, size=size, glyphs=UNICODE, ghost=ghost)
        header = 1 if size.width > 1 else 0
        ghost_row = drawn[header + 4 * size.height]
        empty_row = plain[header + 4 * size.height]
        # Same runs, same widths: the ghost replaces exactly the cell it covers.
        assert [len(t) for t, _ in ghost_row] == [len(t) for t, _ in empty_row]
        column = 3 + (1 if size.width > 1 else 0)
        ghost_text, kind = ghost_row[column]
        empty_text, _ = empty_row[column]
        assert kind == "ghost" and ghost_text.index("w") == empty_text.index(UNICODE.empty)
    state = ENGINE.apply(state, 0, ENGINE.parse_action(state, 0, "bank right")).state
    view = ENGINE.view(state, 0)
    row = draw_river(view, view.rivers[0], size=NORMAL, glyphs=UNICODE)[1 + view.bank_row]
    assert "B" in row[-1][0], "the beaver waits on top of the bank it chose"


def test_a_ghost_drawn_over_plain_rows_reads_as_rows_drawn_with_it() -> None:
    """The ghost step's shortcut (rows drawn once without the ghost, its cells drawn over
    them) against drawing the rows with the ghost, on tiles, the bank's beaver and numbered
    spots, at every cell size, legal or not; the plain rows are left as they were."""
    from engines.bivi import ENGINE
    from engines.bivi.actions import BiviOptions
    from tui.games.bivi_draw import COMPACT, LARGE, NORMAL, Ghost, draw_river_rows, ghost_over, river_lines
    from tui.glyphs import ASCII, UNICODE

    state = ENGINE.new_game(BiviOptions(), 2, 1)
    state = ENGINE.apply(state, 0, ENGINE.parse_action(state, 0, "bank right")).state
    view = ENGINE.view(state, 0)
    river = view.rivers[0]
    height, width = len(view.board_rows), len(view.board_rows[0])
    marks = ((view.bank_row - 1, 2), (view.bank_row, width - 2))
    ghosts = [
        Ghost(cells=((view.bank_row, width - 1), (view.bank_row - 1, width - 1)), letter="b", legal=True),
        Ghost(cells=((view.bank_row - 1, 2), (view.bank_row, 2), (view.bank_row, 3)), letter="w", legal=False),
        Ghost(cells=((0, 0), (height - 1, width - 1)), letter="c", legal=True),
    ]
    for glyphs in (UNICODE, ASCII):
        for size in (COMPACT, NORMAL, LARGE):
            for ghost in ghosts:
                rows = sorted({r for r, _ in ghost.cells} | {view.bank_row, 1})
                plain = draw_river_rows(view, river, rows, size=size, glyphs=glyphs, marks=marks)
                kept = {line: list(runs) for line, runs in plain.items()}
                drawn = ghost_over(plain, ghost, size=size, glyphs=glyphs)
                assert drawn == draw_river_rows(view, river, rows, size=size, glyphs=glyphs, ghost=ghost, marks=marks)
                assert plain == kept, "the plain rows are kept for the next step"
                if all(r != 1 for r, _ in ghost.cells):
                    line = river_lines(1, size)[0]
                    assert drawn[line] is plain[line], "rows without the ghost are not copied"
