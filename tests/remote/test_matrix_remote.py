"""The remote rows of the test matrix, generated from the registry: every ready game at a
table of two players (Ana in the app, Bo a client) and a spectator (Cy in the app).

Ana, when due, moves by keys (at least twice: her number keys, or Enter on the board for a
turn played on it) and Bo's client gets the change; Bo's moves reach Ana's screen. F1, the
Keys panel and the log work on Ana's screen. Ana's app closes (she dropped) and a new one
takes her back to her seat at the table's version. Bo drops, Ana votes a bot in with `v`,
and Bo takes the seat back by joining again. Ana then goes to her other table, stored near
its end before the host started (restored from its table store): her last move by keys, and
the end screen names the winners. Cy watches while the game goes on: every frame shows the
board and none of what the game's registry entry says it hides (`hidden`): no seat's secret
(the engine's `secrets`, met at least once where the game has them; the table is set up with
the options that deal them) and not the seed of an unfinished game of chance; and every
update Cy's client receives holds none of them either and carries the spectator's own view,
whatever the screens draw of it."""

from __future__ import annotations

import asyncio

import msgspec
import pytest

from server.host import HostLimits
from engines.registry import HIDDEN_KINDS
from server.protocol import Done, Join, Refused, SeatRequest, Update, decode_reply, encode_view
from tests.layout import screen_text
from tests.matrix import (
    END_BY_KEYS,
    TABLE_SEED,
    before_the_last_moves,
    seats_for,
    options_that_deal_secrets,
    press_action,
    screen_problems,
    table_cells,
    unseen_by_spectators,
)
from tests.remote.helpers import create, play_text, settled, store_table
from tests.remote.helpers import remote_app
from tests.remote.test_lobby import ANA, BO, _until
from tui.remote.lobby import LobbyScreen
from tui.remote.screen import RemoteScreen

CY = "SHA256:cy"
#: Ana's table stored near its end.
ENDING = "ending"
#: How many of the table's versions Cy's screen is checked at, at most (it stops sooner once
#: it has met what the game hides).
WATCHED = 30
CELLS = [pytest.param(entry, id=entry.id) for entry in table_cells()]


async def _sit(app, pilot, table_id: str, key: str = "enter", *, record: bool = False) -> RemoteScreen:
    """From the launcher: the lobby, Down to the table `table_id` and `key` on it. With
    `record`, the lobby's client keeps every message it receives from there on (its
    `transcript`)."""
    await pilot.press("t")
    await _to_table(app, pilot, table_id)
    if record:
        app.screen.client.transcript = []
    await pilot.press(key)
    await _until(pilot, lambda: isinstance(app.screen, RemoteScreen), "the table's screen")
    return app.screen


async def _to_table(app, pilot, table_id: str) -> None:
    """In the lobby: Down (from the top) until the table `table_id` is highlighted."""
    await _until(
        pilot,
        lambda: isinstance(app.screen, LobbyScreen) and any(t.id == table_id for t in app.screen.tables),
        "the table in the lobby",
    )
    lobby = app.screen
    await pilot.press("home")
    for _ in range(len(lobby.tables) + 2):
        if lobby.selected is not None and lobby.selected.id == table_id:
            return
        await pilot.press("down")
    raise AssertionError(f"the lobby's Down never reached table {table_id}")


def _updates_as_text(bodies: list[bytes], table_id: str) -> list[tuple[Update, str]]:
    """The updates of `table_id` among the messages `bodies`, each with itself as JSON text,
    its view (and actions) decoded: a secret or a seed anywhere in it is there as text."""
    found = []
    for body in bodies:
        reply = decode_reply(body)
        if isinstance(reply, Update) and reply.table == table_id:
            whole = msgspec.to_builtins(reply)
            whole["view"] = msgspec.msgpack.decode(reply.view)
            whole["actions"] = msgspec.msgpack.decode(reply.actions) if reply.actions else []
            found.append((reply, msgspec.json.encode(whole).decode()))
    return found


def _shown(screen, unseen: list[str]) -> list[str]:
    """Which of the strings `unseen` the screen shows (wrapped over lines or not)."""
    text = screen_text(screen)
    flat = " ".join(text.split())
    return [s for s in unseen if s in text or " ".join(s.split()) in flat]


@pytest.mark.parametrize("entry", CELLS)
async def test_two_players_and_a_spectator_at_every_game(entry, start_host, connect, tmp_path, monkeypatch) -> None:
    from tui.opening import screen_class
    from tui.screens.end import EndScreen
    from tui.screens.keys import KeysScreen
    from tui.screens.log import LogScreen
    from tui.screens.rules import RulesScreen

    if entry.hidden not in HIDDEN_KINDS:
        pytest.fail(f"{entry.title}'s registry entry does not say what a spectator must not see (hidden)")
    # Ana's table near its end (her last move left), restored from the store as the host starts.
    ending_match = before_the_last_moves(entry, seats_for(entry, "bots"), moves=1)
    store_table(tmp_path / "root", ENDING, ending_match, ANA)
    host = await start_host(limits=HostLimits(away_seconds=0), new_seed=lambda: TABLE_SEED)
    ending = host.tables[ENDING]
    bo = await connect(host, BO, "Bo")
    options = options_that_deal_secrets(entry) if entry.hidden == "secrets" else {}
    done = await create(bo, entry.id, [SeatRequest("open"), SeatRequest("me")], options=options)
    table = host.tables[done.table]
    match = table.match  # the table's own match, on the server: what the test plays for Bo
    bot = match.engine.bots["heuristic"]()
    problems: list[str] = []

    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _sit(app, pilot, done.table)
        await _until(pilot, lambda: screen.remote.seat == 0, "Ana in the first seat")
        assert isinstance(screen, screen_class(entry.id)), f"{type(screen).__name__} is not the game's own screen"
        by_keys = 0
        for _ in range(60):
            if by_keys >= 2 or match.is_over():
                break
            await _until(pilot, lambda: screen.remote.version == table.version, "Ana's screen current")
            version = table.version
            if 0 in match.actors():
                keyed = await press_action(
                    app,
                    pilot,
                    screen,
                    match.bot_choice(0, bot),
                    listed_instead=True,
                    board_enter=True,
                    moved=lambda: table.version > version,
                )
                by_keys += bool(keyed)
                await _until(pilot, lambda: table.version > version, "the table taking Ana's move")
                await _until(pilot, lambda: bo.updates[done.table].version == table.version, "Bo seeing Ana's move")
            elif 1 in match.actors():
                await play_text(bo, done.table, match.engine.format_action(match.bot_choice(1, bot)))
                await _until(pilot, lambda: screen.remote.version > version, "Ana's screen showing Bo's move")
            else:
                await pilot.pause(0.02)
        assert by_keys >= 2, f"Ana moved {by_keys} times by keys"
        problems += screen_problems(app, "Ana's screen")
        for key, shown in (("f1", RulesScreen), ("f2", KeysScreen), ("L", LogScreen)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, shown), f"{key} opened {type(app.screen).__name__}"
            problems += screen_problems(app, key)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen

    # Ana dropped (her app closed); she comes back to her seat, as it stands now.
    app = remote_app(host, monkeypatch, tmp_path, ANA, "Ana")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _sit(app, pilot, done.table)
        await _until(pilot, lambda: screen.remote.seat == 0, "Ana back in her seat")
        await _until(pilot, lambda: screen.remote.version == table.version, "Ana's screen current")
        problems += screen_problems(app, "Ana back")
        assert not match.is_over(), f"{entry.title}: the game ended before Bo dropped"
        await bo.close()
        await _until(pilot, lambda: screen.remote.absent_seat() == 1, "Ana seeing Bo away")
        await pilot.press("v")
        await _until(pilot, lambda: table.stored.seats[1].kind == "bot", "a bot in Bo's seat")
        back = await connect(host, BO, "Bo")
        back.send(Join(table=done.table))
        reply = await back.wait_for(lambda r: isinstance(r, (Done, Refused)))
        assert isinstance(reply, Done) and reply.seat == 1, reply
        assert table.stored.seats[1].kind == "human" and not match.seats[1].is_bot

        # Her other table, near its end: the last move by keys, and the end screen.
        await pilot.press("escape")
        await _to_table(app, pilot, ENDING)
        await pilot.press("enter")
        await _until(pilot, lambda: isinstance(app.screen, RemoteScreen) and app.screen is not screen, "the table")
        last = app.screen
        await _until(pilot, lambda: last.remote.seat == 0 and 0 in ending.match.actors(), "Ana's last turn there")
        bot = ending.match.engine.bots["heuristic"]()
        for _ in range(END_BY_KEYS):
            if ending.match.is_over():
                break
            await _until(pilot, lambda: last.remote.version == ending.version, "Ana's screen current")
            version = ending.version
            if 0 in ending.match.actors():
                keyed = await press_action(
                    app,
                    pilot,
                    last,
                    ending.match.bot_choice(0, bot),
                    board_enter=True,
                    moved=lambda: ending.version > version,
                )
                assert keyed, "Ana's move at the end was not played by keys"
            await _until(pilot, lambda: ending.version > version or ending.match.is_over(), "the table moving on")
        assert ending.match.is_over(), f"{entry.title}: the stored table did not end"
        winners = [ending.match.seats[w].name for w in ending.match.outcome().winners]
        # Pushed is not yet drawn: wait for its words (an empty screen was read under load).
        await _until(
            pilot,
            lambda: isinstance(app.screen, EndScreen) and all(name in screen_text(app.screen) for name in winners),
            f"the end screen naming {winners}",
        )
        problems += screen_problems(app, "the end screen")

    # Cy watches the game go on (Ana and Bo play from their clients): the board, and nothing
    # the game hides, in every frame.
    ana = await connect(host, ANA, "Ana")
    ana.send(Join(table=done.table))
    reply = await ana.wait_for(lambda r: isinstance(r, (Done, Refused)))
    assert isinstance(reply, Done) and reply.seat == 0, reply
    players = {0: ana, 1: back}
    assert match.seed == TABLE_SEED
    app = remote_app(host, monkeypatch, tmp_path, CY, "Cy")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _sit(app, pilot, done.table, "w", record=True)
        assert screen.remote.seat is None and isinstance(screen, screen_class(entry.id))
        received = screen.remote.client.transcript
        frames = with_secrets = checked = 0
        for _ in range(WATCHED):
            await settled(host, done.table, list(players.values()))
            await _until(pilot, lambda: screen.remote.version == table.version, "Cy's screen current")
            await pilot.pause()
            problems += screen_problems(app, "Cy watching")
            # What Cy's client was sent, not only what its screens draw: every update, its
            # view decoded, against what the game hid at that update's version.
            for update, payload in _updates_as_text(received[checked:], done.table):
                version = update.version
                sent = [s for s in unseen_by_spectators(match, version) if s in payload]
                assert sent == [], f"Cy's client was sent what {entry.title} hides at version {version}: {sent}"
                # The view itself is the spectator's (a game may encode a hand by ids its
                # secrets name in words): byte for byte what the engine shows nobody's seat.
                spectators = encode_view(match.engine.view(match.state_after(version), None))
                assert update.view == spectators, f"Cy's client was sent another view than a spectator's at {version}"
            checked = len(received)
            unseen = unseen_by_spectators(match)
            assert _shown(screen, unseen) == [], f"Cy's screen shows what {entry.title} hides: {_shown(screen, unseen)}"
            if match.engine.secrets(match.state) and not with_secrets:
                # What a player sees only when asking (a hand behind its key): Cy presses each
                # of the game's own keys, and every frame they draw keeps the secrets too.
                for binding_id, keys in entry.keys:
                    await pilot.press(keys.split(",")[0])
                    await pilot.pause()
                    on_top = app.screen
                    shown = _shown(on_top, unseen)
                    assert shown == [], f"Cy's screen after {binding_id} shows what {entry.title} hides: {shown}"
                    if on_top is not screen:
                        await pilot.press("escape")
                        await _until(pilot, lambda: app.screen is screen, f"Esc closing what {binding_id} opened")
            frames += 1
            with_secrets += bool(match.engine.secrets(match.state))
            if match.is_over() or (frames >= 3 and (with_secrets or entry.hidden != "secrets")):
                break
            seat = next(a for a in match.actors() if a in players)
            await play_text(players[seat], done.table, match.engine.format_action(match.bot_choice(seat, bot)))
        if entry.hidden == "secrets":
            assert with_secrets, f"{entry.title}: no seat held a secret in the {frames} frames Cy saw"
        if entry.hidden == "seed":
            assert not match.is_over() and str(TABLE_SEED) in unseen_by_spectators(match)
    await asyncio.sleep(0)
    assert problems == []
