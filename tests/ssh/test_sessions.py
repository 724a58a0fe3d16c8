"""Sessions are isolated, reaped when connections drop, and never outlive the gateway."""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
import sys
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

from tests.ssh.terminal import START_TIMEOUT, STEP_TIMEOUT, session, wait_games_ended, wait_gone
from tests.ssh.test_play import LAUNCHER, open_bivi

REAP_LIMIT = 10.0  # seconds from dropped connections to no game process left


async def test_eight_sessions_are_isolated_and_reaped_after_an_abrupt_close(start_gateway) -> None:
    gateway = await start_gateway(max_sessions=8, max_per_ip=8)
    async with AsyncExitStack() as stack:
        sessions = [await stack.enter_async_context(session(gateway.port, size=(100, 30))) for _ in range(8)]
        terminals = [terminal for _, terminal in sessions]
        # All eight at once: each settle waits for a quiet second, eight in turn took 8 s more.
        await asyncio.gather(*(terminal.wait_for(LAUNCHER, START_TIMEOUT) for terminal in terminals))
        await asyncio.gather(*(terminal.settle() for terminal in terminals))
        before = [terminal.text for terminal in terminals]
        pids = [game.pid for game in gateway.games]
        assert len(set(pids)) == 8

        await open_bivi(terminals[0])
        terminals[0].press("1")
        await terminals[0].wait_for("choose a forest side")
        await asyncio.gather(*(terminal.settle() for terminal in terminals))
        assert [terminal.text for terminal in terminals[1:]] == before[1:]

        for conn, _ in sessions:
            conn.abort()
        assert await wait_gone(pids, REAP_LIMIT) == []
    await wait_games_ended(gateway)
    assert not gateway.games
    log = (gateway.options.data_root / "gateway.log").read_text(encoding="utf-8")
    assert log.count('"reason": "client"') == 8


@asynccontextmanager
async def gateway_process(data_root: Path, *flags: str):
    """`campfire serve` (with `flags`) in its own process on an ephemeral port: (process,
    port); killed at the end however the test went."""
    command = [sys.executable, "-m", "tui", "serve", "--port", "0", "--data-root", str(data_root), *flags]
    gateway = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = await asyncio.wait_for(asyncio.to_thread(gateway.stdout.readline), START_TIMEOUT)
        found = re.search(r"port (\d+)", line)
        assert found, f"the gateway did not start: {line!r}"
        announced = await asyncio.wait_for(asyncio.to_thread(gateway.stdout.readline), STEP_TIMEOUT)
        assert re.match(r"Host key fingerprint \(new\): SHA256:\S+$", announced)
        yield gateway, int(found.group(1))
    finally:
        if gateway.poll() is None:
            gateway.kill()
        await asyncio.to_thread(gateway.wait, STEP_TIMEOUT)
        gateway.stdout.close()


def _game_pids(data_root: Path) -> list[int]:
    text = (data_root / "gateway.log").read_text(encoding="utf-8")
    return [int(pid) for pid in re.findall(r'"event": "game started".*?"pid": (\d+)', text)]


async def test_killing_the_gateway_leaves_no_game_behind(tmp_path) -> None:
    data_root = tmp_path / "root"
    async with gateway_process(data_root) as (gateway, port):
        async with session(port) as (_, first), session(port) as (_, second):
            await first.wait_for(LAUNCHER, START_TIMEOUT)
            await second.wait_for(LAUNCHER, START_TIMEOUT)
            pids = _game_pids(data_root)
            assert len(pids) == 2
            gateway.send_signal(signal.SIGKILL)
            assert await wait_gone(pids, REAP_LIMIT) == []


async def test_stopping_the_gateway_ends_its_games(tmp_path) -> None:
    data_root = tmp_path / "root"
    async with gateway_process(data_root) as (gateway, port):
        async with session(port) as (_, terminal):
            await terminal.wait_for(LAUNCHER, START_TIMEOUT)
            pids = _game_pids(data_root)
            gateway.send_signal(signal.SIGTERM)
            assert await wait_gone(pids, REAP_LIMIT) == []
            await asyncio.wait_for(terminal.closed.wait(), STEP_TIMEOUT)
        assert await asyncio.to_thread(gateway.wait, STEP_TIMEOUT) == 0


async def test_a_player_who_types_nothing_is_sent_away_and_the_game_ends(start_gateway) -> None:
    gateway = await start_gateway(idle_timeout=4.0)
    async with session(gateway.port) as (_, terminal):
        await terminal.wait_until(lambda: bool(gateway.games), "the game starting")
        pids = [game.pid for game in gateway.games]
        await terminal.wait_until(lambda: (1000 << 5) in terminal.screen.mode, "the game turning mouse reports on")
        await asyncio.wait_for(terminal.closed.wait(), START_TIMEOUT)
        assert "see you later" in terminal.text
        # The player's terminal is handed back: no mouse reports, main screen, cursor shown.
        private_modes = {mode >> 5 for mode in terminal.screen.mode if mode & 31 == 0}
        assert not private_modes & {1000, 1003, 1006, 1049, 2004}, private_modes
    assert await wait_gone(pids, REAP_LIMIT) == []
    await wait_games_ended(gateway)
    log = (gateway.options.data_root / "gateway.log").read_text(encoding="utf-8")
    assert '"reason": "idle"' in log
