"""The test matrix's shared steps, for every ready game in the registry and every way to play
it (tests/test_matrix_local.py, tests/remote/test_matrix_remote.py, tests/ssh/test_matrix_ssh.py).

Nothing here names a game: a sixth ready game is covered by adding its registry entry. Each
cell is one app session doing many checks; moves a test need not look at are made through
the match (bots), and the moves it looks at by keys, as a player would press them.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import Any

from engines.core.match import Match, SeatSpec
from engines.core.protocol import AUTO
from engines.registry import GameEntry, load_engine, ready_games
from tests.layout import screen_text
from tests.tui_helpers import palette_prompts, searches_done, settle, type_text, wait_until

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
    whole = _heuristic_game(entry, seats, seed, lambda match: match.is_over())
    return _replayed(whole, len(whole.journal) - left)


def before_the_last_moves(
    entry: GameEntry, seats: list[SeatSpec], seat: int = 0, moves: int = 2, seed: int = 3
) -> WatchedMatch:
    """A seeded game played by heuristic bots up to `seat`'s `moves`-th last action: the
    player then has `moves` moves to make before the end (as many as the bots' game had,
    when the same choices are made)."""
    whole = _heuristic_game(entry, seats, seed, lambda match: match.is_over())
    own = [number for number, step in enumerate(whole.journal) if step.seat == seat]
    assert len(own) >= moves, f"{entry.title}: seat {seat} made {len(own)} moves in a whole game"
    return _replayed(whole, own[-moves])


def _replayed(whole: WatchedMatch, actions: int) -> WatchedMatch:
    """`whole`'s game again to its first `actions` actions (applied from its journal: the
    bots' choices are not made again)."""
    replayed = WatchedMatch.replay(whole.engine, whole.options, whole.seats, whole.seed, whole.journal[:actions])
    assert isinstance(replayed, WatchedMatch)
    return replayed


def _heuristic_game(entry: GameEntry, seats: list[SeatSpec], seed: int, until: Callable[[Match], bool]) -> WatchedMatch:
    engine = load_engine(entry.id)
    bot = engine.bots["heuristic"]()
    match = new_match(entry, seats, seed)
    while not until(match):
        match.act(*bot_step(match, bot))
        assert len(match.journal) < 5000, f"{entry.title}: a heuristic game did not end"
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
    app: Any,
    pilot: Any,
    screen: Any,
    action: Any,
    *,
    listed_instead: bool = False,
    board_enter: bool = False,
    moved: Callable[[], bool] | None = None,
) -> str:
    """Play `action` for the seat at the keyboard by keys when the list shows it: its number,
    or Home, Down to it and Enter in the list. With `listed_instead`, an action the list does
    not show gives way to the first one it shows; with `board_enter`, a turn the list shows
    nothing for is played by Enter on the focused board; else it is played through the
    screen, as the board or a typed line would. How it was played: "list" (its number or
    Enter in the list), "board" (Enter on the board) or "" (not by keys).

    `moved()` says whether the move was taken: by default, the local match's journal grew
    (at once); for a remote seat, whether the table moved on (its answer comes later)."""
    from tui.widgets.frame import ActionList

    index = listed_index(screen, action)
    if index is None and listed_instead and screen.table is not None and screen.table.actions:
        index = 0
    if index is None and board_enter and await _enter_on_the_board(pilot, screen, moved):
        return "board"
    if index is None:
        screen.choose_action(action)
        return ""
    if index < 9:
        await pilot.press(str(index + 1))
    else:
        screen.query_one(ActionList).focus()
        await pilot.pause()
        await pilot.press("home", *(["down"] * index), "enter")
    return "list"


async def _enter_on_the_board(pilot: Any, screen: Any, moved: Callable[[], bool] | None) -> bool:
    """A turn played on the board (Bivouac's placements): Enter on the focused board plays
    the spot under its cursor, a move by keys as good as the one asked for. Whether it was
    taken: a refused spot says why (the screen's problem line) and changes nothing, so a
    refused Enter is seen and the move is not doubled."""
    if moved is None:
        before = len(screen.match.journal)
        await pilot.press("enter")
        await pilot.pause()
        return len(screen.match.journal) > before
    screen.problem = ""  # so that a refusal coming back is seen as new
    await pilot.press("enter")
    await wait_until(pilot, lambda: moved() or bool(screen.problem), "the table's answer to Enter on the board")
    return moved()


async def lift_curtain(app: Any, pilot: Any) -> None:
    """Hot-seat: the next player takes the keyboard."""
    from tui.screens.curtain import CurtainScreen

    for _ in range(3):
        if not isinstance(app.screen, CurtainScreen):
            return
        await pilot.press("enter")
        await settle(app, pilot)


def reads_every_topic(entry: GameEntry, way: str) -> bool:
    """Whether the cell of `entry` played `way` opens every rules topic from the palette and
    reads it to its end: one cell per game (its first way), as the book is the same in all."""
    return way == next(w for e, w in local_cells() if e.id == entry.id)


async def read_every_topic_from_the_palette(app: Any, pilot: Any, game: Any, game_id: str) -> list[str]:
    """From the game screen: the book opened by its first section's palette entry (Ctrl+P,
    its title typed, Enter), then every section shown in turn in that viewer (as its section
    list shows one) and scrolled to its last line by End; Esc back to the game. The titles
    read, in order.

    Cost decides the way in: a palette trip per section (a palette, a search per key typed, a
    new viewer) took some 100 s a game on the test machine, and the list's keys (Shift+Tab,
    Down, Enter) 35 s against 12 s; the palette's other entries are checked against the book
    instead, and a glossary term is opened by keys in every row."""
    from engines.core.rules import load_rules
    from tui.screens.rules import RulesScreen

    book = load_rules(game_id)
    first = book.sections[0]
    label = f"rules: {book.title} / {first.title}"
    await open_from_the_palette(app, pilot, label, first.title)
    viewer = await screen_opened(app, game, label)
    assert isinstance(viewer, RulesScreen), f"the palette's {label!r} opened {type(viewer).__name__}"
    read = []
    for number, section in enumerate(book.sections):
        if number:
            viewer.show_section(section)
        shown = viewer.section_shown
        assert shown is not None and shown.anchor == section.anchor, f"{section.title}: the viewer lists {shown}"
        await reach_last_line(pilot, viewer)
        read.append(section.title)
    await press_burst(app, ["escape"], lambda: app.screen is game, "Esc back to the game from the rules")
    return read


async def open_from_the_palette(app: Any, pilot: Any, label: str, typed: str, occurrence: int = 0) -> None:
    """Ctrl+P, `typed` typed (its ASCII letters, digits and spaces: keys a player has), Down to
    the entry reading `label` (its `occurrence`-th where entries read alike) and Enter.

    What a trip cost was the waits between keys, not the palette: Pilot waits for the app to
    go idle after each key (some 80 ms on the test machine, and the palette searches again on
    every letter), so a label typed key by key took 1-2.5 s, 40 Downs 3 s, and Ctrl+P and
    Enter 0.3 and 0.6 s each. Here the keys go as bursts (the same key events, as from a fast
    typist), each followed by one wait for what it must bring about."""
    from textual.command import CommandList, CommandPalette
    from textual.widgets import Input

    await press_burst(app, ["ctrl+p"], lambda: isinstance(app.focused, Input), "the palette opening")
    assert isinstance(app.screen, CommandPalette), f"Ctrl+P opened {type(app.screen).__name__}"
    await type_text(app, pilot, "".join(c for c in typed.lower() if c.isascii() and (c.isalnum() or c == " ")))

    def entries() -> list[str]:
        return [prompt.split("\n")[0] for prompt in palette_prompts(app)]

    listed: list[str] = []
    for _ in range(100):  # the search that follows the last key, once it is over (its final order)
        await asyncio.sleep(0.01)
        await searches_done(app)
        listed = entries()  # read once a search is over: reading a long list as it fills slows it
        if listed.count(label) > occurrence:
            break
        await asyncio.sleep(0.05)
    assert listed.count(label) > occurrence, f"{label!r} is not in the palette: {listed[:5]}"
    index = [n for n, entry in enumerate(listed) if entry == label][occurrence]
    listing = app.screen.query_one(CommandList)
    await press_burst(app, ["down"] * index, lambda: listing.highlighted == index, f"{label!r} highlighted")
    await press_burst(app, ["enter"], lambda: not isinstance(app.screen, CommandPalette), "the palette closing")


async def screen_opened(app: Any, under: Any, label: str) -> Any:
    """The screen the palette's entry `label` pushed over `under`, once it is mounted (a rules
    viewer: with its section listed as shown)."""
    from tui.screens.rules import RulesScreen

    def up() -> bool:
        screen = app.screen
        if screen is under or not screen.is_mounted:
            return False
        return not isinstance(screen, RulesScreen) or screen.section_shown is not None

    await press_burst(app, [], up, f"{label!r} opening its screen")
    return app.screen


async def press_burst(app: Any, keys: list[str], done: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
    """`keys` pressed as a burst (see `open_from_the_palette`), then until `done()` (polled,
    without Pilot's wait for idle; bounded)."""
    assert await polled(app, keys, done, timeout), f"{what} did not happen within {timeout:.0f} s"


async def polled(app: Any, keys: list[str], done: Callable[[], bool], timeout: float) -> bool:
    """`keys` pressed as a burst; whether `done()` then holds within `timeout` seconds."""
    from textual import events

    for key in keys:
        app.post_message(events.Key(key, None))
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not done():
        if loop.time() >= deadline:
            return False
        await asyncio.sleep(0.005)
    return True


def palette_sample(topics: list[tuple[str, str, str]], sections: int) -> list[int]:
    """The rules entries of the palette a matrix row opens by keys (indices into `topics`),
    besides the first section's (which opens the book there): the last section's, the
    first and last glossary terms', the first label not plain ASCII (typed without those
    letters) and every label another entry shares. The first `sections` entries are the
    sections' (the palette lists them before the glossary terms). The soak run opens every
    entry (test_every_rules_entry_of_the_palette_by_keys)."""
    terms = list(range(sections, len(topics)))
    chosen = {sections - 1, *(terms[:1] + terms[-1:])}
    chosen |= {next((n for n, t in enumerate(topics) if not t[0].isascii()), sections - 1)}
    labels = [label for label, _, _ in topics]
    chosen |= {n for n, label in enumerate(labels) if labels.count(label) > 1}
    return sorted(chosen - {0})


async def open_palette_entries(app: Any, pilot: Any, game: Any, indices: list[int]) -> list[str]:
    """From the game screen, each rules entry of the palette at `indices` opened by keys
    (Ctrl+P, its label typed, Down to it, Enter): the viewer shows its section, heading
    first; Esc back to the game. The labels opened."""
    from textual.widgets import Markdown

    from engines.core.rules import load_rules
    from tui.screens.rules import RulesScreen

    topics = palette_rules_topics(game)
    labels = [label for label, _, _ in topics]
    opened = []
    for index in indices:
        label, game_id, anchor = topics[index]
        section = load_rules(game_id).section(anchor)
        assert section is not None, f"{label!r} names no section"
        await open_from_the_palette(app, pilot, label, label, labels[:index].count(label))
        viewer = await screen_opened(app, game, label)
        assert isinstance(viewer, RulesScreen), f"the palette's {label!r} opened {type(viewer).__name__}"
        shown = viewer.section_shown
        assert shown is not None and shown.anchor == anchor, f"{label!r} shows {shown}"
        text = viewer.query_one("#rules-text", Markdown)
        await press_burst(
            app,
            [],
            lambda: laid_out(viewer, text, section.markdown),
            f"{section.title} shown from {label!r}",
        )
        await press_burst(app, ["escape"], lambda: app.screen is game, f"Esc back to the game from {label!r}")
        opened.append(label)
    return opened


def laid_out(viewer: Any, text: Any, markdown: str) -> bool:
    """Whether the rules viewer's text shows `markdown` with its own blocks laid out (not the
    blocks of the text before, which Markdown keeps on screen a while after taking a new source)."""
    blocks = text.children
    return text.source == markdown and viewer.text_laid_out and bool(blocks) and blocks[0].region.area > 0


async def reach_last_line(pilot: Any, viewer: Any) -> None:
    """In the rules viewer: once the section it lists as shown is laid out, End takes the text
    to its last line (its last block in view). The keys go as in `open_from_the_palette`."""
    from textual.widgets import Markdown

    from tui.screens.rules import RulesText

    section = viewer.section_shown
    assert section is not None, "the viewer shows no section"
    text = viewer.query_one("#rules-text", Markdown)
    scroller = viewer.query_one(RulesText)
    await press_burst(
        pilot.app,
        [],
        lambda: laid_out(viewer, text, section.markdown),
        f"{section.title} shown",
    )

    def at_the_end() -> bool:
        blocks = text.children
        return bool(blocks) and scroller.scroll_y == scroller.max_scroll_y and blocks[-1].region.area > 0

    for _ in range(20):  # a long section may still be laying out: End again, as a player would
        if await polled(pilot.app, ["end"], at_the_end, 1.0):
            return
    raise AssertionError(f"{section.title}: not at its last line")


def palette_rules_topics(screen: Any) -> list[tuple[str, str, str]]:
    """Every rules entry the command palette lists on `screen` (label, game id, anchor), as
    its provider makes them."""
    from tui.commands import RulesTopics

    return RulesTopics(screen)._topics()


#: The seed of every table the remote rows play: digits no screen shows by chance, so a
#: spectator's screen showing them has shown the seed.
TABLE_SEED = 4_815_162_342


def options_that_deal_secrets(entry: GameEntry, seed: int = TABLE_SEED, within: int = 40) -> dict[str, Any]:
    """The first options (the defaults, then each switch that is off by default turned on:
    an expansion may be what deals the hands) under which a seat of a two-seat game from
    `seed` holds a secret within `within` heuristic actions, as a table takes them."""
    import msgspec

    from tests.replay_games import option_sets

    engine = load_engine(entry.id)
    bot = engine.bots["heuristic"]()
    seats = [SeatSpec(NAMES[0]), SeatSpec(NAMES[1])]
    for options in option_sets(engine):
        match = Match(engine, options, seats, seed)
        while not match.is_over() and len(match.journal) < within:
            if engine.secrets(match.state):
                return dict(msgspec.to_builtins(options))
            match.act(*bot_step(match, bot))
    raise AssertionError(f"{entry.title}: no options deal a secret in its first {within} actions")


def unseen_by_spectators(match: Match, version: int | None = None) -> list[str]:
    """What no spectator may see of `match` now (or after its first `version` actions):
    every seat's secrets and, while a game of chance is unfinished, its seed."""
    state = match.state if version is None else match.state_after(version)
    if match.engine.is_over(state):
        return []
    unseen = [secret for owned in match.engine.secrets(state).values() for secret in owned if secret]
    if match.engine.info.flags.chance:
        unseen.append(str(match.seed))
    return unseen
