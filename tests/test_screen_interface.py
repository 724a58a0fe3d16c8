"""Screens know a game only through `engines.core.seat_match.SeatMatch`: both matches
implement it, and no module in tui/ reads a match's state or runs the engine's rules on one."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from engines.core.seat_match import SeatMatch

TUI = Path(__file__).resolve().parent.parent / "tui"
# What only a state holds: a screen asks the match instead (refusal, parse_action, view...).
RULE_CALLS = {"apply", "view", "legal_actions", "parse_action", "actors", "summary", "outcome", "is_over"}


def interface_members() -> list[str]:
    return [name for name in dir(SeatMatch) if not name.startswith("_")] + ["engine"]


def state_reads(source: str) -> list[str]:
    """Every `<...>.state` read and every `<...>.engine.<rule>(...)` call in `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "state" and "match" in ast.unparse(node.value):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in RULE_CALLS:
            receiver = node.func.value
            if (
                isinstance(receiver, ast.Attribute)
                and receiver.attr == "engine"
                or (isinstance(receiver, ast.Name) and receiver.id == "engine")
            ):
                found.append(f"line {node.lineno}: {ast.unparse(node.func)}(...)")
    return sorted(found, key=lambda line: int(line.split()[1].rstrip(":")))


@pytest.mark.parametrize("path", sorted(TUI.rglob("*.py")), ids=lambda p: str(p.relative_to(TUI)))
def test_no_screen_reads_a_state(path: Path) -> None:
    assert state_reads(path.read_text(encoding="utf-8")) == []


def test_the_scan_finds_what_it_forbids() -> None:
    source = "x = self.match.state.stage\nself.match.engine.apply(s, 1, a)\nengine.view(s, None)\nself.match.view(0)\n"
    assert state_reads(source) == [
        "line 1: self.match.state",
        "line 2: self.match.engine.apply(...)",
        "line 3: engine.view(...)",
    ]


def test_the_local_and_the_remote_match_implement_every_member() -> None:
    from engines.core.match import Match
    from tui.remote.match import RemoteMatch

    for implementation in (Match, RemoteMatch):
        source = inspect.getsource(implementation)
        missing = [
            name
            for name in interface_members()
            if not hasattr(implementation, name) and f"self.{name}:" not in source and f"self.{name} =" not in source
        ]
        assert missing == [], f"{implementation.__name__} lacks {missing}"


@pytest.mark.parametrize("game_id", [g.id for g in __import__("engines.registry").registry.ready_games()])
def test_a_local_match_of_every_game_is_a_seat_match(game_id: str) -> None:
    from engines.core.match import Match, SeatSpec
    from engines.registry import load_engine

    engine = load_engine(game_id)
    seats = [SeatSpec(f"P{n}") for n in range(engine.info.min_seats)]
    match = Match(engine, engine.decode_options(None), seats, 1)
    assert isinstance(match, SeatMatch)
    seat = next(a for a in match.actors() if a >= 0) if any(a >= 0 for a in match.actors()) else 0
    for action in match.legal_actions(seat)[:5]:
        assert match.refusal(seat, action) is None, f"{engine.describe_action(action)} is legal"
