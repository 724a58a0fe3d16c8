"""Fixtures for remote tables: a TableHost on a Unix socket in the test's folder, clients
holding tokens as game processes would; every wait bounded, everything closed after."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.client import TableClient
from server.host import TableHost
from server.thinking import in_threads


def pytest_collection_modifyitems(config, items) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.ssh)


@pytest.fixture
async def start_host(tmp_path):
    """`await start_host(name="root")` -> a running TableHost; bots act without delay (search
    bots in threads of the test's process) and tables get seeds 1, 2, 3... in order of
    creation."""
    hosts: list[TableHost] = []

    async def start(root: str = "root", **kwargs) -> TableHost:
        kwargs.setdefault("bot_delay", 0.0)
        kwargs.setdefault("search_workers", in_threads)  # no worker process to start
        seeds = iter(range(1, 1_000_000))
        kwargs.setdefault("new_seed", lambda: next(seeds))  # every run plays the same games
        host = TableHost(tmp_path / root, **kwargs)
        hosts.append(host)
        await host.start()
        return host

    try:
        yield start
    finally:
        for host in hosts:
            await host.close()


@pytest.fixture
async def connect():
    """`await connect(host, "SHA256:ana", "Ana")` -> a TableClient for that identity."""
    clients: list[TableClient] = []

    async def open_client(host: TableHost, fingerprint: str | None, name: str, *, record: bool = False) -> TableClient:
        token = host.issue_token(fingerprint, name)
        client = await TableClient.connect(str(host.socket_path), token, timeout=5)
        if record:
            client.transcript = []
        clients.append(client)
        return client

    try:
        yield open_client
    finally:
        for client in clients:
            await client.close()


# The gateway fixtures of the SSH tests, for the tests that go through a real session.
from tests.ssh.conftest import player_keys, start_gateway  # noqa: E402,F401
