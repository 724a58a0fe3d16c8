"""The plain records the launcher builds before its first frame (game list, glyph sets,
settings) behave as the frozen msgspec Structs they replace: equality, hashing, repr,
immutability and `replace`, checked against a Struct with the same fields."""

from __future__ import annotations

import msgspec
import pytest

from engines.registry import GAMES, GameEntry
from tui.glyphs import ASCII, UNICODE, Glyphs
from tui.settings import Settings


class EntryStruct(msgspec.Struct, frozen=True):
    id: str
    title: str
    pitch: str
    players: str
    engine: str
    ready: bool
    screen: str
    rules: str
    glossary: tuple[str, ...]
    widgets: tuple[str, ...]
    default_seats: int
    keys: tuple[tuple[str, str], ...]
    modal_keys: tuple[tuple[str, str], ...]
    hidden: str


def as_struct(entry: GameEntry) -> EntryStruct:
    return EntryStruct(**{name: getattr(entry, name) for name in GameEntry.__slots__})


def test_game_entries_compare_hash_and_show_like_the_struct_they_were():
    for entry in GAMES:
        twin = GameEntry(*(getattr(entry, name) for name in GameEntry.__slots__))
        assert twin == entry and hash(twin) == hash(entry) and twin is not entry
        assert repr(entry) == repr(as_struct(entry)).replace("EntryStruct", "GameEntry")
    for one in GAMES:
        for other in GAMES:
            assert (one == other) == (as_struct(one) == as_struct(other))
    assert GAMES[0] != as_struct(GAMES[0]), "a record equals only its own type"
    assert len(set(GAMES)) == len(GAMES)


def test_each_field_counts_in_equality():
    first = GAMES[0]
    for name, value in [
        ("id", "x"),
        ("title", "x"),
        ("pitch", "x"),
        ("players", "x"),
        ("engine", "x"),
        ("ready", False),
    ]:
        assert first.replace(**{name: value}) != first
        assert getattr(first.replace(**{name: value}), name) == value
    assert ASCII.replace(separator=UNICODE.separator) != ASCII


@pytest.mark.parametrize("record", [GAMES[0], ASCII, Settings()], ids=["GameEntry", "Glyphs", "Settings"])
def test_records_are_frozen(record):
    name = type(record).__slots__[0]
    with pytest.raises(AttributeError):
        setattr(record, name, "changed")
    with pytest.raises(AttributeError):
        delattr(record, name)
    with pytest.raises(AttributeError):
        record.not_a_field = 1
    with pytest.raises(TypeError):
        record.replace(not_a_field=1)


def test_glyphs_keep_their_default_separator_and_settings_their_defaults():
    assert Glyphs(**{name: getattr(UNICODE, name) for name in Glyphs.__slots__[:-1]}) == UNICODE
    assert (Settings().glyphs, Settings().bot_delay, Settings().keymap) == ("unicode", 0.4, {})
    assert Settings().keymap is not Settings().keymap, "no keymap shared between settings"
    changed = Settings().replace(glyphs="ascii")
    assert changed == Settings(glyphs="ascii") and changed != Settings()
    with pytest.raises(TypeError):
        Settings("ascii")  # keyword-only, as the Struct was
