"""The SSH row of the test matrix, generated from the registry: for every ready game a player
connects through the real gateway (asyncssh, a pyte terminal), goes to the lobby, starts a
table of the game against bots by keys, takes a remote seat there and makes at least two
moves by keys (the first listed action's number, or Enter on the board for a turn played on
it, the cursor moved on by an arrow where the spot is refused), each seen taken by the
table; then F1 on the game screen opens the game's rules and Esc comes back.

One gateway serves the whole module (each game starts its own session and table), and every
wait is for something the screen or the table shows, bounded."""

from __future__ import annotations

import asyncio

import pytest
import pytest_asyncio

from engines.core.rules import load_rules
from engines.registry import GameEntry, load_engine, ready_games
from server.child import Limits
from server.gateway import Gateway, ServeOptions
from tests.matrix import BROKEN
from tests.ssh.terminal import DOWN, ENTER, START_TIMEOUT, STEP_TIMEOUT, session

pytestmark = pytest.mark.asyncio(loop_scope="module")

LAUNCHER = "Ready to play"
F1 = b"\x1bOP"
ESCAPE = b"\x1b"
#: The game screen's footer.
GAME_FOOTER = "f1 Rules"
NO_NUMBERED_ACTION = "no numbered action"
#: Spots tried on the board, one arrow apart, before a turn played on it gives up.
BOARD_SPOTS = 12
CELLS = [pytest.param(entry, id=entry.id) for entry in ready_games()]


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def gateway(tmp_path_factory):
    """One gateway for the module; bots at its tables act at once."""
    served = Gateway(
        ServeOptions(
            data_root=tmp_path_factory.mktemp("matrix-ssh"),
            host="127.0.0.1",
            port=0,
            limits=Limits(hangup_grace=2.0),
        )
    )
    await served.start()
    served.tables.bot_delay = 0.0
    try:
        yield served
    finally:
        await served.close()


def seats_text(entry: GameEntry) -> str:
    """The create form's seats: the player, then bots up to two seats (one where the game
    seats one)."""
    engine = load_engine(entry.id)
    count = min(max(engine.info.min_seats, 2), engine.info.max_seats)
    bot = "heuristic" if "heuristic" in engine.bots else sorted(engine.bots)[0]
    return ",".join(["me", *[bot] * (count - 1)])


async def until(condition, what: str, terminal, timeout: float = STEP_TIMEOUT) -> None:
    """Until `condition()` holds (the table's state, polled); fails with the screen."""
    try:
        async with asyncio.timeout(timeout):
            while not condition():
                await asyncio.sleep(0.02)
    except TimeoutError:
        raise AssertionError(f"{what} never happened; the screen shows:\n{terminal.text}") from None


async def start_table(terminal, gateway, entry: GameEntry):
    """From the launcher: the lobby (t), a new table (n), the game picked in the form's list by
    arrows, the seats typed, Enter; the table's screen opens. The table, on the server."""
    await terminal.wait_for(LAUNCHER, START_TIMEOUT)
    await terminal.settle(quiet=0.5)
    terminal.press("t")
    await terminal.wait_for("Join by code")
    await terminal.settle(quiet=0.3)
    known = set(gateway.tables.tables)
    terminal.press("n")
    await terminal.wait_for("A new table")
    await terminal.settle(quiet=0.3)
    ready = [g.id for g in ready_games()]
    for key in (ENTER, *[DOWN] * ready.index(entry.id), ENTER):  # the game list, in the registry's order
        terminal.press(key)
        await terminal.settle(quiet=0.3)
    terminal.press("\t")  # to the seats
    await terminal.settle(quiet=0.3)
    terminal.press(seats_text(entry), ENTER)
    await until(lambda: set(gateway.tables.tables) - known, "the table being created", terminal)
    [table_id] = set(gateway.tables.tables) - known
    table = gateway.tables.tables[table_id]
    assert table.match.game_id == entry.id, f"the form started {table.match.game_id}"
    await terminal.wait_for(GAME_FOOTER)
    return table


async def move_by_keys(terminal, table) -> str:
    """The seat's move at `table` by keys: the first listed action's number or, where the list
    shows none, Enter on the board (an arrow to the next spot where one is refused). How it
    was played ("number" or "board"), once the table has taken it."""
    version = table.version
    await terminal.settle(quiet=0.3)  # the screen drawn at the table's version
    terminal.press("1")
    await until(
        lambda: table.version > version or NO_NUMBERED_ACTION in terminal.text,
        "the table taking the first listed action (or the screen saying none is listed)",
        terminal,
    )
    if table.version > version:
        return "number"
    for _ in range(BOARD_SPOTS):
        terminal.press(ENTER)
        await terminal.settle(quiet=0.5)  # taken, or refused with a sentence
        if table.version > version:
            return "board"
        terminal.press(DOWN)
        await terminal.settle(quiet=0.3)
    raise AssertionError(f"no spot of the board was taken; the screen shows:\n{terminal.text}")


@pytest.mark.parametrize("entry", CELLS)
async def test_a_remote_seat_over_ssh_plays_every_game_by_keys(entry, gateway, player_keys) -> None:
    async with session(gateway.port, player_keys[0], size=(120, 40), username="ana") as (_, terminal):
        table = await start_table(terminal, gateway, entry)
        match = table.match
        assert [s.kind for s in table.stored.seats][0] == "human"
        played: list[str] = []
        for _ in range(40):
            if len(played) >= 2 or match.is_over():
                break
            await until(lambda: 0 in match.actors() or match.is_over(), "the player's turn", terminal)
            if match.is_over():
                break
            version = table.version
            played.append(await move_by_keys(terminal, table))
            assert match.journal[version].seat == 0, f"the move taken was {match.journal[version]}"
            text = terminal.text
            assert not [word for word in BROKEN if word in text], text
        assert len(played) >= 2, f"{entry.title}: {len(played)} moves by keys ({played})"

        await terminal.settle(quiet=0.3)
        terminal.press(F1)  # the rules of the game on screen
        await terminal.wait_for(f"Rules: {load_rules(entry.id).title}")
        assert not [word for word in BROKEN if word in terminal.text], terminal.text
        terminal.press(ESCAPE)
        await terminal.wait_for(GAME_FOOTER)
