"""A key is a player: the same key finds its game again, another key never sees it; keyless
clients are guests whose folder goes away with them."""

from __future__ import annotations

import stat

import asyncssh
import pytest

from server.child import PLAYER_NAME_VARIABLE, child_environment
from server.gateway import Gateway, ServeOptions
from server.identity import Identity, PlayerFolders, player_folders, sanitise_name
from tests.ssh.terminal import START_TIMEOUT, connect, session, wait_games_ended, wait_gone
from tests.ssh.test_play import LAUNCHER, open_bivi


async def test_the_same_key_continues_its_game_and_another_key_cannot_see_it(start_gateway, player_keys) -> None:
    mine, theirs = player_keys
    gateway = await start_gateway()
    async with session(gateway.port, key=mine, username="Ana") as (conn, terminal):
        await open_bivi(terminal)
        terminal.press("1")
        await terminal.wait_for("choose a forest side")
        pids = [game.pid for game in gateway.games]
        conn.abort()  # a dropped connection, mid-game
    assert await wait_gone(pids, 10.0) == []

    async with session(gateway.port, key=mine) as (_, terminal):
        await terminal.wait_for(LAUNCHER, START_TIMEOUT)
        await terminal.settle()
        assert "removed when you" not in terminal.text, "a player with a key keeps their games"
        terminal.press("c")
        await terminal.wait_for("choose a forest side")
        await terminal.wait_for("Ana puts their beaver on the left bank")

    async with session(gateway.port, key=theirs) as (_, terminal):
        await terminal.wait_for(LAUNCHER, START_TIMEOUT)
        await terminal.settle()
        terminal.press("c")
        await terminal.wait_for("No unfinished game")

    players = sorted((gateway.options.data_root / "players").iterdir())
    saves = {folder: list((folder / "saves").glob("*.json")) for folder in players}
    assert len(players) == 2
    assert sorted(len(files) > 0 for files in saves.values()) == [False, True]
    fingerprint = mine.get_fingerprint("sha256")
    assert all(fingerprint.split(":")[1] not in folder.name for folder in players)


async def test_a_guest_folder_lasts_as_long_as_the_session(start_gateway) -> None:
    gateway = await start_gateway()
    guests = gateway.options.data_root / "guests"
    async with session(gateway.port) as (_, terminal):
        await terminal.wait_for(LAUNCHER, START_TIMEOUT)
        await terminal.wait_for("removed when you")  # a guest is told, before playing
        assert len(list(guests.iterdir())) == 1
        [game] = gateway.games
        pid = game.pid
    assert await wait_gone([pid], 10.0) == []
    await wait_games_ended(gateway)
    assert list(guests.iterdir()) == []


async def test_allowed_keys_admit_only_those_keys_and_no_guests(start_gateway, player_keys, tmp_path) -> None:
    mine, theirs = player_keys
    allowed = tmp_path / "allowed_keys"
    allowed.write_text("# the club\n" + mine.export_public_key().decode(), encoding="utf-8")
    gateway = await start_gateway(allow_keys=allowed)
    conn = await connect(gateway.port, key=mine)
    conn.abort()
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(gateway.port, key=theirs)
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(gateway.port)
    log = (gateway.options.data_root / "gateway.log").read_text(encoding="utf-8")
    assert f'"fingerprint": "{theirs.get_fingerprint("sha256")}", "request": "key not allowed"' in log


async def test_the_host_key_is_made_once_and_kept_private(tmp_path) -> None:
    fingerprints = []
    for _ in range(2):
        gateway = Gateway(ServeOptions(data_root=tmp_path, port=0))
        await gateway.start()
        await gateway.close()
        fingerprints.append((gateway.host_key_fingerprint, gateway.host_key_created))
    assert fingerprints[0][0] == fingerprints[1][0]
    assert [created for _, created in fingerprints] == [True, False]
    assert stat.S_IMODE((tmp_path / "host_key_ed25519").stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "gateway.log").stat().st_mode) == 0o600
    assert "PRIVATE" not in (tmp_path / "gateway.log").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "sent, shown",
    [
        ("ana", "ana"),
        ("\x1b[31mmallory\x1b[0m", "31mmallory0m"),
        ("[bold]Bo[/bold] b", "boldBobold b"),
        ("../../etc", "....etc"),
        ("", "Guest"),
        ("\x07\x1b", "Guest"),
        ("Zoë " * 10, "Zoë Zoë Zoë Zoë Zoë"),
    ],
)
def test_the_username_is_sanitised_before_it_names_a_player(sent, shown) -> None:
    assert sanitise_name(sent) == shown


def test_identity_folders_are_private_and_named_by_a_hash(tmp_path) -> None:
    folders = player_folders(tmp_path, Identity("SHA256:abc", "ana"))
    again = player_folders(tmp_path, Identity("SHA256:abc", "someone else"))
    other = player_folders(tmp_path, Identity("SHA256:xyz", "ana"))
    assert folders == again and folders.home != other.home
    assert "abc" not in folders.home.name
    assert stat.S_IMODE(folders.home.stat().st_mode) == 0o700
    assert not folders.temporary


def test_the_game_environment_is_built_from_scratch(tmp_path) -> None:
    folders = PlayerFolders(tmp_path, tmp_path / "s", tmp_path / "c", temporary=False)
    client = {
        "LANG": "fr_FR.UTF-8",
        "LC_CTYPE": "fr_FR.ISO-8859-1",
        b"NO_COLOR": b"1",
        "LD_LIBRARY_PATH": "/tmp",
        "PYTHONHOME": "/tmp",
        "HOME": "/root",
        "CAMPFIRE_SAVE_DIR": "/",
    }
    gateway_env = {"PATH": "/usr/bin", "SECRET_TOKEN": "x", "PYTHONDONTWRITEBYTECODE": "1"}
    env = child_environment("xterm", client, folders, "ana", gateway_env)
    assert env["LANG"] == "fr_FR.UTF-8" and "LC_CTYPE" not in env
    assert env["NO_COLOR"] == "1"
    assert env["HOME"] == str(tmp_path) and env["CAMPFIRE_SAVE_DIR"] == str(tmp_path / "s")
    assert env["CAMPFIRE_CONFIG_DIR"] == str(tmp_path / "c")
    assert "SECRET_TOKEN" not in env and "LD_LIBRARY_PATH" not in env and "PYTHONHOME" not in env
    assert env["PATH"] == "/usr/bin" and env["PYTHONDONTWRITEBYTECODE"] == "1"


def test_the_app_reads_the_player_name_where_the_gateway_puts_it() -> None:
    from tui.screens.setup import PLAYER_NAME_ENV

    assert PLAYER_NAME_ENV == PLAYER_NAME_VARIABLE
