"""The replay viewer on screen: every key at three sizes, forward then back gives the same
screen, a seat's view before the end never shows another seat's secret in any frame, and
the Review entries of the end screen and the Load screen."""

from __future__ import annotations

import asyncio

import pytest

from saves.replay import ReplayMatch
from tests.layout import screen_text
from tests.replay_games import GAME_IDS, encoded, played, saved, secrets_of_others
from tests.tui_helpers import type_text
from tui.app import CampfireApp
from tui.screens.replay import GoToTurn, ReplayScreen, SeatPicker, open_replay_file
from tui.screens.log import LogScreen
from tui.screens.scores import ScoresScreen
from tui.widgets.table import name_seats


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


async def wait_for(pilot, condition, what: str, seconds: float = 10) -> None:
    """Let the app run until `condition()` holds (bounded)."""
    async with asyncio.timeout(seconds):
        while not condition():
            await pilot.pause()
    assert condition(), what


async def open_viewer(app, pilot, path, seat=None) -> ReplayScreen:
    await pilot.pause()
    assert open_replay_file(app, path, seat)
    await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay opens")
    await pilot.pause()
    return app.screen


def bar(screen) -> str:
    return screen.query_one("#replay-bar").text


#: Every key at the three sizes in one game, and in each other game at one of them in turn:
#: every game and every size are covered for a third of the time of all of them everywhere.
KEY_TOUR_SIZES = {
    game_id: ((80, 24), (120, 40), (200, 60)) if game_id == GAME_IDS[-1] else (((80, 24), (120, 40), (200, 60))[n % 3],)
    for n, game_id in enumerate(GAME_IDS)
}


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_every_key_of_the_viewer_at_three_sizes(game_id, tmp_path):
    path = saved(game_id, tmp_path)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_viewer(app, pilot, path)
        replay: ReplayMatch = screen.replay
        for size in KEY_TOUR_SIZES[game_id]:
            await pilot.resize_terminal(*size)
            await pilot.press("home", "right", "right", "right", "left")
            await wait_for(pilot, lambda: f"2/{replay.length}" in bar(screen), "two actions in")
            assert len(screen.table.log) == len(replay.log_lines(screen.viewer))  # the log in step
            await pilot.press("pagedown", "pagedown", "pageup")
            # Two turns on and one back: the start of the turn after the one action 2 is in
            # (a turn is one action in some games, a whole round in others).
            second = next(start for start in replay.turn_starts if start > 2)
            await wait_for(pilot, lambda: replay.position == second, "the next turn's start")
            turn = replay.turns[second]
            assert f"turn {turn} of" in bar(screen) if size[1] >= 40 else bar(screen).endswith(f" t{turn}")
            await pilot.press("end")
            await wait_for(pilot, lambda: f"{replay.length}/{replay.length}" in bar(screen), "the end")
            await pilot.press("right")  # past the end: refused with a sentence, nothing moves
            await wait_for(pilot, lambda: "last action" in screen.table.problem, "the end says so")
            last_turn = replay.turns[replay.turn_starts[-1]]
            await pilot.press("g")
            await wait_for(pilot, lambda: isinstance(app.screen, GoToTurn), "the turn prompt")
            await type_text(app, pilot, str(last_turn - 1))
            await pilot.press("enter")
            await wait_for(pilot, lambda: replay.turn == last_turn - 1, "the turn asked for")
            viewer = screen.viewer
            await pilot.press("v")
            await wait_for(pilot, lambda: screen.viewer != viewer, "another seat's view")
            await pilot.press("c")
            await wait_for(pilot, lambda: isinstance(app.screen, ScoresScreen), "the scores chart")
            chart = str(app.screen.query_one("#scores-chart").render())
            assert all(seat.name in chart for seat in replay.seats) and "turn" in chart
            assert "Total" in str(app.screen.query_one("#scores-breakdown Static").render())
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is screen, "back to the replay")
            await pilot.press("L")  # the whole log, not only the panel's latest lines
            await wait_for(pilot, lambda: isinstance(app.screen, LogScreen), "the whole log")
            assert app.screen.lines[-1:] == screen.table.log[-1:]
            assert len(app.screen.lines) == len(replay.whole_log_lines(screen.viewer))
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is screen, "back from the log")
            await pilot.press("u", "1")  # playing keys: refused, the game unchanged
            await wait_for(pilot, lambda: "replay" in screen.table.problem, "a replay cannot be played")
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, ReplayScreen), "the replay closes")


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_forward_then_back_gives_the_same_screen(game_id, tmp_path):
    path = saved(game_id, tmp_path)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_viewer(app, pilot, path)
        replay: ReplayMatch = screen.replay
        for position in (0, replay.length // 3, replay.length - 1):
            replay.go_to(position)
            screen.refresh_table()
            await pilot.pause()
            before = screen_text(screen)
            await pilot.press("right", "left")
            await wait_for(pilot, lambda: replay.position == position, "back where it was")
            # The log scrolls back to its last line a frame after it shrinks.
            await wait_for(pilot, lambda: screen_text(screen) == before, "the same screen", seconds=5)


HIDDEN = [g for g in GAME_IDS if played(g)[0].engine.info.flags.hidden_information]


class Frames:
    """Every frame the app hands its driver, replayed onto a virtual terminal: the screen
    as the player saw it after each frame, not only once it settled."""

    def __init__(self, app, size: tuple[int, int]) -> None:
        from bench.keys import VirtualScreen

        self.terminal = VirtualScreen(*size)
        self.seen: list[str] = []
        self.count = 0
        whole = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
        if whole is not None:
            self.terminal.apply(whole, app.console)
        shown = app._display

        def display(screen, renderable) -> None:
            shown(screen, renderable)
            if renderable is not None:
                self.terminal.apply(renderable, app.console)
                self.seen.append("\n".join("".join(char for char, _ in row) for row in self.terminal.rows))
                self.count += 1

        app._display = display


@pytest.mark.parametrize("game_id", HIDDEN)
async def test_before_the_end_no_frame_shows_another_seats_secret(game_id, tmp_path):
    match, _ = played(game_id)
    path = saved(game_id, tmp_path, cut=min(len(match.journal) // 2, 30), people=True)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        frames = Frames(app, (120, 40))
        assert open_replay_file(app, path)
        await wait_for(pilot, lambda: isinstance(app.screen, SeatPicker), "whose view is asked")
        await pilot.press("down", "enter")  # the first person's seat (after the public table)
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay opens")
        screen = app.screen
        replay: ReplayMatch = screen.replay
        assert replay.seat == 0 and not replay.finished
        names = [seat.name for seat in replay.seats]
        caught = 0
        kept: set[str] | None = None  # what was another seat's secret before the step
        while True:
            await pilot.pause()
            # As the engine words them, and as the screen does (the seats' names for "Player 1").
            secrets = [shown for s in secrets_of_others(replay, 0) for shown in {s, name_seats(s, names)}]
            # Every frame drawn since the last position, as it was drawn: none shows what
            # was another seat's secret there and still is here (the first position: none
            # of its secrets since the replay opened).
            hidden = [s for s in secrets if kept is None or s in kept]
            assert not [s for frame in frames.seen for s in hidden if s in frame], f"at action {replay.position}"
            frames.seen.clear()
            kept = set(secrets)
            frame = screen_text(screen)
            handed = encoded(screen.table.view) + encoded(screen.table.summary) + "\n".join(screen.table.log)
            assert not [s for s in secrets if s in frame or s in handed], f"at action {replay.position}"
            caught += len(secrets)
            if replay.position == replay.length:
                break
            screen.action_step(1)
        assert caught and frames.count > replay.length  # frames were seen, at every step
        await pilot.press("v")  # another seat's view: refused before the end
        await wait_for(pilot, lambda: "one seat's view" in screen.table.problem, "the view stays")
        assert screen.viewer == 0


async def test_the_end_screen_charts_the_scores_and_reviews_the_game(tmp_path):
    from engines.core.match import Match, SeatSpec
    from tui.screens.end import EndScreen
    from tests.tui_helpers import open_game

    game_id = GAME_IDS[-1]
    match, _ = played(game_id)
    # Ana plays the first seat's last action herself; the bots play theirs.
    seats = [SeatSpec("Ana"), *(SeatSpec(s.name, "bot", s.level) for s in match.seats[1:])]
    ana_last = max(n for n, entry in enumerate(match.journal) if entry.seat == 0)
    game = Match.replay(match.engine, match.options, seats, match.seed, match.journal[:ana_last])
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, game)
        app.screen.choose_action(game.parse_action(0, match.journal[ana_last].action))
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen) and app.screen.query("#end-chart"), "the chart")
        chart = str(app.screen.query_one("#end-chart").render())
        assert "Ana" in chart and "turn" in chart
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the review")
        assert app.screen.replay.position == 0 and app.screen.replay.finished
        await pilot.press("right", "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen) and app.screen.is_mounted, "the end again")


async def test_the_load_screen_reviews_the_highlighted_save(tmp_path):
    from tui.screens.load import LoadScreen

    folder = tmp_path / "saves"
    folder.mkdir()
    saved(GAME_IDS[0], folder)
    app = CampfireApp(save_dir=folder, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(LoadScreen())
        await wait_for(pilot, lambda: isinstance(app.screen, LoadScreen), "the load screen")
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay of the save")
        assert app.screen.replay.game_id == GAME_IDS[0]


async def test_the_command_line_opens_the_viewer_as_the_seat_asked_for_in_ascii(tmp_path):
    from tui.cli.play_commands import ReplayRequest

    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text('{"glyphs": "ascii"}')
    path = saved(GAME_IDS[-1], tmp_path)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0, start=ReplayRequest(str(path), 1))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay opens")
        assert app.screen.viewer == 1 and app.screen.replay.position == 0
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoresScreen), "the scores chart")
        await pilot.pause()
        chart = str(app.screen.query_one("#scores-chart").render())
        assert "turn" in chart and chart.isascii()
