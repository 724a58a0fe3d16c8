"""The SSH row of the test matrix, generated from the registry: for every ready game a player
connects through the real gateway (asyncssh, a pyte terminal), goes to the lobby, starts a
table of the game against bots by keys, takes a remote seat there and makes at least two
moves by keys (the first listed action's number, or Enter on the board for a turn played on
it, the cursor moved on by an arrow where the spot is refused), each seen taken by the
table; then F1 (the game's rules), F2 (the Keys panel) and L (the log) open on the game
screen and Esc comes back from each.

Then the end of a short seeded game: the server started with a table of the game stopped
just before the player's two last moves (written into its table store, which it restores
at start). The player sits there from the lobby and makes one move by keys, drops (the
connection is cut), connects again with the same key, lands back in the same seat from the
lobby and plays by keys to the end, where the end screen shows who won.

One gateway serves the whole module (each game its own key, sessions and tables), and every
wait is for something the screen or the table shows, bounded."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest
import pytest_asyncio

from engines.core.rules import load_rules
from engines.registry import GameEntry, load_engine, ready_games
from server.child import Limits
from server.gateway import Gateway, ServeOptions
from tests.matrix import BROKEN, before_the_last_moves, seats_for
from tests.remote.helpers import store_table
from tests.ssh.terminal import DOWN, ENTER, START_TIMEOUT, STEP_TIMEOUT, session
from tui.widgets.table import name_seats

pytestmark = pytest.mark.asyncio(loop_scope="module")

LAUNCHER = "Ready to play"
LOBBY = "Join by code"
F1 = b"\x1bOP"
F2 = b"\x1bOQ"
ESCAPE = b"\x1b"
CTRL_P = b"\x10"
PALETTE_PROMPT = "Search for commands"
#: The game screen's footer.
GAME_FOOTER = "f1 Rules"
KEYS_TITLE = "Keys on this screen"
END_HEADLINE = "Game over."
NO_NUMBERED_ACTION = "no numbered action"
#: Spots tried on the board, one arrow apart, before a turn played on it gives up.
BOARD_SPOTS = 12
#: Presses of a listed action's key, each made stale by another seat acting first, before a
#: move by keys gives up.
STALE_PRESSES = 4
#: Moves by keys a player may need from the stored table to its end (two where the moves
#: are the bots' own choices; more where the list's first action or the board's spot differs).
MOVES_TO_THE_END = 12
CELLS = [pytest.param(entry, id=entry.id) for entry in ready_games()]


def ending_table_id(entry: GameEntry) -> str:
    return f"end-{entry.id}"


@pytest.fixture(scope="module")
def game_keys() -> dict[str, asyncssh.SSHKey]:
    """A key per game: each row's player sees their own tables only (the stored ones are
    private)."""
    return {entry.id: asyncssh.generate_private_key("ssh-ed25519") for entry in ready_games()}


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def gateway(tmp_path_factory, game_keys):
    """One gateway for the module, started on a table store holding every game's table
    near its end (its owner the game's key); bots at its tables act at once."""
    root = tmp_path_factory.mktemp("matrix-ssh")
    for entry in ready_games():
        match = before_the_last_moves(entry, seats_for(entry, "bots"), moves=1)
        store_table(root, ending_table_id(entry), match, game_keys[entry.id].get_fingerprint("sha256"))
    served = Gateway(ServeOptions(data_root=root, host="127.0.0.1", port=0, limits=Limits(hangup_grace=2.0)))
    await served.start()
    served.tables.bot_delay = 0.0
    for table in served.tables.tables.values():  # restored before the delay above was set
        table.bot_delay = 0.0
    assert set(served.tables.tables) == {ending_table_id(e) for e in ready_games()}, served.tables.unrestorable
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


async def to_the_lobby(terminal) -> None:
    await terminal.wait_for(LAUNCHER, START_TIMEOUT)
    await terminal.settle(quiet=0.5)
    terminal.press("t")
    await terminal.wait_for(LOBBY)
    await terminal.settle(quiet=0.3)


async def start_table(terminal, gateway, entry: GameEntry):
    """From the lobby: a new table (n), the game picked in the form's list by arrows, the
    seats typed, Enter; the table's screen opens. The table, on the server."""
    known = set(gateway.tables.tables)
    terminal.press("n")
    await terminal.wait_for("A new table")
    await terminal.settle(quiet=0.3)
    ready = [g.id for g in ready_games()]
    terminal.press(ENTER)  # the game list opens (in the registry's order)
    await terminal.settle(quiet=0.3)
    # Down to the game and Enter at once: the open list takes them in order (a wrong game
    # would fail the check below). The list closes before Tab: open, it would take the
    # seats' letters as a search.
    terminal.press(*[DOWN] * ready.index(entry.id), ENTER)
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


async def sit_at_the_first_table(terminal, table, seat: int) -> None:
    """In the lobby, Enter on the table it highlights first (a restored table is listed
    before the new ones): the player is back in `seat` there, and its screen is drawn."""
    watching = {m for m, w in table.watchers.items() if w.seat == seat}
    terminal.press(ENTER)
    await until(
        lambda: any(w.seat == seat for m, w in table.watchers.items() if m not in watching),
        f"the player back in seat {seat + 1} of the stored table",
        terminal,
    )
    await terminal.wait_for(GAME_FOOTER)


def moved(table, seat: int, since: int) -> bool:
    """Whether `seat` has acted at `table` since version `since`: a bot acting at the same
    time (a challenge every seat answers) moves the version too."""
    return any(entry.seat == seat for entry in table.match.journal[since:])


async def move_by_keys(terminal, table, number: int = 1, drawn: bool = False, seat: int = 0) -> str:
    """The seat's move at `table` by keys: the listed action `number`'s key or, where the
    list shows none, Enter on the board (an arrow to the next spot where one is refused).
    How it was played ("number" or "board"), once the table has taken it. Where another
    seat acts first, the key was pressed on a version gone by (the table answers Stale): it
    is pressed again on the screen drawn after that move."""
    version = table.version
    for _ in range(STALE_PRESSES):
        pressed_at = table.version
        if not drawn:
            await terminal.settle(quiet=0.3)  # the screen drawn at the table's version
        terminal.press(str(number))
        await until(
            lambda: moved(table, seat, version) or NO_NUMBERED_ACTION in terminal.text or table.version > pressed_at,
            f"the table taking listed action {number} (or the screen saying none is listed)",
            terminal,
        )
        if moved(table, seat, version):
            return "number"
        if NO_NUMBERED_ACTION in terminal.text:
            break
        drawn = False
    for _ in range(BOARD_SPOTS):
        terminal.press(ENTER)
        await terminal.settle(quiet=0.5)  # taken, or refused with a sentence
        if moved(table, seat, version):
            return "board"
        terminal.press(DOWN)
        await terminal.settle(quiet=0.3)
    raise AssertionError(f"no spot of the board was taken; the screen shows:\n{terminal.text}")


def listed_number(text: str, label: str) -> int | None:
    """The number the action list shows before `label` (its start, as wide as the list
    shows it), if it is listed once among the numbered lines."""
    found = set()
    for line in text.splitlines():
        for number in range(1, 10):
            at = line.find(f"{number}. ")
            shown = line[at + 3 :].split("  ")[0].strip() if at >= 0 else ""
            if len(shown) >= 6 and label.startswith(shown.rstrip(".…")):
                found.add(number)
    return found.pop() if len(found) == 1 else None


async def the_bots_move_by_keys(terminal, table, seat: int) -> str:
    """The move the heuristic bot would make for `seat`, by keys: its number where the list
    shows it among the first nine, else its entry in the command palette (Ctrl+P, its label
    typed, Enter on the best match), so the stored game goes on as the bots played it and ends
    in a move or two; a label the list words otherwise is played as `move_by_keys` does. How
    it was played."""
    match = table.match
    choice = match.bot_choice(seat, match.engine.bots["heuristic"]())
    names = [s.name for s in match.seats]
    await terminal.settle(quiet=0.3)
    label = name_seats(match.engine.describe_action(choice), names)
    number = listed_number(terminal.text, label)
    if number is None and "\n" not in label:  # not numbered: the palette's entry for it
        version = table.version
        terminal.press(CTRL_P)
        await terminal.wait_for(PALETTE_PROMPT)
        terminal.press(f"action: {label}")
        await terminal.wait_for(f"action: {label}")
        await terminal.settle(quiet=0.3)  # the search over: its best match on top
        terminal.press(ENTER)
        await until(lambda: moved(table, seat, version), f"the table taking {label!r} from the palette", terminal)
        return "palette"
    return await move_by_keys(terminal, table, number or 1, drawn=True, seat=seat)


async def open_and_close(terminal, key: bytes | str, shows: str) -> None:
    """On the game screen (drawn): `key` opens what shows `shows`; Esc comes back."""
    terminal.press(key)
    await terminal.wait_for(shows)
    assert not [word for word in BROKEN if word in terminal.text], terminal.text
    terminal.press(ESCAPE)
    await terminal.wait_until(
        lambda: shows not in terminal.text and GAME_FOOTER in terminal.text, f"Esc closing {shows!r}"
    )


@pytest.mark.parametrize("entry", CELLS)
async def test_a_remote_seat_over_ssh_plays_every_game_by_keys(entry, gateway, game_keys) -> None:
    key = game_keys[entry.id]
    ending = gateway.tables.tables[ending_table_id(entry)]
    async with session(gateway.port, key, size=(120, 40), username="ana") as (_, terminal):
        await to_the_lobby(terminal)
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
            assert moved(table, 0, version), f"the moves taken were {match.journal[version:]}"
            text = terminal.text
            assert not [word for word in BROKEN if word in text], text
        assert len(played) >= 2, f"{entry.title}: {len(played)} moves by keys ({played})"

        await terminal.settle(quiet=0.3)
        await open_and_close(terminal, F1, f"Rules: {load_rules(entry.id).title}")
        await open_and_close(terminal, F2, KEYS_TITLE)
        await open_and_close(terminal, "L", f"{entry.title}: the whole log")

        # The stored table near its end, from the lobby: the player's seat there, then the drop.
        terminal.press(ESCAPE)
        await terminal.wait_for(LOBBY)
        await terminal.settle(quiet=0.3)
        await sit_at_the_first_table(terminal, ending, 0)
        before = ending.version

    # Back with the same key: the same seat, from the lobby, and on by keys to the end.
    async with session(gateway.port, key, size=(120, 40), username="ana") as (_, terminal):
        await to_the_lobby(terminal)
        await sit_at_the_first_table(terminal, ending, 0)
        assert ending.version == before, "the table moved on while its player was away"
        match = ending.match
        for _ in range(MOVES_TO_THE_END):
            await until(lambda: 0 in match.actors() or match.is_over(), "the player's turn or the end", terminal)
            if match.is_over():
                break
            version = ending.version
            await the_bots_move_by_keys(terminal, ending, 0)
            assert moved(ending, 0, version), f"the moves taken were {match.journal[version:]}"
        assert match.is_over(), f"{entry.title}: not over after {MOVES_TO_THE_END} moves by keys"
        outcome = match.outcome()
        await terminal.wait_for(END_HEADLINE)
        winners = [match.seats[w].name for w in outcome.winners]
        text = " ".join(terminal.text.split())
        assert all(name in text for name in winners), f"the end screen does not name {winners}:\n{terminal.text}"
        assert not [word for word in BROKEN if word in terminal.text], terminal.text
