"""Bioviva's legal actions, cut from lists built once.

A localization offers a pawn on each of the map's 1,152 squares and a clue offers every
pair of free tiles and every square for the magnifier: thousands of actions per state.
Actions are frozen Structs, so every state shares the same instances: the full list of
each kind is built once, and a state's list is a copy of it with the few taken squares,
used tiles or tried names deleted, which costs a list copy instead of thousands of new
Structs. The order is the one players and saves rely on (row by row, tile by tile, card
order of the animals).
"""

from __future__ import annotations

from functools import lru_cache

from engines.bioviva.actions import (
    LETTERS,
    REPLIES,
    Accept,
    Action,
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
from engines.bioviva.cards import load_cards
from engines.bioviva.state import (
    BiovivaState,
    _guessable,
    animal,
    guess_number,
    is_young,
    passes_allowed,
    round_guesses,
    tried,
    unreviewed,
    used_tiles,
)
from engines.bioviva.worldmap import COLS, ROWS

PAWN_KINDS = ("correct", "decoy")
_ANSWERS: tuple[Action, ...] = tuple(Answer(letter) for letter in LETTERS)
_GUIDE_CLOSING: tuple[Action, ...] = (*(GuideReply(r) for r in REPLIES), Done())
_PASS = Pass()


def _square(row: int, col: int) -> int:
    return row * COLS + col


@lru_cache(maxsize=1)
def _pawns() -> dict[str, tuple[PlacePawn, ...]]:
    return {kind: tuple(PlacePawn(kind, r, c) for r in range(ROWS) for c in range(COLS)) for kind in PAWN_KINDS}


@lru_cache(maxsize=1)
def _magnifiers() -> tuple[Magnifier, ...]:
    return tuple(Magnifier(r, c) for r in range(ROWS) for c in range(COLS))


@lru_cache(maxsize=1)
def _tile_rows() -> tuple[tuple[str, tuple[LayTile, ...], dict[str, int]], ...]:
    """Per tile in card order: the tile, its row of actions (alone, then with each other
    tile under it) and where each other tile sits in that row."""
    tiles = [t.id for t in load_cards().tiles]
    rows = []
    for tile in tiles:
        row = [LayTile(tile)]
        where = {}
        for under in tiles:
            if under != tile:
                where[under] = len(row)
                row.append(LayTile(tile, under))
        rows.append((tile, tuple(row), where))
    return tuple(rows)


@lru_cache(maxsize=1)
def _guesses() -> tuple[tuple[Guess, ...], dict[str, tuple[int, ...]]]:
    """A guess for every animal's name in card order, and the places of each name key."""
    names = _guessable()
    places: dict[str, list[int]] = {}
    for index, (_, key) in enumerate(names):
        places.setdefault(key, []).append(index)
    return tuple(Guess(name) for name, _ in names), {key: tuple(at) for key, at in places.items()}


def _without(actions: tuple[Action, ...], indices) -> list[Action]:
    kept = list(actions)
    for index in sorted(indices, reverse=True):
        del kept[index]
    return kept


def question_actions(state: BiovivaState, seat: int) -> list[Action]:
    actions = list(_ANSWERS)
    if is_young(state, seat) and state.peeks[seat] < 0:
        actions += [Peek(s) for s in range(state.seats) if s != seat and state.answers[s]]
    return actions


def pawn_actions(state: BiovivaState, seat: int) -> list[Action]:
    taken = {_square(p.row, p.col) for p in state.pawns}
    placed = {p.kind for p in state.pawns if p.seat == seat}
    actions: list[Action] = []
    for kind, every in _pawns().items():
        if kind not in placed:
            actions += _without(every, taken)
    return actions


def clue_actions(state: BiovivaState) -> list[Action]:
    used = used_tiles(state)
    actions: list[Action] = []
    for tile, row, where in _tile_rows():
        if tile not in used:
            actions += _without(row, [where[u] for u in used]) if used else row
    if state.magnifier_at != len(state.tiles):
        on = state.magnifier
        actions += _without(_magnifiers(), [_square(*on)]) if on is not None else _magnifiers()
    if is_young(state, state.guide) and animal(state.card).clarification and not state.clarified:
        actions.append(Clarify())
    if not state.tiles and not state.clarified and state.passes < passes_allowed(state):
        actions.append(PassCard())
    return actions


def guess_actions(state: BiovivaState, seat: int) -> list[Action]:
    if seat == state.guide:
        actions: list[Action] = [Accept(state.guesses[i].seat, guess_number(state, i)) for i in unreviewed(state)]
        actions += _GUIDE_CLOSING
        return actions
    actions = []
    if round_guesses(state, seat) < state.options.guesses_per_tile:
        every, places = _guesses()
        mine = tried(state, seat)
        actions += _without(every, [i for key in mine for i in places.get(key, ())]) if mine else every
    actions.append(_PASS)
    return actions
