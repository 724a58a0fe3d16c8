"""What every ready game in the registry must have, checked game by game from the registry,
so that a game marked ready without one of its parts is named here with what it lacks."""

from __future__ import annotations

import sys

import pytest
from textual.binding import Binding

from engines.registry import GameEntry, load_engine, ready_games

READY = [pytest.param(entry, id=entry.id) for entry in ready_games()]

# The rules sections a player looks up in every game (platform.md, "Rules").
REQUIRED_SECTIONS = ("screen-and-keys", "overview", "setup", "scoring", "adaptation-notes")


def lacks(entry: GameEntry) -> list[str]:
    """Every part `entry` is missing, in words."""
    from engines.core.rules import load_rules

    missing: list[str] = []
    engine = load_engine(entry.id)
    if engine.info.id != entry.id:
        missing.append(f"its engine calls itself {engine.info.id!r}")
    if entry.seat_range != (engine.info.min_seats, engine.info.max_seats):
        missing.append(
            f"the registry says {entry.players} players, the engine {engine.info.min_seats}-{engine.info.max_seats}"
        )
    if entry.default_seats != engine.info.default_seats:
        missing.append(f"the registry's default seats ({entry.default_seats}) as the engine's")
    for level in ("random", "heuristic"):
        if level not in engine.bots:
            missing.append(f"a {level} bot")
    try:
        book = load_rules(entry.id)
    except Exception as error:  # noqa: BLE001 - any failure to load is what a player would hit
        missing.append(f"a rules book that loads ({error})")
    else:
        anchors = [section.anchor for section in book.sections]
        missing += [f"a rules section {anchor!r}" for anchor in REQUIRED_SECTIONS if anchor not in anchors]
        missing += [f"a rules book without problems ({problem})" for problem in book.problems]
        for anchor in entry.glossary:
            if not _glossary_terms(book, anchor):
                missing.append(f"a glossary section {anchor!r} with entries (**term**) in its rules book")
    missing += _hidden_lacks(entry, engine)
    missing += _screen_lacks(entry)
    return missing


def _hidden_lacks(entry: GameEntry, engine) -> list[str]:
    """What a spectator must not see (the matrix's spectator row looks for it), said and
    true to the engine."""
    from engines.core.protocol import Engine
    from engines.registry import HIDDEN_KINDS

    flags = engine.info.flags
    if entry.hidden not in HIDDEN_KINDS:
        kinds = ", ".join(HIDDEN_KINDS)
        return [f"a word on what a spectator must not see (its entry's hidden: one of {kinds}; not {entry.hidden!r})"]
    if entry.hidden == "secrets" and type(engine).secrets is Engine.secrets:
        return ["secrets its engine names (hidden='secrets', but its `secrets` is the protocol's, always empty)"]
    if flags.hidden_information and entry.hidden != "secrets":
        return [f"its secrets named (its engine hides information, its entry says hidden={entry.hidden!r})"]
    if entry.hidden == "seed" and not flags.chance:
        return ["chance (hidden='seed', but its engine's flags say it has none)"]
    if entry.hidden == "nothing" and flags.chance:
        return ["nothing to hide (hidden='nothing', but its seed decides its draws: hidden='seed')"]
    return []


def _glossary_terms(book, anchor: str) -> list[str]:
    """The looked-up terms of section `anchor` and of the sections under it."""
    from engines.core.rules import _ENTRY

    sections = list(book.sections)
    start = next((n for n, section in enumerate(sections) if section.anchor == anchor), None)
    if start is None:
        return []
    terms = _ENTRY.findall(sections[start].body)
    for section in sections[start + 1 :]:
        if section.level <= sections[start].level:
            break
        terms += _ENTRY.findall(section.body)
    return terms


def _screen_lacks(entry: GameEntry) -> list[str]:
    """The game's own screen, widgets and keys, as its registry entry names them."""
    from engines.registry import load_named
    from tui.screens.game import GameScreen
    from tui.settings import SHARED_KEYS

    if not entry.screen:
        return ["a game screen of its own (the registry entry's screen, 'module:SCREEN', a GameScreen)"]
    try:
        screen = load_named(entry.screen)
    except (ImportError, AttributeError) as error:
        return [f"a screen that imports ({entry.screen}: {error})"]
    if not (isinstance(screen, type) and issubclass(screen, GameScreen)) or screen is GameScreen:
        return [f"a game screen of its own ({entry.screen} is not a GameScreen subclass)"]
    missing = []
    for name in entry.widgets:
        try:
            load_named(name)
        except (ImportError, AttributeError) as error:
            missing.append(f"a widget type that imports ({name}: {error})")
    # Every binding the screen's module defines (the screen, its boards, its pop-ups) that is
    # not a shared one must be in the registry entry, with the same default keys: the settings
    # file remaps it by that id, and a clash is judged by it.
    module = sys.modules[screen.__module__]
    bound: dict[str, str] = {}
    for value in vars(module).values():
        if isinstance(value, type) and value.__module__ == module.__name__:
            for binding in getattr(value, "BINDINGS", ()):
                if isinstance(binding, Binding) and binding.id and binding.id not in SHARED_KEYS:
                    bound[binding.id] = binding.key
    listed = dict((*entry.keys, *entry.modal_keys))
    for binding_id, keys in sorted(bound.items()):
        if binding_id not in listed:
            missing.append(f"its key {binding_id!r} ({keys}) in the registry entry's keys")
        elif listed[binding_id] != keys:
            missing.append(f"the registry's keys for {binding_id!r} ({listed[binding_id]}) as bound ({keys})")
    missing += [f"a binding for its registry key {binding_id!r}" for binding_id in sorted(listed.keys() - bound)]
    return missing


@pytest.mark.parametrize("entry", READY)
def test_a_ready_game_lacks_nothing(entry: GameEntry) -> None:
    assert lacks(entry) == [], f"{entry.title} is marked ready but lacks: " + "; ".join(lacks(entry))


@pytest.mark.parametrize("entry", READY)
def test_the_layout_test_plays_every_ready_game(entry: GameEntry) -> None:
    from tests.test_tui_layout import CASES

    assert entry.id in {param.values[0].game_id for param in CASES}, (
        f"{entry.title} has no LayoutCase in tests/test_tui_layout.py"
    )


def test_a_game_without_its_parts_is_named_with_each_one_it_lacks(monkeypatch) -> None:
    """The fake counting game has an engine and bots but no screen of its own and a rules
    book without the sections players look up."""
    import engines.registry as registry
    from tests.fake_engine import ENTRY

    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, ENTRY))
    missing = lacks(ENTRY)
    assert any("game screen of its own" in part for part in missing), missing
    assert any("'adaptation-notes'" in part for part in missing), missing


def test_a_game_that_does_not_say_what_a_spectator_must_not_see_is_named() -> None:
    from engines.registry import find_game

    for game_id, hidden in (("bonfire", ""), ("bonfire", "hands"), ("bonfire", "nothing"), ("bioviva", "seed")):
        missing = lacks(find_game(game_id).replace(hidden=hidden))
        assert len(missing) == 1 and "hid" in missing[0], (game_id, hidden, missing)


def test_a_repeated_heading_gets_an_anchor_of_its_own_and_is_reported() -> None:
    from engines.core.rules import parse_rules

    book = parse_rules(
        "demo",
        "# Demo\n\n## Staff\n\nHiring.\n\n## Card glossary\n\n### Staff\n\n- **Cook**: food.\n\n"
        "## Card glossary\n\n### Staff\n\nAgain.\n",
    )
    anchors = [section.anchor for section in book.sections]
    assert anchors == ["staff", "card-glossary", "card-glossary-staff", "card-glossary-2", "card-glossary-2-staff"]
    assert book.section("staff").body.startswith("Hiring")
    assert len(book.problems) == 3 and all("more than once" in p for p in book.problems)


def test_a_key_the_screen_binds_but_the_registry_lacks_is_named() -> None:
    from engines.registry import find_game

    entry = find_game("bivi")
    missing = lacks(entry.replace(keys=()))
    assert any("'bivi.other_rivers'" in part for part in missing), missing
    missing = lacks(entry.replace(keys=(("bivi.other_rivers", "p"),)))
    assert any("as bound (o)" in part for part in missing), missing
