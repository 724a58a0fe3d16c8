"""Over SSH: a player who drops mid-game reconnects with the same key to the same seat and
view; another key finds the table but cannot take that seat (it may only watch)."""

from __future__ import annotations

import asyncio

from engines.registry import GAMES
from tests.ssh.terminal import DOWN, ENTER, START_TIMEOUT, session

LAUNCHER = "Ready to play"


async def _lobby(terminal) -> None:
    await terminal.wait_for(LAUNCHER, START_TIMEOUT)
    await terminal.settle(quiet=0.5)
    terminal.press("t")
    await terminal.wait_for("Join by code")
    await terminal.settle(quiet=0.5)


async def test_the_same_key_gets_its_seat_back_and_another_key_only_watches(start_gateway, player_keys):
    gateway = await start_gateway()
    gateway.tables.bot_delay = 0.0
    async with session(gateway.port, player_keys[0], username="ana") as (_, ana):
        await _lobby(ana)
        ana.press("n")
        await ana.wait_for("A new table")
        await ana.settle(quiet=0.5)
        ready = [g.id for g in GAMES if g.ready]  # the create form lists them in this order
        for key in (ENTER, *[DOWN] * ready.index("bivi"), ENTER):
            ana.press(key)
            await ana.settle(quiet=0.3)
        ana.press("\t")
        await ana.settle(quiet=0.3)
        ana.press("me,heuristic", ENTER)
        await ana.wait_for("1. ")
        [table] = gateway.tables.tables.values()
        assert table.match.game_id == "bivi"
        ana.press("1")
        async with asyncio.timeout(30):
            while table.version == 0 or 0 not in table.match.actors():
                await asyncio.sleep(0.05)
        await ana.wait_for("1. ")
        before = table.version
    # Dropped: the seat waits, away.
    async with asyncio.timeout(30):
        while table.away_for(0) == 0:
            await asyncio.sleep(0.05)

    async with session(gateway.port, player_keys[1], username="mallory") as (_, other):
        await _lobby(other)
        await other.wait_for("ana")
        other.press(ENTER)  # no free seat: Enter watches
        await other.wait_for("waiting for the other")
        await other.settle(quiet=0.5)
        assert "1. " not in other.text
        assert table.stored.seats[0].owner != "" and table.seat_of(table.stored.seats[0].owner) == 0

    async with session(gateway.port, player_keys[0], username="ana") as (_, back):
        await _lobby(back)
        await back.wait_for("your turn")
        back.press(ENTER)
        await back.wait_for("1. ")
        assert table.version == before
        back.press("1")
        async with asyncio.timeout(30):
            while table.version == before:
                await asyncio.sleep(0.05)
        assert table.match.journal[before].seat == 0
