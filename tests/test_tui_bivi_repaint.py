"""What the Bivì screen repaints: over SSH each repainted cell is sent again (issue 14), so a
key repaints what it changed and nothing else. Repainted cells are read from the frames the
app hands to its driver, as a terminal would receive them."""

from __future__ import annotations

import pytest
from textual._compositor import ChopsUpdate
from textual.geometry import Region

from tests.internals_marks import needs_internals
from tests.tui_helpers import open_game, settle
from tui.app import CampfireApp
from tui.games.bivi import RiverBoard


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


def ana_against_a_bot(seed: int):
    from engines.bivi import ENGINE
    from engines.core.match import Match, SeatSpec

    return Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Bo", "bot", "heuristic")], seed)


class RecordingApp(CampfireApp):
    """Keeps the screen cells of every partial frame it displays."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.spans: list[tuple[int, int, int]] = []

    def _display(self, screen, renderable) -> None:
        super()._display(screen, renderable)
        if isinstance(renderable, ChopsUpdate):
            self.spans += renderable.spans


async def repainted_by(app: RecordingApp, pilot, key: str) -> list[tuple[int, int, int]]:
    await settle(app, pilot)
    app.spans.clear()
    await pilot.press(key)
    await settle(app, pilot)
    await pilot.pause()
    return sorted(set(app.spans))


def inside(span: tuple[int, int, int], *regions: Region) -> bool:
    y, x1, x2 = span
    return any(region.contains_region(Region(x1, y, x2 - x1, 1)) for region in regions)


@needs_internals("compositor")
async def test_a_refused_key_repaints_the_status_line_only(tmp_path) -> None:
    app = RecordingApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_game(app, pilot, ana_against_a_bot(5))
        status = app.screen.query_one("#status").region
        spans = await repainted_by(app, pilot, "u")  # nothing to undo yet
        assert "Nothing to undo" in str(app.screen.query_one("#status").render())
        assert spans and all(inside(span, status) for span in spans), spans


async def test_a_ghost_step_repaints_cells_of_the_river_and_what_is_under_it_only(tmp_path) -> None:
    app = RecordingApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_game(app, pilot, ana_against_a_bot(5))
        for key in ("1", "1"):  # the left bank, then the first tile: the ghost is on the river
            await pilot.press(key)
            await settle(app, pilot)
        river = app.screen.query_one("#active-river", RiverBoard)
        assert app.focused is river
        # The hand's line says whether the spot fits (a longer reason may push the forest).
        under = app.screen.query_one("#below-rivers").region
        ghost_before = app.screen.ghost_at
        spans = await repainted_by(app, pilot, "l")
        assert app.screen.ghost_at != ghost_before
        assert spans and all(inside(span, river.region, under) for span in spans), spans
        # A step changes a few cells of a few rows, never whole rows of the river.
        assert sum(x2 - x1 for _, x1, x2 in spans if inside((_, x1, x2), river.region)) < river.region.area // 2


async def test_taking_a_tile_moves_the_focus_to_the_river_without_repainting_rows_that_did_not_change(tmp_path) -> None:
    app = RecordingApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_game(app, pilot, ana_against_a_bot(5))
        await pilot.press("1")  # the left bank
        river = app.screen.query_one("#active-river", RiverBoard)
        title = app.screen.query_one("#active-title").region
        spans = await repainted_by(app, pilot, "1")  # a tile: the ghost appears on the river
        assert app.focused is river
        river_rows = {y for y, x1, x2 in spans if inside((y, x1, x2), river.region)}
        # The ghost's rows only (an I or L tile covers at most 4 rows), and the unchanged
        # river title not at all.
        assert 0 < len(river_rows) <= 4, river_rows
        assert not any(inside(span, title) for span in spans), spans


@needs_internals("compositor")
async def test_taking_a_tile_rewrites_the_action_list_inside_its_border_and_leaves_the_forest_in_place(
    tmp_path,
) -> None:
    app = RecordingApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_game(app, pilot, ana_against_a_bot(5))
        await pilot.press("1")  # the left bank: the tiles on offer fill the action list
        await settle(app, pilot)
        actions = app.screen.query_one("#actions")
        forest = app.screen.query_one("#forest")
        forest_at = forest.region
        spans = await repainted_by(app, pilot, "1")  # a tile: the list gives way to the board's hint
        assert "play on the board" in str(actions.get_option_at_index(0).prompt)
        box = actions.region
        inner = box.shrink(actions.styles.border.spacing)
        in_box = [span for span in spans if inside(span, box)]
        # The offers' rows are written again inside the border; the border itself is not.
        assert in_box and all(inside(span, inner) for span in in_box), in_box
        # The hand's rows were kept while nothing was in hand: the forest stays where it was
        # and only the characters that changed on its lines are written.
        assert forest.region == forest_at
        forest_cells = sum(x2 - x1 for y, x1, x2 in spans if inside((y, x1, x2), forest_at))
        assert 0 < forest_cells < forest_at.area // 3, forest_cells


def against_bots(seed: int, seats: int):
    from engines.bivi import ENGINE
    from engines.core.match import Match, SeatSpec

    bots = [SeatSpec(name, "bot", "heuristic") for name in ("Bo", "Cy", "Di")[: seats - 1]]
    return Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), *bots], seed)


class FramesApp(CampfireApp):
    """Keeps every frame it displays, with the screen that drew it."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.frames: list[tuple[object, object]] = []

    def _display(self, screen, renderable) -> None:
        super()._display(screen, renderable)
        if renderable is not None:
            self.frames.append((screen, renderable))


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_the_first_frame_of_a_new_game_shows_the_board_as_it_settles(tmp_path, monkeypatch, size, seats) -> None:
    """The first table is drawn on mount, before any layout: the board's size then comes
    from the styles, and every opponent's box was composed with the screen, so the rivers
    shown, their cell sizes and the board are those the screen settles on, in its first
    frame (they took two more frames, and the table a second drawing)."""
    from bench.keys import VirtualScreen
    from tui.games.bivi import BiviScreen

    drawn: list[tuple] = []
    draw = BiviScreen.draw

    def recording_draw(screen, table, mode) -> None:
        draw(screen, table, mode)
        laid_out = screen.query_one("#board").size
        drawn.append((screen._board_size(), screen._sizes, screen._others_shown, tuple(laid_out)))

    monkeypatch.setattr(BiviScreen, "draw", recording_draw)
    app = FramesApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await open_game(app, pilot, against_bots(5, seats))  # Ana acts first: nothing moves
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, BiviScreen)
        board = screen.query_one("#board").size
        boxes = [box for box in screen.query("#other-rivers .river-box") if box.display]
        assert drawn[0][3] == (0, 0), "the first table is drawn before the first layout"
        assert drawn[0][:3] == ((board.width, board.height), screen._sizes, screen._others_shown)
        assert len(boxes) == screen._others_shown
        assert len(drawn) == 1, drawn
        # The board's cells, frame after frame. (The side column is the shared frame's: at
        # 80x24 four seat panels overflow it, and its scrollbar comes a few frames later.)
        x, y, width, height = screen.query_one("#board").region
        terminal = VirtualScreen(*size)
        looks = []
        for by, update in app.frames:
            terminal.apply(update, app.console)
            if by is screen:
                looks.append([row[x : x + width] for row in terminal.snapshot()[y : y + height]])
        assert looks and all(look == looks[-1] for look in looks), "a later frame changed the board"


async def test_a_ghost_step_that_keeps_the_hand_text_leaves_the_hand_unpainted(tmp_path) -> None:
    from tui.widgets.line_text import LineText

    app = RecordingApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_game(app, pilot, ana_against_a_bot(5))
        for key in ("1", "1", "k"):  # the left bank, the first tile, one row up: it would fall
            await pilot.press(key)
            await settle(app, pilot)
        hand = app.screen.query_one("#hand", LineText)
        river = app.screen.query_one("#active-river", RiverBoard)
        text, ghost_before = hand.text, app.screen.ghost_at
        assert "would fall" in text
        spans = await repainted_by(app, pilot, "k")  # a row higher: it would fall all the same
        assert app.screen.ghost_at != ghost_before and hand.text == text
        assert spans and all(inside(span, river.region) for span in spans), spans


@pytest.mark.parametrize(
    "glyphs, colours", [("unicode", "truecolor"), ("unicode", "ansi"), ("ascii", "truecolor"), ("unicode", "none")]
)
@needs_internals("plain_lines")
async def test_after_ghost_steps_the_river_and_hand_lines_are_those_textuals_styles_render(
    tmp_path, glyphs, colours
) -> None:
    """The river and the hand hand their kept strips to the screen (plain_lines): after
    steps, turns and a step back, each of their lines is the one Textual's own per-line
    styling renders from scratch."""
    from textual._styles_cache import StylesCache

    from textual.filter import Monochrome

    from tui.settings import Settings
    from tui.widgets.line_text import LineText
    from tui.textual_internals.plain_lines import plain_lines

    app = RecordingApp(save_dir=tmp_path / "saves", bot_delay=0, settings=Settings(glyphs=glyphs))
    app.ansi_color = colours == "ansi"
    async with app.run_test(size=(200, 60)) as pilot:
        if colours == "none":  # as NO_COLOR has it
            app._filters.append(Monochrome())
        await open_game(app, pilot, ana_against_a_bot(5))
        for key in ("1", "1"):  # the left bank, the first tile: the ghost is on the river
            await pilot.press(key)
            await settle(app, pilot)
        river = app.screen.query_one("#active-river", RiverBoard)
        hand = app.screen.query_one("#hand", LineText)
        for key in ("l", "h", "l", "r", "k", "k", "j", "h", "h", "r", "l"):
            await pilot.press(key)
            await settle(app, pilot)
            for widget in (river, hand):
                whole = widget.size.region
                assert plain_lines(widget, whole) is not None, widget.id
                for crop in (whole, whole.shrink((1, 0, 0, 3))):
                    handed = [(tuple(strip), strip.cell_length) for strip in widget.render_lines(crop)]
                    fresh = [(tuple(strip), strip.cell_length) for strip in StylesCache().render_widget(widget, crop)]
                    assert handed == fresh, (key, widget.id, crop)
