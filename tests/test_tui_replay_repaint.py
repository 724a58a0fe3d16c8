"""A replay step redraws only what it changes (counted, never timed: bench/replay.py times
it). At 200x60, over STEPS actions around the middle of each game: a text whose words, classes and size stay the
same neither asks for a new layout nor is wrapped again, hidden texts ask for nothing, and
the log, every row of which moves at each step, keeps its height (no layout) and wraps only
the lines it brings. A text whose words change keeps its height too (a new height lays the
whole screen out again), unless it is taller than the box it scrolls in: seat panels keep
the room their tallest text in the journal takes, and a card that fits its box is as tall
as the box."""

from __future__ import annotations

from collections import Counter

import pytest
from textual.visual import Visual
from textual.widget import Widget
from textual.widgets import Footer, Static

from tests.replay_games import GAME_IDS, saved
from tui.app import CampfireApp
from tui.screens.replay import ReplayScreen, open_replay_file
from tui.widgets.frame import shown_on_screen

STEPS = 24
#: Texts that still take a new height with the position (each lays the screen out again):
#: what is left of issue 28's repaint work, named so a change to them shows here.
#: Bioviva's card above the map takes the rows its text needs in a challenge played on the card
#: (tall terminals show it whole; a box of fixed height scrolled it or starved the map).
STILL_RESIZED = {
    "bivouac": ".bv-board",
    "bonfire": "#sea-block, #city-side",
    "bivi": "#rules-hint, SeatPanelView",
    "bioviva": "#card-beside-text",
}


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


class Watch:
    """Who asks for a layout, and how many lines of whose text are wrapped (Visual.to_strips),
    while on."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.on = False
        self.layouts: list[Widget] = []
        self.wrapped: Counter[Widget] = Counter()
        refresh, to_strips = Widget.refresh, Visual.to_strips
        watch = self

        def counted_refresh(widget, *regions, repaint=True, layout=False, recompose=False):
            if watch.on and layout:
                watch.layouts.append(widget)
            return refresh(widget, *regions, repaint=repaint, layout=layout, recompose=recompose)

        def counted_to_strips(cls, widget, visual, *args, **kwargs):
            if watch.on:
                watch.wrapped[widget] += str(visual).count("\n") + 1
            return to_strips(widget, visual, *args, **kwargs)

        monkeypatch.setattr(Widget, "refresh", counted_refresh)
        monkeypatch.setattr(Visual, "to_strips", classmethod(counted_to_strips))


def looks(screen) -> dict[Widget, tuple]:
    """Every text of the screen: its words, classes, size and whether it is displayed. Not
    the footer's: it builds its keys anew (a group's label is a text) when the keys that
    work change, as a step may change them."""
    return {
        widget: (widget.content, frozenset(widget.classes), widget.size, shown_on_screen(widget))
        for widget in screen.query(Static)
        if not any(isinstance(node, Footer) for node in widget.ancestors)
    }


def outgrows_its_box(text: Widget) -> bool:
    """Whether `text` is taller than the view of the container it scrolls in."""
    box = text.parent
    return isinstance(box, Widget) and text.outer_size.height > box.scrollable_content_region.height


def brought(before: list[str], now: list[str]) -> int:
    """How many of the log's lines `now` a step brought: the lines past those it kept from
    `before` (a step forward drops the oldest and adds the newest), and at least the lines
    `before` did not hold (a line may repeat an older one)."""
    kept = next(k for k in range(len(now), -1, -1) if now[:k] == before[len(before) - k :])
    return max(len(now) - kept, (Counter(now) - Counter(before)).total())


async def settle(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_step_lays_out_and_wraps_only_the_texts_it_changes(game_id, tmp_path, monkeypatch):
    path = saved(game_id, tmp_path)
    watch = Watch(monkeypatch)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        assert open_replay_file(app, path)
        while not isinstance(app.screen, ReplayScreen) or app.screen.table is None:
            await pilot.pause()
        screen = app.screen
        replay = screen.replay
        replay.go_to(replay.length // 2 - STEPS // 2)
        screen.refresh_table()
        await settle(pilot)
        log_text = screen.query_one("#log-text")
        still_resized = set(screen.query(STILL_RESIZED[game_id])) if game_id in STILL_RESIZED else set()
        unchanged_seen = logged = 0
        for _ in range(STEPS):
            before = looks(screen)
            outgrown = {widget for widget in before if outgrows_its_box(widget)}
            log_before = str(log_text.render())
            watch.on, watch.layouts[:], watch.wrapped = True, [], Counter()
            await pilot.press("right")
            await settle(pilot)
            watch.on = False
            after = looks(screen)
            unchanged = [widget for widget, look in before.items() if after.get(widget) == look]
            unchanged_seen += len(unchanged)
            hidden = [widget for widget, look in after.items() if not look[3]]
            assert not [w.id for w in unchanged + hidden if w in watch.layouts], f"at {replay.position}"
            assert not [w.id for w in unchanged + hidden if watch.wrapped[w]], f"at {replay.position}"
            # A changed text laid out again only where it does not fit its box, before or after.
            outgrown |= {widget for widget in after if outgrows_its_box(widget)} | still_resized
            resized = {widget for widget in after if widget in watch.layouts and widget not in outgrown}
            assert not [f"{type(w).__name__}#{w.id}" for w in resized], f"at {replay.position}"
            # The log: never a new height; of its text, only the new lines wrapped.
            assert log_text not in watch.layouts
            log_now = str(log_text.render())
            assert watch.wrapped[log_text] <= brought(log_before.split("\n"), log_now.split("\n")), (
                f"at {replay.position}"
            )
            logged += log_now != log_before
        # Something stayed the same and the log moved, or the test proves nothing.
        assert unchanged_seen and logged
