"""Seeded games for the replay tests: every ready game of the registry played by its bots,
with the state digest after every action, kept once per test session."""

from __future__ import annotations

import functools
from pathlib import Path

import msgspec

from engines.core.match import Match, SeatSpec
from engines.registry import load_engine, ready_games
from saves.store import write_match

GAME_IDS = [entry.id for entry in ready_games()]
SEED = 3


def _level(engine) -> str:
    return "heuristic" if "heuristic" in engine.bots else sorted(engine.bots)[0]


def option_sets(engine):
    """The default options, then each switch that is off by default turned on (an expansion
    may be what deals secret cards)."""
    defaults = engine.default_options()
    yield defaults
    for field in msgspec.structs.fields(defaults):
        if field.default is False:
            yield msgspec.structs.replace(defaults, **{field.name: True})


@functools.cache
def played(game_id: str) -> tuple[Match, tuple[str, ...]]:
    """A whole bot game and the digest of its state at every position (0: before any action).
    For a game with hidden information, the first options under which a seat holds a secret
    in the first half of the game, so the secrecy checks have something to catch."""
    engine = load_engine(game_id)
    for options in option_sets(engine):
        found = _play(engine, options)
        if not engine.info.flags.hidden_information or _has_secrets(engine, found[0]):
            return found
    raise AssertionError(f"{game_id}: no seeded game with secrets in its first half")


def _has_secrets(engine, match: Match) -> bool:
    return any(engine.secrets(match.state_after(p)) for p in range(len(match.journal) // 2 + 1))


def _play(engine, options) -> tuple[Match, tuple[str, ...]]:
    count = max(2, engine.info.min_seats) if engine.info.max_seats >= 2 else 1
    seats = [SeatSpec(f"Bot {n + 1}", "bot", _level(engine)) for n in range(count)]
    match = Match(engine, options, seats, SEED)
    digests = [match.digest()]
    while not match.is_over():
        step = match.next_bot_or_auto()
        assert step is not None
        match.act(*step)
        digests.append(match.digest())
    return match, tuple(digests)


def saved(game_id: str, folder: Path, *, cut: int | None = None, people: bool = False) -> Path:
    """The game as a save file; `cut`: only its first actions (a game in progress);
    `people`: every seat a person's (a hot-seat file)."""
    match, _ = played(game_id)
    seats = list(match.seats)
    if people:
        seats = [SeatSpec(name) for name in ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")[: len(seats)]]
    journal = match.journal if cut is None else match.journal[:cut]
    copy = Match.replay(match.engine, match.options, seats, match.seed, journal)
    path = folder / f"{game_id}-{'whole' if cut is None else cut}{'-people' if people else ''}.json"
    write_match(copy, path)
    return path


def secrets_of_others(replay, seat: int | None) -> list[str]:
    """Every secret another seat holds at the replay's position (read from the engine)."""
    state = replay._match.state_after(replay.position)
    return [
        secret for owner, owned in replay.engine.secrets(state).items() if owner != seat for secret in owned if secret
    ]


def encoded(value) -> str:
    return msgspec.json.encode(value).decode()
