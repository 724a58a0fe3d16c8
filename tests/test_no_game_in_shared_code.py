"""Shared code names no game: the screens, the remote tables and the server learn every game
from the registry. A game id or title in one of their files is a game wired in by hand."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
SHARED = ("tui/screens", "tui/remote", "server")


def game_names() -> list[str]:
    names = {entry.id for entry in GAMES} | {entry.title for entry in GAMES}
    # Ids with underscores are also written with hyphens or spaces ("camp-grizzly").
    names |= {entry.id.replace("_", sep) for entry in GAMES for sep in "-"}
    return sorted(names)  # matched ignoring case: "camp grizzly" is the title


def hits(text: str, names: list[str]) -> list[str]:
    found = []
    for name in names:
        if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE):
            found.append(name)
    return found


@pytest.mark.parametrize("folder", SHARED)
def test_no_game_is_named_in_shared_code(folder: str) -> None:
    names = game_names()
    named = {}
    for path in sorted((ROOT / folder).rglob("*")):
        if path.is_file() and path.suffix in (".py", ".tcss", ".md"):
            found = hits(path.read_text(encoding="utf-8"), names)
            if found:
                named[str(path.relative_to(ROOT))] = found
    assert named == {}, f"games named in shared code (take them from the registry): {named}"


def test_the_scan_finds_a_game_named_in_a_comment_or_a_string() -> None:
    names = game_names()
    assert hits("# as in Camp Grizzly's snapshots", names) == ["Camp Grizzly"]
    assert hits('if game_id == "bivi":', names) == ["bivi"]
    assert hits("Bivì's ghost", names) == ["Bivì"]
    assert hits("bivouacking, a bonfires list, subcamp_grizzly", names) == []
