"""Every ready game's rules page, as players read it in the app (F1, the rules book), checked
game by game from the registry: it names every key of its game screen beyond the frame's, and
it speaks only to players (no source files, no code names)."""

from __future__ import annotations

import re

import pytest

from engines.registry import GameEntry, ready_games
from tests.matrix import new_match, seats_for
from tests.tui_helpers import open_game
from tests.tui_helpers import private_dirs  # noqa: F401 (autouse fixture)

READY = [pytest.param(entry, id=entry.id) for entry in ready_games()]

# Which keys a page must name. The rows are the Keys panel's (F2: the screen's bindings, its
# widgets', the app's, with their keys as the app shows them), read on the game screen as it
# opens. Not asked of a page:
# - rows without an id: Textual's own keys of lists, logs and text boxes (scrolling, editing),
#   the same in every widget of their kind and not remappable;
# - the frame's rows (ids `app.`, `game.`, and `remote.` at a table): the same keys on every
#   game's screen (F1 and ?, F2, u, n, L, the digits, ctrl+s, Esc, ctrl+q), and F2 lists them.
# Every other row must be named on the game's page, each of its keys: the game's own keys (its
# registry entry's) and its board's (moves, place, turn, flip), because each board binds only
# what its game uses, and the page tells what they do there.
FRAME_PREFIXES = ("app.", "game.", "remote.")

# How a page writes a key the app shows as a symbol or an abbreviation: a key's name with its
# capital (Space, End, Tab and Home are words of the rules too: "a council space").
KEY_WORDS = {
    "←": "[Aa]rrows",
    "→": "[Aa]rrows",
    "↑": "[Aa]rrows",
    "↓": "[Aa]rrows",
    "⏎": "Enter",
    "space": "Space",
    "pgup": "PgUp",
    "pgdn": "PgDn",
    "esc": "Esc",
    "tab": "Tab",
    "home": "Home",
    "end": "End",
}
# The board's movement letters, named together as these words.
MOVE_WORDS = ("WASD", "hjkl")
# A key written as a key: in a code span (`c`) or in bold (**c**), alone or in a list (`[`, **b / c**).
_KEY_SPANS = re.compile(r"`([^`]+)`|\*\*([^*]+)\*\*")


def _named(key: str, text: str) -> bool:
    """Whether `text` names `key` (as the app displays it)."""
    word = KEY_WORDS.get(key)
    if word is None and key.startswith("^"):
        word = re.escape("ctrl+" + key[1:])
    if word is not None:
        return re.search(rf"(?<![\w+]){word}(?![\w+])", text) is not None
    spans = [code or bold for code, bold in _KEY_SPANS.findall(text)]
    if any(key in re.split(r"[\s/,]+", span.strip()) for span in spans):
        return True
    if len(key) == 1 and key.isalpha():
        return any(key.lower() in w.lower() and re.search(rf"\b{w}\b", text) for w in MOVE_WORDS)
    return False


def unnamed_keys(rows: list[tuple[str, str, str, bool]], text: str) -> list[str]:
    """The keys of the Keys panel's `rows` (keys, what it does, id, works now) that a page
    must name and `text` does not, each as "key (what it does)"."""
    missing = []
    for keys, does, ident, _works in rows:
        if ident == "-" or ident.startswith(FRAME_PREFIXES):
            continue
        missing += [f"{key} ({does})" for key in keys.split(", ") if not _named(key, text)]
    return missing


@pytest.mark.parametrize("entry", READY)
async def test_the_rules_page_names_every_key_of_its_game_screen(entry: GameEntry, tmp_path) -> None:
    from engines.core.rules import load_rules
    from tui.app import CampfireApp
    from tui.screens.game import GameScreen
    from tui.screens.keys import screen_bindings

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, new_match(entry, seats_for(entry, "bots")))
        assert isinstance(app.screen, GameScreen)
        rows = screen_bindings(app.screen)
    section = load_rules(entry.id).section("screen-and-keys").body
    assert unnamed_keys(rows, section) == [], f"{entry.title}'s 'Screen and keys' does not name these keys"


def test_the_key_check_finds_a_key_a_page_leaves_out() -> None:
    rows = [
        ("b", "Board", "bivouac.next_board", True),
        ("c", "Hand", "bivouac.show_hand", True),
        ("pgup", "Back up", "bivouac.info_up", True),
        ("←, a, h", "Left", "board.left", True),
        ("⏎, space", "Place", "board.place", True),
        ("[", "Scroll up", "bonfire.scroll_up", True),
        ("u", "Undo", "game.undo", True),
        ("home", "Scroll Home", "-", True),
    ]
    page = "Arrows (or WASD / hjkl) move, Enter places on a free space, **b** shows the next board."
    assert unnamed_keys(rows, page) == ["c (Hand)", "pgup (Back up)", "space (Place)", "[ (Scroll up)"]
    page += " `c` shows your hand, **PgUp / PgDn** page, Enter or Space, `[` and `]` scroll."
    assert unnamed_keys(rows, page) == []
    assert unnamed_keys([("←, a, h", "Left", "board.left", True)], "Arrows move.") == ["a (Left)", "h (Left)"]


# What a player cannot open: a source or data file, or a dotted code name (module.function).
_SOURCE_NAME = re.compile(r"[\w./-]*\w\.(?:py|md|json|toml|tcss)\b|\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+\b")
# Prose that reads like a dotted name.
_PROSE = {"e.g", "i.e"}


def source_names(text: str) -> list[str]:
    return [found for found in (m.group(0) for m in _SOURCE_NAME.finditer(text)) if found.lower() not in _PROSE]


@pytest.mark.parametrize("entry", READY)
def test_the_rules_page_names_no_source_file_or_code(entry: GameEntry) -> None:
    from engines.core.rules import rules_path

    text = rules_path(entry.rules_module).read_text(encoding="utf-8")
    assert source_names(text) == [], f"{entry.title}'s rules page points players to the source"


def test_the_source_check_finds_what_it_forbids() -> None:
    text = (
        "See `cards.py`, content_notes.md, data/boards.json and `score(text)` in engines.bivi.notation, "
        "e.g. a tile; i.e. not 1.5 points. The end. Next"
    )
    assert source_names(text) == ["cards.py", "content_notes.md", "data/boards.json", "engines.bivi.notation"]
