"""Hostile and careless input: names, files and settings.

Nothing here may crash, hang, leak the seed of a game with secrets, or touch a file it
was only asked to read. Errors are one printable line. Two sessions on one save are tested
in test_hostile_sessions.py, the seeded fuzzers in test_hostile_fuzz.py, whole processes
(command lines, crashes, quitting) in test_hostile_processes.py.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import msgspec
import pytest

from engines.core.match import Match, SeatSpec
from engines.registry import load_engine, ready_games
from saves import Autosaver, SaveError, latest, list_saves, load, load_save, verify
from saves.limits import (
    MAX_JSON_DEPTH,
    MAX_SAVE_BYTES,
    NotRegular,
    TooLarge,
    clean_name,
    json_depth,
    printable,
    quote,
    read_regular_file,
)
from saves.store import shown_seed, sweep_temp_files
from tests.hostile_helpers import SETTINGS_CASES, one_printable_line
from tests.hostile_helpers import private_folders  # noqa: F401 (autouse fixture)
from tests.save_helpers import edit, good_save, snapshot
from tests.save_helpers import with_count  # noqa: F401 (fixture)
from tui import cli
from tui.settings import DEFAULT_KEYS, ESSENTIAL, Settings, read_settings


# -- limits --------------------------------------------------------------------------------
def test_json_depth_is_counted_without_decoding():
    assert json_depth(b'{"a": [1, {"b": []}]}') == 4
    assert json_depth(b'{"name": "[[[[{{{{"}') == 1, "brackets inside strings are not nesting"
    assert json_depth(b'{"q": "say \\"[[\\""}') == 1
    assert json_depth(b"[" * 100_000) == 100_000


def test_printable_and_quote_show_control_characters_as_escapes():
    assert printable("a\x1b[2Jb\x00\n") == "a\\x1b[2Jb\\x00\\n"
    assert printable("\u202eevil") == "\\u202eevil"
    assert quote("x" * 500) == "x" * 79 + "…"
    assert clean_name(" \x1b[2J  Ana\n") == "?[2J Ana"


def test_only_regular_files_are_read_and_never_block(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(NotRegular, match="a pipe"):
        read_regular_file(fifo, 100)  # would wait forever for a writer if opened blocking
    zero = tmp_path / "zero.json"
    zero.symlink_to("/dev/zero")
    with pytest.raises(NotRegular, match="a device"):
        read_regular_file(zero, 100)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 101)
    with pytest.raises(TooLarge):
        read_regular_file(big, 100)


# -- save files ----------------------------------------------------------------------------
def huge(path: Path) -> None:
    path.write_bytes(b'{"format": 1, "pad": "' + b"x" * MAX_SAVE_BYTES + b'"}')


def nest(path: Path) -> None:
    data = json.loads(path.read_text())
    data["options"]["deep"] = "@"
    text = json.dumps(data).replace('"@"', "[" * 1000 + "]" * 1000)
    path.write_text(text)


HOSTILE_FILES = {
    "1000-deep nesting": (nest, f"nests 1002 levels deep, deeper than any save file ({MAX_JSON_DEPTH})"),
    "over the size limit": (huge, "is too large for a save file (4.0 MB, the limit is 4.0 MB)"),
    "a FIFO": (lambda p: p.unlink() or os.mkfifo(p), "is a pipe, not a save file"),
    "a link to /dev/zero": (lambda p: p.unlink() or p.symlink_to("/dev/zero"), "is a device, not a save file"),
    "a huge action": (
        lambda p: edit(p, lambda d: d["journal"][0].update(action="add " + "9" * 100_000)),
        "longer than 400 characters",
    ),
}


@pytest.mark.parametrize("case", list(HOSTILE_FILES))
def test_hostile_save_is_one_sentence_and_left_as_it_was(tmp_path, with_count, case):
    path = good_save(tmp_path)
    spoil, expected = HOSTILE_FILES[case]
    spoil(path)
    before = {p.name: p.lstat().st_mtime_ns for p in tmp_path.iterdir()}

    with pytest.raises(SaveError) as caught:
        load(path)
    message = str(caught.value)
    assert expected in message, message
    assert one_printable_line(message, 400) and message.endswith(".")
    assert not verify(path).ok
    infos = list_saves(tmp_path)
    assert [i.error for i in infos] == [message]
    assert latest(tmp_path) is None
    assert {p.name: p.lstat().st_mtime_ns for p in tmp_path.iterdir()} == before


@pytest.mark.parametrize(
    "name, shown",
    [
        ("N" * 41, "N" * 40),
        ("\x1b[2J", "?[2J"),
        ("", "Player 1"),
        ("a\nb", "a b"),
        ("x" * 100_000, "x" * 40),
    ],
)
def test_a_name_in_a_file_is_made_fit_to_show(tmp_path, with_count, name, shown):
    """Saves from before the limit keep loading; nothing raw or overlong reaches a screen."""
    path = good_save(tmp_path)
    edit(path, lambda d: d["seats"][0].update(name=name))
    before = path.read_bytes()
    loaded = load_save(path)
    assert loaded.match.seats[0].name == shown
    assert list_saves(tmp_path)[0].players.startswith(f"{shown}, ")
    assert path.read_bytes() == before, "reading never rewrites"


def test_quoted_journal_text_is_capped_and_printable(tmp_path, with_count):
    path = good_save(tmp_path)
    edit(path, lambda d: d["journal"][0].update(action="\x1b[2J" + "z" * 300))
    message = verify(path).message
    assert "\\x1b[2J" in message and "\x1b" not in message
    assert len(message) < 400


def test_verify_tells_the_replayed_turn_not_the_files_claim(tmp_path, with_count):
    path = good_save(tmp_path)
    edit(path, lambda d: d.update(turn=99, actions=1000, over=True))
    result = verify(path)
    assert result.ok and "turn 7, 8 actions" in result.message


@pytest.mark.parametrize("moment", [2**40, -(2**40)])
def test_an_impossible_file_time_does_not_break_the_listing(tmp_path, with_count, moment):
    good = good_save(tmp_path)
    odd = tmp_path / "odd.json"
    odd.write_bytes(good.read_bytes())
    edit(odd, lambda d: d.update(updated="99999-12-31T99:99:99+99:00", created="\x00"))
    try:
        os.utime(odd, (moment, moment))
    except (OverflowError, OSError):
        pytest.skip("this file system refuses such times")
    infos = list_saves(tmp_path)
    assert sorted(i.path.name for i in infos) == ["game-1.json", "odd.json"]
    assert all(i.error is None for i in infos)
    assert latest(tmp_path) is not None


def test_linked_or_read_only_save_is_never_replaced(tmp_path, with_count):
    target = good_save(tmp_path)
    link = tmp_path / "link.json"
    link.symlink_to(target.name)
    before = snapshot(tmp_path)
    with pytest.raises(SaveError, match="is a link to another file"):
        Autosaver.resume(load_save(link))
    assert link.is_symlink()
    target.chmod(0o444)
    try:
        with pytest.raises(SaveError, match="is read-only"):
            Autosaver.resume(load_save(target))
    finally:
        target.chmod(0o644)
    assert snapshot(tmp_path) == before


def test_stray_temp_files_are_swept_at_start(tmp_path):
    stale, fresh = tmp_path / ".g.json.x1.tmp", tmp_path / ".g.json.x2.tmp"
    keep = tmp_path / "notes.tmp"
    for path in (stale, fresh, keep):
        path.write_text("{")
    os.utime(stale, (1, 1))
    os.utime(keep, (1, 1))
    orphan, kept_lock = tmp_path / ".gone.json.lock", tmp_path / ".g.json.lock"
    (tmp_path / "g.json").write_text("{}")
    orphan.write_text("1\n")
    kept_lock.write_text("1\n")
    assert sweep_temp_files(tmp_path) == 2
    assert not stale.exists() and fresh.exists() and keep.exists()
    assert not orphan.exists() and kept_lock.exists()


# -- the seed of a game with secrets -------------------------------------------------------
SEED = 987654321


@pytest.mark.parametrize("game", [g.id for g in ready_games()])
def test_no_name_listing_or_message_shows_the_seed_of_an_unfinished_game_of_secrets_or_chance(game, tmp_path, capsys):
    engine = load_engine(game)
    flags = engine.info.flags
    if not (flags.hidden_information or flags.chance):
        pytest.skip(f"{engine.info.title} has neither secrets nor chance: its seed gives nothing away")
    seats = [SeatSpec(f"Seat {n}", "bot", "heuristic") for n in range(1, engine.info.usual_seats + 1)]
    match = Match(engine, engine.default_options(), seats, SEED)
    saver = Autosaver.start(match, tmp_path)
    for _ in range(5):
        saver.act(*match.next_bot_or_auto())
    assert not match.is_over()

    seen = [p.name for p in tmp_path.iterdir()]
    info = list_saves(tmp_path)[0]
    seen += [str(value) for value in msgspec.structs.astuple(info)]
    assert cli.main(["saves", "list", "--save-dir", str(tmp_path)]) == 0
    assert cli.main(["saves", "verify", str(saver.path)]) == 0
    seen.append(capsys.readouterr().out)
    assert not [text for text in seen if str(SEED) in text]

    saver.run_automatic()
    assert match.is_over() and shown_seed(match) == SEED
    assert list_saves(tmp_path)[0].seed == SEED, "once over, the seed is there for replays"


# -- settings --------------------------------------------------------------------------------
@pytest.mark.parametrize("case", list(SETTINGS_CASES))
def test_each_bad_setting_is_one_warning_naming_its_key(tmp_path, case):
    raw, expected, warned = SETTINGS_CASES[case]
    path = tmp_path / "settings.json"
    path.write_bytes(raw)
    settings, warnings = read_settings(path)
    assert Settings().replace(**expected) == settings
    assert len(warnings) == len(warned)
    for warning, part in zip(warnings, warned):
        assert part in warning and one_printable_line(warning)


def test_settings_that_are_a_pipe_do_not_block(tmp_path):
    os.mkfifo(tmp_path / "settings.json")
    settings, warnings = read_settings(tmp_path / "settings.json")
    assert settings == Settings() and "is a pipe" in warnings[0]


def live_binding_ids() -> dict[str, str]:
    """Every Binding declared by a class in tui/, by id, with its keys."""
    import importlib
    import pkgutil

    import tui
    from textual.binding import Binding

    found: dict[str, str] = {}
    for module_info in pkgutil.walk_packages(tui.__path__, "tui."):
        if module_info.name.endswith("__main__"):
            continue
        module = importlib.import_module(module_info.name)
        for value in vars(module).values():
            for binding in getattr(value, "BINDINGS", None) or []:
                if isinstance(binding, Binding) and binding.id and value.__module__ == module.__name__:
                    found[binding.id] = binding.key
    return found


def test_the_settings_know_every_binding_and_its_default_keys():
    assert live_binding_ids() == DEFAULT_KEYS
    assert set(ESSENTIAL) <= set(DEFAULT_KEYS)
