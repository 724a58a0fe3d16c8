"""`campfire admin` against a running gateway: who is on, tables, bans, closing, backup,
prune, and one sentence for each mistake. The admin's calls block (a plain socket), so they
run in a thread while the gateway answers on the test's loop."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time

import asyncssh
import pytest

from server.admin import Admin, AdminError
from server.bans import BANS_NAME
from server.identity import folder_name, key_mark
from server.protocol import ChatLine, SeatRequest, Watch
from tests.remote.helpers import WAIT, create, until
from tests.ssh.terminal import STEP_TIMEOUT, connect as ssh_connect, session
from tui.cli import main


async def test_who_lists_each_session_with_its_mark_name_since_and_tables(start_gateway, player_keys, connect):
    gateway = await start_gateway()
    admin = Admin(gateway.options.data_root)
    assert await asyncio.to_thread(admin.who) == "Nobody is playing now."
    key = player_keys[0]
    fingerprint = key.get_fingerprint("sha256")
    async with session(gateway.port, key, username="ana"):
        await until(lambda: gateway.sessions == 1, "the session counted")
        ana = await connect(gateway.tables, fingerprint, f"ana ({key_mark(fingerprint)})")
        made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")])
        text = await asyncio.to_thread(admin.who)
    header, row = text.splitlines()
    assert header.split() == ["MARK", "NAME", "SINCE", "FROM", "AT", "TABLES"]
    assert row.split()[:2] == [key_mark(fingerprint), "ana"]
    assert row.split()[2].startswith(time.strftime("%Y-%m-%dT", time.gmtime()))
    assert row.endswith(f"Bivì {made.table}")


async def test_a_banned_key_is_sent_away_refused_at_login_and_logged_until_unbanned(start_gateway, player_keys):
    gateway = await start_gateway()
    root = gateway.options.data_root
    key = player_keys[0]
    fingerprint = key.get_fingerprint("sha256")
    conn = await ssh_connect(gateway.port, key, username="mallory")
    admin = Admin(root)
    said = await asyncio.to_thread(admin.ban, key_mark(fingerprint))  # by the mark players see
    assert said == f"Banned {fingerprint} (mallory); 1 connection sent away."
    await asyncio.wait_for(conn.wait_closed(), WAIT)
    assert fingerprint in (root / BANS_NAME).read_text(encoding="utf-8")

    with pytest.raises(asyncssh.PermissionDenied):
        await ssh_connect(gateway.port, key)
    with pytest.raises(asyncssh.PermissionDenied):  # nor as a guest on the same connection
        await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1",
                gateway.port,
                username="mallory",
                known_hosts=None,
                client_keys=[key],
                password="unused",
                agent_path=None,
                config=[],
            ),
            STEP_TIMEOUT,
        )
    log = (root / "gateway.log").read_text(encoding="utf-8")
    assert f'"fingerprint": "{fingerprint}", "request": "banned key"' in log
    assert '"event": "key banned"' in log

    assert await asyncio.to_thread(admin.ban, fingerprint) == f"{fingerprint} is already banned."
    assert await asyncio.to_thread(admin.unban, fingerprint) == f"Unbanned {fingerprint} (mallory)."
    (await ssh_connect(gateway.port, key)).abort()  # read again without a restart
    with pytest.raises(AdminError, match="is not banned"):
        await asyncio.to_thread(admin.unban, fingerprint)


async def test_the_operator_closes_a_live_table_and_tables_lists_it_as_finished(start_gateway, connect):
    gateway = await start_gateway()
    admin = Admin(gateway.options.data_root)
    ana = await connect(gateway.tables, "SHA256:ana", "Ana")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")])
    other = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("bot", "random")])
    ana.send(Watch(table=made.table))
    listing = await asyncio.to_thread(admin.tables)
    assert listing.startswith("Live tables (2):") and "Finished tables (0):" in listing

    said = await asyncio.to_thread(admin.close, made.table)
    assert said == f"Closed table {made.table}; its players were told."
    told = await ana.wait_for(lambda r: isinstance(r, ChatLine) and r.table == made.table)
    assert told.text == "This table was closed by the server's operator."
    listing = await asyncio.to_thread(admin.tables)
    live, finished = listing.split("Finished tables")
    assert other.table in live and made.table in finished and "closed by the server's operator" in finished
    with pytest.raises(AdminError, match=f"^Table {made.table} is already finished.$"):
        await asyncio.to_thread(admin.close, made.table)
    with pytest.raises(AdminError, match="^There is no table zzzzzz.$"):
        await asyncio.to_thread(admin.close, "zzzzzz")


async def test_a_backup_while_the_server_runs_is_a_whole_store(start_gateway, connect, tmp_path):
    gateway = await start_gateway()
    admin = Admin(gateway.options.data_root)
    ana = await connect(gateway.tables, "SHA256:ana", "Ana")
    made = [await create(ana, "bivi", [SeatRequest("me"), SeatRequest("bot", "random")]) for _ in range(3)]
    target = tmp_path / "backup.sqlite3"
    said = await asyncio.to_thread(admin.backup, target)
    assert said == f"Backed up 3 tables to {target}."
    assert target.stat().st_mode & 0o777 == 0o600
    copy = sqlite3.connect(target)
    try:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert {row[0] for row in copy.execute("SELECT id FROM tables")} == {m.table for m in made}
        assert copy.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    finally:
        copy.close()
    with pytest.raises(AdminError, match="already exists"):
        await asyncio.to_thread(admin.backup, target)


def _aged(folder, days: float) -> None:
    then = time.time() - days * 86400
    for base, dirs, files in os.walk(folder):
        for name in dirs + files:
            os.utime(os.path.join(base, name), (then, then))
    os.utime(folder, (then, then))


async def test_prune_lists_then_removes_leftover_guests_and_unused_players(tmp_path, start_gateway, player_keys):
    gateway = await start_gateway(data_root=tmp_path / "root")
    root = gateway.options.data_root
    key = player_keys[0]
    recent = root / "players" / folder_name(key.get_fingerprint("sha256"))
    old = root / "players" / "0123456789abcdef0123456789abcdef"
    (old / "saves").mkdir(parents=True)
    (old / "saves" / "a.json").write_text("{}")
    _aged(old, 400)
    recent.mkdir(parents=True)
    _aged(recent, 400)
    (await ssh_connect(gateway.port, key)).abort()  # a login marks the key's folder as used
    left = root / "guests" / "guest-left"
    left.mkdir(parents=True)
    admin = Admin(root)

    listed = await asyncio.to_thread(admin.prune, 180, True)
    assert listed == f"Would remove 1 folder:\n  players/{old.name}  (player folder unused for 400 days)"
    assert old.is_dir()  # a dry run removes nothing; a running server's guests are its sessions
    await gateway.close()
    (root / "guests" / "guest-left").mkdir(parents=True, exist_ok=True)

    removed = admin.prune(180, False)
    assert removed.startswith("Removed 2 folders:") and "guests/guest-left" in removed
    assert not old.exists() and not left.exists() and recent.is_dir()
    assert admin.prune(180, False) == "Nothing to prune."


async def test_mistakes_are_one_sentence(tmp_path, start_gateway):
    with pytest.raises(AdminError, match="is not the data root of a campfire serve"):
        Admin(tmp_path / "nothing")
    gateway = await start_gateway()
    admin = Admin(gateway.options.data_root)
    with pytest.raises(AdminError, match=r"^'SHA256:short' is neither a key fingerprint"):
        await asyncio.to_thread(admin.ban, "SHA256:short")
    with pytest.raises(AdminError, match="^No key with the mark abcd has played on this server.$"):
        await asyncio.to_thread(admin.ban, "abcd")
    await gateway.close()
    with pytest.raises(AdminError, match=f"^No campfire serve is running on {gateway.options.data_root}.$"):
        admin.who()


async def test_the_command_line_runs_admin_commands(tmp_path, start_gateway, connect, capsys):
    gateway = await start_gateway()
    root = str(gateway.options.data_root)
    ana = await connect(gateway.tables, "SHA256:ana", "Ana")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")])
    code = await asyncio.to_thread(main, ["admin", "--data-root", root, "tables"])
    assert code == 0 and made.table in capsys.readouterr().out
    code = await asyncio.to_thread(main, ["admin", "--data-root", root, "close", "nosuch"])
    assert code == 1 and "There is no table nosuch." in capsys.readouterr().err
    await gateway.close()
    code = main(["admin", "--data-root", root, "close", made.table])
    assert code == 0 and "no server is running" in capsys.readouterr().out
    code = main(["admin", "--data-root", root, "export", made.table, str(tmp_path / "t.json")])
    assert code == 0 and (tmp_path / "t.json").is_file()
    code = main(["admin", "--data-root", root, "tables"])
    out = capsys.readouterr().out
    assert code == 0 and "Live tables (0):" in out and made.table in out.split("Finished")[1]


async def test_the_control_socket_is_private_and_survives_nonsense(start_gateway):
    gateway = await start_gateway()
    path = gateway.options.data_root / "admin.sock"
    assert path.stat().st_mode & 0o777 == 0o600
    for garbage in (b"not json\n", b"[1, 2]\n", b'{"op": "rm -rf"}\n', b"\xff" * 10000 + b"\n"):
        reader, writer = await asyncio.open_unix_connection(str(path))
        writer.write(garbage)
        answer = await asyncio.wait_for(reader.readline(), WAIT)
        writer.close()
        assert b'"error"' in answer
    assert await asyncio.to_thread(Admin(gateway.options.data_root).who) == "Nobody is playing now."


async def test_a_data_root_too_deep_for_a_socket_name_still_answers(tmp_path, start_gateway):
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    gateway = await start_gateway(data_root=deep)
    assert (deep / "admin.sock.where").is_file()
    assert await asyncio.to_thread(Admin(deep).who) == "Nobody is playing now."
    await gateway.close()
    assert not (deep / "admin.sock.where").exists()
    with pytest.raises(AdminError, match="No campfire serve is running"):
        Admin(deep).who()


def test_a_socket_left_by_a_killed_server_means_no_server(tmp_path):
    import socket

    root = tmp_path / "root"
    root.mkdir()
    (root / "serve.lock").write_text("12345\n")
    left = socket.socket(socket.AF_UNIX)
    left.bind(str(root / "admin.sock"))  # bound, never listening: what kill -9 leaves
    left.close()
    with pytest.raises(AdminError, match=f"^No campfire serve is running on {root}.$"):
        Admin(root).who()


async def test_tables_names_a_table_that_cannot_be_replayed(start_host, connect):
    host = await start_host()
    ana = await connect(host, "SHA256:ana", "Ana")
    broken = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("open")])
    await ana.close()
    await host.close()
    db = sqlite3.connect(host.data_root / "tables.sqlite3")
    db.execute("INSERT INTO journal VALUES (?, 0, 0, 'not an action', 0)", (broken.table,))
    db.execute("UPDATE tables SET version = 1 WHERE id = ?", (broken.table,))
    db.commit()
    db.close()
    listing = Admin(host.data_root).tables()
    assert "Live tables (0):" in listing and "Finished tables (0):" in listing
    [line] = listing.split("Tables that cannot be replayed (1):\n")[1].splitlines()
    assert line.startswith(f"  {broken.table}  bivi") and "cannot be replayed:" in line
