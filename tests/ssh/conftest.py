"""Fixtures for the SSH gateway tests: loopback only, ephemeral ports, every wait bounded,
every gateway and game cleaned up even when a test fails."""

from __future__ import annotations

from pathlib import Path

import asyncssh
import pytest

from server.child import Limits
from server.gateway import Gateway, ServeOptions


def pytest_collection_modifyitems(config, items) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.ssh)


@pytest.fixture
async def start_gateway(tmp_path):
    """`await start_gateway(max_sessions=..., ...)` -> a running Gateway on 127.0.0.1:0 whose
    remote tables get seeds 1, 2, 3... in order of creation, so every run plays the same games
    (a game drawn at random could lack the moment a test plays by keys)."""
    gateways: list[Gateway] = []

    async def start(**overrides) -> Gateway:
        options = ServeOptions(
            data_root=tmp_path / f"root{len(gateways)}",
            host="127.0.0.1",
            port=0,
            limits=Limits(hangup_grace=2.0),
        )
        for name, value in overrides.items():
            setattr(options, name, value)
        gateway = Gateway(options)
        seeds = iter(range(1, 1_000_000))
        gateway.tables.new_seed = lambda: next(seeds)
        gateways.append(gateway)
        await gateway.start()
        return gateway

    try:
        yield start
    finally:
        for gateway in gateways:
            await gateway.close()


@pytest.fixture(scope="session")
def player_keys() -> list[asyncssh.SSHKey]:
    return [asyncssh.generate_private_key("ssh-ed25519") for _ in range(2)]
