"""Over SSH: a player whose connection drops and who comes back with the same key reads the
table's earlier chat, as the friend who stayed still does (the new game process started
with an empty chat)."""

from __future__ import annotations

import asyncio

from server.client import TableClient
from server.protocol import Chat, ChatLine, CreateTable, Done, Refused, SeatRequest
from tests.ssh.terminal import ENTER, START_TIMEOUT, STEP_TIMEOUT, session


async def _at_the_table(terminal) -> None:
    """From the launcher into the lobby, then Enter on its one table (a seat, or one's own)."""
    await terminal.wait_for("Ready to play", START_TIMEOUT)
    await terminal.settle(quiet=0.5)
    terminal.press("t")
    await terminal.wait_for("Bo, ")  # the table, listed
    await terminal.settle(quiet=0.5)
    terminal.press(ENTER)


async def test_a_player_back_with_the_same_key_reads_what_was_said(start_gateway, player_keys):
    gateway = await start_gateway()
    host = gateway.tables
    bo = await TableClient.connect(str(host.socket_path), host.issue_token("SHA256:bo", "Bo"), timeout=STEP_TIMEOUT)
    try:
        bo.send(CreateTable(game="bivi", seats=[SeatRequest("me"), SeatRequest("open")]))
        made = await bo.wait_for(lambda r: isinstance(r, (Done, Refused)), STEP_TIMEOUT)
        assert isinstance(made, Done), made
        table = host.tables[made.table]

        async def say(text: str) -> None:
            bo.send(Chat(table=made.table, text=text))
            await bo.wait_for(lambda r: isinstance(r, ChatLine) and r.text == text, STEP_TIMEOUT)

        async with session(gateway.port, player_keys[0], username="ana") as (_, ana):
            await _at_the_table(ana)
            await ana.wait_until(lambda: table.stored.seats[1].kind == "human", "Ana seated")
            await say("hello ana")
            await ana.wait_for("Bo: hello ana")
        async with asyncio.timeout(STEP_TIMEOUT):  # dropped: the host sees her seat empty
            while table.away_for(1) == 0:
                await asyncio.sleep(0.05)
        await say("still there?")

        async with session(gateway.port, player_keys[0], username="ana") as (_, back):
            await _at_the_table(back)
            await back.wait_for("Bo: still there?")
            assert "Bo: hello ana" in back.text
            assert back.text.index("Bo: hello ana") < back.text.index("Bo: still there?")
    finally:
        await bo.close()
