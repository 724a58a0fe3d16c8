"""Seeded Bonfire games digested step by step (every state, every seat's legal list, every
event), so a change meant to be invisible, such as a faster engine, can prove it is.

`python -m tests.bonfire.identity` records the digests of the current engine into
fixtures/identity_digests.json; tests/bonfire/test_identity.py compares against them.
Record only from code known to be right: recording after a change copies that change.
"""

from __future__ import annotations

import json
from pathlib import Path

from engines.bonfire import ENGINE
from tests.identity_digest import play_digest as digest_game

DIGESTS = Path(__file__).resolve().parent / "fixtures" / "identity_digests.json"

#: (levels, seeds): one level per seat, so one level is solo against Tom and two are a two-player game.
PLAN: list[tuple[tuple[str, ...], range]] = [
    (("random",), range(30)),
    (("heuristic",), range(20)),
    (("random", "random"), range(30)),
    (("heuristic", "heuristic"), range(10)),
    (("heuristic", "random"), range(10)),
]


def game_key(levels: tuple[str, ...], seed: int) -> str:
    return f"{'+'.join(levels)}:{seed}"


def planned_games() -> list[tuple[tuple[str, ...], int]]:
    return [(levels, seed) for levels, seeds in PLAN for seed in seeds]


def play_digest(levels: tuple[str, ...], seed: int, check_purity: bool = False) -> str:
    return digest_game(
        ENGINE, ENGINE.default_options(), levels, seed, check_purity=check_purity, label=game_key(levels, seed)
    )


def record() -> dict[str, str]:
    return {game_key(levels, seed): play_digest(levels, seed) for levels, seed in planned_games()}


if __name__ == "__main__":
    DIGESTS.write_text(json.dumps(record(), indent=0) + "\n")
