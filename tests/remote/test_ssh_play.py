"""Two players on two SSH connections (asyncssh + pyte, different keys) create and join a
Bivì table in the lobby and play it to the end against a bot, each by keys on their own
screen: tiles, beavers and cubes go on the river with the ghost (arrows, Enter), the rest
from the action list. The first turn (every kind of move) and the last turns are played by
keys; the turns between go through the same table requests a player's screen sends, so the
screens follow a game played elsewhere. Both end screens agree, and the table exports to a
save that replays the same."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses

from engines.bivi.actions import CubeAt, Place
from engines.core.match import Match
from engines.registry import GAMES
from saves.store import load_save
from server.protocol import Act
from tests.ssh.terminal import DOWN, ENTER, START_TIMEOUT, session

LAUNCHER = "Ready to play"
LOBBY_EMPTY = "No table yet"
LEFT, RIGHT = b"\x1b[D", b"\x1b[C"
GHOST_FITS = "Fits here"
BEAVER_SPOTS = "pick a numbered spot"


async def _lobby(terminal) -> None:
    await terminal.wait_for(LAUNCHER, START_TIMEOUT)
    await terminal.settle(quiet=0.5)
    terminal.press("t")
    await terminal.wait_for("Join by code")
    await terminal.settle(quiet=0.5)


async def test_two_ssh_players_and_a_bot_play_a_whole_bivi_table(start_gateway, player_keys, tmp_path):
    gateway = await start_gateway()
    gateway.tables.bot_delay = 0.0
    async with (
        session(gateway.port, player_keys[0], username="ana") as (_, ana),
        session(gateway.port, player_keys[1], username="bo") as (_, bo),
    ):
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
        by_board: dict[str, int] = {}
        by_keys: set[int] = set()  # the journal entries a player's keys made
        keyed_turns: set[int] = set()
        last_turn = 0  # from this turn on, keys again (known once the first turn is over)

        async with asyncio.timeout(600):
            while not table.match.is_over():
                actors = [a for a in table.match.actors() if a in terminals]
                if not actors:
                    await asyncio.sleep(0.05)  # a bot or the game acts on the server
                    continue
                seat = actors[0]
                turn = table.match.state.turn
                if turn > 1 and not last_turn:
                    last_turn = _last_turn(table.match)
                if 1 < turn < last_turn:
                    await _act_as(table, seat)
                    continue
                terminal = terminals[seat]
                version = table.version
                board = _on_the_board(table.match, seat)
                if board == "tile":
                    await terminal.wait_until(lambda: GHOST_FITS in terminal.text, "the ghost tile where it fits")
                    # One step aside and, where the rules refuse it, back: the reason shows.
                    before = terminal.text
                    terminal.press(LEFT)
                    with contextlib.suppress(AssertionError):  # unchanged: the ghost is at the left edge
                        await terminal.wait_until(lambda: terminal.text != before, "the ghost one step left", 5)
                    await terminal.settle(quiet=0.5)
                    if GHOST_FITS not in terminal.text:
                        assert "\u2717 " in terminal.text, "a refused ghost says why"
                        terminal.press(RIGHT)
                        await terminal.wait_until(lambda: GHOST_FITS in terminal.text, "the ghost back where it fits")
                    terminal.press(ENTER)
                elif board:
                    wanted = BEAVER_SPOTS if board == "beaver" else GHOST_FITS
                    await terminal.wait_until(lambda: wanted in terminal.text, f"the {board} on the river")
                    terminal.press(ENTER)
                else:
                    await terminal.wait_until(lambda: "1. " in terminal.text, "an action list")
                    terminal.press("1")
                try:
                    async with asyncio.timeout(10):
                        while table.version == version:
                            await asyncio.sleep(0.02)
                except TimeoutError:
                    continue  # pressed on a screen not yet redrawn: the server said stale; again
                by_keys.add(version)
                keyed_turns.add(turn)
                if board:
                    entry = table.match.journal[version]
                    assert entry.seat == seat and entry.action.split()[0] in ("place", "beaver", "cube-at"), entry
                    by_board[board] = by_board.get(board, 0) + 1

        # Every tile a player placed by keys went down by the ghost, none from the list; keys
        # played the first turn (every kind of move) and the end.
        journal = table.match.journal
        human_places = [n for n in by_keys if journal[n].action.startswith("place")]
        assert human_places and by_board["tile"] == len(human_places)
        assert {"tile", "beaver", "cube"} <= set(by_board), by_board
        assert last_turn > 2 and max(keyed_turns) >= last_turn, "the last turn was played by keys"

        outcome = table.match.engine.outcome(table.match.state)
        for terminal in (ana, bo):
            await terminal.wait_for("Game over")
        headlines = [_line_with(t.text, "Game over") for t in (ana, bo)]
        assert headlines[0] == headlines[1]

    exported = gateway.tables.store.export(table.id, tmp_path / "table.json")
    replayed = load_save(exported).match
    assert replayed.engine.outcome(replayed.state) == outcome
    named = [s.name for s in replayed.seats]
    assert [name.partition(" (")[0] for name in named] == ["ana", "bo", "Normal bot 3"]
    assert named[0] != named[1] and all(name.endswith(")") for name in named[:2]), "the key marks are kept"


def _last_turn(match: Match) -> int:
    """The turn the game would end in if everyone played as the heuristic bot from here (the
    bots' choices are seeded by the position, so the table's game goes the same way)."""
    ahead = Match.replay(match.engine, match.options, match.seats, match.seed, match.journal)
    heuristic = ahead.engine.bots["heuristic"]()
    while not ahead.is_over():
        step = ahead.next_bot_or_auto() or next((a, ahead.bot_choice(a, heuristic)) for a in ahead.actors())
        ahead.act(*step)
    return ahead.state.turn


async def _act_as(table, seat: int) -> None:
    """`seat`'s heuristic move sent to the table as its player's screen sends a move (an
    Act on the current version); the reply goes nowhere, the screens get the update."""
    member = next(m for m, w in table.watchers.items() if w.seat == seat)
    match = table.match
    action = match.engine.format_action(match.bot_choice(seat, match.engine.bots["heuristic"]()))
    version = table.version
    await table.request(dataclasses.replace(member, send=lambda message: None), Act(table.id, version, action))
    assert table.version == version + 1, f"the table refused {action!r}"


def _on_the_board(match, seat: int) -> str:
    """What the seat's screen puts on the river now: a tile, its beaver, a cube, or nothing."""
    state = match.state
    legal = match.engine.legal_actions(state, seat)
    if state.phase == "hand" and any(isinstance(a, Place) for a in legal):
        return "tile"
    if state.phase == "beaver":
        return "beaver"
    if state.phase == "end" and any(isinstance(a, CubeAt) for a in legal):
        return "cube"
    return ""


def _line_with(text: str, wanted: str) -> str:
    return next(line.strip() for line in text.splitlines() if wanted in line)
