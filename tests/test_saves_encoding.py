"""Autosave's cheaper encoding writes the very bytes a full encoding would, and the listing
fields it keeps between saves are always those of the state being saved."""

from __future__ import annotations

import random

import pytest

from engines.core.match import Match, SeatSpec
from engines.registry import load_engine, ready_games
from saves.format import JournalEncoder, encode, envelope, state_facts
from saves.store import Autosaver, load, read_save

GAMES = [entry.id for entry in ready_games()]
STAMP = "2026-11-30T23:00:00+00:00"


def bot_match(game: str, seed: int = 3) -> Match:
    engine = load_engine(game)
    seats = max(engine.info.min_seats, 2) if engine.info.max_seats >= 2 else 1
    level = "random" if "random" in engine.bots else sorted(engine.bots)[0]
    return Match(engine, engine.default_options(), [SeatSpec(f"Bot {n + 1}", "bot", level) for n in range(seats)], seed)


@pytest.mark.parametrize("game", GAMES)
def test_the_journal_encoder_writes_what_a_full_encoding_writes(game):
    match = bot_match(game)
    encoder = JournalEncoder()
    assert encoder.encode(envelope(match, updated=STAMP)) == encode(envelope(match, updated=STAMP))
    for _ in range(40):
        step = match.next_bot_or_auto()
        if step is None:
            break
        match.act(*step)
        save = envelope(match, updated=STAMP)
        assert encoder.encode(save) == encode(save)


def test_the_journal_encoder_follows_a_journal_that_shrank_or_changed():
    match = bot_match("bivi")
    for _ in range(30):
        match.act(*match.next_bot_or_auto())
    encoder = JournalEncoder()
    save = envelope(match, updated=STAMP)
    encoder.encode(save)
    rng = random.Random(5)
    for _ in range(20):
        cut = rng.randrange(len(save.journal) + 1)
        save.journal = save.journal[:cut] + list(reversed(save.journal[cut:]))  # undone, then others
        assert encoder.encode(save) == encode(save)
    save.journal = []
    assert encoder.encode(save) == encode(save)


def test_an_option_named_journal_does_not_confuse_the_encoder():
    match = bot_match("bivi")
    match.act(*match.next_bot_or_auto())
    save = envelope(match, updated=STAMP)
    save.options = {**save.options, "journal": []}
    assert JournalEncoder().encode(save) == encode(save)


@pytest.mark.parametrize("game", GAMES)
def test_every_autosave_lists_the_state_just_reached(game, tmp_path):
    match = bot_match(game)
    saver = Autosaver(match, tmp_path / "game.json")
    for _ in range(25):
        step = match.next_bot_or_auto()
        if step is None:
            break
        saver.act(*step)
        on_disk = read_save(saver.path)
        facts = state_facts(match)
        assert (on_disk.digest, on_disk.turn, on_disk.summary, on_disk.over) == (
            facts.digest,
            facts.turn,
            facts.summary,
            facts.over,
        )
        assert saver.path.read_bytes() == encode(on_disk), "the file is the full encoding of its envelope"
    saver.save()  # nothing happened since: the same facts again
    assert read_save(saver.path).digest == match.digest()
    assert load(saver.path).digest() == match.digest()
    saver.close()


def test_undo_is_saved_with_the_state_it_returns_to(tmp_path):
    from tests.fake_engine import ENGINE

    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Bo")], 4)
    saver = Autosaver(match, tmp_path / "game.json")
    saver.act_text(0, "add 1")
    before = read_save(saver.path).digest
    saver.act_text(1, "roll")
    assert read_save(saver.path).digest != before
    saver.undo(1)
    assert read_save(saver.path).digest == before == match.digest()
    assert read_save(saver.path).actions == 1
    saver.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_headline_is_the_public_summary_turn_and_status(game):
    match = bot_match(game, seed=11)
    engine = match.engine
    while True:
        summary = engine.summary(match.state, None)
        assert engine.headline(match.state) == (summary.turn, summary.status)
        step = match.next_bot_or_auto()
        if step is None:
            break
        match.act(*step)
