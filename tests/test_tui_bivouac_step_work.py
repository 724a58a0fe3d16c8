"""The work of a cursor step on the Bivouac camp at 200x60, where the spot's detail sits
beside the camp and a step between the activities and the amenities changes some 30 of its
rows (bench/run.py keys, "Bivouac camp cursor"). The step repaints those rows, but looks
the spot's lines up once, not once per row, and hands the screen the lines it kept for the
spot rather than rows Textual styles anew (each new strip starting with every cache empty)."""

from __future__ import annotations

import pytest
from textual._styles_cache import StylesCache
from textual.screen import Screen

from tests.internals_marks import needs_internals
from tests.test_tui_bivi_repaint import RecordingApp, inside, repainted_by
from tests.test_tui_bivouac_repaint import ana_against_a_bot, prepared
from tests.tui_helpers import open_game
from tui.games.bivouac_detail import SpotDetail


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


@pytest.fixture
def work(monkeypatch) -> dict[str, int]:
    """Counts screen layouts, rows styled by Textual's styles cache, and the times the
    detail looked up the shown spot's lines."""
    counts = {"layouts": 0, "styled rows": 0, "detail lookups": 0}
    lay_out, style_row, look_up = Screen._refresh_layout, StylesCache.render_line, SpotDetail._lines

    def refresh_layout(self, *args, **kwargs):
        counts["layouts"] += 1
        return lay_out(self, *args, **kwargs)

    def render_line(self, *args, **kwargs):
        counts["styled rows"] += 1
        return style_row(self, *args, **kwargs)

    def lines(self, width):
        counts["detail lookups"] += 1
        return look_up(self, width)

    monkeypatch.setattr(Screen, "_refresh_layout", refresh_layout)
    monkeypatch.setattr(StylesCache, "render_line", render_line)
    monkeypatch.setattr(SpotDetail, "_lines", lines)
    return counts


async def steps_beside_the_camp(app, pilot, work, keys: str) -> list[tuple[dict[str, int], int, list[int]]]:
    """For each key: the work it took, the detail rows it repainted, and the identities of
    the lines the detail handed the screen for them."""
    await open_game(app, pilot, ana_against_a_bot())
    screen = app.screen
    detail = screen.query_one(SpotDetail)
    assert screen.detail_beside_camp() and screen.items()[:2] == ["activities", "amenities"]
    await prepared(pilot, detail)
    await pilot.press("down", "up")  # the detail has held both spots: it keeps the taller
    handed: list[int] = []
    render_lines = detail.render_lines

    def recorded(crop):
        lines = render_lines(crop)
        handed.extend(id(line) for line in lines)
        return lines

    detail.render_lines = recorded
    steps = []
    for key in keys:
        handed.clear()
        before = dict(work)
        spans = await repainted_by(app, pilot, key)
        shown = detail.content_region.intersection(detail.parent.region)
        repainted = len({span[0] for span in spans if inside(span, shown)})
        steps.append(({name: work[name] - before[name] for name in work}, repainted, list(handed)))
    return steps


async def test_a_step_beside_the_camp_looks_the_spots_lines_up_once_and_lays_nothing_out(tmp_path, work) -> None:
    app = RecordingApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(200, 60)) as pilot:
        for counted, repainted, _ in await steps_beside_the_camp(app, pilot, work, ["down", "up", "down", "up"]):
            assert repainted >= 20, repainted  # the two spots' texts differ on most rows
            assert counted["layouts"] == 0, counted
            # Once to find the rows that changed, once to paint them: looked up per row, it
            # walked the screen's styles (the width, the style, the selection) 30 times.
            assert counted["detail lookups"] <= 2, counted


@needs_internals("plain_lines")
async def test_a_step_beside_the_camp_hands_the_screen_the_spots_kept_lines_and_styles_no_row(tmp_path, work) -> None:
    app = RecordingApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(200, 60)) as pilot:
        steps = await steps_beside_the_camp(app, pilot, work, ["down", "up", "down", "up"])
        for counted, repainted, handed in steps:
            assert repainted >= 20 and len(handed) >= repainted, (repainted, len(handed))
            assert counted["styled rows"] == 0, counted  # Textual restyled each of them
        (_, _, to_amenities), (_, _, to_activities), (_, _, again_to_amenities), (_, _, again_to_activities) = steps
        # Back on a spot, the very lines handed over before (their caches full).
        assert again_to_amenities == to_amenities and again_to_activities == to_activities
        assert set(to_amenities).isdisjoint(to_activities)
