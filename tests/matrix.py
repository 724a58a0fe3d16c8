"""The test matrix's shared steps, for every ready game in the registry and every way to play
it (tests/test_matrix_local.py, tests/remote/test_matrix_remote.py, tests/ssh/test_matrix_ssh.py).

Nothing here names a game: a sixth ready game is covered by adding its registry entry. Each
cell is one app session doing many checks; moves a test need not look at are made through
the match (bots), and the moves it looks at by keys, as a player would press them.
"""

from __future__ import annotations

import sys
from typing import Any

from engines.core.match import Match, SeatSpec
from engines.core.protocol import AUTO
from engines.registry import GameEntry, load_engine, ready_games
from tests.layout import screen_text
from tests.tui_helpers import settle

NAMES = ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay")
#: What must never be on any screen of a cell.
BROKEN = ("Traceback", "internal error")
#: How many of a seeded game's last actions a cell plays on its screen to reach the end.
END_BY_KEYS = 8


#: The local ways to play a game; the remote rows add a seat at a table and a spectator.
LOCAL_WAYS = ("hot-seat", "bots")


def local_cells() -> list[tuple[GameEntry, str]]:
    """Every ready game, every local way it can be played (hot-seat needs two seats)."""
    return [
        (entry, way)
        for entry in ready_games()
        for way in LOCAL_WAYS
        if not (way == "hot-seat" and entry.seat_range[1] < 2)
    ]


def table_cells() -> list[GameEntry]:
    """Every ready game that seats two at a table (the remote rows)."""
    return [entry for entry in ready_games() if entry.seat_range[1] >= 2]


class WatchedMatch(Match):
    """A local match that notes every read of its state from tui/ code: a screen must use
    only the SeatMatch interface (tests/test_screen_interface.py checks the source; this
    catches a read made at run time, e.g. through getattr)."""

    tui_reads: list[str]

    @property
    def state(self) -> Any:
        caller = sys._getframe(1).f_globals.get("__name__", "")
        if caller.startswith("tui."):
            self.__dict__.setdefault("tui_reads", []).append(caller)
        return self._states[-1]


def seats_for(entry: GameEntry, way: str) -> list[SeatSpec]:
    """The seats of a local cell: `hot-seat` is two humans at one keyboard (one where the
    game seats one), `bots` one human against the engine's bots."""
    engine = load_engine(entry.id)
    count = min(max(engine.info.min_seats, 2), engine.info.max_seats)
    if way == "hot-seat":
        return [SeatSpec(NAMES[n]) for n in range(count)]
    bot = "heuristic" if "heuristic" in engine.bots else sorted(engine.bots)[0]
    return [SeatSpec(NAMES[0]), *(SeatSpec(NAMES[n], "bot", bot) for n in range(1, count))]


def new_match(entry: GameEntry, seats: list[SeatSpec], seed: int = 7) -> WatchedMatch:
    engine = load_engine(entry.id)
    return WatchedMatch(engine, engine.decode_options(None), seats, seed)


def bot_step(match: Match, bot: Any) -> tuple[int, Any]:
    """The next step of a game every seat plays with `bot` (or the seat's own bot)."""
    actors = match.actors()
    if AUTO in actors or any(match.seats[a].is_bot for a in actors if a >= 0):
        step = match.next_bot_or_auto()
        if step is not None:
            return step
    seat = next(a for a in actors if a >= 0)
    return seat, match.bot_choice(seat, bot)


def near_the_end(entry: GameEntry, seats: list[SeatSpec], seed: int = 3, left: int = END_BY_KEYS) -> WatchedMatch:
    """A seeded game played through the match by heuristic bots to `left` actions from its
    end (found by playing it once to the end: the same seed and choices play it again)."""
    engine = load_engine(entry.id)
    bot = engine.bots["heuristic"]()
    whole = new_match(entry, seats, seed)
    while not whole.is_over():
        whole.act(*bot_step(whole, bot))
        assert len(whole.journal) < 5000, f"{entry.title}: a heuristic game did not end"
    match = new_match(entry, seats, seed)
    while len(match.journal) < len(whole.journal) - left:
        match.act(*bot_step(match, bot))
    return match


def board_blank(screen: Any) -> bool:
    """Whether the game screen's board area shows nothing at all."""
    board = screen.query_one("#board")
    region = board.region
    rows = screen_text(screen).splitlines()[region.y : region.y + region.height]
    return not any(row[region.x : region.x + region.width].strip() for row in rows)


def screen_problems(app: Any, where: str) -> list[str]:
    """What is wrong with the screen on top: a traceback, an internal error, a game screen
    with a blank board."""
    from tui.screens.game import GameScreen

    problems = []
    text = screen_text(app.screen)
    problems += [f"{where}: {word!r} on screen" for word in BROKEN if word in text]
    if isinstance(app.screen, GameScreen) and board_blank(app.screen):
        problems.append(f"{where}: the board area is blank")
    return problems


def listed_index(screen: Any, action: Any) -> int | None:
    """Where `action` is in the screen's action list (None: it is not listed)."""
    table = screen.table
    if table is None:
        return None
    for index, (_, listed) in enumerate(table.actions):
        if listed == action:
            return index
    return None


async def press_action(
    app: Any, pilot: Any, screen: Any, action: Any, *, listed_instead: bool = False, board_enter: bool = False
) -> bool:
    """Play `action` for the seat at the keyboard by keys when the list shows it: its number,
    or Home, Down to it and Enter in the list. With `listed_instead`, an action the list does
    not show gives way to the first one it shows; else (or when the list shows none) it is
    played through the screen, as the board or a typed line would (False: not by keys)."""
    from tui.widgets.frame import ActionList

    index = listed_index(screen, action)
    if index is None and listed_instead and screen.table is not None and screen.table.actions:
        index = 0
    if index is None and board_enter:
        # A turn played on the board (Bivouac's placements): Enter on the focused board plays
        # the spot under its cursor, a move by keys as good as the one asked for. A local
        # match only: its journal grows at once, so a refused Enter is seen and not doubled.
        before = len(screen.match.journal)
        await pilot.press("enter")
        await pilot.pause()
        if len(screen.match.journal) > before:
            return True
    if index is None:
        screen.choose_action(action)
        return False
    if index < 9:
        await pilot.press(str(index + 1))
    else:
        screen.query_one(ActionList).focus()
        await pilot.pause()
        await pilot.press("home", *(["down"] * index), "enter")
    return True


async def lift_curtain(app: Any, pilot: Any) -> None:
    """Hot-seat: the next player takes the keyboard."""
    from tui.screens.curtain import CurtainScreen

    for _ in range(3):
        if not isinstance(app.screen, CurtainScreen):
            return
        await pilot.press("enter")
        await settle(app, pilot)


async def read_every_section(app: Any, pilot: Any, game_id: str) -> None:
    """In the rules viewer on top: every section opens and scrolls to its last line."""
    from engines.core.rules import load_rules
    from tui.screens.rules import RulesScreen, RulesText

    book = load_rules(game_id)
    viewer = app.screen
    assert isinstance(viewer, RulesScreen)
    scroller = viewer.query_one(RulesText)
    for section in book.sections:
        viewer.show_section(section)
        # End at once: the key waits for the section's text to be laid out before it scrolls.
        await reach_last_line(pilot, scroller, section.title)
        assert viewer.section_shown is not None and viewer.section_shown.anchor == section.anchor


async def reach_last_line(pilot: Any, scroller: Any, title: str) -> None:
    await pilot.press("end")
    for tries in range(1, 1500):  # a long section may still be laying out: bounded
        if scroller.scroll_y == scroller.max_scroll_y:
            break
        if tries % 50 == 0:  # it grew after the key: End again, as a player would
            await pilot.press("end")
        await pilot.pause(0.01)
    assert scroller.scroll_y == scroller.max_scroll_y, f"{title}: not at its last line"


def palette_rules_topics(screen: Any) -> list[tuple[str, str, str]]:
    """Every rules entry the command palette lists on `screen` (label, game id, anchor), as
    its provider makes them."""
    from tui.commands import RulesTopics

    return RulesTopics(screen)._topics()
