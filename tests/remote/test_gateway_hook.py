"""`campfire serve` hosts the tables: each game process it starts finds the table host's
socket and its own session token in its environment, and the token dies with the session."""

from __future__ import annotations

import asyncio

import pytest

from server.client import TableClient
from server.identity import key_mark
from server.protocol import SOCKET_VARIABLE, TOKEN_VARIABLE
from tests.ssh.terminal import START_TIMEOUT, environment_of, session, wait_gone

LAUNCHER = "Ready to play"


async def test_a_session_reaches_the_table_host_with_its_own_token(start_gateway, player_keys):
    gateway = await start_gateway()
    async with session(gateway.port, player_keys[0], username="ana") as (_, terminal):
        await terminal.wait_for(LAUNCHER, START_TIMEOUT)
        [game] = gateway.games
        env = environment_of(game.pid)
        assert env[SOCKET_VARIABLE] == str(gateway.tables.socket_path)
        client = await TableClient.connect(env[SOCKET_VARIABLE], env[TOKEN_VARIABLE], timeout=10)
        # At tables a player's name carries their key's mark.
        assert client.name == f"ana ({key_mark(player_keys[0].get_fingerprint('sha256'))})"
        await client.close()
        pid = game.pid
    assert await wait_gone([pid], 20) == []
    async with asyncio.timeout(20):
        while gateway.games:
            await asyncio.sleep(0.05)
    with pytest.raises(ConnectionError):
        await TableClient.connect(env[SOCKET_VARIABLE], env[TOKEN_VARIABLE], timeout=10)
