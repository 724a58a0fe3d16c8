"""Pilot tests of Bivì played through the screens by key presses."""

from __future__ import annotations

import dataclasses
import re

import pytest

from saves.store import list_saves, load
from tests.tui_helpers import highlight_game, open_game, settle, type_text, wait_for_palette_top, wait_until
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
        replayed = type(reloaded.match).replay(
            engine, reloaded.match.options, reloaded.match.seats, reloaded.match.seed, []
        )
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


def holding_a_tile_with_a_paid_beaver_move(seed: int = 1):
    """A two-player match (both people) played through the match's own interface until
    Ana holds a tile and may pay cubes to move her beaver: everyone takes and places the
    first tile offered and never puts a cube down, and Ana, once she has placed two tiles
    and has no cube, discards for one."""
    from engines.bivi import ENGINE
    from engines.bivi.actions import CubeAt, Discard, MoveBeaver, TakeCube
    from engines.core.match import Match, SeatSpec

    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Bo")], seed)
    for _ in range(200):
        seat = match.actors()[0]
        legal = match.legal_actions(seat)
        if seat == 0 and any(isinstance(a, MoveBeaver) for a in legal):
            return match
        placed = sum(1 for e in match.journal if e.seat == seat and e.action.startswith("place"))
        choice = None
        if seat == 0 and placed >= 2 and match.view(seat).rivers[seat].cubes == 0:
            choice = next((a for a in legal if isinstance(a, (Discard, TakeCube))), None)
        if choice is None:
            choice = next(a for a in legal if not isinstance(a, (MoveBeaver, TakeCube, CubeAt)))
        match.act(seat, choice)
    raise AssertionError("Ana never held a tile with a paid beaver move to choose")


async def test_enter_on_the_action_list_never_spends_cubes_on_a_beaver_move_by_default(tmp_path) -> None:
    from tui.widgets.frame import ActionList, StatusLine

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = holding_a_tile_with_a_paid_beaver_move()
    cubes, played = match.view(0).rivers[0].cubes, len(match.journal)
    assert cubes > 0
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        assert isinstance(app.focused, RiverBoard)  # the tile in hand goes on the river
        actions = app.screen.query_one(ActionList)
        assert "pays cubes" in str(actions.get_option_at_index(0).prompt)
        for _ in range(6):  # Tab to the action list
            if app.focused is actions:
                break
            await pilot.press("tab")
            await settle(app, pilot)
        assert app.focused is actions
        await pilot.press("enter")
        await settle(app, pilot)
        assert match.view(0).rivers[0].cubes == cubes and len(match.journal) == played
        status = str(app.screen.query_one(StatusLine).render())
        assert "Enter alone takes nothing that costs you" in status
        # The player is left where they were, and choosing by arrows plays the line chosen.
        assert app.focused is actions
        await pilot.press("down")
        assert actions.highlighted == 0
        await pilot.press("enter")
        await settle(app, pilot)
        assert match.journal[played].action.startswith("move-beaver")
        assert match.view(0).rivers[0].cubes < cubes


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
        await type_text(app, pilot, "bank right")
        await wait_for_palette_top(app, pilot, "action: bank right")
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.screen is screen
        assert match.journal[0].action == "bank right"

        await pilot.press("ctrl+p")
        await type_text(app, pilot, "rules scoring")
        await wait_for_palette_top(app, pilot, "Scoring")
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


def four_player_match(seed: int, mode: str = "advanced"):
    from engines.bivi import ENGINE
    from engines.bivi.actions import BiviOptions
    from engines.core.match import Match, SeatSpec

    seats = [
        SeatSpec("Ana"),
        SeatSpec("Bo", "bot", "heuristic"),
        SeatSpec("Cy", "bot", "heuristic"),
        SeatSpec("Di", "bot", "heuristic"),
    ]
    return Match(ENGINE, BiviOptions(mode=mode), seats, seed)


def footer_keys(app) -> set[str]:
    """The binding ids the footer shows now (active bindings the screen lets run)."""
    shown = set()
    for _node, binding, enabled, _tooltip in app.screen.active_bindings.values():
        if binding.show and enabled:
            shown.add(binding.id or binding.action)
    return shown


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


async def test_footer_shows_only_the_keys_that_work_now(tmp_path) -> None:
    from engines.bivi.actions import BiviOptions

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = four_player_match(3, mode="advanced")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        keys = footer_keys(app)
        assert "board.place" not in keys and "board.rotate" not in keys, "nothing to place yet"
        await pilot.press("1")
        await settle(app, pilot)
        await pilot.press("1")
        await settle(app, pilot)
        keys = footer_keys(app)
        assert {"board.place", "board.rotate"} <= keys
        assert "board.flip" not in keys, "advanced mode keeps the decorated face up"
        assert "bivi.other_rivers" not in keys, "at 120x40 every river is on screen"
    assert match.options == BiviOptions(mode="advanced")


async def test_every_opponent_river_is_reachable_at_80x24_and_all_shown_at_120x40(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = four_player_match(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        assert "bivi.other_rivers" in footer_keys(app)

        def shown_titles() -> list[str]:
            # A box per opponent is composed with the screen; those that do not fit are hidden.
            boxes = [box for box in screen.query("#other-rivers .river-box") if box.display]
            return [str(box.query_one(".river-title").render()).splitlines()[0] for box in boxes]

        seen: set[str] = set()
        for _ in range(3):
            seen.update(shown_titles())
            await pilot.press("o")
            await pilot.pause()
        assert {title.split(" ", 1)[1] for title in seen} >= {"Bo", "Cy", "Di"}
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert len(shown_titles()) == 3
        assert "bivi.other_rivers" not in footer_keys(app)


async def test_decorations_are_shown_verbatim_with_a_legend(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = four_player_match(3, mode="advanced")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        forest = app.screen.query_one("#forest").text
        view = app.screen.table.view
        decorated = [
            t
            for side in view.forest
            for t in side
            if view.tiles[t].moss + view.tiles[t].butterflies + view.tiles[t].ladybugs
        ]
        assert decorated, "this deal shows decorated tiles"
        from tui.games.bivi_draw import decoration_text

        for tile_id in decorated:
            assert f"[{decoration_text(view.tiles[tile_id])}]" in forest
        assert "m moss" in forest and "f butterfly" in forest and "l ladybug" in forest
        # A bot batch that runs out of time goes on after a timer, which `settle` does not
        # wait for: each key waits until Ana is the one to act (a loaded machine lost them).
        for _ in range(2):
            await wait_until(pilot, lambda: app.screen.table.acting, "Ana's turn to act")
            await pilot.press("1")
            await settle(app, pilot)
        await wait_until(pilot, lambda: app.screen.table.view.hand_tile is not None, "Ana holding a tile")
        hand = str(app.screen.query_one("#hand").render())
        tile = app.screen.table.view.hand_tile
        deco = decoration_text(tile)
        assert (f"[{deco}]" in hand) if deco else "[" not in hand.splitlines()[0]


async def test_bigger_cells_when_the_terminal_has_room(tmp_path) -> None:
    from tui.games.bivi_draw import LARGE, NORMAL, river_size

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = ana_against_a_bot(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        view = screen.table.view
        assert screen._sizes[0] == NORMAL
        assert screen.query_one("#active-river").size.width == river_size(view, NORMAL)[0]
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        await pilot.pause()
        assert screen._sizes == (LARGE, NORMAL)
        assert screen.query_one("#active-river").size.width == river_size(view, LARGE)[0]


async def test_at_80x24_the_log_takes_only_its_lines_rows_and_gives_the_rest_to_the_table(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, ana_against_a_bot(5))
        screen = app.screen
        log, table = screen.query_one("#log"), screen.query_one("#table")
        forest, below = screen.query_one("#forest"), screen.query_one("#below-rivers")
        assert screen.query_one("#log-text").text == ""
        # Nothing logged yet: the border and one row, not five rows with four of them blank.
        assert log.region.height == 2
        # Those rows go to the table: the whole forest shows under the rivers.
        assert below.max_scroll_y == 0 and below.region.contains_region(forest.region)
        table_height = table.region.height
        for _ in range(3):  # the bank, a tile, and whatever follows: lines come into the log
            await pilot.press("enter" if isinstance(app.focused, RiverBoard) else "1")
            await settle(app, pilot)
        lines = len(log.lines)
        assert lines >= 3
        assert log.region.height == 1 + min(lines, 4)
        assert table.region.height == table_height - (log.region.height - 2)
        # At 30 rows and more the log keeps its height from the first move on.
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await pilot.pause()
        assert log.region.height == 5


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


@pytest.mark.parametrize("size", [(120, 40), (200, 60)])
def test_bivi_four_player_snapshot_at_larger_sizes(tmp_path, snap_compare, size) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = four_player_match(3)

    async def run_before(pilot) -> None:
        await open_game(app, pilot, match)
        for key in ["1", "1"]:
            await pilot.press(key)
            await settle(app, pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


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


def test_end_screen_rivers_show_their_decorations_in_advanced_mode() -> None:
    from engines.bivi.scoring import decorations

    match = four_player_match(3, mode="advanced")
    while not match.is_over():
        match.act(*match.next_bot_or_auto()) if match.actors()[0] != 0 else match.act(0, match.legal_actions(0)[0])
    details = BiviScreen(match).end_details()
    for seat, spec in enumerate(match.seats):
        counts = decorations(match.state.players[seat].cells)
        part = details.split(f"{spec.name}'s river:")[1]
        line = next(line for line in part.splitlines() if line.startswith("Decorations:"))
        assert line == (
            f"Decorations: {counts['moss']} moss, {counts['butterflies']} butterflies, {counts['ladybugs']} ladybugs"
        )


def test_the_ascii_glyph_set_draws_rivers_and_the_forest_in_ascii() -> None:
    from tui.games.bivi_draw import COMPACT, LARGE, NORMAL, draw_river
    from tui.games.bivi_forest import draw_forest
    from tui.glyphs import ASCII

    match = four_player_match(3, mode="advanced")
    for _ in range(30):
        match.act(*match.next_bot_or_auto()) if match.actors()[0] != 0 else match.act(0, match.legal_actions(0)[0])
    view = match.engine.view(match.state, 0)
    for size in (NORMAL, LARGE):
        for river in view.rivers:
            assert "".join(t for row in draw_river(view, river, size=size, glyphs=ASCII) for t, _ in row).isascii()
    for size in (COMPACT, NORMAL, LARGE):
        *_, forest = draw_forest(view, size=size, glyphs=ASCII, width=120)
        assert "".join(t for row in forest for t, _ in row).isascii()


# -- the forest ---------------------------------------------------------------------------
SHAPE_CODES = ("I2", "I3", "I4", "L4", "T4", "S4", "L5")
QUADRANTS = set("▘▝▀▖▌▞▛▗▚▐▜▄▙▟█")


def view_with_placed_tiles(seed: int = 3, mode: str = "advanced"):
    """A four-player view some turns in: tiles in the forest and in the rivers."""
    match = four_player_match(seed, mode=mode)
    for _ in range(30):
        match.act(*match.next_bot_or_auto()) if match.actors()[0] != 0 else match.act(0, match.legal_actions(0)[0])
    return match.engine.view(match.state, 0)


@pytest.mark.parametrize("size_name", ["COMPACT", "NORMAL", "LARGE"])
def test_an_offered_tile_is_drawn_cell_by_cell_as_the_river_draws_it_placed(size_name) -> None:
    from collections import Counter

    from tui.games import bivi_draw
    from tui.games.bivi_draw import cell_runs, first_cells
    from tui.games.bivi_forest import draw_tile
    from tui.glyphs import UNICODE

    size = getattr(bivi_draw, size_name)
    view = view_with_placed_tiles()
    placed = {value for river in view.rivers for row in river.cells for value in row if value > 0}
    assert placed, "tiles have been placed by now"
    for river in view.rivers:
        first = first_cells(river) if size.height > 1 else set()
        for tile_id in placed:
            spots = [(r, c) for r, row in enumerate(river.cells) for c, value in enumerate(row) if value == tile_id]
            if not spots or river.beaver in spots:
                continue
            in_river = Counter(
                run for r, c in spots for run in cell_runs(view, river, r, c, size, UNICODE, first) if run[0].strip()
            )
            alone = Counter(run for line in draw_tile(view, tile_id, size=size, glyphs=UNICODE) for run in line)
            alone = Counter({run: n for run, n in alone.items() if run[0].strip()})
            assert alone == in_river, f"tile {tile_id} at {size}"


def test_the_forest_names_every_offered_tile_in_words_and_shows_no_shape_codes() -> None:
    from tui.games.bivi_draw import COMPACT, LARGE, NORMAL
    from tui.games.bivi_forest import draw_forest
    from tui.glyphs import UNICODE

    view = view_with_placed_tiles()
    offered = [t for side in view.forest for t in side]
    assert offered
    for size in (COMPACT, NORMAL, LARGE):
        *_, lines = draw_forest(view, size=size, glyphs=UNICODE, width=130)
        text = "\n".join("".join(t for t, _ in line) for line in lines)
        for tile_id in offered:
            tile = view.tiles[tile_id]
            assert f"{tile.wood} tile {tile_id}" in text
            # Every cell of the tile drawn in its wood, with the river's letter for it.
            wood_cells = [t for line in lines for t, kind in line if kind == tile.wood and t.strip()]
            assert sum(1 for t in wood_cells if t.strip() == tile.letter) >= len(tile.cells)
            assert not any(str(tile_id) in t for t in wood_cells), "a cell shows its wood, never the tile's number"
        assert not QUADRANTS & set(text)
        words = set(text.replace("[", " ").split())
        assert not words & set(SHAPE_CODES), words & set(SHAPE_CODES)
        assert max(sum(len(t) for t, _ in line) for line in lines) <= 130


def non_blank_cells(screen) -> int:
    """How much a screen shows: the cells on it that are not blank."""
    from tests.layout import screen_text

    return sum(1 for ch in screen_text(screen) if not ch.isspace())


async def test_at_200x60_the_opening_shows_twice_the_content_of_80x24(tmp_path) -> None:
    counts = {}
    for size in ((80, 24), (200, 60)):
        app = CampfireApp(save_dir=tmp_path / f"saves{size[0]}", bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await open_game(app, pilot, ana_against_a_bot(3))
            await pilot.pause()
            counts[size] = non_blank_cells(app.screen)
    assert counts[(200, 60)] >= 2 * counts[(80, 24)], counts


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_forest_shows_its_tiles_drawn_and_named_or_scrolls_by_keys_with_a_cue(tmp_path, size) -> None:
    from tests.layout import layout_problems, screen_text
    from tui.games.bivi_draw import COMPACT, LARGE

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await open_game(app, pilot, ana_against_a_bot(3))
        await pilot.pause()
        screen = app.screen
        view = screen.table.view
        below = screen.query_one("#below-rivers")
        assert layout_problems(screen) == []
        if below.max_scroll_y > 0:  # too short for all of it: a scrollbar, and keys reach it
            assert below.show_vertical_scrollbar and below.can_focus
        below.scroll_end(animate=False)
        await pilot.pause()
        shown = screen_text(screen)
        for side in view.forest:
            for tile_id in side:
                assert f"{view.tiles[tile_id].wood} tile {tile_id}" in shown
        assert not QUADRANTS & set(screen.query_one("#forest").text)
        # The tiles are drawn as large as the room under the rivers allows.
        assert screen.forest_size == {(80, 24): COMPACT, (200, 60): LARGE}.get(size, screen.forest_size)
        if size == (200, 60):
            assert "Rules, Setup:" in shown  # the rules of what is being done now


async def test_the_forest_is_drawn_once_per_offer_not_per_ghost_step(tmp_path, monkeypatch) -> None:
    import tui.games.bivi_forest as bivi_forest

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = ana_against_a_bot(5)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        drawn = []
        original = bivi_forest.draw_forest
        monkeypatch.setattr(bivi_forest, "draw_forest", lambda *a, **k: drawn.append(1) or original(*a, **k))
        for key in ("1", "1"):  # a bank, then a tile from the forest
            await pilot.press(key)
            await settle(app, pilot)
        assert isinstance(app.focused, RiverBoard), "the tile taken is in hand"
        before = len(drawn)
        assert before, "taking a tile changed the offer"
        for key in ("left", "right", "r", "up"):
            await pilot.press(key)
            await pilot.pause()
        assert len(drawn) == before


async def test_no_board_keys_in_the_footer_once_the_game_is_over(tmp_path) -> None:
    match = four_player_match(3, mode="basic")
    while not match.is_over():
        match.act(*match.next_bot_or_auto()) if match.actors()[0] != 0 else match.act(0, match.legal_actions(0)[0])
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("escape")  # look at the table
        await pilot.pause()
        assert isinstance(app.screen, BiviScreen)
        app.screen.query_one("#active-river", RiverBoard).focus()
        await pilot.pause()
        assert not {"board.place", "board.rotate", "board.flip"} & footer_keys(app)


async def test_flip_shows_only_while_the_river_takes_the_tile(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = four_player_match(3, mode="basic")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        assert "board.flip" not in footer_keys(app), "nothing in hand yet"
        await pilot.press("1")
        await settle(app, pilot)
        await pilot.press("1")
        await settle(app, pilot)
        assert {"board.place", "board.rotate", "board.flip"} <= footer_keys(app), "basic mode flips"
        river = app.screen.query_one("#active-river", RiverBoard)
        river.accepts_put = False  # the screen closes the river, as it does once the tile is down
        app.screen.refresh_bindings()
        await pilot.pause()
        assert not {"board.place", "board.rotate", "board.flip"} & footer_keys(app)


# -- the forest at 120x40, and no tile codes -----------------------------------------------
TILE_CODE = re.compile(r"(?<![\w-])[bpw]\d{1,2}(?![\w-])")  # the river notation's "b12"


def expert_or_advanced_match(seats: int, seed: int, mode: str):
    from engines.bivi import ENGINE
    from engines.bivi.actions import BiviOptions
    from engines.core.match import Match, SeatSpec

    bots = [SeatSpec(name, "bot", "heuristic") for name in ("Bo", "Cy", "Di")[: seats - 1]]
    return Match(ENGINE, BiviOptions(mode=mode), [SeatSpec("Ana"), *bots], seed)


@pytest.mark.parametrize(
    "seats,seed,mode",
    # 3 players, expert, seed 2: the forest (with its objectives line) used to scroll by a row;
    # 2 players: under a large active river it was drawn at one-character cells, and scrolled.
    [(4, 2, "advanced"), (3, 2, "expert"), (2, 7, "advanced")],
    ids=["4p-advanced", "3p-expert", "2p-advanced"],
)
async def test_at_120x40_the_forest_never_scrolls_and_spare_rows_show_the_rules(tmp_path, seats, seed, mode) -> None:
    """Over the first 25 moves of a 2-4 player deal: the whole forest shows under the rivers
    without scrolling, at readable cells (three characters), and the rows it leaves show
    the rules of what is being done now (cut, with the key to the rest), never a code."""
    from engines.core.protocol import AUTO
    from tests.layout import screen_text
    from tui.games.bivi_draw import NORMAL

    match = expert_or_advanced_match(seats, seed, mode)
    heuristic = match.engine.bots["heuristic"]()
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    hints = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        for _ in range(25):
            await settle(app, pilot)
            screen = app.screen
            if not isinstance(screen, BiviScreen):
                break
            below, forest = screen.query_one("#below-rivers"), screen.query_one("#forest")
            assert below.max_scroll_y == 0, f"the area under the rivers scrolls at move {len(match.journal)}"
            assert below.region.contains_region(forest.region)
            assert screen.forest_size == NORMAL
            shown = screen_text(screen)
            assert not TILE_CODE.search(shown), TILE_CODE.search(shown)
            hint = screen.query_one("#rules-hint")
            if hint.display and hint.text:
                hints += 1
                assert hint.text.startswith("Rules, ") and below.region.contains_region(hint.region)
            if 0 in match.actors() and AUTO not in match.actors():
                screen.choose_action(match.bot_choice(0, heuristic))
    assert hints, "the rows the forest leaves show the rules at some point"


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_rivers_and_forest_show_no_tile_code(tmp_path, size) -> None:
    """Placed tiles and offered ones are drawn in their wood's letter, one per cell, never
    as the notation's letter and number ("b12"): players read names, never ids."""
    match = four_player_match(3)
    for _ in range(30):
        match.act(*match.next_bot_or_auto()) if match.actors()[0] != 0 else match.act(0, match.legal_actions(0)[0])
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await open_game(app, pilot, match)
        await settle(app, pilot)
        from tests.layout import screen_text

        shown = screen_text(app.screen)
        placed = [v for river in match.view(0).rivers for row in river.cells for v in row if v > 0]
        assert placed, "tiles lie in the rivers by now"
        assert not TILE_CODE.search(shown), TILE_CODE.search(shown)
        below = app.screen.query_one("#below-rivers")
        if below.max_scroll_y > 0:  # 80x24, four players: too few rows; a cue, and keys reach it
            assert below.show_vertical_scrollbar and below.can_focus
            for _ in range(8):
                if app.focused is below:
                    break
                await pilot.press("tab")
                await pilot.pause()
            assert app.focused is below, "Tab reaches the forest"
            await pilot.press("end")
            await pilot.pause()
            assert below.scroll_y == below.max_scroll_y
