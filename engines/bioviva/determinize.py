"""Bioviva states a seat cannot tell from the one it sees, for the search bots.

A seat sees the scores, the challenge card (a question or a place; an animal only as its
guide), its own secret answer, pawn kinds and sealed guess, and everything revealed. A
sample keeps all that and draws the rest with the bot's generator:

- the order (and so the next cards) of the four decks: every card but those in sight
  (the challenge's card and the last challenge's), shuffled; the state's generator
  (every later die, draw and lot) is reseeded;
- a question: the letters of the other players who have answered (uniformly; another
  player's look at a token is never shown, so none is sampled);
- a localization: which of another player's pawns is the decoy (uniformly);
- a word association seen by a guesser: the guide's animal, drawn among the animals no
  revealed guess named and, when this seat is shown the clarification, with that same
  clarification; the cards the guide passed; the guesses sealed by the other guessers in
  this round (any animal's name they have not tried: simultaneous choices are sampled,
  never read, so a guesser's search never sees the others' guesses before the reveal).

Known gaps, because no view carries them: which cards were drawn in earlier turns (the
decks hold them again), the seat that placed first at the previous localization (drawn at
random outside a localization), the Viva points by category (all counted as questions'),
and other players' peeks at a token (none).
"""

from __future__ import annotations

from engines.bioviva.actions import LETTERS, BiovivaOptions
from engines.bioviva.association import sealed_text
from engines.bioviva.cards import load_cards, normalise_answer
from engines.bioviva.state import (
    BiovivaState,
    BiovivaView,
    ChallengeView,
    GuessRecord,
    Pawn,
    Result,
    TilePlay,
    _guessable,
    _name_keys,
    every_card,
)
from engines.bioviva.worldmap import parse_cell
from engines.core.rng import Rng

import msgspec


def determinize(view: BiovivaView, seat: int, rng: Rng) -> BiovivaState:
    seats = view.seats
    first = (view.guide - (view.turn - 1)) % seats  # the guide moves one seat on each turn
    options = BiovivaOptions(
        target=view.target,
        young=tuple(s + 1 for s in range(seats) if view.young[s]),
        turn_limit=view.turn_limit,
        guesses_per_tile=view.guesses_per_tile,
        first_guide=first + 1,
    )
    last = msgspec.convert(msgspec.to_builtins(view.last), Result) if view.last is not None else None
    state = BiovivaState(
        options=options,
        seats=seats,
        rng=rng.next_u64(),
        scores=view.scores,
        earned=tuple((score, 0, 0, 0) for score in view.scores),
        question_deck=(),
        localization_deck=(),
        animal_deck=(),
        plus_deck=(),
        turn=view.turn,
        guide=view.guide,
        phase=view.phase,  # type: ignore[arg-type]
        die=view.die,
        loc_start=rng.below(seats),
        last=last,
        end_reason=view.end_reason,
    )
    challenge = view.challenge
    if challenge is not None and challenge.kind == "question":
        state = _question(state, view, challenge, seat, rng)
    elif challenge is not None and challenge.kind == "localization":
        state = _localization(state, challenge, seat, rng)
    elif challenge is not None:
        state = _association(state, view, challenge, seat, rng)
    in_sight = {state.card, *state.passed}
    if last is not None:
        in_sight |= {last.card, last.plus}
    decks = {
        name: tuple(rng.shuffled([c for c in every_card(name) if c not in in_sight]))
        for name in ("question", "localization", "animal", "plus")
    }
    return msgspec.structs.replace(
        state,
        question_deck=decks["question"],
        localization_deck=decks["localization"],
        animal_deck=decks["animal"],
        plus_deck=decks["plus"],
    )


def _question(state: BiovivaState, view: BiovivaView, ch: ChallengeView, seat: int, rng: Rng) -> BiovivaState:
    answers = tuple(
        ch.answers[s] or (LETTERS[rng.below(len(LETTERS))] if ch.answered[s] else "") for s in range(view.seats)
    )
    peeks = tuple(ch.peek if s == seat else -1 for s in range(view.seats))
    return msgspec.structs.replace(state, kind="question", card=ch.card, answers=answers, peeks=peeks)


def _localization(state: BiovivaState, ch: ChallengeView, seat: int, rng: Rng) -> BiovivaState:
    # Another player's kinds: a coin decides whether their first pawn is the correct one.
    first_is_correct = {s: rng.below(2) == 0 for s in {p.seat for p in ch.pawns if p.seat != seat}}
    pawns = []
    for p in ch.pawns:
        kind = p.kind
        if p.seat != seat:
            first = next(q for q in ch.pawns if q.seat == p.seat) is p
            kind = "correct" if first == first_is_correct[p.seat] else "decoy"
        pawns.append(Pawn(p.seat, kind, p.row, p.col))
    return msgspec.structs.replace(
        state,
        kind="localization",
        card=ch.card,
        pawns=tuple(pawns),
        order=ch.order,
        loc_start=ch.order[0],
    )


def _association(state: BiovivaState, view: BiovivaView, ch: ChallengeView, seat: int, rng: Rng) -> BiovivaState:
    guesses = tuple(GuessRecord(g.seat, g.text, g.tile, g.reply, g.reviewed) for g in ch.guesses)
    named = {normalise_answer(g.text) for g in guesses}
    card = ch.card or _hidden_animal(view, ch, seat, named, rng)
    tiles = tuple(TilePlay(t.tile, t.under) for t in ch.tiles)
    # Passes are told only while the card may still be passed (only then can a pass matter).
    allowed = 2 if view.young[view.guide] else 1
    passes = allowed - ch.passes_left if not tiles and not ch.clarified else 0
    unseen = [a.id for a in load_cards().animals if a.id != card]
    passed = tuple(unseen.pop(rng.below(len(unseen))) for _ in range(passes))
    magnifier = parse_cell(ch.magnifier) if ch.magnifier else None
    if magnifier is None:
        magnifier_at = -1
    elif view.phase == "clue" and not ch.magnifier_movable:
        magnifier_at = len(tiles)  # moved since the last tile
    else:
        magnifier_at = len(tiles) - 1  # before the last tile: free to move again
    guessers = [(view.guide + 1 + k) % view.seats for k in range(view.seats - 1)]
    own = next((text for text in (sealed_text(seat, note) for note in view.notes) if text is not None), None)
    sealed = []
    for writer in ch.written:
        text = own if writer == seat and own is not None else _sealed_guess(guesses, writer, rng)
        sealed.append(GuessRecord(writer, text, len(tiles)))
    return msgspec.structs.replace(
        state,
        kind="association",
        card=card,
        passes=passes,
        passed=passed,
        tiles=tiles,
        magnifier=magnifier,
        magnifier_at=magnifier_at,
        clarified=ch.clarified,
        guesses=guesses,
        waiting=ch.guessing,
        sealed=tuple(sealed),
        resting=ch.resting,
        guess_rounds=0,
        # The reveal order starts `order_start + guess_rounds` seats on: kept as one shift.
        order_start=guessers.index(ch.reveal_order[0]),
    )


def _hidden_animal(view: BiovivaView, ch: ChallengeView, seat: int, named: set[str], rng: Rng) -> str:
    """A guide's animal as a guesser may imagine it: no revealed guess named it (a guess
    that does wins at once) and, when this seat is shown the clarification, it has that
    clarification (or none)."""
    shown = ch.clarified or (view.young[seat] and bool(ch.tiles))  # as views.py shows it
    fitting = [
        a.id
        for a in load_cards().animals
        if not (_name_keys(a.id) & named) and (not shown or a.clarification == ch.clarification)
    ]
    # The last challenge's animal is in the discard pile, unless a reshuffled deck brought
    # it straight back (then it is the only one left that fits).
    last = view.last.card if view.last is not None and view.last.kind == "association" else ""
    candidates = [a for a in fitting if a != last] or fitting
    return candidates[rng.below(len(candidates))]


def _sealed_guess(guesses: tuple[GuessRecord, ...], writer: int, rng: Rng) -> str:
    """Another guesser's sealed guess: any animal's name they have not tried on this card."""
    tried = {normalise_answer(g.text) for g in guesses if g.seat == writer}
    names = [name for name, key in _guessable() if key not in tried]
    return names[rng.below(len(names))]
