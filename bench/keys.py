"""Key to repaint on every board at 200x60: from dispatching the key event to the first
frame the compositor hands to the driver that shows the whole change, not Pilot's waits.

Every frame the app displays is kept with its time (after rendering it to terminal bytes,
the work a real driver does). After the screen settles, the frames since the key are
replayed onto a virtual screen, and the latency is the time of the first frame after which
the virtual screen already looks as it finally does.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.segment import ControlType, Segment
from rich.style import Style

from bench.stats import Row, Spread

SIZE = (200, 60)
KEY_P95_MS = 16.0
KEY_RATIO = 2.0
QUIET_SECONDS = 0.08


class VirtualScreen:
    """What a terminal shows: one (character, style) per cell, fed compositor updates."""

    def __init__(self, width: int, height: int) -> None:
        self.rows = [[(" ", None)] * width for _ in range(height)]

    def apply(self, update: Any, console: Any) -> None:
        x = y = 0
        for segment in update.__rich_console__(console, console.options):
            if segment.control:
                for code in segment.control:
                    if code[0] == ControlType.CURSOR_MOVE_TO:
                        x, y = code[1], code[2]
                continue
            if segment.text == "\n" or not 0 <= y < len(self.rows):
                continue
            row = self.rows[y]
            for char in segment.text:
                if 0 <= x < len(row):
                    row[x] = (char, segment.style)
                x += cell_len(char)

    def snapshot(self) -> tuple:
        return tuple(tuple(row) for row in self.rows)


class FrameRecorder:
    """Wraps an app's `_display` to time every frame and keep it for replay."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.frames: list[tuple[float, Any]] = []
        self.screen = VirtualScreen(*SIZE)
        self.replayed = 0
        # Start from the whole screen as it stands, so every later frame lands on it.
        whole = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
        if whole is not None:
            self.screen.apply(whole, app.console)
        original = app._display

        def display(screen: Any, renderable: Any) -> None:
            original(screen, renderable)
            if renderable is not None and not app._batch_count:
                renderable.render_segments(app.console)
                self.frames.append((time.perf_counter(), renderable))

        app._display = display

    def catch_up(self) -> tuple:
        for _, update in self.frames[self.replayed :]:
            self.screen.apply(update, self.app.console)
        self.replayed = len(self.frames)
        return self.screen.snapshot()

    async def settle(self) -> None:
        started = time.perf_counter()
        while time.perf_counter() - started < 3:
            await asyncio.sleep(0.01)
            last = self.frames[-1][0] if self.frames else started
            if time.perf_counter() - max(last, started) >= QUIET_SECONDS:
                return

    async def press(self, key: str) -> float | None:
        """Milliseconds from dispatching `key` to the frame showing its effect, or None
        when the key changed nothing on screen."""
        from textual import events

        await self.settle()
        before = self.catch_up()
        first = len(self.frames)
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(self.app)
        dispatched = time.perf_counter()
        self.app._driver.send_message(event)
        await self.settle()
        states = []
        for when, update in self.frames[first:]:
            self.screen.apply(update, self.app.console)
            states.append((when, self.screen.snapshot()))
        # A driver writes a frame and lets it go: kept, the frames (each strip with its
        # caches, some 300 objects a key) grew the heap the collector's full passes walk,
        # and brought those passes into the keys measured.
        del self.frames[:-1]
        self.replayed = len(self.frames)
        if not states or states[-1][1] == before:
            return None
        final = states[-1][1]
        shown = next(when for when, state in states if state == final)
        return (shown - dispatched) * 1000


# -- scenarios: bring a board to where its key moves something ------------------------------
Scenario = Callable[[Any, Any], Awaitable[list[str]]]


def _human_first(engine: Any, seed: int):
    from engines.core.match import Match, SeatSpec

    count = engine.info.usual_seats
    level = "heuristic" if "heuristic" in engine.bots else sorted(engine.bots)[0]
    seats = [SeatSpec("Ana")] + [SeatSpec(f"Bot {n}", "bot", level) for n in range(2, count + 1)]
    return Match(engine, engine.default_options(), seats, seed)


async def _open(app: Any, pilot: Any, match: Any) -> None:
    from tui.opening import open_match

    await pilot.pause()
    open_match(app, match, None)
    await app.workers.wait_for_complete()
    await pilot.pause()


async def bivi_ghost(app: Any, pilot: Any) -> list[str]:
    from engines.registry import load_engine

    await _open(app, pilot, _human_first(load_engine("bivi"), 5))
    for key in ("1", "1"):  # the left bank, then the first tile: the ghost is on the river
        await pilot.press(key)
        await app.workers.wait_for_complete()
        await pilot.pause()
    return ["l", "h"]


async def _open_when(app: Any, pilot: Any, game: str, ready: Callable[[Any], bool], board: str) -> None:
    """Play the human's seat at random over seeded games until `ready(match)` holds at the
    human's turn, then open it with the focus on the `board` widget (its class name)."""
    from engines.registry import load_engine

    engine = load_engine(game)
    for seed in range(1, 50):
        match = _human_first(engine, seed)
        rng = random.Random(seed)
        for _ in range(2000):
            match.run_automatic()
            if match.is_over():
                break
            if 0 in match.actors() and ready(match):
                await _open(app, pilot, match)
                if type(app.focused).__name__ != board and game == "bioviva":
                    await pilot.press("m")
                    await pilot.pause()
                if type(app.focused).__name__ != board:
                    raise RuntimeError(f"{game}: the {board} does not have the focus")
                return
            if 0 not in match.actors():
                raise RuntimeError(f"{game}: nobody acts in seed {seed}")
            match.act(0, rng.choice(match.legal_actions(0)))
    raise RuntimeError(f"no seeded {game} game reached the {board} for the human")


async def bioviva_map_cursor(app: Any, pilot: Any) -> list[str]:
    from engines.registry import load_engine

    engine = load_engine("bioviva")
    await _open_when(app, pilot, "bioviva", lambda m: engine.view(m.state, 0).phase == "localization", "WorldMap")
    return ["l", "h"]


async def camp_grizzly_map_cursor(app: Any, pilot: Any) -> list[str]:
    from engines.camp_grizzly.actions import Move

    def moving(match: Any) -> bool:
        return any(isinstance(a, Move) for a in match.legal_actions(0))

    await _open_when(app, pilot, "camp_grizzly", moving, "CampMapBoard")
    return ["l", "h"]


async def bivouac_camp_cursor(app: Any, pilot: Any) -> list[str]:
    from engines.bivouac.actions import Place

    def placing(match: Any) -> bool:
        return any(isinstance(a, Place) for a in match.legal_actions(0))

    await _open_when(app, pilot, "bivouac", placing, "CampBoard")
    return ["j", "k"]


async def bonfire_fate_ghost(app: Any, pilot: Any) -> list[str]:
    from engines.bonfire.actions import Fate

    def placing(match: Any) -> bool:
        return any(isinstance(a, Fate) for a in match.legal_actions(0))

    await _open_when(app, pilot, "bonfire", placing, "FateBoard")
    return ["l", "h"]


def action_list(game: str) -> Scenario:
    async def scenario(app: Any, pilot: Any) -> list[str]:
        from engines.registry import load_engine

        await _open(app, pilot, _human_first(load_engine(game), 3))
        return ["down", "up"]

    return scenario


def scenarios() -> dict[str, Scenario]:
    """One board per ready game: its own scenario when written here, else its action list."""
    from engines.registry import ready_games

    known: dict[str, Scenario] = {
        "bivi": bivi_ghost,
        "bioviva": bioviva_map_cursor,
        "camp_grizzly": camp_grizzly_map_cursor,
        "bivouac": bivouac_camp_cursor,
        "bonfire": bonfire_fate_ghost,
    }
    labels = {
        "bivi": "Bivì ghost",
        "bioviva": "Bioviva map cursor",
        "camp_grizzly": "Camp Grizzly map cursor",
        "bivouac": "Bivouac camp cursor",
        "bonfire": "Bonfire fate ghost",
    }
    result: dict[str, Scenario] = {}
    for entry in ready_games():
        label = labels.get(entry.id, f"{entry.title} map/list")
        result[label] = known.get(entry.id) or action_list(entry.id)
    return result


# -- the anchor: a Line-API board repainting one cell ---------------------------------------
def anchor_app() -> Any:
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.geometry import Region
    from textual.strip import Strip
    from textual.widget import Widget

    class StripBoard(Widget, can_focus=True):
        BINDINGS = [Binding("left", "move(-1)"), Binding("right", "move(1)")]
        DEFAULT_CSS = "StripBoard { width: 1fr; height: 1fr; }"

        def __init__(self) -> None:
            super().__init__()
            self.cursor = 0
            self.row = 10
            self._strips: dict[int, Strip] = {}

        def render_line(self, y: int) -> Strip:
            strip = self._strips.get(y)
            if strip is None:
                text = "".join("#" if (x + y) % 7 == 0 else "." for x in range(self.size.width))
                if y == self.row:
                    segments = [
                        Segment(text[: self.cursor]),
                        Segment("@", Style(reverse=True)),
                        Segment(text[self.cursor + 1 :]),
                    ]
                else:
                    segments = [Segment(text)]
                strip = self._strips[y] = Strip(segments)
            return strip

        def action_move(self, step: int) -> None:
            self.cursor = max(0, self.cursor + step)
            self._strips.pop(self.row, None)
            self.refresh(Region(0, self.row, self.size.width, 1))

    class Anchor(App):
        def compose(self) -> ComposeResult:
            yield StripBoard()

    return Anchor()


async def _measure(make_app: Callable[[], Any], prepare: Scenario, presses: int) -> tuple[list[float], int]:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = await prepare(app, pilot)
        recorder = FrameRecorder(app)
        times: list[float] = []
        unchanged = 0
        for n in range(presses):
            latency = await recorder.press(keys[n % len(keys)])
            if latency is None:
                unchanged += 1
            else:
                times.append(latency)
    return times, unchanged


async def _anchor_keys(app: Any, pilot: Any) -> list[str]:
    await pilot.pause()
    return ["right", "left"]


def bench_keys(repeats: int, presses: int = 12) -> list[Row]:
    """Each board against anchor presses taken right beside its own: a shared machine's
    speed drifts within a run, and an anchor measured once a round (half a minute away from
    most boards) could be measured in a quiet spell a board missed, or the other way round."""
    from tui.app import CampfireApp

    def campfire() -> Any:
        return CampfireApp(save_dir=Path(tempfile.mkdtemp(prefix="campfire-bench-")), bot_delay=0)

    boards = scenarios()
    anchors: dict[str, list[float]] = {label: [] for label in boards}
    measured: dict[str, list[float]] = {label: [] for label in boards}
    silent: dict[str, int] = {label: 0 for label in boards}
    for round_number in range(repeats):
        for label, prepare in boards.items():
            # Side by side, the two taking turns going first.
            sides = [(anchor_app, _anchor_keys, anchors[label], None), (campfire, prepare, measured[label], label)]
            for make_app, scenario, samples, counted in sides if round_number % 2 == 0 else reversed(sides):
                times, unchanged = asyncio.run(_measure(make_app, scenario, presses))
                samples += times
                if counted is not None:
                    silent[counted] += unchanged
    rows = []
    for label, times in measured.items():
        if not times:
            rows.append(
                Row(
                    goal=f"{label}: key to repaint",
                    measured=Spread(0, 0, 0, 0),
                    unit="ms",
                    met=False,
                    note="no key changed the screen",
                )
            )
            continue
        spread, anchor_spread = Spread.of(times), Spread.of(anchors[label])
        ratio = spread.p95 / anchor_spread.p95
        note = f"{SIZE[0]}x{SIZE[1]}, ratio of p95s, anchor measured beside it"
        if silent[label]:
            note += f"; {silent[label]} keys changed nothing"
        rows.append(
            Row(
                goal=f"{label}: key to repaint p95 <= {KEY_P95_MS:.0f} ms and <= {KEY_RATIO:.0f}x",
                anchor=anchor_spread,
                measured=spread,
                unit="ms",
                ratio=ratio,
                met=spread.p95 <= KEY_P95_MS and ratio <= KEY_RATIO and not silent[label],
                note=note,
            )
        )
    return rows
