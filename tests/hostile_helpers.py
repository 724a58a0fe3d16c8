"""Hostile input for the hostile-input tests: private folders for every test, seeded
hostile strings, the one-printable-line check, and the bad settings files."""

from __future__ import annotations

import random

import pytest

from saves.limits import has_control


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    """Crash logs, settings and saves of these tests never reach the user's folders."""
    monkeypatch.setenv("CAMPFIRE_LOG_DIR", str(tmp_path / "log"))
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "default-saves"))


def hostile_strings(rng: random.Random, count: int) -> list[str]:
    """Markup, terminal escapes, control characters, odd Unicode, nesting and sheer size,
    alone and mixed, always the same for the same generator."""
    fixed = [
        "[/]",
        "[bold]x",
        "[link=file:///etc/passwd]y[/link]",
        "[red",
        "]",
        "[[",
        "\\[b]",
        "\x1b[2J",
        "\x1b]0;owned\x07",
        "a\x00b",
        "line\nbreak",
        "tab\tand\rreturn",
        "\x7f\x9b31m",
        "\u202eevil",
        "\u200f\u2066x",
        "e\u0301\u0301\u0301",
        "🔥" * 30,
        "\ud800",
        "x" * 10_000,
        "[" * 1000,
        "{" * 1000,
        '{"a":' * 1000,
        "",
        " ",
        "-",
        "--help",
        "%s%n",
        "$(reboot)",
    ]
    pieces = fixed[:20]
    made = list(fixed)
    while len(made) < count:
        made.append("".join(rng.choice(pieces)[: rng.randint(1, 60)] for _ in range(rng.randint(1, 4))))
    return made[:count]


def one_printable_line(text: str, limit: int = 500) -> bool:
    return "\n" not in text.strip("\n") and not has_control(text.strip("\n")) and len(text) <= limit


SETTINGS_CASES = {
    "a BOM": (b'\xef\xbb\xbf{"glyphs": "ascii"}', {"glyphs": "ascii"}, []),
    "negative pace": (b'{"bot_delay": -1}', {"bot_delay": 0.4}, ["'bot_delay'"]),
    "huge pace": (b'{"bot_delay": 1e300}', {"bot_delay": 0.4}, ["'bot_delay'"]),
    "pace as text": (b'{"bot_delay": "fast", "glyphs": "ascii"}', {"glyphs": "ascii"}, ["'bot_delay'"]),
    "unknown key": (b'{"colour": "red", "bot_delay": 1}', {"bot_delay": 1.0}, ["'colour'"]),
    "unknown binding id": (
        b'{"keymap": {"game.explode": "x", "game.undo": "z"}}',
        {"keymap": {"game.undo": "z"}},
        ["'game.explode'"],
    ),
    "two actions on one key": (b'{"keymap": {"game.undo": "n"}}', {"keymap": {}}, ["'game.undo'"]),
    "Menu without a key": (b'{"keymap": {"game.menu": ""}}', {"keymap": {}}, ["'game.menu'"]),
    "Save's key taken": (b'{"keymap": {"game.undo": "ctrl+s"}}', {"keymap": {}}, ["'game.undo'"]),
    "Quit's key taken": (b'{"keymap": {"launcher.load": "ctrl+q"}}', {"keymap": {}}, ["'launcher.load'"]),
    "1000-deep": (b"[" * 1000, {}, ["nests too deeply"]),
    "not JSON": (b"glyphs=ascii", {}, ["not valid JSON"]),
}
