"""Camp Grizzly's plan against its heuristic, run by hand: a team of planner bots (the plan
the search levels play by, engines/camp_grizzly/planner.py) and a team of heuristic bots
(`normal`) over the same seeds, with how often each survives (95% Wilson intervals) and the
seeds only one of them survived. No search: a game takes tens of milliseconds, so thousands
of seeds take a few minutes.

    .venv/bin/python bench/camp_grizzly_plan.py --games 2000
    .venv/bin/python bench/camp_grizzly_plan.py --games 500 --setup easy --seats 3
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bots import line  # noqa: E402
from engines.camp_grizzly.bots import HeuristicBot  # noqa: E402
from engines.camp_grizzly.engine import ENGINE  # noqa: E402
from engines.camp_grizzly.planner import PlannerBot  # noqa: E402
from engines.core.match import Match, SeatSpec  # noqa: E402
from engines.core.protocol import AUTO, Bot  # noqa: E402


def survives(make: Callable[[], Bot], seats: int, setup: str, seed: int) -> bool:
    """One seeded game with every counselor's seat played by a bot from `make`."""
    options = msgspec.structs.replace(ENGINE.default_options(), setup=setup)
    match = Match(ENGINE, options, [SeatSpec(f"Bot {n + 1}", "bot", "heuristic") for n in range(seats)], seed)
    bots = [make() for _ in range(seats)]
    while not match.is_over():
        actors = match.actors()
        if actors == (AUTO,):
            match.act(AUTO, ENGINE.auto_action(match.state))
            continue
        seat = actors[0]
        match.act(seat, match.bot_choice(seat, bots[seat]))
    return match.state.result == "win"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--setup", default="normal", choices=["easy", "normal"])
    args = parser.parse_args(argv)
    started = time.process_time()
    planned = plain = only_planned = only_plain = 0
    for seed in range(args.seed, args.seed + args.games):
        a = survives(PlannerBot, args.seats, args.setup, seed)
        b = survives(HeuristicBot, args.seats, args.setup, seed)
        planned, plain = planned + a, plain + b
        only_planned, only_plain = only_planned + (a and not b), only_plain + (b and not a)
    print(f"Camp Grizzly, {args.setup.title()}, {args.seats} seats, seeds {args.seed}-{args.seed + args.games - 1}:")
    print(line("planner team survives", planned, args.games))
    print(line("heuristic team survives", plain, args.games))
    print(f"only the planner team survived {only_planned} seeds, only the heuristic team {only_plain}")
    print(f"CPU {time.process_time() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
