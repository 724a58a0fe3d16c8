"""Save files written before the speed work still load, and replay to the same positions
and outcome; the same seed still gives the same game.

The fixtures in tests/fixtures/saves/ were written once by the engines of the day (see its
generate.py); a failure here means players' saves would break, not that the fixtures are
stale.
"""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from engines.core.match import Match
from saves.store import load, read_save

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text())


#: Games whose rules changed on purpose since the fixtures were written: their old saves
#: cannot replay and must be refused with the reason, never replayed into a wrong position.
#: (Bioviva's second edition: sealed association rounds, secret pawn kinds, the finer map.)
RULES_CHANGED = {"bioviva": "edition 1 of Bioviva's rules"}


def _retired(name: str) -> bool:
    """A save of a game whose rules changed, written before its options named an edition."""
    save = read_save(FIXTURES / name)
    return save.game in RULES_CHANGED and "edition" not in save.options


REPLAYABLE = sorted(name for name in EXPECTED if not _retired(name))
RETIRED = sorted(name for name in EXPECTED if _retired(name))


@pytest.fixture(params=REPLAYABLE, ids=lambda name: name.removesuffix(".json"))
def fixture(request):
    return FIXTURES / request.param, EXPECTED[request.param]


@pytest.mark.parametrize("name", RETIRED, ids=lambda name: name.removesuffix(".json"))
def test_a_save_from_before_a_rules_change_is_refused_with_the_reason(name):
    from saves.errors import SaveError

    with pytest.raises(SaveError) as refusal:
        load(FIXTURES / name)
    assert RULES_CHANGED[read_save(FIXTURES / name).game] in str(refusal.value)


def test_every_fixture_is_checked():
    on_disk = {p.name for p in FIXTURES.glob("*.json")} - {"expected.json"}
    assert on_disk == set(EXPECTED)
    assert {read_save(FIXTURES / name).game for name in EXPECTED} >= {"bivi", "bioviva", "camp_grizzly"}


def test_old_save_loads_with_its_recorded_digest(fixture):
    path, expected = fixture
    match = load(path)  # load replays the journal and refuses a digest mismatch
    assert len(match.journal) == expected["actions"]
    assert match.digest() == read_save(path).digest
    assert match.is_over() == expected["over"]


def test_old_save_replays_through_the_same_positions(fixture):
    path, expected = fixture
    save = read_save(path)
    match = load(path)
    replayed = Match(match.engine, match.options, save.seats, save.seed)
    seen = {"0": replayed.digest()}
    for index, entry in enumerate(save.journal, start=1):
        replayed.act_text(entry.seat, entry.action)
        if str(index) in expected["positions"]:
            seen[str(index)] = replayed.digest()
    assert seen == expected["positions"]


def test_old_save_keeps_its_outcome(fixture):
    path, expected = fixture
    match = load(path)
    if expected["outcome"] is None:
        assert not match.is_over()
        return
    outcome = msgspec.to_builtins(match.engine.outcome(match.state))
    recorded = dict(expected["outcome"])
    for told in (outcome, recorded):  # a field added after the first fixtures, empty for
        if not told.get("rivals"):  # every game with a rival-free table
            told.pop("rivals", None)
    assert outcome == recorded


def test_same_seed_still_gives_the_same_game(fixture):
    path, _ = fixture
    save = read_save(path)
    match = load(path)
    fresh = Match(match.engine, match.options, save.seats, save.seed)
    fresh.run_automatic()
    journal = [(e.seat, e.action) for e in fresh.journal]
    assert journal[: len(save.journal)] == [(e.seat, e.action) for e in save.journal]


def test_replay_leaves_the_garbage_collector_as_it_found_it():
    import gc

    from engines.core.errors import IllegalAction
    from engines.core.match import JournalEntry

    path = FIXTURES / "bivi-basic-2p.json"
    save = read_save(path)
    engine = load(path).engine
    options = engine.decode_options(save.options)
    assert gc.isenabled()
    Match.replay(engine, options, save.seats, save.seed, save.journal)
    assert gc.isenabled()
    bad = [*save.journal[:3], JournalEntry(seat=0, action="not an action")]
    with pytest.raises(IllegalAction):
        Match.replay(engine, options, save.seats, save.seed, bad)
    assert gc.isenabled()
    gc.disable()
    try:
        Match.replay(engine, options, save.seats, save.seed, save.journal[:5])
        assert not gc.isenabled()
    finally:
        gc.enable()
