"""Bot-only matches for `campfire sim`: one result per seeded game and a summary of them.

Pure engine work (no interface), so the command line, benchmarks and tests share it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from typing import Any

import msgspec

from engines.core.match import Match, SeatSpec
from engines.core.protocol import Engine


def simulate(
    engine: Engine[Any, Any],
    options: msgspec.Struct,
    seats: list[SeatSpec],
    seed: int,
    games: int,
    keep: Callable[[Match], None] | None = None,
) -> Iterator[dict[str, Any]]:
    """One result per game; everything but `seconds` depends only on the arguments. `keep`
    is handed every finished match (`campfire sim --keep` saves each)."""
    levels = [seat.level for seat in seats]
    for number in range(games):
        game_seed = seed + number
        started = time.perf_counter()
        match = Match(engine, options, seats, game_seed)
        match.run_automatic()
        seconds = time.perf_counter() - started
        if not match.is_over():
            raise RuntimeError(f"{engine.info.id} seed {game_seed}: bots stopped before the end of the game")
        if keep is not None:
            keep(match)
        outcome = match.outcome()
        yield {
            "game": engine.info.id,
            "seed": game_seed,
            "seats": levels,
            "scores": list(outcome.scores),
            # per seat, every score line by label
            "breakdown": [{line.label: line.points for line in lines} for lines in outcome.breakdown],
            "winners": list(outcome.winners),
            # players without a seat (an automa such as Bonfire's Tom)
            "rivals": [{"name": r.name, "score": r.score, "won": r.won} for r in outcome.rivals],
            "turns": match.summary(None).turn,
            "actions": len(match.journal),
            "seconds": round(seconds, 3),
        }


def summarize(
    engine: Engine[Any, Any], seats: list[SeatSpec], seed: int, results: list[dict[str, Any]]
) -> dict[str, Any]:
    """Win rates count a shared win as a win for every winner; a level's rate is its wins
    over the seat-games it played. A rival without a seat (an automa) is counted by name:
    a game it won is its win, not a game without a winner."""
    games = len(results)
    rival_wins: dict[str, int] = {}
    rival_scores: dict[str, int] = {}
    for r in results:
        for rival in r["rivals"]:
            rival_wins[rival["name"]] = rival_wins.get(rival["name"], 0) + bool(rival["won"])
            rival_scores[rival["name"]] = rival_scores.get(rival["name"], 0) + rival["score"]
    count = len(seats)
    wins = [sum(seat in r["winners"] for r in results) for seat in range(count)]
    by_level: dict[str, list[int]] = {}
    for n, seat in enumerate(seats):
        tally = by_level.setdefault(seat.level, [0, 0])
        tally[0] += wins[n]
        tally[1] += games
    return {
        "game": engine.info.id,
        "games": games,
        "seed": seed,
        "seats": [seat.level for seat in seats],
        "wins_by_seat": wins,
        "win_rate_by_seat": [_ratio(w, games) for w in wins],
        "win_rate_by_level": {level: _ratio(w, p) for level, (w, p) in by_level.items()},
        "shared_wins": sum(len(r["winners"]) > 1 for r in results),
        "rival_wins": rival_wins,
        "rival_win_rate": {name: _ratio(w, games) for name, w in rival_wins.items()},
        "rival_mean_score": {name: _ratio(total, games, 3) for name, total in rival_scores.items()},
        "no_winner": sum(not r["winners"] and not any(rival["won"] for rival in r["rivals"]) for r in results),
        "mean_score_by_seat": [_ratio(sum(r["scores"][n] for r in results), games, 3) for n in range(count)],
        "mean_turns": _ratio(sum(r["turns"] for r in results), games, 3),
        "mean_actions": _ratio(sum(r["actions"] for r in results), games, 3),
        "seconds": round(sum(r["seconds"] for r in results), 3),
    }


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (a shared win counts its share);
    (0, 1) when nothing was observed. `campfire sim` and bench/bots.py both report it."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _ratio(part: float, whole: int, digits: int = 4) -> float:
    return round(part / whole, digits) if whole else 0.0
