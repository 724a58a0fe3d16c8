"""What a process on the tables socket cannot do: hold a connection with half a frame,
crash the host's request loop with a deeply nested request, or open connections without
end on one session's token."""

from __future__ import annotations

import asyncio
import struct

import msgspec

from server.client import TableClient
from server.host import HostLimits
from server.protocol import MAX_CONNECTIONS_PER_TOKEN, Hello, ListTables, Tables
from tests.remote.helpers import WAIT

ANA = "SHA256:ana"


def frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


async def closed_by_host(reader: asyncio.StreamReader, timeout: float = WAIT) -> bool:
    """True once the host has closed the connection (everything it sent is read and dropped)."""
    async with asyncio.timeout(timeout):
        while await reader.read(65536):
            pass
    return True


async def test_a_half_sent_frame_is_cut_off(start_host):
    host = await start_host(limits=HostLimits(frame_seconds=0.5))
    token = host.issue_token(ANA, "Ana")
    reader, writer = await asyncio.open_unix_connection(str(host.socket_path))
    try:
        writer.write(frame(msgspec.msgpack.encode(Hello(token=token))))
        writer.write(struct.pack(">I", 100) + b"\x01\x02")  # 2 of the 100 bytes announced
        await writer.drain()
        assert await closed_by_host(reader)
    finally:
        writer.close()


async def test_a_deeply_nested_request_closes_that_connection_and_the_host_serves_on(start_host, connect, caplog):
    host = await start_host()
    token = host.issue_token(ANA, "Ana")
    reader, writer = await asyncio.open_unix_connection(str(host.socket_path))
    try:
        writer.write(frame(msgspec.msgpack.encode(Hello(token=token))))
        nested = b"\x82\xa4type\xabCreateTable\xa7options\x81\xa1a" + b"\x91" * 15_000 + b"\xc0"
        writer.write(frame(nested))
        await writer.drain()
        assert await closed_by_host(reader)
    finally:
        writer.close()
    assert "RecursionError" not in caplog.text
    ana = await connect(host, ANA, "Ana")
    ana.send(ListTables())
    assert isinstance(await ana.wait_for(lambda r: isinstance(r, Tables)), Tables)


async def test_one_token_holds_a_few_connections_at_most(start_host):
    host = await start_host()
    token = host.issue_token(ANA, "Ana")
    clients = [
        await TableClient.connect(str(host.socket_path), token, timeout=5) for _ in range(MAX_CONNECTIONS_PER_TOKEN)
    ]
    try:
        reader, writer = await asyncio.open_unix_connection(str(host.socket_path))
        writer.write(frame(msgspec.msgpack.encode(Hello(token=token))))
        await writer.drain()
        assert await closed_by_host(reader)  # no Welcome: closed
        writer.close()
        await clients[0].close()  # a place frees up when one closes
        async with asyncio.timeout(WAIT):
            while True:
                try:
                    clients[0] = await TableClient.connect(str(host.socket_path), token, timeout=5)
                    break
                except Exception:
                    await asyncio.sleep(0.05)
    finally:
        for client in clients:
            await client.close()
