"""gateway.log for an operator: requests asyncssh refuses by itself are logged with the peer
and the key, a metrics line comes every interval, the log rotates by size, and a table that
cannot be replayed at start is named in it."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import asyncssh
import pytest

from server.events import EventLog
from server.store import STORE_NAME
from tests.remote.helpers import until
from tests.ssh.terminal import STEP_TIMEOUT


def events(gateway, name: str) -> list[dict]:
    text = (gateway.options.data_root / "gateway.log").read_text(encoding="utf-8")
    return [record for line in text.splitlines() if (record := json.loads(line))["event"] == name]


async def test_agent_x11_and_sftp_requests_are_refused_and_logged_with_the_key(start_gateway, player_keys, tmp_path):
    gateway = await start_gateway()
    key = player_keys[0]
    (tmp_path / "xauth").write_bytes(b"")
    conn = await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1",
            gateway.port,
            username="tester",
            known_hosts=None,
            client_keys=[key],
            config=[],
            agent_forwarding=True,
            agent_path=str(tmp_path / "no-agent"),
        ),
        STEP_TIMEOUT,
    )
    try:
        process = await asyncio.wait_for(
            conn.create_process(
                term_type="xterm",
                encoding=None,
                x11_forwarding="ignore_failure",
                x11_display="127.0.0.1:55",
                x11_auth_path=str(tmp_path / "xauth"),
            ),
            STEP_TIMEOUT,
        )
        with pytest.raises(asyncssh.Error):
            await asyncio.wait_for(conn.start_sftp_client(), STEP_TIMEOUT)
        assert process.get_extra_info("x11_display") is None

        def logged() -> set[str]:
            return {r["request"] for r in events(gateway, "refused")}

        await until(lambda: {"agent forwarding", "X11 forwarding", "sftp"} <= logged(), "the three refusals logged")
    finally:
        conn.abort()
    fingerprint = key.get_fingerprint("sha256")
    for record in events(gateway, "refused"):
        assert record["peer"] == "127.0.0.1" and record["fingerprint"] == fingerprint


async def test_a_metrics_line_comes_every_interval(start_gateway):
    gateway = await start_gateway(metrics_interval=0.1)
    await until(lambda: len(events(gateway, "metrics")) >= 2, "two metrics lines")
    line = events(gateway, "metrics")[-1]
    assert line["sessions"] == 0 and line["tables_live"] == 0 and line["actions_per_minute"] == 0
    assert {"connections", "tables_finished"} <= set(line)


def test_the_log_rotates_by_size_and_keeps_a_few(tmp_path):
    path = tmp_path / "gateway.log"
    log = EventLog(path, max_bytes=1000, keep=2)
    for number in range(200):
        log.write("connect", peer="127.0.0.1", number=number)
    log.close()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["gateway.log", "gateway.log.1", "gateway.log.2"]
    for name in names:
        assert 0 < (tmp_path / name).stat().st_size <= 1000
        assert (tmp_path / name).stat().st_mode & 0o777 == 0o600
    newest = [json.loads(line)["number"] for line in path.read_text().splitlines()]
    older = [json.loads(line)["number"] for line in (tmp_path / "gateway.log.1").read_text().splitlines()]
    assert newest[-1] == 199 and older[-1] == newest[0] - 1  # nothing lost between files
    again = EventLog(path, max_bytes=1000, keep=2)  # a restart appends and still counts the size
    again.write("stopped")
    again.close()
    assert path.stat().st_size <= 1000


async def test_a_table_that_cannot_be_replayed_is_logged_at_start(start_gateway, tmp_path):
    first = await start_gateway(data_root=tmp_path / "kept")
    host = first.tables
    from server.protocol import SeatRequest
    from tests.remote.helpers import create
    from server.client import TableClient

    client = await TableClient.connect(str(host.socket_path), host.issue_token("SHA256:ana", "Ana"), timeout=5)
    made = await create(client, "bivi", [SeatRequest("me"), SeatRequest("open")])
    await client.close()
    await first.close()
    db = sqlite3.connect(tmp_path / "kept" / STORE_NAME)
    db.execute("INSERT INTO journal VALUES (?, 0, 0, 'not an action', 0)", (made.table,))
    db.execute("UPDATE tables SET version = 1 WHERE id = ?", (made.table,))
    db.commit()
    db.close()
    second = await start_gateway(data_root=tmp_path / "kept")
    [record] = events(second, "table not restored")
    assert record["table"] == made.table and record["reason"]


async def test_the_metrics_count_live_tables_and_actions(start_gateway):
    from server.client import TableClient
    from server.protocol import SeatRequest
    from tests.remote.helpers import create

    gateway = await start_gateway(metrics_interval=0.5)
    host = gateway.tables
    client = await TableClient.connect(str(host.socket_path), host.issue_token("SHA256:ana", "Ana"), timeout=5)
    try:
        await create(client, "bivi", [SeatRequest("bot", "random"), SeatRequest("bot", "random")])
        await until(
            lambda: any(r["actions_per_minute"] > 0 and r["tables_live"] == 1 for r in events(gateway, "metrics")),
            "a metrics line counting the bots' actions",
        )
    finally:
        await client.close()
