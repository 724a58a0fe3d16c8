"""A player whose seat the others voted to a bot takes it back with Enter in the lobby."""

from __future__ import annotations

import asyncio

from server.host import HostLimits
from server.protocol import Done, Refused, Update, VoteBot
from tests.remote.test_absence import CY, _table_of_three
from tests.remote.helpers import remote_app
from tests.remote.test_lobby import _until
from tui.remote.lobby import LobbyScreen
from tui.remote.screen import RemoteScreen


async def test_enter_in_the_lobby_takes_back_a_seat_a_bot_keeps(start_host, connect, tmp_path, monkeypatch):
    host = await start_host(limits=HostLimits(away_seconds=0))
    table_id, ana, bo, cy = await _table_of_three(host, connect)
    table = host.tables[table_id]
    await cy.close()
    async with asyncio.timeout(10):
        while table.away_for(2) == 0:  # until the host has seen Cy's connection close
            await asyncio.sleep(0.01)
    for voter in (ana, bo):
        voter.send(VoteBot(table=table_id, seat=2))
        assert isinstance(await voter.wait_for(lambda r: isinstance(r, (Done, Refused))), Done)
    await ana.wait_for(lambda r: isinstance(r, Update) and r.seats[2].kind == "bot")
    assert table.stored.seats[2].kind == "bot"

    app = remote_app(host, monkeypatch, tmp_path, CY, "Cy")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and len(app.screen.tables) == 1, "the table")
        await pilot.press("enter")
        await _until(pilot, lambda: isinstance(app.screen, RemoteScreen), "the table's screen")
        await _until(pilot, lambda: app.screen.remote.seat == 2, "Cy back in the third seat, not watching")
    assert table.stored.seats[2].kind == "human" and table.match.seats[2].is_bot is False
