"""What a cursor step on the Bivouac camp board costs the terminal and the screen: it
repaints the camp rows and the detail rows that changed, lays nothing out, and wraps each
spot's detail once per game state (issue 11: key to repaint at 200x60). Repainted cells are
read from the frames the app hands to its driver, as a terminal would receive them."""

from __future__ import annotations

import hashlib

import msgspec
import pytest
from rich.text import Text
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip
from textual.visual import Visual

from engines.bivouac import ENGINE
from engines.bivouac.state import BivouacOptions
from engines.core.match import Match, SeatSpec
from tests.test_tui_bivi_repaint import RecordingApp, inside, repainted_by
from tests.tui_helpers import open_game, settle, wait_until
from tui.games import bivouac as bivouac_screen
from tui.games.bivouac import CampBoard, SpotDetail


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


@pytest.fixture
def counted(monkeypatch):
    """Counts, per widget class, the texts wrapped and the screen layouts."""
    counts = {"wrapped": 0, "layouts": 0}
    wrap, lay_out = Visual.to_strips.__func__, Screen._refresh_layout

    def to_strips(cls, widget, *args, **kwargs):
        if isinstance(widget, SpotDetail):
            counts["wrapped"] += 1
        return wrap(cls, widget, *args, **kwargs)

    def refresh_layout(self, *args, **kwargs):
        counts["layouts"] += 1
        return lay_out(self, *args, **kwargs)

    monkeypatch.setattr(Visual, "to_strips", classmethod(to_strips))
    monkeypatch.setattr(Screen, "_refresh_layout", refresh_layout)
    return counts


def ana_against_a_bot() -> Match:
    return Match(ENGINE, BivouacOptions(), [SeatSpec("Ana"), SeatSpec("Bo", "bot", "heuristic")], 5)


def detail_rows(detail: SpotDetail) -> list[str]:
    return [detail.render_line(y).text.rstrip() for y in range(detail.size.height)]


async def test_a_cursor_step_repaints_the_changed_camp_and_detail_rows_and_lays_nothing_out(tmp_path, counted) -> None:
    app = RecordingApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(200, 60)) as pilot:
        await open_game(app, pilot, ana_against_a_bot())
        screen = app.screen
        board, detail = screen.query_one(CampBoard), screen.query_one(SpotDetail)
        assert app.focused is board and screen.items()[:2] == ["activities", "amenities"]
        await pilot.press("down", "up")  # the detail has held both spots: it keeps the taller
        before = detail_rows(detail)
        layouts = counted["layouts"]
        dispatch, reached_the_app = app._dispatch_message, []

        async def dispatched(message):
            reached_the_app.append(type(message))
            return await dispatch(message)

        app._dispatch_message = dispatched
        spans = await repainted_by(app, pilot, "down")
        after = detail_rows(detail)
        assert screen.cursor == 1 and len(after) == len(before)
        assert counted["layouts"] == layouts
        assert reached_the_app and CampBoard.Nudged not in reached_the_app  # the screen took it
        top = detail.content_region.y
        # The rows of the detail its pane shows (from 200 columns, beside the camp, it is
        # taller than its pane: the rows below are drawn when scrolled to).
        shown = detail.content_region.intersection(detail.parent.region)
        changed = {top + y for y, (was, now) in enumerate(zip(before, after)) if was != now}
        changed = {y for y in changed if shown.y <= y < shown.bottom}
        assert changed, "the two spots have the same detail"
        cursor_rows = Region(board.region.x, board.region.y, board.region.width, 2)  # Activities, Amenities
        assert spans and all(inside(span, cursor_rows, shown) for span in spans), spans
        assert {span[0] for span in spans if inside(span, shown)} == changed


async def prepared(pilot, detail: SpotDetail) -> None:
    # Preparing runs between frames: on a loaded machine (the suite's four workers on two
    # cores, other work beside) it takes seconds, so the bound is time, and generous. 1500
    # pilot.pause(0.01) ran out under load: each walks every widget of the screen.
    await wait_until(pilot, lambda: not detail.preparing, "the details all prepared", timeout=90)


async def walk_every_spot(app, pilot, counted) -> tuple[list[list[str]], int]:
    """The detail as shown on each item, the cursor walked from the first to the last once
    every detail has been prepared, and the texts wrapped on the way."""
    screen, shown = app.screen, []
    detail = screen.query_one(SpotDetail)
    await prepared(pilot, detail)
    wrapped = counted["wrapped"]
    while screen.cursor > 0:
        await pilot.press("up")
    for _ in range(len(screen.items())):
        await settle(app, pilot)
        shown.append(detail_rows(detail))
        await pilot.press("down")
    return shown, counted["wrapped"] - wrapped


async def a_game_walked_twice(tmp_path, counted) -> tuple[list[list[list[str]]], int]:
    """Every spot's detail as the cursor shows it, in the first state and after Ana places a
    worker (and the bot answers), and the texts wrapped while walking."""
    app = RecordingApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(200, 60)) as pilot:
        await open_game(app, pilot, ana_against_a_bot())
        first, wrapped_first = await walk_every_spot(app, pilot, counted)
        while app.screen.cursor > 0:
            await pilot.press("up")
        await pilot.press("enter")  # Ana places a worker on the activities
        await settle(app, pilot)
        then, wrapped_then = await walk_every_spot(app, pilot, counted)
        return [first, then], wrapped_first + wrapped_then


async def test_details_prepared_after_the_frame_are_those_a_step_makes_and_are_made_again_after_a_move(
    tmp_path, counted, monkeypatch
) -> None:
    shown, wrapped_on_keys = await a_game_walked_twice(tmp_path / "prepared", counted)
    assert wrapped_on_keys == 0  # every spot was ready before its key
    assert shown[0] != shown[1], "the move changed no spot's detail"
    monkeypatch.setattr(SpotDetail, "prepare", lambda self, spots: None)  # the long way round
    shown_the_long_way, wrapped_on_keys = await a_game_walked_twice(tmp_path / "on keys", counted)
    assert wrapped_on_keys > 0
    assert shown == shown_the_long_way


async def test_a_move_makes_every_prepared_detail_again(tmp_path, monkeypatch) -> None:
    def state_of(view) -> str:
        return hashlib.sha256(msgspec.json.encode(view)).hexdigest()[:12]

    # Each spot's detail names the state it was made in (the market's counts, say, would
    # change with a purchase only).
    monkeypatch.setattr(bivouac_screen, "detail", lambda view, item, said: Text(f"{item} in {state_of(view)}"))
    app = RecordingApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(200, 60)) as pilot:
        await open_game(app, pilot, ana_against_a_bot())
        screen = app.screen
        states = []
        for moved in (False, True):
            if moved:
                while screen.cursor > 0:
                    await pilot.press("up")
                await pilot.press("enter")  # Ana places a worker on the activities
                await settle(app, pilot)
            shown, _ = await walk_every_spot(app, pilot, {"wrapped": 0})
            states.append(state_of(screen.table.view))
            assert [rows[0] for rows in shown] == [f"{item} in {states[-1]}" for item in screen.items()]
        assert states[0] != states[1]


async def test_a_new_width_prepares_the_details_at_it(tmp_path, counted) -> None:
    app = RecordingApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(200, 60)) as pilot:
        await open_game(app, pilot, ana_against_a_bot())
        for width in (150, 100):
            await pilot.resize_terminal(width, 40)
            await settle(app, pilot)
            shown, wrapped_on_keys = await walk_every_spot(app, pilot, counted)
            assert wrapped_on_keys == 0 and all(shown)


async def test_spots_left_to_prepare_are_dropped_with_the_state() -> None:
    app = DetailApp()
    async with app.run_test(size=(40, 10)) as pilot:
        detail = app.query_one(SpotDetail)
        detail.prepare(iter([("wood", lambda: Text("Wood: 2 left"))]))
        detail.forget()  # a move came before the frame
        await pilot.pause()
        detail.show("wood", lambda: Text("Wood: 1 left"))
        await pilot.pause()
        assert detail_rows(detail) == ["Wood: 1 left"]


async def test_walking_the_cursor_back_and_forth_wraps_each_spot_once(tmp_path, counted) -> None:
    app = RecordingApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(200, 60)) as pilot:
        await open_game(app, pilot, ana_against_a_bot())
        await pilot.press("down", "up")
        wrapped = counted["wrapped"]
        for _ in range(3):
            await repainted_by(app, pilot, "down")
            await repainted_by(app, pilot, "up")
        assert counted["wrapped"] == wrapped
        app.screen.refresh_table()  # a new table of the same state
        await pilot.pause()
        assert counted["wrapped"] == wrapped
        await pilot.press("enter")  # Ana places a worker: a new state, its texts made again
        await pilot.pause()
        assert counted["wrapped"] > wrapped


class DetailApp(App):
    CSS = "SpotDetail { width: 30; height: auto; }"

    def compose(self) -> ComposeResult:
        yield SpotDetail()


async def test_the_detail_shows_a_new_states_text_for_the_same_spot() -> None:
    app = DetailApp()
    async with app.run_test(size=(40, 10)) as pilot:
        detail = app.query_one(SpotDetail)
        detail.show("wood", lambda: Text("Wood: 2 left"))
        await pilot.pause()
        detail.show("wood", lambda: Text("Wood: stale"))  # the same state: already made
        await pilot.pause()
        assert detail_rows(detail) == ["Wood: 2 left"]
        detail.forget()
        detail.show("wood", lambda: Text("Wood: 1 left"))
        await pilot.pause()
        assert detail_rows(detail) == ["Wood: 1 left"]


async def test_stepping_keeps_the_detail_height_and_a_new_state_fits_it() -> None:
    app = DetailApp()
    async with app.run_test(size=(40, 10)) as pilot:
        detail = app.query_one(SpotDetail)
        detail.show("long", lambda: Text("one two three four five six seven eight nine ten eleven twelve"))
        await pilot.pause()
        assert detail.size.height == 3
        detail.show("short", lambda: Text("short"), stepping=True)
        await pilot.pause()
        assert detail_rows(detail) == ["short", "", ""]
        detail.show("short", lambda: Text("short"))
        await pilot.pause()
        assert detail_rows(detail) == ["short"]


class FramedDetailApp(App):
    CSS = """
    #frame { background: $panel; }
    SpotDetail { width: 30; height: auto; border-top: solid $accent; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="frame"):
            yield SpotDetail()


def styled_rows(detail: SpotDetail) -> list[Strip]:
    """Every row of the detail, border included, as the compositor gets them."""
    return detail.render_lines(Region(0, 0, *detail.outer_size))


def styled_the_long_way(detail: SpotDetail) -> list[Strip]:
    """The same rows styled by a cache of Textual's own that has never seen them."""
    return StylesCache().render_widget(detail, Region(0, 0, *detail.outer_size))


async def test_rows_kept_styled_for_a_step_back_are_those_styled_anew() -> None:
    app = FramedDetailApp()
    async with app.run_test(size=(40, 12)) as pilot:
        detail = app.query_one(SpotDetail)
        texts = {"wood": "Wood: two left, and enough words to wrap twice over", "rope": "Rope: one left"}

        async def step(spot: str) -> None:
            detail.show(spot, lambda: Text(texts[spot]), stepping=True)
            await pilot.pause()
            assert styled_rows(detail) == styled_the_long_way(detail), spot

        for spot in ("wood", "rope", "wood", "rope"):
            await step(spot)
        detail.forget()  # a new state: the same spot says something else
        texts["wood"] = "Wood: none left, and enough words to wrap twice over"
        await step("wood")
        assert "none left" in styled_rows(detail)[1].text
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        await step("rope")
        await step("wood")
        app.query_one("#frame").styles.background = "darkred"
        await pilot.pause()
        await step("rope")
        await step("wood")
        detail.styles.width = 24
        await pilot.pause()
        await step("rope")
        await step("wood")


@pytest.fixture
def styled_rows_made(monkeypatch) -> list[int]:
    """The rows (border included) Textual styles anew, in order."""
    made: list[int] = []
    style_row = StylesCache.render_line

    def render_line(self, styles, y, *args):
        made.append(y)
        return style_row(self, styles, y, *args)

    monkeypatch.setattr(StylesCache, "render_line", render_line)
    return made


async def test_the_first_step_after_a_new_state_restyles_only_the_rows_it_changes(styled_rows_made) -> None:
    class OpeningDetailApp(FramedDetailApp):
        def on_mount(self) -> None:  # as a game screen draws its first table: before any layout
            self.query_one(SpotDetail).show("wood", lambda: Text("Wood: two left, and enough words to wrap"))

    app = OpeningDetailApp()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        detail = app.query_one(SpotDetail)
        assert len(detail_rows(detail)) == 2
        styled_rows_made.clear()
        detail.show("rope", lambda: Text("Rope: one left"), stepping=True)
        await pilot.pause()
        assert detail_rows(detail) == ["Rope: one left", ""]
        assert styled_rows_made == [1, 2]  # under the border, the two rows that changed
