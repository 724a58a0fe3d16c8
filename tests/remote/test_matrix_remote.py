"""The remote rows of the test matrix, generated from the registry: every ready game at a
table of two players (Ana in the app, Bo a client) and a spectator (Cy in the app).

Ana, when due, moves by keys (at least twice) and Bo's client gets the change; Bo's moves
reach Ana's screen. F1, the Keys panel and the log work on Ana's screen. Ana's app closes
(she dropped) and a new one takes her back to her seat at the table's version. Bo drops,
Ana votes a bot in with `v`, and Bo takes the seat back by joining again. Cy watches: the
board shows and no seat's secret (the engine's `secrets`) is on Cy's screen."""

from __future__ import annotations

import asyncio

import pytest

from server.host import HostLimits
from server.protocol import Done, Join, Refused, SeatRequest
from tests.layout import screen_text
from tests.matrix import press_action, screen_problems, table_cells
from tests.remote.helpers import create, play_text
from tests.remote.test_lobby import ANA, BO, _app_for, _until
from tui.remote.lobby import LobbyScreen
from tui.remote.screen import RemoteScreen

CY = "SHA256:cy"
CELLS = [pytest.param(entry, id=entry.id) for entry in table_cells()]


async def _sit(app, pilot, key: str = "enter") -> RemoteScreen:
    await pilot.press("t")
    await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and len(app.screen.tables) == 1, "the table")
    await pilot.press(key)
    await _until(pilot, lambda: isinstance(app.screen, RemoteScreen), "the table's screen")
    return app.screen


@pytest.mark.parametrize("entry", CELLS)
async def test_two_players_and_a_spectator_at_every_game(entry, start_host, connect, tmp_path, monkeypatch) -> None:
    from tui.opening import screen_class
    from tui.screens.keys import KeysScreen
    from tui.screens.log import LogScreen
    from tui.screens.rules import RulesScreen

    host = await start_host(limits=HostLimits(away_seconds=0))
    bo = await connect(host, BO, "Bo")
    done = await create(bo, entry.id, [SeatRequest("open"), SeatRequest("me")])
    table = host.tables[done.table]
    match = table.match  # the table's own match, on the server: what the test plays for Bo
    bot = match.engine.bots["heuristic"]()
    problems: list[str] = []

    app = _app_for(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _sit(app, pilot)
        await _until(pilot, lambda: screen.remote.seat == 0, "Ana in the first seat")
        assert isinstance(screen, screen_class(entry.id)), f"{type(screen).__name__} is not the game's own screen"
        by_keys = 0
        for _ in range(60):
            if by_keys >= 2 or match.is_over():
                break
            await _until(pilot, lambda: screen.remote.version == table.version, "Ana's screen current")
            version = table.version
            if 0 in match.actors():
                if await press_action(app, pilot, screen, match.bot_choice(0, bot), listed_instead=True):
                    by_keys += 1
                await _until(pilot, lambda: table.version > version, "the table taking Ana's move")
                await _until(pilot, lambda: bo.updates[done.table].version == table.version, "Bo seeing Ana's move")
            elif 1 in match.actors():
                await play_text(bo, done.table, match.engine.format_action(match.bot_choice(1, bot)))
                await _until(pilot, lambda: screen.remote.version > version, "Ana's screen showing Bo's move")
            else:
                await pilot.pause(0.02)
        assert by_keys >= 2, f"Ana moved {by_keys} times by keys"
        problems += screen_problems(app, "Ana's screen")
        for key, shown in (("f1", RulesScreen), ("f2", KeysScreen), ("L", LogScreen)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, shown), f"{key} opened {type(app.screen).__name__}"
            problems += screen_problems(app, key)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen

    # Ana dropped (her app closed); she comes back to her seat, as it stands now.
    app = _app_for(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _sit(app, pilot)
        await _until(pilot, lambda: screen.remote.seat == 0, "Ana back in her seat")
        await _until(pilot, lambda: screen.remote.version == table.version, "Ana's screen current")
        problems += screen_problems(app, "Ana back")
        if not match.is_over():
            await bo.close()
            await _until(pilot, lambda: screen.remote.absent_seat() == 1, "Ana seeing Bo away")
            await pilot.press("v")
            await _until(pilot, lambda: table.stored.seats[1].kind == "bot", "a bot in Bo's seat")
            back = await connect(host, BO, "Bo")
            back.send(Join(table=done.table))
            reply = await back.wait_for(lambda r: isinstance(r, (Done, Refused)))
            assert isinstance(reply, Done) and reply.seat == 1, reply
            assert table.stored.seats[1].kind == "human" and not match.seats[1].is_bot

    # Cy watches: the board, and nobody's secrets.
    app = _app_for(host, monkeypatch, tmp_path, CY, "Cy")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _sit(app, pilot, "w")
        await _until(pilot, lambda: screen.remote.version == table.version, "Cy's screen current")
        await pilot.pause()
        assert screen.remote.seat is None and isinstance(screen, screen_class(entry.id))
        problems += screen_problems(app, "Cy watching")
        text = screen_text(screen)
        flat = " ".join(text.split())
        secrets = [s for seat_secrets in match.engine.secrets(match.state).values() for s in seat_secrets]
        shown = [s for s in secrets if s and (s in text or " ".join(s.split()) in flat)]
        assert shown == [], f"a seat's secret on the spectator's screen: {shown}"
    await asyncio.sleep(0)
    assert problems == []
