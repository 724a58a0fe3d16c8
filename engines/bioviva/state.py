"""Bioviva state, per-viewer views and the small rules helpers the engine's parts share.

Seats are 0-based here as everywhere in the engine; "Player N" counts from 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Literal

import msgspec

from engines.bioviva.actions import BiovivaOptions
from engines.bioviva.cards import Animal, PlusCard, Question, load_cards, normalise_answer
from engines.bioviva.worldmap import Localization, cell_name, load_localizations
from engines.core.rng import Rng

MAX_TILES = 7
KIND_TITLES = {"question": "Question", "localization": "Localization", "association": "Word association"}
CATEGORIES = ("Questions", "Localizations", "Guessing animals", "Guiding (word association)")
PAWN_MARK = {"correct": "✓", "decoy": "✗"}
REPLY_TEXT = {"almost": "almost", "not-at-all": "not at all", "more": "more"}

Phase = Literal["roll", "question", "localization", "clue", "guess", "over"]


# -- state -------------------------------------------------------------------------------
class Pawn(msgspec.Struct, frozen=True):
    seat: int
    kind: str  # "correct" | "decoy"
    row: int
    col: int


class TilePlay(msgspec.Struct, frozen=True):
    tile: str
    under: str = ""


class GuessRecord(msgspec.Struct, frozen=True):
    seat: int
    text: str
    tile: int  # how many tiles were on the table when it was made
    reply: str = ""  # the guide's reply: "", "almost", "not-at-all", "more"
    reviewed: bool = False


class Result(msgspec.Struct, frozen=True):
    """A finished challenge, all of it public."""

    turn: int
    guide: int
    kind: str
    card: str
    prompt: str
    answer: str  # the right answer, as text
    commentary: str
    winners: tuple[int, ...]
    gains: tuple[int, ...]  # Viva points each seat won
    doubled: tuple[int, ...] = ()
    plus: str = ""  # the "+" card drawn ("" when nobody won)
    plus_points: int = 0
    plus_commentary: str = ""
    answers: tuple[str, ...] = ()  # question: every seat's letter
    distances: tuple[int, ...] = ()  # localization: each seat's best distance
    answer_cells: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()


class BiovivaState(msgspec.Struct, frozen=True):
    options: BiovivaOptions
    seats: int
    rng: int
    scores: tuple[int, ...]
    earned: tuple[tuple[int, int, int, int], ...]  # per seat, by CATEGORIES
    question_deck: tuple[str, ...]
    localization_deck: tuple[str, ...]
    animal_deck: tuple[str, ...]
    plus_deck: tuple[str, ...]
    turn: int = 1
    guide: int = 0
    phase: Phase = "roll"
    die: int = 0
    kind: str = ""
    card: str = ""
    # question
    answers: tuple[str, ...] = ()
    peeks: tuple[int, ...] = ()  # per seat: the seat peeked at, or -1
    # localization
    pawns: tuple[Pawn, ...] = ()
    order: tuple[int, ...] = ()  # who places each pawn, in turn
    loc_start: int = -1  # the seat that placed first at the previous localization
    # word association
    passes: int = 0
    passed: tuple[str, ...] = ()  # animals the guide put back (never revealed)
    tiles: tuple[TilePlay, ...] = ()
    magnifier: tuple[int, int] | None = None
    magnifier_at: int = -1  # tiles on the table when the magnifier last moved
    clarified: bool = False
    guesses: tuple[GuessRecord, ...] = ()  # revealed guesses on this card, in reveal order
    waiting: tuple[int, ...] = ()  # guessers still to write (or pass) in this round
    sealed: tuple[GuessRecord, ...] = ()  # this round's written guesses, hidden until all are in
    resting: tuple[int, ...] = ()  # guessers who passed until the next tile
    guess_rounds: int = 0  # rounds revealed on this card: each turns the reveal order on
    order_start: int = 0  # drawn by lot with the card: how far from the guide's left it starts
    last: Result | None = None
    end_reason: str = ""


# -- the view ------------------------------------------------------------------------------
class PawnView(msgspec.Struct, frozen=True):
    seat: int
    kind: str  # "correct" | "decoy", or "" while only its owner may know
    cell: str
    row: int
    col: int
    counts: bool  # scored as a correct-answer pawn (young players: both)


class TileView(msgspec.Struct, frozen=True):
    tile: str
    label: str
    glyph: str
    under: str = ""
    under_label: str = ""
    under_glyph: str = ""


class GuessView(msgspec.Struct, frozen=True):
    seat: int
    text: str
    tile: int
    reply: str
    reviewed: bool
    number: int = 0  # its number among this player's guesses on the card ("accept 2.1")


class ChallengeView(msgspec.Struct, frozen=True):
    kind: str  # "question" | "localization" | "association"
    card: str  # card id; for an association only the guide's (else "")
    prompt: str
    options: tuple[tuple[str, str], ...] = ()  # question: (letter, answer text)
    answered: tuple[bool, ...] = ()
    answers: tuple[str, ...] = ()  # per seat: the letter when this viewer may see it, else ""
    peek: int = -1  # the seat this viewer peeked at
    can_peek: bool = False
    pawns: tuple[PawnView, ...] = ()
    order: tuple[int, ...] = ()
    placer: int = -1
    animal: str = ""  # the guide's animal (guide only)
    clarification: str = ""  # shown to the guide, young guessers, or all once read out
    clarified: bool = False
    passes_left: int = 0
    tiles: tuple[TileView, ...] = ()
    tiles_left: int = 0
    magnifier: str = ""
    magnifier_movable: bool = False
    guesses: tuple[GuessView, ...] = ()
    guessing: tuple[int, ...] = ()  # seats still to write a guess (or pass) this round
    written: tuple[int, ...] = ()  # seats whose sealed guess for this round is in
    reveal_order: tuple[int, ...] = ()  # this round's guessers, first to win a tie first
    resting: tuple[int, ...] = ()  # guessers who passed until the next tile (announced)
    reviewing: int = -1  # index in `guesses` of the guess the guide's reply is about


class ResultView(msgspec.Struct, frozen=True):
    turn: int
    guide: int
    kind: str
    card: str
    prompt: str
    answer: str
    commentary: str
    winners: tuple[int, ...]
    gains: tuple[int, ...]
    doubled: tuple[int, ...]
    plus: str
    plus_points: int
    plus_commentary: str
    answers: tuple[str, ...]
    distances: tuple[int, ...]
    answer_cells: tuple[str, ...]
    lines: tuple[str, ...]


class BiovivaView(msgspec.Struct, frozen=True):
    viewer: int | None
    seats: int
    phase: str
    turn: int
    turn_limit: int
    target: int
    guesses_per_tile: int
    guide: int
    die: int
    die_label: str
    die_glyph: str
    scores: tuple[int, ...]
    young: tuple[bool, ...]
    actors: tuple[int, ...]
    challenge: ChallengeView | None
    last: ResultView | None
    notes: tuple[str, ...]  # lines only this viewer may see now
    end_reason: str
    winners: tuple[int, ...]


# -- helpers ----------------------------------------------------------------------------------
def _player(n: int) -> str:
    return f"Player {n + 1}"


def _names(seats: Iterable[int]) -> str:
    names = [_player(s) for s in seats]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _cell(row: int, col: int) -> str:
    return cell_name(row, col)


def _localizations() -> dict[str, Localization]:
    return {loc.id: loc for loc in load_localizations()}


_LOC_CACHE: dict[str, Localization] = {}


def localization(loc_id: str) -> Localization:
    if not _LOC_CACHE:
        _LOC_CACHE.update(_localizations())
    return _LOC_CACHE[loc_id]


def animal(animal_id: str) -> Animal:
    return _animals_by_id()[animal_id]


def is_young(state: BiovivaState, seat: int) -> bool:
    return seat + 1 in state.options.young


def passes_allowed(state: BiovivaState) -> int:
    return 2 if is_young(state, state.guide) else 1


def counting_pawns(state: BiovivaState, seat: int) -> list[Pawn]:
    """The pawns scored as correct-answer pawns: a young player's decoy counts too."""
    return [p for p in state.pawns if p.seat == seat and (p.kind == "correct" or is_young(state, seat))]


def used_tiles(state: BiovivaState) -> set[str]:
    return {t.tile for t in state.tiles} | {t.under for t in state.tiles if t.under}


def unreviewed(state: BiovivaState) -> list[int]:
    return [i for i, g in enumerate(state.guesses) if not g.reviewed]


def guess_number(state: BiovivaState, index: int) -> int:
    """The number of guess `index` among its player's guesses on this card, from 1."""
    seat = state.guesses[index].seat
    return sum(1 for g in state.guesses[: index + 1] if g.seat == seat)


def find_guess(state: BiovivaState, seat: int, number: int) -> int:
    """The index in `state.guesses` of `seat`'s guess `number` (0: its oldest waiting one), or -1."""
    if number == 0:
        return next((i for i in unreviewed(state) if state.guesses[i].seat == seat), -1)
    mine = [i for i, g in enumerate(state.guesses) if g.seat == seat]
    return mine[number - 1] if 0 < number <= len(mine) else -1


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def round_guesses(state: BiovivaState, seat: int) -> int:
    return sum(1 for g in state.guesses if g.seat == seat and g.tile == len(state.tiles))


def tried(state: BiovivaState, seat: int) -> set[str]:
    return {normalise_answer(g.text) for g in state.guesses if g.seat == seat}


@lru_cache(maxsize=1)
def _guessable() -> tuple[tuple[str, str], ...]:
    """Every animal's name with its comparison key, in card order (the guesses offered)."""
    return tuple((a.name, normalise_answer(a.name)) for a in load_cards().animals)


@lru_cache(maxsize=512)
def _name_keys(animal_id: str) -> frozenset[str]:
    """What a guess must normalise to for this animal (as `matches_animal` compares)."""
    return frozenset(normalise_answer(n) for n in animal(animal_id).names)


@lru_cache(maxsize=4)
def every_card(deck: str) -> tuple[str, ...]:
    """Every card id of a deck ("question", "localization", "animal", "plus"), in data order:
    what an exhausted deck is rebuilt from."""
    if deck == "localization":
        return tuple(loc.id for loc in load_localizations())
    cards = load_cards()
    decks: dict[str, Sequence[Question | Animal | PlusCard]] = {
        "question": cards.questions,
        "animal": cards.animals,
        "plus": cards.plus_cards,
    }
    items = decks[deck]
    return tuple(item.id for item in items)


@lru_cache(maxsize=1)
def _animals_by_id() -> dict[str, Animal]:
    return {a.id: a for a in load_cards().animals}


def _draw(
    rng: Rng, deck: tuple[str, ...], everything: tuple[str, ...], aside: tuple[str, ...] = ()
) -> tuple[str, tuple[str, ...]]:
    """Top card of a deck; an exhausted deck is rebuilt from every card and shuffled.

    Cards in `aside` (those the guide passed in this challenge) cannot come back in it: a
    deck rebuilt then is shuffled without them and they go under it, in the order passed.
    """
    if deck:
        return deck[0], deck[1:]
    kept = [c for c in everything if c not in aside] or list(everything)
    fresh = rng.shuffled(kept)
    under = [c for c in aside if c not in kept]
    return fresh[0], tuple(fresh[1:] + under)


def reveal_order(state: BiovivaState) -> tuple[int, ...]:
    """The guessers in the order that settles a tie in this round: counted from the guide's
    left, starting `order_start` seats on (drawn by lot with the card, so no seat position
    next to the guide is favoured by the first, quickest rounds) and turning one seat
    further at every round revealed on the card."""
    guessers = [(state.guide + 1 + k) % state.seats for k in range(state.seats - 1)]
    shift = (state.order_start + state.guess_rounds) % len(guessers)
    return tuple(guessers[shift:] + guessers[:shift])


def pawn_line(pawn: Pawn) -> str:
    """The owner's record of a pawn before the reveal (a registered secret until then)."""
    kind = "correct-answer pawn ✓" if pawn.kind == "correct" else "decoy pawn ✗"
    return f"{_player(pawn.seat)}, your {kind} is on {_cell(pawn.row, pawn.col)}"


def pawns_revealed(pawns: tuple[Pawn, ...], seats: int) -> str:
    """Every pawn turned over: "Player 1 ✓ H4 ✗ C12; Player 2 ..."."""
    parts = []
    for s in range(seats):
        mine = " ".join(f"{PAWN_MARK[p.kind]} {_cell(p.row, p.col)}" for p in pawns if p.seat == s)
        parts.append(f"{_player(s)} {mine}")
    return "Pawns turned over: " + "; ".join(parts) + "."
