"""Nothing but the game: no commands, no shell, no files, no tunnels, no foreign environment,
and no more sessions than the caps allow."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import asyncssh
import pytest

from server.gateway import CONNECTION_ALLOWANCE
from tests.ssh.terminal import START_TIMEOUT, STEP_TIMEOUT, connect, environment_of, session
from tests.ssh.test_play import LAUNCHER


def log_events(gateway) -> list[str]:
    text = (gateway.options.data_root / "gateway.log").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line]


async def test_an_exec_request_runs_nothing(start_gateway) -> None:
    gateway = await start_gateway()
    conn = await connect(gateway.port)
    try:
        result = await asyncio.wait_for(conn.run("id; echo hacked", encoding=None), STEP_TIMEOUT)
    finally:
        conn.abort()
    assert result.exit_status == 1
    assert b"uid=" not in result.stdout and b"hacked" not in result.stdout + result.stderr
    assert b"interactive terminal" in result.stderr
    assert not gateway.games
    assert any('"refused"' in line and '"exec"' in line for line in log_events(gateway))


async def test_a_shell_without_a_terminal_is_refused(start_gateway) -> None:
    gateway = await start_gateway()
    conn = await connect(gateway.port)
    try:
        process = await asyncio.wait_for(conn.create_process(encoding=None), STEP_TIMEOUT)
        result = await asyncio.wait_for(process.wait(), STEP_TIMEOUT)
    finally:
        conn.abort()
    assert result.exit_status == 1
    assert b"uid=" not in result.stdout
    assert not gateway.games


async def test_sftp_and_other_subsystems_are_refused(start_gateway) -> None:
    gateway = await start_gateway()
    conn = await connect(gateway.port)
    try:
        with pytest.raises(asyncssh.Error):
            await asyncio.wait_for(conn.start_sftp_client(), STEP_TIMEOUT)
        other = await asyncio.wait_for(conn.create_process(subsystem="netconf", encoding=None), STEP_TIMEOUT)
        result = await asyncio.wait_for(other.wait(), STEP_TIMEOUT)
    finally:
        conn.abort()
    assert result.exit_status == 1
    assert not gateway.games


async def test_port_forwarding_is_refused_both_ways(start_gateway) -> None:
    gateway = await start_gateway()
    conn = await connect(gateway.port)
    try:
        with pytest.raises(asyncssh.ChannelOpenError):
            await asyncio.wait_for(conn.open_connection("127.0.0.1", gateway.port), STEP_TIMEOUT)
        with pytest.raises(asyncssh.ChannelListenError):
            await asyncio.wait_for(conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9), STEP_TIMEOUT)
    finally:
        conn.abort()
    refused = [line for line in log_events(gateway) if '"refused"' in line]
    assert any("remote port forwarding" in line for line in refused)
    assert any('"port forwarding"' in line for line in refused)


async def test_only_whitelisted_client_variables_reach_the_game(start_gateway) -> None:
    gateway = await start_gateway()
    sent = {
        "LD_PRELOAD": "/tmp/evil.so",
        "PYTHONSTARTUP": "/tmp/evil.py",
        "PYTHONPATH": "/tmp",
        "COLUMNS": "20",
        "LINES": "5",
        "COLORTERM": "truecolor",
        "LC_ALL": "C",
    }
    async with session(gateway.port, env=sent) as (_, terminal):
        await terminal.wait_for(LAUNCHER, START_TIMEOUT)
        [game] = gateway.games
        env = environment_of(game.pid)
        limits = Path(f"/proc/{game.pid}/limits").read_text(encoding="ascii")
        stat = Path(f"/proc/{game.pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
    for name in ("LD_PRELOAD", "PYTHONSTARTUP", "PYTHONPATH", "COLUMNS", "LINES", "LC_ALL"):
        assert name not in env
    assert env["COLORTERM"] == "truecolor"
    assert env["TERM"] == "xterm-256color"
    assert env["LANG"] == "C.UTF-8"
    assert env["TEXTUAL_FPS"] == "30" and env["TEXTUAL_ANIMATIONS"] == "none"
    # Resource limits, and the pty as controlling terminal of a session the game leads.
    chosen = gateway.options.limits
    assert re.search(rf"Max address space\s+{chosen.address_space}\s+{chosen.address_space}", limits)
    assert re.search(rf"Max cpu time\s+{chosen.cpu_seconds}\s+{chosen.cpu_seconds}", limits)
    session_id, terminal_number = int(stat[3]), int(stat[4])
    assert session_id == game.pid and terminal_number != 0


async def test_over_the_session_cap_a_player_is_told_the_server_is_full(start_gateway) -> None:
    gateway = await start_gateway(max_sessions=1)
    async with session(gateway.port) as (_, first):
        await first.wait_for(LAUNCHER, START_TIMEOUT)
        async with session(gateway.port) as (_, second):
            await second.wait_for("try again later")
            await asyncio.wait_for(second.closed.wait(), STEP_TIMEOUT)
        assert len(gateway.games) == 1


async def test_over_the_per_address_cap_a_player_is_told_the_server_is_full(start_gateway) -> None:
    gateway = await start_gateway(max_sessions=10, max_per_ip=1)
    async with session(gateway.port) as (_, first):
        await first.wait_for(LAUNCHER, START_TIMEOUT)
        async with session(gateway.port) as (_, second):
            await second.wait_for("try again later")
            await asyncio.wait_for(second.closed.wait(), STEP_TIMEOUT)
    assert any('"full"' in line for line in log_events(gateway))


async def test_a_second_session_on_one_connection_is_refused(start_gateway) -> None:
    gateway = await start_gateway()
    async with session(gateway.port) as (conn, first):
        await first.wait_for(LAUNCHER, START_TIMEOUT)
        second = await asyncio.wait_for(
            conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None), STEP_TIMEOUT
        )
        result = await asyncio.wait_for(second.wait(), STEP_TIMEOUT)
        assert result.exit_status == 1 and b"One game per connection" in result.stdout
        assert len(gateway.games) == 1


async def test_one_address_cannot_hold_more_than_its_share_of_connections(start_gateway) -> None:
    gateway = await start_gateway(max_per_ip=1)
    held = []
    try:
        for _ in range(1 + CONNECTION_ALLOWANCE):
            held.append(await connect(gateway.port))
        with pytest.raises((asyncssh.Error, OSError)):
            held.append(await connect(gateway.port))
    finally:
        for conn in held:
            conn.abort()
