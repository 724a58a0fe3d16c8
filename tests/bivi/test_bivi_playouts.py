"""Seeded bot playouts with the table's invariants checked after every action."""

from __future__ import annotations

import collections

import msgspec
import pytest

from engines.bivi import ENGINE, content
from engines.bivi.actions import BiviOptions
from engines.bivi.placing import placement_cells
from engines.bivi.state import TOTAL_CUBES, TOTAL_TILES, BiviState
from engines.bivi.actions import Place
from engines.bivi.geometry import CUBE, EMPTY, layout, stability_problem
from engines.core.match import Match, SeatSpec
from tests.conformance import play_checked

MODES = ["basic", "advanced", "expert"]


def check_invariants(state: BiviState) -> None:
    assert msgspec.json.decode(msgspec.json.encode(state), type=BiviState) == state
    lay = layout(content.board(state.options.board))
    placed = [t for p in state.players for t in {v for v in p.cells if v > 0}]
    everywhere = [*state.bag, *state.discard, *(t for side in state.forest for t in side), *placed]
    if state.hand:
        everywhere.append(state.hand)
    assert len(everywhere) == TOTAL_TILES and set(everywhere) == set(range(1, TOTAL_TILES + 1))
    cubes_placed = sum(p.cells.count(CUBE) for p in state.players)
    assert state.supply + sum(p.cubes for p in state.players) + cubes_placed == TOTAL_CUBES
    assert state.supply >= 0 and all(p.cubes >= 0 for p in state.players)
    for p in state.players:
        rebuilt = [CUBE if v == CUBE else EMPTY for v in p.cells]
        for rec in p.placed:
            for r, c in placement_cells(rec.tile, Place(rec.row, rec.col, rec.rotation, rec.flipped)):
                index = r * lay.width + c
                assert lay.kinds[index] == "." and rebuilt[index] == EMPTY, "tiles overlap"
                rebuilt[index] = rec.tile
        assert tuple(rebuilt) == p.cells
        for rec in p.placed:
            cells = placement_cells(rec.tile, Place(rec.row, rec.col, rec.rotation, rec.flipped))
            without = tuple(EMPTY if v == rec.tile else v for v in p.cells)
            assert stability_problem(lay, without, cells) is None, f"tile {rec.tile} would fall"
        if p.beaver is None:
            assert not p.placed and (p.bank in ("left", "right") or state.phase == "bank")
        else:
            r, c = p.beaver
            assert p.cells[r * lay.width + c] == EMPTY and p.cells[(r + 1) * lay.width + c] > 0


def play(mode: str, levels: list[str], seed: int, check: bool = True) -> Match:
    seats = [SeatSpec(f"{lv} {n}", "bot", lv) for n, lv in enumerate(levels)]
    match = Match(ENGINE, BiviOptions(mode=mode), seats, seed)
    if not check:
        match.run_automatic()
        return match
    check_invariants(match.state)
    steps = 0
    while not match.is_over():
        match.act(*match.next_bot_or_auto())
        check_invariants(match.state)
        steps += 1
        assert steps < 5000
    return match


LINEUPS = [
    ["random", "random"],
    ["heuristic", "random"],
    ["heuristic", "heuristic", "random"],
    ["random", "heuristic", "random", "heuristic"],
    ["heuristic"] * 4,
    ["random"] * 3,
]


@pytest.mark.parametrize("mode", MODES)
def test_seeded_playouts_keep_tiles_cubes_and_stability_invariants(mode):
    # Every line-up twice a mode; the soak below plays 500 games a mode, 50 of them checked.
    reasons = collections.Counter()
    for seed in range(12):
        match = play(mode, LINEUPS[seed % len(LINEUPS)], 1000 + seed)
        out = ENGINE.outcome(match.state)
        assert out.winners and len(out.scores) == len(match.seats)
        reasons[match.state.end_reason.split()[-1]] += 1
    assert reasons["dam"] + reasons["dams"] > 0


@pytest.mark.parametrize("mode", MODES)
def test_conformance_checks_pass_in_every_mode(mode):
    play_checked(ENGINE, BiviOptions(mode=mode), ["heuristic", "random"], 3)
    play_checked(ENGINE, BiviOptions(mode=mode), ["random", "random", "heuristic"], 4)


def heuristic_win_rate(games: int, seed0: int = 0) -> float:
    wins = 0.0
    for n in range(games):
        levels = ["heuristic", "random"] if n % 2 == 0 else ["random", "heuristic"]
        match = play("basic", levels, seed0 + n, check=False)
        winners = ENGINE.outcome(match.state).winners
        if levels.index("heuristic") in winners:
            wins += 1 / len(winners)
    return wins / games


def test_heuristic_beats_random_in_most_two_player_games():
    # A random player wins about half; the heuristic won all of the first 40 (200 under soak).
    assert heuristic_win_rate(20) >= 0.75


@pytest.mark.soak
@pytest.mark.parametrize("mode", MODES)
def test_soak_500_games_per_mode(mode):
    for seed in range(500):
        lineup = LINEUPS[seed % len(LINEUPS)]
        match = play(mode, lineup, 50_000 + seed, check=seed % 10 == 0)
        assert ENGINE.is_over(match.state)


@pytest.mark.soak
def test_soak_heuristic_beats_random_in_80_percent_of_200_games():
    assert heuristic_win_rate(200, seed0=10_000) >= 0.80
