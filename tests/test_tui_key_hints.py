"""Every hint that names a key names the key the player's keymap binds now.

One generated test: for each screen with hints (the shared screens below, and the game
screen of every ready game in the registry) the screen is shown twice, with the default
keys and with a keymap that moves every binding id to keys nothing else uses. Its hint text
must then name the new keys where it named the old ones, and nothing else may change."""

from __future__ import annotations

import functools
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest
from textual.binding import Binding
from textual.widgets import Footer, Input, Markdown, Static

from engines.core.match import Match, SeatSpec
from engines.core.protocol import Outcome, ScoreLine
from engines.registry import load_engine, ready_games
from saves.replay import ScoreHistory
from tests.tui_helpers import open_game, private_dirs, settle, wait_until  # noqa: F401 (autouse fixture)
from tui.app import CampfireApp
from tui.settings import DEFAULT_KEYS, Settings, check_keymap
from tui.widgets.board import LineBoard
from tui.widgets.frame import ActionList

#: Keys no binding has by default: F13-F24 under every mix of modifiers.
_MODIFIERS = [
    "".join(f"{name}+" for bit, name in enumerate(("ctrl", "alt", "shift", "meta")) if mix >> bit & 1)
    for mix in range(16)
]
_UNUSED = [f"{mods}f{n}" for mods in _MODIFIERS for n in range(13, 25)]


def moved_keymap() -> dict[str, str]:
    """Every binding id moved to as many keys as it has by default, each key its own."""
    pool = iter(_UNUSED)
    return {binding: ",".join(next(pool) for _ in keys.split(",")) for binding, keys in DEFAULT_KEYS.items()}


@functools.cache
def _app() -> CampfireApp:
    return CampfireApp(save_dir=None, settings=Settings())


def _shown(keys: str) -> list[str]:
    """Each of `keys` as the footer and the Keys panel show it."""
    return [_app().get_key_display(Binding(key, "")) for key in keys.split(",")]


def test_the_moved_keymap_is_one_a_player_could_write() -> None:
    keymap = moved_keymap()
    usable, warnings = check_keymap(keymap)
    assert usable == keymap and warnings == []
    shown = [key for keys in keymap.values() for key in _shown(keys)]
    assert len(set(shown)) == len(shown), "every moved key shows as itself"


def hint_text(screen: Any) -> str:
    """The text of the screen's hints: every line of text it shows but the footer's keys and
    rules documents (content: a book is not a hint), and the placeholders of its text boxes."""
    parts = []
    for widget in screen.query("*"):
        if any(isinstance(node, (Footer, Markdown)) for node in widget.ancestors_with_self):
            continue
        text = getattr(widget, "text", None)
        if isinstance(text, str):
            parts.append(text)
        elif isinstance(widget, Static):
            parts.append(str(widget.render()))
        elif isinstance(widget, Input):
            parts.append(str(widget.placeholder))
        elif isinstance(widget, LineBoard):  # a board may say what its keys do in a row of its own
            parts.extend("".join(text for text, _ in row) for row in widget.drawing)
        elif isinstance(widget, ActionList):  # numbered by the keys that pick them
            parts.extend(str(widget.get_option_at_index(n).prompt) for n in range(widget.option_count))
    # Lines padded to a width: the padding is no hint.
    return "\n".join(line.rstrip() for part in parts for line in part.split("\n"))


@dataclass(frozen=True)
class HintCase:
    """A screen with hints: how to bring it up over the launcher, and the binding ids its
    hints must name."""

    name: str
    #: Shows the screen; or, for a screen whose hints change as it is used, gives the hint
    #: text at each point.
    show: Callable[[CampfireApp, Any], Awaitable[list[str] | None]]
    names: tuple[str, ...]


def _first_game() -> str:
    return ready_games()[0].id


def _match(game_id: str, humans: int = 1, seats: int | None = None) -> Match:
    entry = next(entry for entry in ready_games() if entry.id == game_id)
    engine = load_engine(game_id)
    count = seats or max(entry.default_seats, 2)
    specs = [SeatSpec(f"P{n}") if n < humans else SeatSpec(f"B{n}", "bot", "heuristic") for n in range(count)]
    return Match(engine, engine.decode_options(None), specs, 3)


def _outcome() -> Outcome:
    return Outcome(
        scores=[3, 1], breakdown=[[ScoreLine("Points", 3)], [ScoreLine("Points", 1)]], winners=[0], reason=""
    )


async def _push(app: CampfireApp, pilot: Any, screen: Any) -> None:
    app.push_screen(screen)
    await pilot.pause()


async def _launcher(app: CampfireApp, pilot: Any) -> None:
    from saves.store import Autosaver

    match = _match(_first_game(), humans=2)  # a game to continue: the launcher offers it
    seat = match.actors()[0]
    match.act(seat, match.legal_actions(seat)[0])
    Autosaver.start(match, app.save_dir).save()
    app.screen._find_continue_target()  # as when the player comes back from a game
    await pilot.pause()


async def _load(app: CampfireApp, pilot: Any) -> None:
    from tui.screens.load import LoadScreen

    await _push(app, pilot, LoadScreen())


async def _end(app: CampfireApp, pilot: Any) -> None:
    from tui.screens.end import EndScreen

    await _push(app, pilot, EndScreen(_outcome(), ["Ana", "Bo"], reviewable=True))


async def _rules(app: CampfireApp, pilot: Any) -> None:
    from tui.screens.rules import RulesScreen

    await _push(app, pilot, RulesScreen(_first_game()))


async def _scores(app: CampfireApp, pilot: Any) -> None:
    from tui.screens.scores import ScoresScreen

    history = ScoreHistory(names=["Ana", "Bo"], turns=[1, 2], scores=[[0, 3], [1, 1]], final=_outcome())
    await _push(app, pilot, ScoresScreen(history))


async def _in_use(app: CampfireApp, pilot: Any) -> None:
    from tui.screens.in_use import InUseScreen

    await _push(app, pilot, InUseScreen("game.campfire"))


async def _question(app: CampfireApp, pilot: Any) -> None:
    from tui.screens.question import QuestionScreen

    await _push(app, pilot, QuestionScreen("Go on?"))


async def _question_without_enter(app: CampfireApp, pilot: Any) -> None:
    from tui.screens.question import QuestionScreen

    await _push(app, pilot, QuestionScreen("Close the table?", enter_says_yes=False))


async def _lobby(app: CampfireApp, pilot: Any) -> None:
    from tui.remote.lobby import LobbyScreen

    lobby = LobbyScreen()
    await _push(app, pilot, lobby)  # no host answers (see the test): the list stays empty
    lobby._show_details()  # what it shows once a host lists no table
    await pilot.pause()


async def _keys(app: CampfireApp, pilot: Any) -> None:
    from tui.screens.keys import KeysScreen

    await _push(app, pilot, KeysScreen(app.screen))


async def _log(app: CampfireApp, pilot: Any) -> None:
    from tui.screens.log import LogScreen

    await _push(app, pilot, LogScreen("A game", ["Ana moves."]))


async def _go_to(app: CampfireApp, pilot: Any) -> None:
    from tui.screens.replay import GoToTurn

    await _push(app, pilot, GoToTurn(1, 5))


async def _curtain(app: CampfireApp, pilot: Any) -> None:
    from tui.screens.curtain import CurtainScreen

    await _push(app, pilot, CurtainScreen("Ana"))


SHARED = [
    HintCase(
        "launcher",
        _launcher,
        (
            "launcher.new",
            "launcher.rules",
            "launcher.continue",
            "launcher.load",
            "launcher.settings",
            "launcher.quit",
            "app.keys",
        ),
    ),
    HintCase("load", _load, ("load.review", "load.back")),
    HintCase("end", _end, ("end.menu", "end.board", "end.rules", "end.review", "replay.chart")),
    HintCase("rules", _rules, ("rules.next_panel", "rules.search", "rules.close")),
    HintCase("scores", _scores, ("scores.close",)),
    HintCase("in_use", _in_use, ("in_use.view", "in_use.take", "in_use.back")),
    HintCase("question", _question, ("question.yes", "question.enter", "question.no")),
    HintCase("question_without_enter", _question_without_enter, ("question.yes", "question.no")),
    HintCase("lobby", _lobby, ("lobby.new", "lobby.code")),
    HintCase("keys", _keys, ("keys.close",)),
    HintCase("log", _log, ("log.close",)),
    HintCase("go_to", _go_to, ("goto.cancel",)),
    HintCase("curtain", _curtain, ("curtain.ready",)),
]


#: How many moves of a game the test looks at: what a game's hints name depends on where it
#: stands (a tile to place, a cursor on the map, a choice to make).
GAME_STEPS = 8


def _game_case(game_id: str) -> HintCase:
    async def show(app: CampfireApp, pilot: Any) -> list[str]:
        """The game's hints at its start and after each of its first moves: the cursor of
        every board one step right, then the first action the player may take (the bots
        answer). Played by the screen's actions, not keys: the same under any keymap."""
        match = _match(game_id)

        def players_turn() -> bool:  # the bots done: only the player (seat 0) acts, or nobody
            return match.outcome() is not None or set(match.actors()) == {0}

        await open_game(app, pilot, match)
        screen, seen = app.screen, []
        for _ in range(GAME_STEPS):
            await wait_until(pilot, players_turn, "the bots' moves")
            seen.append(f"{match.digest()}\n{hint_text(app.screen)}")
            if app.screen is not screen or match.outcome() is not None:
                break
            for board in screen.query(LineBoard):
                board.action_nudge(0, 1)
            await settle(app, pilot)
            seen.append(f"{match.digest()}\n{hint_text(app.screen)}")
            screen.choose_action(match.legal_actions(0)[0])
            await settle(app, pilot)
        return seen

    return HintCase(f"game:{game_id}", show, ())


CASES = SHARED + [_game_case(entry.id) for entry in ready_games()]


#: Keys of Textual's own widgets (a list's Enter and arrows, a text box's Enter), which no
#: binding id remaps: hints name them as they are.
_FIXED = {_shown(key)[0] for key in ("enter", "up", "down", "left", "right", "pageup", "pagedown", "home", "end")}


def _key_pattern(shown: str) -> str:
    """A key as a word of its own: not a piece of a longer key or word."""
    return rf"(?<![\w^+]){re.escape(shown)}(?![\w+])"


async def _hints(case: HintCase, tmp_path, keymap: dict[str, str]) -> list[str]:
    app = CampfireApp(save_dir=tmp_path / "saves", settings=Settings(keymap=keymap), bot_delay=0)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        seen = await case.show(app, pilot)
        await settle(app, pilot)
        return seen if seen is not None else [hint_text(app.screen)]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
async def test_hints_name_the_keys_of_the_players_keymap(case: HintCase, tmp_path, monkeypatch) -> None:
    from server.protocol import SOCKET_VARIABLE, TOKEN_VARIABLE

    monkeypatch.setenv(SOCKET_VARIABLE, str(tmp_path / "no-host"))  # the lobby finds no tables
    monkeypatch.setenv(TOKEN_VARIABLE, "no-token")
    befores = await _hints(case, tmp_path / "default", {})
    keymap = moved_keymap()
    afters = await _hints(case, tmp_path / "moved", keymap)
    assert len(afters) == len(befores), "the same screens, moved keys or not"
    old = {binding: _shown(keys) for binding, keys in DEFAULT_KEYS.items()}
    new = {binding: _shown(keys) for binding, keys in keymap.items()}
    back = {shown: old[binding][n] for binding, keys in new.items() for n, shown in enumerate(keys)}
    pattern = re.compile("|".join(_key_pattern(s) for s in sorted(back, key=len, reverse=True)))
    named_anywhere: set[str] = set()
    for before, after in zip(befores, afters):
        # Which ids the hints name now: those whose new keys show.
        named = {binding for binding, shown in new.items() if any(re.search(_key_pattern(s), after) for s in shown)}
        named_anywhere |= named
        # Each new key stands where its old key stood, and nothing else changed.
        assert pattern.sub(lambda found: back[found.group(0)], after) == before
        # And no line that names a moved key still names the old key of one: a hint half
        # moved. (Digits count things too; Textual's own keys keep their names.)
        hints = "\n".join(line for line in after.split("\n") if pattern.search(line))
        for binding in sorted(named):
            shown = old[binding][0]
            if not shown.isdigit() and shown not in _FIXED:
                assert not re.search(_key_pattern(shown), hints), f"{case.name}: {binding}'s {shown!r} is still named"
    missing = sorted(set(case.names) - named_anywhere)
    assert not missing, f"{case.name}: the hints do not follow the keymap for {missing}:\n{afters[-1]}"
    assert named_anywhere, f"{case.name}: no hint names a key as the keymap binds it:\n{afters[-1]}"


async def test_in_the_ascii_glyph_set_enter_goes_by_its_name(tmp_path) -> None:
    """The ASCII fold has no letter for Enter's sign (⏎): it drew "?", itself a key (the
    rules). The footer, the Keys panel and the hints name it instead."""
    from textual.widgets import Footer

    from tui.screens.question import QuestionScreen

    app = CampfireApp(save_dir=tmp_path / "saves", settings=Settings(glyphs="ascii"), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "enter: new game" in hint_text(app.screen)
        await settle(app, pilot)
        footer = " ".join(str(getattr(key, "key_display", "")) for key in app.screen.query_one(Footer).query("*"))
        assert "enter" in footer.split() and "?" not in footer.split()
        await _push(app, pilot, QuestionScreen("Use plain ASCII characters?"))
        assert "y or enter: Yes" in hint_text(app.screen)
