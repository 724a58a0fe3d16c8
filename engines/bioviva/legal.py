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

from collections.abc import Iterable
from functools import lru_cache
from itertools import compress

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
    PawnKind,
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

PAWN_KINDS: tuple[PawnKind, ...] = ("correct", "decoy")
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


class _TileActions:
    """Every `LayTile` in the listed order (tile by tile in card order: the tile alone, then
    with each other tile under it), and for each tile the slices of that list that name it.

    With n tiles, tile j's own row is [n*j, n*j + n); as the clarification under an earlier
    tile t it sits at n*t + j, under a later one at n*t + j + 1 (the row's first entry is
    the tile alone): two strides of n. A state's list is then one mask and one `compress`.
    """

    def __init__(self, tiles: list[str]) -> None:
        n = len(tiles)
        self.actions = tuple(
            action
            for tile in tiles
            for action in (LayTile(tile), *(LayTile(tile, under) for under in tiles if under != tile))
        )
        self.full = b"\x01" * len(self.actions)
        self.slices = {
            tile: tuple(
                (part, bytes(len(range(*part.indices(len(self.actions))))))
                for part in (slice(n * j, n * j + n), slice(j, n * j, n), slice(n * (j + 1) + j + 1, None, n))
            )
            for j, tile in enumerate(tiles)
        }

    def without(self, used: set[str]) -> list[Action]:
        if not used:
            return list(self.actions)
        mask = bytearray(self.full)
        for tile in used:
            for part, zeros in self.slices[tile]:
                mask[part] = zeros
        return list(compress(self.actions, mask))


@lru_cache(maxsize=1)
def _tile_actions() -> _TileActions:
    return _TileActions([t.id for t in load_cards().tiles])


@lru_cache(maxsize=1)
def _guesses() -> tuple[tuple[Guess, ...], dict[str, tuple[int, ...]]]:
    """A guess for every animal's name in card order, and the places of each name key."""
    names = _guessable()
    places: dict[str, list[int]] = {}
    for index, (_, key) in enumerate(names):
        places.setdefault(key, []).append(index)
    return tuple(Guess(name) for name, _ in names), {key: tuple(at) for key, at in places.items()}


def _without(actions: tuple[Action, ...], indices: Iterable[int]) -> list[Action]:
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
    actions = _tile_actions().without(used_tiles(state))
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
