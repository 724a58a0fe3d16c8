"""A game's own board at a remote table works as at a local one: the refused spot under
Bivouac's cursor says the engine's own sentence (asked of the server by a probe), and one
Enter walks a Camp Grizzly counselor the whole way to a far space (each step sent when the
table has taken the one before)."""

from __future__ import annotations

import random

from engines.bivouac.actions import Place
from engines.camp_grizzly.actions import Move
from engines.camp_grizzly.content import label, parse_label
from server.protocol import SeatRequest
from tests.layout import screen_text
from tests.remote.helpers import create, play_one, settled
from tests.remote.helpers import remote_app
from tests.remote.test_lobby import ANA, BO, _until
from tui.remote.lobby import LobbyScreen
from tui.remote.screen import RemoteScreen


async def _open_table(pilot, app) -> RemoteScreen:
    await pilot.press("t")
    await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and len(app.screen.tables) == 1, "the table")
    await pilot.press("enter")
    await _until(pilot, lambda: isinstance(app.screen, RemoteScreen), "the table's screen")
    screen = app.screen
    await _until(pilot, lambda: screen.remote.seat == 0 and 0 in screen.remote.actors(), "Ana due to act")
    return screen


async def test_a_refused_spot_under_the_cursor_says_the_local_sentence(
    start_host, connect, tmp_path, monkeypatch
) -> None:
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    done = await create(bo, "bivouac", [SeatRequest("open"), SeatRequest("me")], options={"first_player": "1"})
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await _open_table(pilot, app)
        match = host.tables[done.table].match  # the table's own match, on the server
        rng = random.Random(2)
        for _ in range(8):  # place workers (Ana by Enter on the board) until a spot is taken
            await _until(pilot, lambda: screen.remote.version == host.tables[done.table].version, "the table")
            items = screen.items()
            refused = [n for n, item in enumerate(items) if match.refusal(0, Place(item))]
            if refused and 0 in match.actors():
                break
            version = screen.remote.version
            if 0 in match.actors():
                await pilot.press("enter")
            else:
                await play_one(bo, done.table, rng)
            await _until(pilot, lambda: screen.remote.version > version, "the placement shown")
        assert refused, "some spot is refused once workers stand on the board"
        target = refused[0]
        sentence = match.refusal(0, Place(items[target]))
        assert screen.cursor_problem(target) is None or screen.cursor_problem(target) == sentence
        await pilot.press(
            *(["down"] * (target - screen.cursor) if target >= screen.cursor else ["up"] * (screen.cursor - target))
        )
        await _until(pilot, lambda: screen.cursor == target, "the cursor on the refused spot")
        await _until(pilot, lambda: sentence in " ".join(screen_text(screen).split()), f"{sentence!r} on screen")
        assert screen.cursor_problem() == sentence


async def test_one_enter_walks_a_counselor_the_whole_way_at_a_remote_table(
    start_host, connect, tmp_path, monkeypatch
) -> None:
    host = await start_host()
    bo = await connect(host, BO, "Bo")
    done = await create(bo, "camp_grizzly", [SeatRequest("open"), SeatRequest("bot", level="random")])
    await settled(host, done.table, [bo])
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open_table(pilot, app)
        await _until(pilot, lambda: screen.cursor is not None, "the map cursor, Ana's counselor to move")
        view = screen.table.view
        mover = next(c for c in view.counselors if c.active)
        start = parse_label(mover.cell)
        steps = min(mover.moves_left, 3)
        assert steps >= 2, "a walk of several steps"
        match = host.tables[done.table].match
        goal, path = None, None
        for row in range(-steps, steps + 1):
            for col in range(-steps, steps + 1):
                found = screen._path_to((start[0] + row, start[1] + col))
                if found and len(found) - 1 == steps:
                    goal, path = found[-1], found
        assert goal is not None, "a space that many steps away"
        screen.cursor = goal
        before = screen.remote.version
        await pilot.press("enter")  # once
        await _until(pilot, lambda: screen.remote.version >= before + steps, "every step of the walk taken")
        moved = next(c for c in screen.table.view.counselors if c.id == mover.id)
        assert parse_label(moved.cell) == goal
        walked = [e.action for e in match.journal[-steps:]]
        assert walked == [match.engine.format_action(Move(label(cell))) for cell in path[1:]]
