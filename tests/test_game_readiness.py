"""What every ready game in the registry must have, checked game by game from the registry,
so that a game marked ready without one of its parts is named here with what it lacks."""

from __future__ import annotations

import pytest

from engines.registry import GameEntry, load_engine, ready_games

READY = [pytest.param(entry, id=entry.id) for entry in ready_games()]

# The rules sections a player looks up in every game (platform.md, "Rules").
REQUIRED_SECTIONS = ("screen-and-keys", "overview", "setup", "scoring", "adaptation-notes")


def lacks(entry: GameEntry) -> list[str]:
    """Every part `entry` is missing, in words."""
    from engines.core.rules import load_rules
    from tui.opening import screen_class
    from tui.screens.game import GameScreen

    missing: list[str] = []
    engine = load_engine(entry.id)
    if engine.info.id != entry.id:
        missing.append(f"its engine calls itself {engine.info.id!r}")
    low, _, high = entry.players.partition("-")
    if (int(low), int(high or low)) != (engine.info.min_seats, engine.info.max_seats):
        missing.append(
            f"the registry says {entry.players} players, the engine {engine.info.min_seats}-{engine.info.max_seats}"
        )
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
    screen = screen_class(entry.id)
    if screen is GameScreen or not issubclass(screen, GameScreen):
        missing.append("a game screen of its own (tui/games/<id>.py exposing SCREEN, a GameScreen)")
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
