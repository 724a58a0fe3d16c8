"""The legal lists cut from prebuilt action lists say exactly what the rules allow, in the
order players see: checked against the rules written out plainly, state by state, along
seeded games that place pawns on taken maps, lay tiles with clarifications, move the
magnifier and guess names already tried."""

from __future__ import annotations

import random

import pytest

from engines.bioviva.actions import (
    LETTERS,
    REPLIES,
    Accept,
    Answer,
    Clarify,
    Done,
    Guess,
    GuideReply,
    LayTile,
    Magnifier,
    Pass,
    PassCard,
    Peek,
    PlacePawn,
)
from engines.bioviva.cards import load_cards, normalise_answer
from engines.bioviva.state import animal, guess_number, is_young, passes_allowed, round_guesses, unreviewed
from engines.bioviva.worldmap import COLS, ROWS
from engines.core.protocol import AUTO
from tests.bioviva.helpers import ENGINE, new


def plainly(state, seat):
    """The legal list of `seat`, built the slow and obvious way from the rules."""
    if seat not in ENGINE.actors(state):
        return []
    if state.phase == "question":
        out = [Answer(letter) for letter in LETTERS]
        if is_young(state, seat) and state.peeks[seat] < 0:
            out += [Peek(s) for s in range(state.seats) if s != seat and state.answers[s]]
        return out
    if state.phase == "localization":
        taken = {(p.row, p.col) for p in state.pawns}
        placed = {p.kind for p in state.pawns if p.seat == seat}
        return [
            PlacePawn(kind, r, c)
            for kind in ("correct", "decoy")
            if kind not in placed
            for r in range(ROWS)
            for c in range(COLS)
            if (r, c) not in taken
        ]
    if state.phase == "clue":
        used = {t.tile for t in state.tiles} | {t.under for t in state.tiles if t.under}
        free = [t.id for t in load_cards().tiles if t.id not in used]
        out = []
        for tile in free:
            out.append(LayTile(tile))
            out += [LayTile(tile, under) for under in free if under != tile]
        if state.magnifier_at != len(state.tiles):
            out += [Magnifier(r, c) for r in range(ROWS) for c in range(COLS) if (r, c) != state.magnifier]
        if is_young(state, state.guide) and animal(state.card).clarification and not state.clarified:
            out.append(Clarify())
        if not state.tiles and not state.clarified and state.passes < passes_allowed(state):
            out.append(PassCard())
        return out
    if state.phase == "guess":
        if seat == state.guide:
            out = [Accept(state.guesses[i].seat, guess_number(state, i)) for i in unreviewed(state)]
            return out + [GuideReply(r) for r in REPLIES] + [Done()]
        out = []
        if round_guesses(state, seat) < state.options.guesses_per_tile:
            mine = {normalise_answer(g.text) for g in state.guesses if g.seat == seat}
            out += [Guess(a.name) for a in load_cards().animals if normalise_answer(a.name) not in mine]
        return out + [Pass()]
    return []


def positions(seed: int, seats: int, young: tuple[int, ...]):
    """Every position of a seeded random game, with each actor's list checked on the way."""
    state = new(seats, seed, young=young, target=20)
    rng = random.Random(seed)
    while ENGINE.actors(state):
        yield state
        seat = rng.choice(ENGINE.actors(state))
        action = ENGINE.auto_action(state) if seat == AUTO else rng.choice(ENGINE.legal_actions(state, seat))
        state = ENGINE.apply(state, seat, action).state


@pytest.mark.parametrize("seed, seats, young", [(1, 2, ()), (2, 3, (1,)), (3, 4, (2, 3)), (4, 6, (1, 6))])
def test_every_legal_list_is_what_the_rules_allow_in_their_order(seed, seats, young):
    phases = set()
    for state in positions(seed, seats, young):
        phases.add(state.phase)
        for seat in range(seats):
            assert ENGINE.legal_actions(state, seat) == plainly(state, seat), (state.phase, seat)
    assert {"question", "localization", "clue", "guess"} <= phases


def test_a_taken_square_and_a_placed_pawn_leave_the_list():
    state = ENGINE.begin(new(3), "localization", _first_localization())
    first = state.order[0]
    state = ENGINE.apply(state, first, PlacePawn("correct", 5, 7)).state
    second = state.order[1]
    offered = ENGINE.legal_actions(state, second)
    assert PlacePawn("correct", 5, 7) not in offered and PlacePawn("decoy", 5, 7) not in offered
    assert len(offered) == 2 * (ROWS * COLS - 1)
    if second == first:
        assert not any(a.kind == "correct" for a in offered)


def test_used_tiles_leave_the_list_alone_and_under_other_tiles():
    state = ENGINE.begin(new(3), "association", load_cards().animals[0].id)
    tiles = [t.id for t in load_cards().tiles]
    state = ENGINE.apply(state, state.guide, LayTile(tiles[3], tiles[40])).state
    while state.phase == "guess":
        seat = ENGINE.actors(state)[0]
        action = Pass() if seat != state.guide else Done()
        state = ENGINE.apply(state, seat, action).state
    assert state.phase == "clue"
    offered = [a for a in ENGINE.legal_actions(state, state.guide) if isinstance(a, LayTile)]
    named = {a.tile for a in offered} | {a.under for a in offered}
    assert tiles[3] not in named and tiles[40] not in named
    free = len(tiles) - 2
    assert len(offered) == free * free  # each free tile alone, and with each other free tile under it
    assert offered[0] == LayTile(tiles[0]) and offered[1] == LayTile(tiles[0], tiles[1])


def test_a_list_handed_out_can_be_changed_without_harm():
    state = ENGINE.begin(new(3), "localization", _first_localization())
    seat = ENGINE.actors(state)[0]
    listed = ENGINE.legal_actions(state, seat)
    listed.clear()
    assert len(ENGINE.legal_actions(state, seat)) == 2 * ROWS * COLS


def _first_localization() -> str:
    from engines.bioviva.worldmap import load_localizations

    return load_localizations()[0].id
