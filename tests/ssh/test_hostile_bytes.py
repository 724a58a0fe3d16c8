"""A client may send any bytes: none of them stops the game or leaks a traceback."""

from __future__ import annotations

import asyncio
import random

from tests.ssh.terminal import DOWN, ENTER, START_TIMEOUT, STEP_TIMEOUT, connect, session, wait_games_ended

LAUNCHER = "Ready to play"


async def still_plays(terminal) -> None:
    """The launcher still answers keys: Bivì is highlighted by the down key and opened."""
    for _ in range(6):
        if "Beavers stack timber" in terminal.text:
            break
        terminal.press(DOWN)
        await terminal.settle(quiet=0.5)
    terminal.press(ENTER)
    await terminal.wait_for("New game of Bivì")


async def test_an_invalid_utf8_byte_then_a_key_leaves_the_game_playing(start_gateway) -> None:
    gateway = await start_gateway()
    async with session(gateway.port) as (_, terminal):
        await terminal.wait_for(LAUNCHER, START_TIMEOUT)
        await terminal.settle()
        terminal.press(b"\xff", "\xe9".encode("latin-1"), b"x")
        await terminal.settle()
        assert "Traceback" not in terminal.text
        await still_plays(terminal)


async def test_a_64kb_random_paste_never_holds_a_session_without_a_game(start_gateway) -> None:
    """Random bytes may contain ctrl+q or Esc, so the game may end; it must then let go of
    the session, and while it runs it must still answer keys."""
    gateway = await start_gateway()
    noise = random.Random(26).randbytes(64 * 1024)
    async with session(gateway.port) as (_, terminal):
        await terminal.wait_for(LAUNCHER, START_TIMEOUT)
        await terminal.settle()
        terminal.press(noise)
        await terminal.settle(quiet=2.0)
        assert "Traceback" not in terminal.text
        if terminal.closed.is_set():  # the noise held a quit key: the session is let go
            await wait_games_ended(gateway)
            assert gateway.sessions == 0
        else:
            await still_plays(terminal)
    log = (gateway.options.data_root / "gateway.log").read_text(encoding="utf-8")
    assert '"status": 0' in log, "the game ended by a crash, not by a key"


async def test_a_connection_that_opens_no_game_is_closed(start_gateway, player_keys) -> None:
    """`ssh -N`: logged in, no session ever opened. It would hold a connection for life."""
    gateway = await start_gateway(session_wait=1.0)
    conn = await connect(gateway.port, player_keys[0])
    try:
        await asyncio.wait_for(conn.wait_closed(), STEP_TIMEOUT)
    finally:
        conn.abort()
    log = (gateway.options.data_root / "gateway.log").read_text(encoding="utf-8")
    assert '"reason": "no game opened"' in log
