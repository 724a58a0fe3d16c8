"""The game process's side of the table host's socket (pure asyncio, no Textual).

`TableClient.connect()` opens the socket named in the environment and says hello with the
session's token. Every message the host sends lands in `on_message` (for the app to post)
and is kept: the newest Update per table, the replies to requests, the chat lines.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Mapping

import msgspec

from server.protocol import (
    MAX_UPDATE_BYTES,
    SOCKET_VARIABLE,
    TOKEN_VARIABLE,
    Hello,
    Reply,
    Update,
    Welcome,
    decode_reply,
    frame,
    read_frame,
)


def remote_configured(env: Mapping[str, str] = os.environ) -> bool:
    return bool(env.get(SOCKET_VARIABLE) and env.get(TOKEN_VARIABLE))


class TableClient:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, name: str) -> None:
        self.name = name
        self.updates: dict[str, Update] = {}
        self.received_bytes = 0
        #: Every frame as received, for tests that search what reached this client.
        self.transcript: list[bytes] | None = None
        self.on_message: Callable[[Reply], None] | None = None
        self._reader = reader
        self._writer = writer
        self._replies: asyncio.Queue[Reply] = asyncio.Queue()
        self._pump = asyncio.create_task(self._read_all())

    @classmethod
    async def connect(cls, path: str | None = None, token: str | None = None, timeout: float = 10.0) -> TableClient:
        path = path or os.environ[SOCKET_VARIABLE]
        token = token or os.environ[TOKEN_VARIABLE]
        reader, writer = await asyncio.wait_for(asyncio.open_unix_connection(path), timeout)
        writer.write(frame(Hello(token=token)))
        body = await asyncio.wait_for(read_frame(reader, MAX_UPDATE_BYTES), timeout)
        welcome = decode_reply(body) if body is not None else None
        if not isinstance(welcome, Welcome):
            writer.close()
            raise ConnectionError("The table host did not accept this session.")
        return cls(reader, writer, welcome.name)

    @property
    def connected(self) -> bool:
        return not self._pump.done()

    def send(self, message: msgspec.Struct) -> None:
        self._writer.write(frame(message))

    async def next_reply(self, timeout: float = 10.0) -> Reply:
        return await asyncio.wait_for(self._replies.get(), timeout)

    async def wait_for(self, predicate: Callable[[Reply], bool], timeout: float = 10.0) -> Reply:
        """The first message from now on that matches, skipping the others."""
        async with asyncio.timeout(timeout):
            while True:
                reply = await self._replies.get()
                if predicate(reply):
                    return reply

    async def close(self) -> None:
        self._writer.close()
        self._pump.cancel()
        await asyncio.gather(self._pump, return_exceptions=True)

    async def _read_all(self) -> None:
        while (body := await read_frame(self._reader, MAX_UPDATE_BYTES)) is not None:
            self.received_bytes += len(body) + 4
            if self.transcript is not None:
                self.transcript.append(body)
            reply = decode_reply(body)
            if isinstance(reply, Update):
                self.updates[reply.table] = reply
            self._replies.put_nowait(reply)
            if self.on_message is not None:
                self.on_message(reply)
