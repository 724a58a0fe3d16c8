"""settings.json is read and written with stdlib json (msgspec stays off the launcher's path
to its first frame): these check it against msgspec, which read and wrote it before, so
files read the same and older versions read what we write."""

from __future__ import annotations

import json
import random

import msgspec
import pytest

from saves.limits import MAX_JSON_DEPTH, json_depth, quote
from tests.hostile_helpers import SETTINGS_CASES, hostile_strings
from tui.settings import DEFAULT_KEYS, Settings, _decode_json, check_keymap, read_settings, save_settings

#: Texts where a lenient JSON reader and a strict one part ways, and plain ones.
TRICKY = [
    b"{}",
    b" {} \n",
    b"[]",
    b"null",
    b"true",
    b"0",
    b"-0",
    b"1.5e3",
    b'"text"',
    b"NaN",
    b"Infinity",
    b"-Infinity",
    b'{"bot_delay": NaN}',
    b'{"bot_delay": -Infinity}',
    b'{"a": "\\ud800"}',
    b'{"a": "\\udc00x"}',
    b'{"a": "\\ud83d\\udd25"}',
    b'{"a": "\\ud83dx\\udd25"}',
    b'{"a": "\xff"}',
    b'{"a": "\xed\xa0\x80"}',
    b'{"a": "\xc0\xaf"}',
    '{"a": "\U0001f525"}'.encode(),
    b'{"a": "\x01"}',
    b'{"a": 1,}',
    b"{'a': 1}",
    b'{"a": 1} // note',
    b"{}x",
    b"\x00{}",
    b'{"a": 1, "a": 2}',
    b'{"a": [1, {"b": null}]}',
    b'{"a": .5}',
    b'{"a": 01}',
    b'{"a": +1}',
    b'{"a": "\\x41"}',
    b'{"a": "\\u0041"}',
    b"\xef\xbb\xbf{}",
    b"",
    b" ",
]


def fuzz_texts() -> list[bytes]:
    """Texts read_settings hands the parser: deeper ones are refused before parsing."""
    texts = [raw for raw, _, _ in SETTINGS_CASES.values()]
    for text in hostile_strings(random.Random(29), 60):
        texts.append(text.encode("utf-8", "surrogatepass"))
        texts.append(json.dumps({"glyphs": text, "keymap": {text: "z"}}).encode())
    return [text for text in texts if json_depth(text) <= MAX_JSON_DEPTH]


def strictly_decoded(data: bytes) -> tuple[bool, object]:
    try:
        return True, _decode_json(data)
    except ValueError:
        return False, None


def msgspec_decoded(data: bytes) -> tuple[bool, object]:
    try:
        return True, msgspec.json.decode(data)
    except msgspec.DecodeError:
        return False, None


@pytest.mark.parametrize("data", TRICKY + fuzz_texts(), ids=lambda data: repr(data[:30]))
def test_settings_json_reads_what_msgspec_read_and_refuses_what_it_refused(data):
    assert strictly_decoded(data) == msgspec_decoded(data)


@pytest.mark.parametrize("number", ["1e400", "-1e400", str(2**64), str(-(2**63) - 1)])
def test_a_number_msgspec_could_not_hold_is_its_keys_own_warning(tmp_path, number):
    """The one place the readers differ: msgspec refused the whole file, stdlib json reads
    the number, and the pace check refuses it (one warning naming the key, the rest kept)."""
    path = tmp_path / "settings.json"
    path.write_text(f'{{"glyphs": "ascii", "bot_delay": {number}}}')
    settings, warnings = read_settings(path)
    assert settings == Settings(glyphs="ascii")
    assert len(warnings) == 1 and "'bot_delay'" in warnings[0]


def test_invalid_json_names_the_parsers_error(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b'{"glyphs": "ascii",}')
    settings, warnings = read_settings(path)
    assert settings == Settings()
    assert warnings == [
        "settings.json is not valid JSON (Expecting property name enclosed in double quotes: "
        "line 1 column 20 (char 19)); using default settings."
    ]


class OldSettings(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The Struct settings were before they became a plain record, and how it wrote them."""

    glyphs: str = "unicode"
    bot_delay: float = 0.4
    keymap: dict[str, str] = {}


@pytest.mark.parametrize(
    "fields",
    [
        {},
        {"glyphs": "ascii"},
        {"bot_delay": 0.0},
        {"bot_delay": 5, "glyphs": "ascii"},
        {"bot_delay": 1.25, "keymap": {"game.undo": "z", "board.left": "left,a,h"}},
        {"keymap": dict(DEFAULT_KEYS)},
    ],
)
def test_saved_settings_are_the_bytes_msgspec_wrote_and_read_back(tmp_path, monkeypatch, fields):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path))
    settings = Settings(**fields)
    path = save_settings(settings)
    written = path.read_bytes()
    assert written == msgspec.json.format(msgspec.json.encode(OldSettings(**fields)))
    assert msgspec.json.decode(written, type=OldSettings) == OldSettings(**fields), "older versions read it"
    if fields.get("keymap") != DEFAULT_KEYS:  # every default key at once clashes by design
        assert read_settings(path) == (settings, [])


def test_known_binding_ids_need_no_quoting_in_keymap_warnings(tmp_path):
    """check_keymap shows a known binding id as it is (quoting it would compile a pattern
    before the launcher's first frame): the long way round gives the same text."""
    assert all(quote(str(binding), 40) == binding for binding in DEFAULT_KEYS)
    keymap = {binding: "not a key!" for binding in DEFAULT_KEYS}
    _, warnings = check_keymap(keymap)
    assert [warning.split("'")[1] for warning in warnings] == [quote(str(binding), 40) for binding in DEFAULT_KEYS]
