"""Games forked from the template (the default) behave as spawned games, the template dies
with the gateway and comes back after its own death, and the plain spawn still works."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from contextlib import asynccontextmanager

import pytest

from tests.ssh.terminal import START_TIMEOUT, STEP_TIMEOUT, Terminal, connect, session, wait_games_ended, wait_gone
from tests.ssh.test_play import LAUNCHER
from tests.ssh.test_sessions import REAP_LIMIT, _game_pids, gateway_process

# The key promises again with the plain spawn: collected in this module, these tests get
# `spawning_gateway` below as their `start_gateway`.
from tests.ssh.test_hostile_bytes import (
    test_an_invalid_utf8_byte_then_a_key_leaves_the_game_playing as test_spawned_invalid_utf8_byte,
)
from tests.ssh.test_identity import test_a_guest_folder_lasts_as_long_as_the_session as test_spawned_guest_folder
from tests.ssh.test_lockdown import (
    test_only_whitelisted_client_variables_reach_the_game as test_spawned_environment_and_limits,
)
from tests.ssh.test_play import (
    test_a_player_sees_the_launcher_plays_bivi_and_the_app_redraws_after_a_resize as test_spawned_play_and_resize,
)
from tests.ssh.test_sessions import (
    test_eight_sessions_are_isolated_and_reaped_after_an_abrupt_close as test_spawned_sessions_isolated_and_reaped,
)

SPAWNED_TESTS = (
    test_spawned_invalid_utf8_byte,
    test_spawned_guest_folder,
    test_spawned_environment_and_limits,
    test_spawned_play_and_resize,
    test_spawned_sessions_isolated_and_reaped,
)


@pytest.fixture
def start_gateway(start_gateway, request):
    """The conftest's gateway; with the template off for the spawned tests above."""
    spawned = request.function in SPAWNED_TESTS

    async def start(**overrides):
        if spawned:
            overrides.setdefault("template", False)
        gateway = await start_gateway(**overrides)
        assert (gateway.template is None) == spawned
        if spawned:
            request.addfinalizer(lambda: _assert_started(gateway, "spawned"))
        return gateway

    return start


def _assert_started(gateway, how: str) -> None:
    log = (gateway.options.data_root / "gateway.log").read_text(encoding="utf-8")
    assert f'"how": "{how}"' in log
    other = "forked" if how == "spawned" else "spawned"
    assert f'"how": "{other}"' not in log


def _log(gateway) -> str:
    return (gateway.options.data_root / "gateway.log").read_text(encoding="utf-8")


@asynccontextmanager
async def colour_session(port: int, term: str, env: dict[str, str]):
    conn = await connect(port)
    try:
        process = await asyncio.wait_for(
            conn.create_process(term_type=term, term_size=(100, 30), encoding=None, env=env), STEP_TIMEOUT
        )
        terminal = Terminal(process, 100, 30)
        try:
            yield terminal
        finally:
            await terminal.close()
    finally:
        conn.abort()


def _colours(terminal: Terminal) -> set[str]:
    return {
        colour
        for row in terminal.screen.buffer.values()
        for char in row.values()
        for colour in (char.fg, char.bg)
        if colour != "default"
    }


def _is_hex(colour: str) -> bool:
    return len(colour) == 6 and all(c in "0123456789abcdef" for c in colour.lower())


async def test_forked_games_read_colours_from_the_players_terminal_and_variables(start_gateway) -> None:
    """Rich decides the colours from TERM, COLORTERM and NO_COLOR when the app starts: the
    forked game must see the player's, not the template's."""
    gateway = await start_gateway(max_per_ip=3)
    async with (
        colour_session(gateway.port, "xterm", {}) as plain,
        colour_session(gateway.port, "xterm-256color", {"COLORTERM": "truecolor"}) as truecolor,
        colour_session(gateway.port, "xterm-256color", {"COLORTERM": "truecolor", "NO_COLOR": "1"}) as monochrome,
    ):
        terminals = (plain, truecolor, monochrome)
        await asyncio.gather(*(terminal.wait_for(LAUNCHER, START_TIMEOUT) for terminal in terminals))
        # Each settle waits for a quiet second: the three at once rather than in turn.
        await asyncio.gather(*(terminal.settle() for terminal in terminals))
        # 16 colours come as names, deeper colours as RGB.
        assert _colours(plain) and not any(_is_hex(colour) for colour in _colours(plain))
        assert any(_is_hex(colour) for colour in _colours(truecolor))
        grey = [colour for colour in _colours(monochrome) if _is_hex(colour)]
        assert grey and all(colour[0:2] == colour[2:4] == colour[4:6] for colour in grey), grey
        assert not all(colour[0:2] == colour[2:4] == colour[4:6] for colour in _colours(truecolor) if _is_hex(colour))
    _assert_started(gateway, "forked")


async def test_a_forked_game_is_the_templates_child_in_its_own_session_with_a_clean_start(start_gateway) -> None:
    gateway = await start_gateway()
    async with session(gateway.port, env={"COLORTERM": "truecolor"}) as (_, terminal):
        await terminal.wait_for(LAUNCHER, START_TIMEOUT)
        [game] = gateway.games
        template_pid = gateway.template.process.pid
        with open(f"/proc/{game.pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        assert int(fields[1]) == template_pid  # the parent
        assert int(fields[2]) == int(fields[3]) == game.pid  # leads its group and session
        with open(f"/proc/{game.pid}/cmdline", "rb") as cmdline:
            assert [part for part in cmdline.read().split(b"\0") if part][1:] == [b"-m", b"tui"]
        # Only the pty (stdin, stdout, stderr) and what the game opened itself: never the
        # template's socket or a descriptor of another game.
        own = {os.readlink(f"/proc/{game.pid}/fd/{fd}") for fd in ("0", "1", "2")}
        assert len(own) == 1 and next(iter(own)).startswith("/dev/pts/")
        template_socket = {
            os.readlink(f"/proc/{template_pid}/fd/{fd}") for fd in os.listdir(f"/proc/{template_pid}/fd")
        }
        others = {os.readlink(f"/proc/{game.pid}/fd/{fd}") for fd in os.listdir(f"/proc/{game.pid}/fd")}
        assert not {name for name in template_socket if name.startswith("socket:")} & others
        terminal.press("\x11")  # ctrl+q: the game quits by itself
        await asyncio.wait_for(terminal.closed.wait(), STEP_TIMEOUT)
    await wait_games_ended(gateway)
    assert '"status": 0' in _log(gateway)  # the template reported the exit status


async def test_a_dead_template_is_started_again_and_its_games_play_on(start_gateway) -> None:
    gateway = await start_gateway(max_per_ip=3)
    template = gateway.template
    async with session(gateway.port) as (first_conn, first):
        await first.wait_for(LAUNCHER, START_TIMEOUT)
        [orphan] = gateway.games
        os.kill(template.process.pid, signal.SIGKILL)
        await first.wait_until(lambda: '"template died"' in _log(gateway), "the gateway noticing")
        async with session(gateway.port) as (_, second):  # spawned or forked: either way it plays
            await second.wait_for(LAUNCHER, START_TIMEOUT)
        await first.wait_until(lambda: template.ready, "the template starting again", START_TIMEOUT)
        assert template.restarts == 1
        await first.settle()
        drawn = first.bytes_received
        first.press("\x1b[B")  # the orphaned game still answers keys: it redraws the list
        await first.wait_until(lambda: first.bytes_received > drawn, "the orphaned game answering a key")
        assert not first.closed.is_set()
        first_conn.abort()
        assert await wait_gone([orphan.pid], REAP_LIMIT) == []
        await first.wait_until(lambda: orphan not in gateway.games, "the gateway seeing the orphan end")
    async with session(gateway.port) as (_, third):
        await third.wait_for(LAUNCHER, START_TIMEOUT)
        [game] = gateway.games
        assert game.pid in _forked_pids(gateway)
    await wait_games_ended(gateway)


def _forked_pids(gateway) -> list[int]:
    import json

    entries = [json.loads(line) for line in _log(gateway).splitlines() if line]
    return [entry["pid"] for entry in entries if entry.get("event") == "game started" and entry.get("how") == "forked"]


def _template_pids(data_root) -> list[int]:
    import json

    text = (data_root / "gateway.log").read_text(encoding="utf-8")
    entries = [json.loads(line) for line in text.splitlines() if line]
    return [entry["pid"] for entry in entries if entry.get("event") == "template started"]


async def test_killing_the_gateway_takes_the_template_and_its_games_along(tmp_path) -> None:
    data_root = tmp_path / "root"
    async with gateway_process(data_root) as (gateway, port):
        async with session(port) as (_, terminal):
            await terminal.wait_for(LAUNCHER, START_TIMEOUT)
            [template] = _template_pids(data_root)
            pids = _game_pids(data_root)
            gateway.send_signal(signal.SIGKILL)
            assert await wait_gone([*pids, template], REAP_LIMIT) == []


async def test_without_the_template_killing_the_gateway_leaves_no_game_behind(tmp_path) -> None:
    data_root = tmp_path / "root"
    async with gateway_process(data_root, "--no-template") as (gateway, port):
        async with session(port) as (_, terminal):
            await terminal.wait_for(LAUNCHER, START_TIMEOUT)
            pids = _game_pids(data_root)
            assert pids and not _template_pids(data_root)
            gateway.send_signal(signal.SIGKILL)
            assert await wait_gone(pids, REAP_LIMIT) == []


def test_a_forked_child_reads_its_environment_as_a_fresh_start_would(tmp_path) -> None:
    """Textual's constants (and the values modules copied from them at import), the temporary
    folder and where crash logs go follow the child's environment, not the template's."""
    program = """
import os, sys, tempfile, textual.screen, textual.constants
from server.template import _as_if_started_afresh
from tui.crash import log_dir
tempfile.gettempdir()  # cached from the template's environment
home, scratch = sys.argv[1], sys.argv[2]
os.environ.clear()
os.environ.update({"TEXTUAL_FPS": "7", "TEXTUAL_ANIMATIONS": "full", "HOME": home, "TMPDIR": scratch})
_as_if_started_afresh(home)
print(textual.constants.MAX_FPS, round(1 / textual.screen.UPDATE_PERIOD), textual.constants.TEXTUAL_ANIMATIONS)
print(tempfile.gettempdir() == scratch, str(log_dir()).startswith(home))
import posix
print(sorted(posix.environ) == sorted(name.encode() for name in os.environ))
"""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    env = {"PATH": os.environ["PATH"], "TEXTUAL_FPS": "30", "TEXTUAL_ANIMATIONS": "none", "PYTHONUTF8": "1"}
    result = subprocess.run(
        [sys.executable, "-c", program, str(tmp_path), str(scratch)],
        capture_output=True,
        text=True,
        env=env,
        timeout=STEP_TIMEOUT,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["7", "7", "full", "True", "True", "True"]
