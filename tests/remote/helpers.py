"""Driving remote tables from tests: wait until a table is quiet, play a seat's turn."""

from __future__ import annotations

import asyncio
import random

from server.client import TableClient
from server.host import TableHost
from pathlib import Path

import msgspec

from engines.core.match import Match
from engines.core.protocol import AUTO
from server.protocol import Act, CreateTable, Done, Refused, SeatRequest, Update
from server.store import STORE_NAME, StoredSeat, StoredTable, TableStore

WAIT = 10.0


async def settled(host: TableHost, table_id: str, clients: list[TableClient], timeout: float = WAIT) -> None:
    """Until bots and automatic actors have finished and every client holds the current
    version of the table (bounded: a timeout fails the test)."""
    table = host.tables[table_id]
    async with asyncio.timeout(timeout):
        while True:
            seats = table.stored.seats
            automatic = any(a == AUTO or seats[a].kind == "bot" for a in table.match.actors())
            current = all(
                c.updates.get(table_id) is not None and c.updates[table_id].version == table.version for c in clients
            )
            if not automatic and current:
                return
            await asyncio.sleep(0.005)


async def create(client: TableClient, game: str, seats: list[SeatRequest], **kwargs) -> Done:
    client.send(CreateTable(game=game, seats=seats, **kwargs))
    reply = await client.wait_for(lambda r: isinstance(r, (Done, Refused)))
    assert isinstance(reply, Done), reply
    return reply


async def play_one(client: TableClient, table_id: str, rng: random.Random) -> str:
    """Send one of the legal actions in the client's latest update; returns its text."""
    update: Update = client.updates[table_id]
    assert update.legal, "this client has nothing to do"
    return await play_text(client, table_id, rng.choice(update.legal).text)


async def play_text(client: TableClient, table_id: str, action: str) -> str:
    """Send `action` on the client's latest version and expect it to be applied."""
    client.send(Act(table=table_id, version=client.updates[table_id].version, action=action))
    reply = await client.wait_for(lambda r: isinstance(r, (Done, Refused)) and getattr(r, "table", "") == table_id)
    assert isinstance(reply, Done), reply
    return action


async def until(condition, what: str, timeout: float = WAIT) -> None:
    """Until `condition()` holds, checked every 20 ms; fails naming `what` after `timeout`."""
    try:
        async with asyncio.timeout(timeout):
            while not condition():
                await asyncio.sleep(0.02)
    except TimeoutError:
        raise AssertionError(f"{what} never happened") from None


def store_table(data_root: Path, table_id: str, match: Match, owner: str, *, public: bool = False) -> None:
    """Write `match` (its seats, options, seed and journal) into the table store of a server
    rooted at `data_root`, as a table of `owner`'s (their key holds its human seats): the
    server restores it when it starts, so a test can begin a table anywhere in its game."""
    seats = [
        StoredSeat(kind="bot", name=seat.name, level=seat.level)
        if seat.is_bot
        else StoredSeat(kind="human", name=seat.name, owner=owner)
        for seat in match.seats
    ]
    stored = StoredTable(
        id=table_id,
        game=match.game_id,
        options=msgspec.to_builtins(match.options),
        seed=match.seed,
        public=public,
        invite="" if public else "TESTCODE",
        owner=owner,
        version=0,
        seats=seats,
        journal=[],
    )
    store = TableStore(data_root / STORE_NAME)
    try:
        store.create(stored)
        for number, entry in enumerate(match.journal):
            store.commit_action(table_id, number, entry)
    finally:
        store.close()


def remote_app(host: TableHost, monkeypatch, tmp_path: Path, fingerprint: str, name: str):
    """The app as a player's game process under `campfire serve` starts it: the host's
    socket and a token for this identity in its environment."""
    from server.protocol import SOCKET_VARIABLE, TOKEN_VARIABLE
    from tui.app import CampfireApp

    monkeypatch.setenv(SOCKET_VARIABLE, str(host.socket_path))
    monkeypatch.setenv(TOKEN_VARIABLE, host.issue_token(fingerprint, name))
    return CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)


async def listed_lobby(app, pilot):
    """Tables (t) from the launcher, until the lobby lists the host's tables."""
    from tests.tui_helpers import wait_until
    from tui.remote.lobby import LobbyScreen

    await pilot.press("t")
    await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables, "the table is listed")
    return app.screen
