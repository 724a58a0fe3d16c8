"""A finished remote table can be reviewed: its game process reads the whole journal from
the host's store beside the socket (as `server.export` does), only once the game is over."""

from __future__ import annotations

import random

from saves.replay import ReplayMatch
from server.host import HostLimits
from server.protocol import SOCKET_VARIABLE, SeatRequest
from tests.remote.helpers import create, play_one, settled
from tui.remote.review import finished_table_match


async def test_a_finished_table_is_read_whole_and_a_running_one_is_not(start_host, connect, monkeypatch):
    host = await start_host(limits=HostLimits(requests_per_second=10_000, request_burst=10_000))
    ana = await connect(host, "SHA256:ana", "Ana")
    made = await create(ana, "bivi", [SeatRequest("me"), SeatRequest("bot", "random")])
    monkeypatch.delenv(SOCKET_VARIABLE, raising=False)
    assert finished_table_match(made.table) is None  # no host at hand
    monkeypatch.setenv(SOCKET_VARIABLE, str(host.socket_path))
    rng = random.Random(4)
    await settled(host, made.table, [ana])
    assert finished_table_match(made.table) is None  # still being played
    while not host.tables[made.table].match.is_over():
        await play_one(ana, made.table, rng)
        await settled(host, made.table, [ana])
    whole = finished_table_match(made.table)
    assert whole is not None and whole.digest() == host.tables[made.table].match.digest()
    replay = ReplayMatch(whole, seat=0)
    assert replay.finished and replay.score_history().final is not None
