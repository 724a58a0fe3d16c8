"""Engine figures: random playout steps/s against the anchor, one random full game, and
load by replay of the longest of 20 seeded bot games. Every ready game in the registry is
measured, so games marked ready later are picked up without touching this file."""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from bench.anchors import anchor_playout
from bench.stats import Row, Spread, paired_ratio
from engines.core.match import Match, SeatSpec
from engines.core.protocol import AUTO, Engine
from engines.registry import load_engine, ready_games

SAMPLE_SECONDS = 0.3
GAME_P95_MS = 50.0
LOAD_P95_MS = 100.0
STEPS_RATIO = 1.0


def seat_count(engine: Engine) -> int:
    """The table a new game gets by default (Bonfire: solo against Tom)."""
    return engine.info.usual_seats


def random_playout(engine: Engine, seed: int) -> int:
    """One full game straight through the engine, every seat choosing uniformly among its
    legal actions and automatic actors acting as the rules say; returns the step count."""
    options = engine.default_options()
    state = engine.new_game(options, seat_count(engine), seed)
    rng = random.Random(seed)
    steps = 0
    while True:
        actors = engine.actors(state)
        if not actors:
            return steps
        seat = actors[0]
        if seat == AUTO:
            action = engine.auto_action(state)
        else:
            action = rng.choice(engine.legal_actions(state, seat))
        state = engine.apply(state, seat, action).state
        steps += 1


#: A paired sample's two sides take turns this long at a time: a shared machine's speed
#: swings by 2x from one sample to the next, and rarely within a hundredth of a second.
TURN_SECONDS = 0.01


class _Subject:
    """Repeated samples of one playout function: steps/s per sample, seconds per game."""

    def __init__(self, playout: Callable[[int], int]) -> None:
        self.playout = playout
        self.rates: list[float] = []
        self.game_ms: list[float] = []
        self.seed = 0

    def play_for(self, seconds: float) -> tuple[int, float]:
        """Whole games until `seconds` have passed: (steps, seconds taken)."""
        steps = 0
        started = time.perf_counter()
        while True:
            self.seed += 1
            game_started = time.perf_counter()
            steps += self.playout(self.seed)
            now = time.perf_counter()
            self.game_ms.append((now - game_started) * 1000)
            if now - started >= seconds:
                return steps, now - started

    def sample(self) -> None:
        steps, seconds = self.play_for(SAMPLE_SECONDS)
        self.rates.append(steps / seconds)


def paired_sample(subject: _Subject, anchor: _Subject) -> None:
    """One rate each for `subject` and `anchor`, the two taking turns of about
    `TURN_SECONDS` (whole games) for `SAMPLE_SECONDS` each: both rates are taken over the
    same moments of the machine's speed."""
    totals: dict[int, list[float]] = {id(subject): [0, 0.0], id(anchor): [0, 0.0]}
    while min(seconds for _, seconds in totals.values()) < SAMPLE_SECONDS:
        for side in (subject, anchor):
            steps, seconds = side.play_for(TURN_SECONDS)
            totals[id(side)][0] += steps
            totals[id(side)][1] += seconds
    for side in (subject, anchor):
        played, taken = totals[id(side)]
        side.rates.append(played / taken)


def bench_engines(repeats: int) -> list[Row]:
    anchor_name, anchor_fn = anchor_playout()
    anchor = _Subject(lambda seed: anchor_fn(random.Random(seed)))
    games = {entry.id: load_engine(entry.id) for entry in ready_games()}
    subjects = {game: _Subject(partial(random_playout, engine)) for game, engine in games.items()}
    paired: dict[str, list[float]] = {game: [] for game in subjects}
    for subject in (anchor, *subjects.values()):
        # Not a rate: its first games fill caches. (Their times stay among the games'.)
        subject.sample()
        subject.rates.clear()
    for _ in range(repeats):  # round after round, each game's sample taken in turns with one of the anchor's
        for game, subject in subjects.items():
            paired_sample(subject, anchor)
            paired[game].append(anchor.rates[-1])
    anchor_rate = Spread.of(anchor.rates)
    rows = []
    for game, subject in subjects.items():
        rate = Spread.of(subject.rates)
        ratio = paired_ratio(subject.rates, paired[game])
        rows.append(
            Row(
                goal=f"{game}: engine random playout steps/s >= {STEPS_RATIO:.1f}x",
                anchor=anchor_rate,
                measured=rate,
                unit="steps/s",
                ratio=ratio,
                met=ratio >= STEPS_RATIO,
                note=f"anchor {anchor_name}, median of paired ratios",
            )
        )
    for game, subject in subjects.items():
        spread = Spread.of(subject.game_ms)
        rows.append(
            Row(
                goal=f"{game}: one random full game p95 <= {GAME_P95_MS:.0f} ms",
                measured=spread,
                unit="ms",
                met=spread.p95 <= GAME_P95_MS,
                note=f"{seat_count(games[game])} seats",
            )
        )
    return rows


def longest_seeded_game(engine: Engine, games: int = 20) -> Match:
    """The longest journal among `games` seeded bot games (heuristic bots where offered)."""
    level = "heuristic" if "heuristic" in engine.bots else sorted(engine.bots)[0]
    seats = [SeatSpec(f"Bot {n + 1}", "bot", level) for n in range(seat_count(engine))]
    longest = None
    for seed in range(1, games + 1):
        match = Match(engine, engine.default_options(), seats, seed)
        match.run_automatic()
        if longest is None or len(match.journal) > len(longest.journal):
            longest = match
    assert longest is not None
    return longest


def bench_load(repeats: int) -> list[Row]:
    from saves.store import load, write_match

    folder = Path(tempfile.mkdtemp(prefix="campfire-bench-"))
    files: dict[str, tuple[Path, int]] = {}
    for entry in ready_games():
        match = longest_seeded_game(load_engine(entry.id))
        path = folder / f"{entry.id}.json"
        write_match(match, path)
        files[entry.id] = (path, len(match.journal))
    times: dict[str, list[float]] = {game: [] for game in files}
    for _ in range(repeats):
        for game, (path, _) in files.items():
            started = time.perf_counter()
            load(path)
            times[game].append((time.perf_counter() - started) * 1000)
    rows = []
    for game, samples in times.items():
        spread = Spread.of(samples)
        rows.append(
            Row(
                goal=f"{game}: load by replay p95 <= {LOAD_P95_MS:.0f} ms",
                measured=spread,
                unit="ms",
                met=spread.p95 <= LOAD_P95_MS,
                note=f"longest of 20 seeded games, {files[game][1]} actions",
            )
        )
    return rows


DECISION_P95_MS = 100.0
#: A whole game of bots only, through the match as a table plays it (decisions, `act`, the
#: journal and log): what the simulation command and an all-bot table cost per game.
BOT_GAME_P95_MS = 2000.0


def bench_decisions(games: int) -> list[Row]:
    """How long the strongest bot takes to choose, every decision of `games` seeded bot-only
    games per ready game (a player waits this long for each bot move, before any pacing),
    and how long each of those whole games takes."""
    rows = []
    for entry in ready_games():
        engine = load_engine(entry.id)
        level = "heuristic" if "heuristic" in engine.bots else sorted(engine.bots)[0]
        seats = [SeatSpec(f"Bot {n + 1}", "bot", level) for n in range(seat_count(engine))]
        samples: list[float] = []
        game_ms: list[float] = []
        for seed in range(1, games + 1):
            match = Match(engine, engine.default_options(), seats, seed)
            game_started = time.perf_counter()
            while True:
                started = time.perf_counter()
                step = match.next_bot_or_auto()
                if step is None:
                    break
                if step[0] != AUTO:
                    samples.append((time.perf_counter() - started) * 1000)
                match.act(*step)
            game_ms.append((time.perf_counter() - game_started) * 1000)
        note = f"{games} games, {seat_count(engine)} seats"
        spread = Spread.of(samples)
        rows.append(
            Row(
                goal=f"{entry.id}: {level} bot decision p95 <= {DECISION_P95_MS:.0f} ms",
                measured=spread,
                unit="ms",
                met=spread.p95 <= DECISION_P95_MS,
                note=note,
            )
        )
        whole = Spread.of(game_ms)
        rows.append(
            Row(
                goal=f"{entry.id}: a whole {level} bot game p95 <= {BOT_GAME_P95_MS:.0f} ms",
                measured=whole,
                unit="ms",
                met=whole.p95 <= BOT_GAME_P95_MS,
                note=note,
            )
        )
    return rows
