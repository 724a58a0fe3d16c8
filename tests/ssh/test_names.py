"""Names on a server: tied to the key that first used them, folded so look-alikes are one
name, never invisible, and shown at tables with the key's mark."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from server.identity import Identity, key_mark, name_key, sanitise_name, table_name
from tests.ssh.terminal import STEP_TIMEOUT, connect


@pytest.mark.parametrize(
    "typed, shown",
    [
        ("ａｌｉｃｅ", "alice"),  # full-width letters are the plain ones (NFKC)
        ("ali\u3164ce", "alice"),  # a Hangul filler draws nothing: dropped
        ("\u3164\u3164", "Guest"),  # a name of nothing but invisible letters is no name
        ("al\u200bice", "alice"),  # a zero-width space
        ("\u202ealice", "alice"),  # a direction override
    ],
)
def test_a_name_is_normalised_and_nothing_invisible_survives(typed, shown) -> None:
    assert sanitise_name(typed) == shown


@pytest.mark.parametrize("other", ["ALICE", "Al1ce", "\u0430lice", "a.l.i.c.e", "ａｌｉｃｅ", "ali ce"])
def test_look_alike_names_are_one_name(other) -> None:
    assert name_key(sanitise_name(other)) == name_key("alice")


def test_at_tables_a_name_carries_its_keys_mark() -> None:
    assert table_name(Identity("SHA256:abc", "alice")) == f"alice ({key_mark('SHA256:abc')})"
    assert table_name(Identity(None, "alice")) == "alice (guest)"
    assert key_mark("SHA256:abc") != key_mark("SHA256:abd")


async def _name_of(gateway, key: asyncssh.SSHKey | None, username: str) -> str:
    """The name the gateway gives a connection that logs in as `username` with `key`."""
    before = set(gateway.connections)
    conn = await connect(gateway.port, key, username)
    try:
        async with asyncio.timeout(STEP_TIMEOUT):
            while not (new := set(gateway.connections) - before):
                await asyncio.sleep(0.01)
        [server_side] = new
        return server_side.get_owner().identity.name
    finally:
        conn.close()
        await conn.wait_closed()


async def test_a_name_belongs_to_the_first_key_that_used_it(start_gateway, player_keys) -> None:
    ana_key, other_key = player_keys
    gateway = await start_gateway()
    assert await _name_of(gateway, ana_key, "alice") == "alice"
    assert await _name_of(gateway, other_key, "alice") == "alice 2"  # another key simply using it
    assert await _name_of(gateway, other_key, "\u0430lice") == "\u0430lice 2"  # a Cyrillic а
    assert await _name_of(gateway, None, "Alice") == "Alice 3"  # a guest, in capitals
    assert await _name_of(gateway, ana_key, "alice") == "alice"  # still hers
    assert await _name_of(gateway, ana_key, "annie") == "annie"  # a key holds one name...
    assert await _name_of(gateway, other_key, "alice") == "alice"  # ...so the old one is free
