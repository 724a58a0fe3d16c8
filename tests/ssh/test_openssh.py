"""A real OpenSSH client in a real terminal (tmux) at 80x24 reaches the launcher and quits."""

from __future__ import annotations

import asyncio
import os
import shlex
import shutil
import subprocess

import pytest

from tests.ssh.terminal import START_TIMEOUT, STEP_TIMEOUT
from tests.ssh.test_play import LAUNCHER

SSH = shutil.which("ssh")
TMUX = shutil.which("tmux")


def _tmux(*args: str) -> str:
    return subprocess.run([TMUX, *args], capture_output=True, text=True, timeout=STEP_TIMEOUT).stdout


async def _wait_for_pane(name: str, text: str, timeout: float) -> str:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        screen = await asyncio.to_thread(_tmux, "capture-pane", "-p", "-t", name)
        if text in screen:
            return screen
        if loop.time() >= deadline:
            raise AssertionError(f"{text!r} never appeared in tmux; it shows:\n{screen}")
        await asyncio.sleep(0.3)


@pytest.mark.skipif(SSH is None or TMUX is None, reason="needs the OpenSSH client and tmux")
async def test_openssh_in_tmux_reaches_the_launcher_and_quits_cleanly(start_gateway, player_keys, tmp_path) -> None:
    gateway = await start_gateway()
    key_file = tmp_path / "id_ed25519"
    key_file.write_bytes(player_keys[0].export_private_key())
    key_file.chmod(0o600)
    ssh = [
        SSH,
        "-F",
        "/dev/null",
        "-p",
        str(gateway.port),
        "-i",
        str(key_file),
        "-o",
        "IdentitiesOnly=yes",
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "LogLevel=ERROR",
        "-o",
        "BatchMode=yes",
        "-o",
        "SendEnv=COLORTERM",
        "player@127.0.0.1",
    ]
    command = f"{shlex.join(ssh)}; echo ssh-exit-status=$?; sleep 120"
    name = f"campfire-ssh-test-{os.getpid()}"
    _tmux("new-session", "-d", "-s", name, "-x", "80", "-y", "24", command)
    try:
        screen = await _wait_for_pane(name, LAUNCHER, START_TIMEOUT)
        assert "Quit" in screen.splitlines()[-1]
        assert len(gateway.games) == 1
        await asyncio.to_thread(_tmux, "send-keys", "-t", name, "q")
        await _wait_for_pane(name, "ssh-exit-status=0", STEP_TIMEOUT)
        assert not gateway.games
    finally:
        _tmux("kill-session", "-t", name)
