"""The Bivì screen's forest: offered tiles drawn cell by cell as the river draws them and
named in words, shown whole or scrolled by keys with a cue, drawn once per offer, never
scrolling at 120x40 (spare rows show the rules), and no tile code anywhere."""

from __future__ import annotations

import re

import pytest

from tests.tui_helpers import open_game, settle
from tests.tui_helpers import private_dirs  # noqa: F401 (autouse fixture)
from tests.tui_bivi_helpers import ana_against_a_bot, four_player_match
from tui.app import CampfireApp
from tui.games.bivi import BiviScreen, RiverBoard


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
