"""The note beside the status line at a remote table: who else must act, and who is away.
A player who is away is not thinking: the note said both of the same player."""

from __future__ import annotations

from engines.registry import load_engine
from server.protocol import Join, SeatRequest
from tests.remote.helpers import create, until
from tui.remote.match import RemoteMatch


async def test_a_player_away_on_their_turn_is_said_away_not_thinking(start_host, connect):
    host = await start_host()
    bo = await connect(host, "SHA256:bo", "Bo")
    made = await create(bo, "bivi", [SeatRequest("open"), SeatRequest("me")])
    ana = await connect(host, "SHA256:ana", "Ana")
    ana.send(Join(table=made.table))
    await until(lambda: made.table in ana.updates, "Ana seated")
    table = host.tables[made.table]
    assert table.match.actors() == (0,)  # Ana's turn
    await ana.close()
    await until(
        lambda: bo.updates[made.table].seats[0].away is not None,
        "Bo's screen told Ana is away",
    )
    note = RemoteMatch(load_engine("bivi"), bo, bo.updates[made.table]).waiting_note()
    assert "Ana away" in note, note
    assert "thinking" not in note, note
