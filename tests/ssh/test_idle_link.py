"""The idle timeout counts keys and changes on screen: a player who waits at a table that
moves on is not idle; one whose screen and keyboard are both still is."""

from __future__ import annotations

import asyncio
import os

from server.link import Link


class _Channel:
    """What Link uses of an SSH process: stdout it writes to, stdin that never sends."""

    class _Out:
        def __init__(self) -> None:
            self.received = b""

        def write(self, data: bytes) -> None:
            self.received += data

        async def drain(self) -> None:
            pass

    class _In:
        async def read(self, size: int) -> bytes:
            await asyncio.Event().wait()  # the player types nothing
            return b""

    def __init__(self) -> None:
        self.stdout = self._Out()
        self.stdin = self._In()


class _Game:
    def __init__(self, fd: int) -> None:
        self.master_fd = fd


async def test_a_screen_that_changes_keeps_a_silent_player_and_a_still_one_times_out() -> None:
    read_end, write_end = os.pipe()
    os.set_blocking(read_end, False)
    channel = _Channel()
    link = Link(channel, _Game(read_end), idle_timeout=1.0)  # type: ignore[arg-type]
    running = asyncio.ensure_future(link.run())
    try:
        for _ in range(6):  # 3 s of a table moving on, longer than the timeout
            os.write(write_end, b"x")
            await asyncio.sleep(0.5)
            assert not running.done(), "a player watching the table move on was sent away"
        assert await asyncio.wait_for(running, 10.0) == "idle"
        assert channel.stdout.received == b"x" * 6
    finally:
        running.cancel()
        os.close(read_end)
        os.close(write_end)


def test_the_waiting_note_changes_once_a_minute_not_every_second() -> None:
    """Each change of the note is a repaint sent to every waiting player's terminal."""
    from tui.remote.match import _minutes

    shown = {_minutes(seconds) for seconds in range(0, 60)}
    assert shown == {"under a minute"}
    assert len({_minutes(seconds) for seconds in range(60, 180)}) == 2
