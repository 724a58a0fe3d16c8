"""The game screen's compositor renders less than Textual's own but must paint the terminal
exactly as Textual's would: every partial frame of these keys is rendered both ways and the
cells each paints are compared. (Textual's may also move the terminal's cursor to an empty
piece of a row, which paints nothing.)"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from textual._compositor import ChopsUpdate, Compositor, LayoutUpdate

import tui.textual_internals.compositor
from bench.keys import SIZE, VirtualScreen, action_list, scenarios
from tui.app import CampfireApp
from tui.textual_internals.compositor import RefreshedRowsCompositor

from tests.internals_marks import needs_internals

pytestmark = needs_internals("compositor")


class ComparedCompositor(RefreshedRowsCompositor):
    """Renders each partial update again with Textual's own compositor and keeps both."""

    console = None
    frames: list[tuple[tuple, tuple]] = []
    full_frames: list[tuple[tuple, tuple]] = []

    def render_partial_update(self) -> ChopsUpdate | None:
        refreshed = set(self._dirty_regions)
        ours = super().render_partial_update()
        self._dirty_regions.update(refreshed)
        textuals = Compositor.render_partial_update(self)
        if ours is None or textuals is None:
            assert ours is textuals is None
        else:
            ComparedCompositor.frames.append((self.painted(ours), self.painted(textuals)))
        return ours

    def render_full_update(self, simplify: bool = False) -> LayoutUpdate:
        ours = super().render_full_update(simplify)
        textuals = Compositor.render_full_update(self, simplify)
        ComparedCompositor.full_frames.append((self.painted(ours), self.painted(textuals)))
        return ours

    def painted(self, update: ChopsUpdate | LayoutUpdate) -> tuple:
        """Every cell of a blank screen as `update` leaves it."""
        screen = VirtualScreen(*SIZE)
        screen.apply(update, self.console)
        return screen.snapshot()


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setattr(tui.textual_internals.compositor, "RefreshedRowsCompositor", ComparedCompositor)
    ComparedCompositor.frames = []
    ComparedCompositor.full_frames = []


BOARDS = {**scenarios(), "Bivouac action list": action_list("bivouac")}


@pytest.mark.parametrize("board", sorted(BOARDS))
async def test_a_key_sends_what_textuals_compositor_would(board) -> None:
    app = CampfireApp(save_dir=Path(tempfile.mkdtemp(prefix="campfire-test-")), bot_delay=0)
    ComparedCompositor.console = app.console
    async with app.run_test(size=SIZE) as pilot:
        keys = await BOARDS[board](app, pilot)
        assert isinstance(app.screen._compositor, ComparedCompositor)
        ComparedCompositor.frames.clear()
        # There and back, then a panel switch and a key the screen refuses or plays.
        for key in [*keys, *keys, "tab", "enter", "u"]:
            await pilot.press(key)
            await app.workers.wait_for_complete()
            await pilot.pause()
    assert len(ComparedCompositor.frames) >= len(keys) * 2
    for ours, textuals in ComparedCompositor.frames + ComparedCompositor.full_frames:
        assert ours == textuals
    assert any(any(char != " " for row in ours for char, _ in row) for ours, _ in ComparedCompositor.frames)


async def test_the_launcher_sends_what_textuals_compositor_would() -> None:
    """Its first frame (a full update that renders no container hidden under the panels)
    and the moves of its list."""
    app = CampfireApp(save_dir=Path(tempfile.mkdtemp(prefix="campfire-test-")), bot_delay=0)
    ComparedCompositor.console = app.console
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen._compositor, ComparedCompositor)
        for key in ["down", "down", "end", "home", "up"]:
            await pilot.press(key)
            await pilot.pause()
    assert ComparedCompositor.full_frames and len(ComparedCompositor.frames) >= 5
    for ours, textuals in ComparedCompositor.frames + ComparedCompositor.full_frames:
        assert ours == textuals
    first, _ = ComparedCompositor.full_frames[0]
    assert sum(char != " " for row in first for char, _ in row) > 100
