"""Every kind of bad save file (missing, empty, truncated, tampered...) is refused with one
sentence and left as it was; verify passes a good one."""

from __future__ import annotations

from pathlib import Path

import pytest

from saves import SaveError, load, read_save, verify
from saves.format import SaveFile
from tests.save_helpers import edit, good_save, snapshot
from tests.save_helpers import with_count  # noqa: F401 (fixture)


def flip_digit_of_seed(path: Path) -> None:
    raw = bytearray(path.read_bytes())
    at = raw.index(b'"seed": ') + len(b'"seed": ')
    raw[at] = ord("9") if raw[at] != ord("9") else ord("8")
    path.write_bytes(bytes(raw))


def tamper_die(data: dict) -> None:
    entry = next(e for e in data["journal"] if e["action"].startswith("die"))
    value = int(entry["action"].split()[1])
    entry["action"] = f"die {value % 6 + 1}"


BAD_FILES = {
    "missing": (lambda p: p.unlink(), "game-1.json does not exist."),
    "empty": (lambda p: p.write_bytes(b""), "game-1.json is empty."),
    "truncated": (
        lambda p: p.write_bytes(p.read_bytes()[:200]),
        "game-1.json is cut short (truncated JSON at byte 200).",
    ),
    "not json": (lambda p: p.write_text("Campfire save, honest\n"), "game-1.json is not valid JSON"),
    "binary garbage": (lambda p: p.write_bytes(bytes(range(256))), "game-1.json is not valid JSON"),
    "byte flipped in syntax": (lambda p: p.write_bytes(p.read_bytes().replace(b":", b";", 1)), "is not valid JSON"),
    "byte flipped in a value": (flip_digit_of_seed, "game-1.json"),
    "wrong shape: a list": (lambda p: p.write_text("[1, 2, 3]"), "game-1.json is not a Campfire save file"),
    "wrong shape: a field": (lambda p: edit(p, lambda d: d.update(seed="seven")), "got `str` - at `$.seed`"),
    "wrong shape: missing field": (lambda p: edit(p, lambda d: d.pop("journal")), "missing required field `journal`"),
    "unknown version": (lambda p: edit(p, lambda d: d.update(format=7)), "uses save format 7"),
    "future shape": (lambda p: p.write_text('{"format": 2, "session": {}}'), "uses save format 2"),
    "unknown game": (lambda p: edit(p, lambda d: d.update(game="chess")), "unknown game 'chess'"),
    "game not ready": (lambda p: edit(p, lambda d: d.update(game="lantern")), "which cannot be played yet"),
    "bad options": (
        lambda p: edit(p, lambda d: d["options"].update(target=2)),
        "has options Count to N does not accept",
    ),
    "unknown option": (lambda p: edit(p, lambda d: d["options"].update(colour="red")), "does not accept"),
    "bad seat level": (
        lambda p: edit(p, lambda d: d["seats"][0].update(kind="bot", level="genius")),
        "no 'genius' bot",
    ),
    "digest mismatch": (lambda p: edit(p, lambda d: d.update(digest="0" * 32)), "digest mismatch"),
    "illegal journal action": (lambda p: edit(p, tamper_die), "illegal action in its journal: action"),
    "journal entry from nowhere": (
        lambda p: edit(p, lambda d: d["journal"].append({"seat": 5, "action": "add 1"})),
        "illegal action",
    ),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_bad_file_is_one_sentence_and_left_as_it_was(tmp_path, with_count, case):
    path = good_save(tmp_path)
    spoil, expected = BAD_FILES[case]
    spoil(path)
    before = snapshot(tmp_path)

    with pytest.raises(SaveError) as caught:
        load(path)
    result = verify(path)

    message = str(caught.value)
    assert expected in message
    assert message.startswith("game-1.json ") and message.endswith(".")
    assert "\n" not in message and ". " not in message.rstrip("."), f"one sentence: {message!r}"
    assert "Traceback" not in message
    assert not result.ok and result.message == message
    assert snapshot(tmp_path) == before, "loading and verifying never touch the folder"


def test_folder_instead_of_a_file(tmp_path):
    with pytest.raises(SaveError, match=r"^x\.json is a folder, not a save file\.$"):
        load((tmp_path / "x.json").mkdir() or tmp_path / "x.json")


def test_save_error_is_typed_decoding_only(tmp_path):
    """A save naming Python objects stays data: the typed decoder refuses unexpected types."""
    path = good_save(tmp_path)
    edit(path, lambda d: d["seats"].append({"name": "x", "kind": "__import__('os').system('true')"}))
    with pytest.raises(SaveError, match="is not a Campfire save file"):
        read_save(path)


def test_verify_ok(tmp_path, with_count):
    path = good_save(tmp_path)
    before = snapshot(tmp_path)
    result = verify(path)
    assert result.ok and result.message.startswith("OK: game-1.json is Count to N for 2 players, turn 7, 8 actions")
    assert isinstance(result.save, SaveFile) and len(result.save.journal) == 8
    assert snapshot(tmp_path) == before
