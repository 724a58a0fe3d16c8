"""Seeded Bivì games digested step by step (every state, every seat's legal list, the view
and summary, every event), so a change meant to be invisible, such as a split of the engine
or a faster one, can prove it is.

`python -m tests.bivi.identity` records the digests of the current engine into
fixtures/identity_digests.json; tests/bivi/test_identity.py compares against them.
Record only from code known to be right: recording after a change copies that change.
"""

from __future__ import annotations

import json
from pathlib import Path

from engines.bivi import ENGINE
from engines.bivi.actions import BiviOptions
from tests.identity_digest import play_digest as digest_game

DIGESTS = Path(__file__).resolve().parent / "fixtures" / "identity_digests.json"

#: (mode, levels, seeds): one level per seat.
PLAN: list[tuple[str, tuple[str, ...], range]] = [
    ("basic", ("random", "random"), range(12)),
    ("basic", ("random", "random", "random", "random"), range(6)),
    ("advanced", ("random", "random", "random"), range(8)),
    ("expert", ("random", "random"), range(8)),
    ("basic", ("heuristic", "heuristic"), range(4)),
    ("advanced", ("heuristic", "random", "heuristic"), range(3)),
    ("expert", ("heuristic", "heuristic", "random", "random"), range(3)),
]


def game_key(mode: str, levels: tuple[str, ...], seed: int) -> str:
    return f"{mode}:{'+'.join(levels)}:{seed}"


def planned_games() -> list[tuple[str, tuple[str, ...], int]]:
    return [(mode, levels, seed) for mode, levels, seeds in PLAN for seed in seeds]


def play_digest(mode: str, levels: tuple[str, ...], seed: int, check_purity: bool = False) -> str:
    return digest_game(
        ENGINE,
        BiviOptions(mode=mode),
        levels,
        seed,
        with_views=True,
        check_purity=check_purity,
        label=game_key(mode, levels, seed),
    )


def record() -> dict[str, str]:
    return {game_key(mode, levels, seed): play_digest(mode, levels, seed) for mode, levels, seed in planned_games()}


if __name__ == "__main__":
    DIGESTS.write_text(json.dumps(record(), indent=0) + "\n")
