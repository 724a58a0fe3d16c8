"""Seeded Camp Grizzly games digested step by step (every state, every seat's legal list,
every event), so a change meant to be invisible, such as a faster engine, can prove it is.

`python -m tests.camp_grizzly.identity` records the digests of the current engine into
fixtures/identity_digests.json; tests/camp_grizzly/test_identity.py compares against them.
Record only from code known to be right: recording after a change copies that change.
"""

from __future__ import annotations

import json
from pathlib import Path

from engines.camp_grizzly import ENGINE
from tests.identity_digest import play_digest as digest_game

DIGESTS = Path(__file__).resolve().parent / "fixtures" / "identity_digests.json"

#: (levels, seeds): one level per seat, from a lone counselor to a full table of six.
PLAN: list[tuple[tuple[str, ...], range]] = [
    (("random",), range(15)),
    (("random", "random"), range(25)),
    (("heuristic", "heuristic"), range(20)),
    (("heuristic", "random", "heuristic"), range(10)),
    (("random",) * 4, range(15)),
    (("heuristic",) * 6, range(10)),
    (("random",) * 6, range(5)),
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
