"""Two players on two SSH connections (asyncssh + pyte, different keys) create and join a
Bivì table in the lobby and play it to the end against a bot, each by keys on their own
screen; both end screens agree, and the table exports to a save that replays the same."""

from __future__ import annotations

import asyncio

from engines.registry import GAMES
from saves.store import load_save
from tests.ssh.terminal import DOWN, ENTER, START_TIMEOUT, session

LAUNCHER = "Ready to play"
LOBBY_EMPTY = "No table yet"


async def _lobby(terminal) -> None:
    await terminal.wait_for(LAUNCHER, START_TIMEOUT)
    await terminal.settle(quiet=0.5)
    terminal.press("t")
    await terminal.wait_for("Join by code")
    await terminal.settle(quiet=0.5)


async def test_two_ssh_players_and_a_bot_play_a_whole_bivi_table(start_gateway, player_keys, tmp_path):
    gateway = await start_gateway()
    gateway.tables.bot_delay = 0.0
    async with session(gateway.port, player_keys[0], username="ana") as (_, ana), \
            session(gateway.port, player_keys[1], username="bo") as (_, bo):
        await _lobby(ana)
        ana.press("n")
        await ana.wait_for("A new table")
        await ana.settle(quiet=0.5)
        # Open the game list (the playable games in the registry's order) and choose Bivì.
        ready = [g.id for g in GAMES if g.ready]
        for key in (ENTER, *[DOWN] * ready.index("bivi"), ENTER):
            ana.press(key)
            await ana.settle(quiet=0.3)
        assert "Camp Grizzly" not in ana.text
        ana.press("\t")
        await ana.settle(quiet=0.3)
        ana.press("me,open,heuristic", ENTER)
        async with asyncio.timeout(60):
            while not gateway.tables.tables:
                await asyncio.sleep(0.1)
        [table] = gateway.tables.tables.values()
        assert table.match.game_id == "bivi"
        assert [s.kind for s in table.stored.seats] == ["human", "open", "bot"]

        await _lobby(bo)
        await bo.wait_for("(free)")
        bo.press(ENTER)
        async with asyncio.timeout(60):
            while table.stored.seats[1].kind != "human":
                await asyncio.sleep(0.1)
        terminals = {0: ana, 1: bo}

        async with asyncio.timeout(600):
            while not table.match.is_over():
                actors = [a for a in table.match.actors() if a in terminals]
                if not actors:
                    await asyncio.sleep(0.05)  # a bot or the game acts on the server
                    continue
                terminal = terminals[actors[0]]
                version = table.version
                await terminal.wait_until(lambda: "1. " in terminal.text, "an action list")
                terminal.press("1")
                try:
                    async with asyncio.timeout(10):
                        while table.version == version:
                            await asyncio.sleep(0.02)
                except TimeoutError:
                    pass  # pressed on a screen not yet redrawn: the server said stale; again

        outcome = table.match.engine.outcome(table.match.state)
        for terminal in (ana, bo):
            await terminal.wait_for("Game over")
        headlines = [_line_with(t.text, "Game over") for t in (ana, bo)]
        assert headlines[0] == headlines[1]

    exported = gateway.tables.store.export(table.id, tmp_path / "table.json")
    replayed = load_save(exported).match
    assert replayed.engine.outcome(replayed.state) == outcome
    assert [s.name for s in replayed.seats] == ["ana", "bo", "Heuristic bot 3"]


def _line_with(text: str, wanted: str) -> str:
    return next(line.strip() for line in text.splitlines() if wanted in line)
