"""The weights of Camp Grizzly's search evaluation (engines/camp_grizzly/search.py), fitted
again by hand: positions along seeded games played by teams of the bot the search's playouts
use (the planner), each labelled with whether that team survived, and a logistic regression
of the outcome on `features` (Newton's method with a small ridge). Prints the weights to
paste into WEIGHTS, with the fit's log loss against a constant guess and the current
weights' on the same positions.

    .venv/bin/python bench/camp_grizzly_fit.py --normal 400 --easy 100
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.camp_grizzly.engine import ENGINE  # noqa: E402
from engines.camp_grizzly.planner import PlannerBot  # noqa: E402
from engines.camp_grizzly.search import FEATURES, WEIGHTS, features  # noqa: E402
from engines.core.match import Match, SeatSpec  # noqa: E402
from engines.core.protocol import AUTO  # noqa: E402

Sample = tuple[tuple[float, ...], float]


def positions(setup: str, seeds: range, every: int = 4) -> list[Sample]:
    """Every `every`th seat choice outside finales along each seeded two-seat planner game,
    as (features, 1.0 if the team survived else 0.0)."""
    options = msgspec.structs.replace(ENGINE.default_options(), setup=setup)
    out: list[Sample] = []
    for seed in seeds:
        match = Match(ENGINE, options, [SeatSpec(f"Bot {n + 1}", "bot", "heuristic") for n in range(2)], seed)
        bots = [PlannerBot(), PlannerBot()]
        seen: list[tuple[float, ...]] = []
        choices = 0
        while not match.is_over():
            actors = match.actors()
            if actors == (AUTO,):
                match.act(AUTO, ENGINE.auto_action(match.state))
                continue
            if match.state.finale is None and choices % every == 0:
                seen.append(features(match.state))
            choices += 1
            seat = actors[0]
            match.act(seat, match.bot_choice(seat, bots[seat]))
        won = 1.0 if match.state.result == "win" else 0.0
        out += [(x, won) for x in seen]
    return out


def _chance(weights: list[float] | tuple[float, ...], x: tuple[float, ...]) -> float:
    z = max(-30.0, min(30.0, sum(w * v for w, v in zip(weights, x, strict=True))))
    return 1.0 / (1.0 + math.exp(-z))


def log_loss(weights: list[float] | tuple[float, ...], data: list[Sample]) -> float:
    total = 0.0
    for x, y in data:
        p = min(1 - 1e-12, max(1e-12, _chance(weights, x)))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(data)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting (a is small and well posed:
    the ridge keeps it positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def fit(data: list[Sample], ridge: float = 1.0, rounds: int = 25) -> list[float]:
    """Logistic regression by Newton's method; `ridge` is added to the Hessian's diagonal
    (and its pull towards zero to the gradient), so a feature that never varies stays 0."""
    k = len(data[0][0])
    w = [0.0] * k
    for _ in range(rounds):
        grad = [ridge * v for v in w]
        hess = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in data:
            p = _chance(w, x)
            for i in range(k):
                grad[i] += (p - y) * x[i]
                s = p * (1 - p) * x[i]
                if s:
                    for j in range(k):
                        hess[i][j] += s * x[j]
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--normal", type=int, default=400, help="Normal games (seeds from 1000)")
    parser.add_argument("--easy", type=int, default=100, help="Easy games (seeds after the Normal ones)")
    args = parser.parse_args(argv)
    data = positions("normal", range(1000, 1000 + args.normal))
    data += positions("easy", range(1000 + args.normal, 1000 + args.normal + args.easy))
    rate = sum(y for _, y in data) / len(data)
    constant = -(rate * math.log(rate) + (1 - rate) * math.log(1 - rate))
    weights = fit(data)
    print(f"{len(data)} positions of {args.normal} Normal and {args.easy} Easy planner games")
    print(
        f"log loss: fitted {log_loss(weights, data):.3f}, current WEIGHTS {log_loss(WEIGHTS, data):.3f}, constant {constant:.3f}"
    )
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"  {name:<11} {w:6.2f}")
    print("WEIGHTS = (" + ", ".join(f"{w:.2f}" for w in weights) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
