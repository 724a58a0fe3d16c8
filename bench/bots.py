"""How strong the search bots are, run by hand: a search level against the heuristic over
seeded games with seats rotated, win rates with 95% intervals (Wilson), and the search's
decision time (p95). In a co-operative game (Camp Grizzly) a whole team of the level is
compared with a whole team of heuristic bots, each over the same seeds; in a one-seat game
against the game's own automaton (Bonfire solo against Tom) the level and the heuristic each
play that seat over the same seeds. Competitive games also report the heuristic playing the
search's seat over the same seeds: over a few games, seeds and seats are not fair coins.

    .venv/bin/python bench/bots.py bivi --level hard --games 10
    .venv/bin/python bench/bots.py camp_grizzly --level expert --games 20
    .venv/bin/python bench/bots.py bonfire --seats 1 --level hard --games 20
    .venv/bin/python bench/bots.py bonfire --seats 2 --level hard --games 10 --iterations 200

`--iterations N` gives the search a budget of N iterations a decision instead of its level's
wall time: figures that do not depend on the machine's load (the decision time then says
what that budget costs here).

Decision times depend on the machine's load: the levels think for a fixed wall time, so on
a loaded machine they simply search less.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stats import Spread  # noqa: E402
from engines.core.ismcts import SearchBot, can_search, rewards  # noqa: E402
from engines.core.match import Match, SeatSpec  # noqa: E402
from engines.core.protocol import AUTO, Bot, Engine  # noqa: E402
from engines.core.sim import wilson  # noqa: E402
from engines.registry import load_engine  # noqa: E402


def play(
    engine: Engine[Any, Any],
    levels: list[str],
    seed: int,
    times: dict[str, list[float]],
    iterations: int = 0,
    options: Any = None,
) -> list[float]:
    """One seeded game, each seat played by its level's bot (a search with `iterations` a
    decision when given); the reward per seat."""
    seats = [SeatSpec(f"{level} {n + 1}", "bot", level) for n, level in enumerate(levels)]
    match = Match(engine, options if options is not None else engine.default_options(), seats, seed)
    bots: list[Bot] = [engine.bots[level]() for level in levels]
    for bot in bots:
        if iterations and isinstance(bot, SearchBot):
            bot.iterations, bot.seconds = iterations, None
    while not match.is_over():
        actors = match.actors()
        if actors == (AUTO,):
            match.act(AUTO, engine.auto_action(match.state))
            continue
        seat = actors[0]
        started = time.perf_counter()
        action = match.bot_choice(seat, bots[seat])
        times.setdefault(levels[seat], []).append(time.perf_counter() - started)
        match.act(seat, action)
    reward = rewards(engine, match.state)
    assert reward is not None
    return reward


def progress(text: str, seed: int, times: list[float]) -> None:
    """A game's line on stderr with the level's decision times so far: a run stopped early
    (split runs are stopped to free the machine) still says what it measured."""
    spread = Spread.of(times) if times else None
    timing = f"; decisions {spread.count}, median {spread.median:.3f} s, p95 {spread.p95:.3f} s" if spread else ""
    print(f"  seed {seed}: {text}{timing}", file=sys.stderr, flush=True)


def line(label: str, total: float, n: int) -> str:
    low, high = wilson(total, n)
    return f"{label:<28} {total / n:6.1%}  (95% CI {low:5.1%} - {high:5.1%}, {n} games)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--level", default="expert", choices=["hard", "expert"])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seats", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=0, help="a budget in iterations instead of time")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option (camp_grizzly: setup=normal)"
    )
    args = parser.parse_args(argv)
    engine = load_engine(args.game)
    options = engine.default_options()
    for pair in args.option:
        name, _, value = pair.partition("=")
        options = msgspec.structs.replace(options, **{name: type(getattr(options, name))(value)})
    if not can_search(engine):
        print(f"{engine.info.title} has no determinizer: no search levels.")
        return 1
    seats = args.seats or engine.info.usual_seats
    times: dict[str, list[float]] = {}
    started = time.perf_counter()
    if engine.info.flags.cooperative:
        team = base = 0.0
        for g in range(args.games):
            team += play(engine, [args.level] * seats, args.seed + g, times, args.iterations, options=options)[0]
            base += play(engine, ["heuristic"] * seats, args.seed + g, times, options=options)[0]
            progress(
                f"game {g + 1}/{args.games}: {args.level} team {team:.0f}, heuristic team {base:.0f}",
                args.seed + g,
                times.get(args.level, []),
            )
        print(f"{engine.info.title}, {seats} seats, a team of each level over the same seeds:")
        print(line(f"{args.level} team survives", team, args.games))
        print(line("heuristic team survives", base, args.games))
    elif seats == 1:
        search = base = 0.0
        for g in range(args.games):
            search += play(engine, [args.level], args.seed + g, times, args.iterations, options=options)[0]
            base += play(engine, ["heuristic"], args.seed + g, times, options=options)[0]
            progress(
                f"game {g + 1}/{args.games}: {args.level} {search:.0f}, heuristic {base:.0f}",
                args.seed + g,
                times.get(args.level, []),
            )
        print(f"{engine.info.title}, one seat against the game's automaton, each level over the same seeds:")
        print(line(f"{args.level} wins", search, args.games))
        print(line("heuristic wins", base, args.games))
    else:
        search = other = alone = 0.0
        for g in range(args.games):
            # The search's seat turns round with the seed, so runs split by --seed add up
            # to the same games as one run.
            where = (args.seed + g - 1) % seats
            levels = ["heuristic"] * seats
            levels[where] = args.level
            reward = play(engine, levels, args.seed + g, times, args.iterations, options=options)
            search += reward[where]
            other += sum(r for n, r in enumerate(reward) if n != where) / (seats - 1)
            # The same seed and seat with the heuristic there too: seeds and seats are not
            # fair coins over a few games, so this is the figure the search must beat.
            alone += play(engine, ["heuristic"] * seats, args.seed + g, times, options=options)[where]
            progress(
                f"game {g + 1}/{args.games}: {args.level} {search:.1f} wins so far, heuristic in its seat {alone:.1f}",
                args.seed + g,
                times.get(args.level, []),
            )
        print(f"{engine.info.title}, {seats} seats, {args.level} against heuristic, seats rotated:")
        print(line(f"{args.level} wins", search, args.games))
        print(line("each heuristic seat wins", other, args.games))
        print(line("heuristic in its seat wins", alone, args.games))
    decisions = Spread.of(times[args.level])
    print(
        f"{args.level} decision time: median {decisions.median:.3f} s, p95 {decisions.p95:.3f} s "
        f"over {decisions.count} decisions; run {time.perf_counter() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
