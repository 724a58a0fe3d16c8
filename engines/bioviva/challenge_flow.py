"""A Bioviva challenge's start and end: the guide's roll (the die, the card drawn from its
deck, the challenge begun and announced) and its scoring (the "+" card for the winners,
then the next guide, or the end of the game at the target score or the turn limit).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec.structs import replace

from engines.bioviva.actions import LETTERS, Action, Roll
from engines.bioviva.cards import load_cards
from engines.bioviva.state import BiovivaState, Result, _draw, _names, _player, animal, every_card, localization
from engines.core.errors import IllegalAction
from engines.core.protocol import Applied, Event, Outcome
from engines.core.rng import Rng


#: A word association's table as it stands before its first clue, and after its card.
FRESH_ASSOCIATION: dict[str, object] = {
    "passes": 0,
    "passed": (),
    "tiles": (),
    "magnifier": None,
    "magnifier_at": -1,
    "clarified": False,
    "guesses": (),
    "waiting": (),
    "sealed": (),
    "resting": (),
}


class ChallengeFlow:
    """The start and end of every challenge (mixed into `BiovivaEngine`)."""

    if TYPE_CHECKING:  # provided by BiovivaEngine

        def outcome(self, state: BiovivaState) -> Outcome: ...

    # roll -----------------------------------------------------------------
    def _apply_roll(self, state: BiovivaState, seat: int, action: Action) -> Applied[BiovivaState]:
        if not isinstance(action, Roll):
            raise IllegalAction("The guide must roll the die first.")
        cards = load_cards()
        rng = Rng(state.rng)
        face = rng.die(6)
        die = next(f for f in cards.die if f.face == face)
        events = []
        if state.turn == 1:
            events.append(
                Event(
                    f"{_player(state.guide)} is the first guide, as chosen at setup (the rulebook has the oldest player start)."
                )
            )
        events.append(
            Event(f"Turn {state.turn}: {_player(state.guide)} (guide) rolls the die: {die.label} ({die.glyph}).")
        )
        if die.challenge == "question":
            card, deck = _draw(rng, state.question_deck, every_card("question"))
            state = replace(state, question_deck=deck)
        elif die.challenge == "localization":
            card, deck = _draw(rng, state.localization_deck, every_card("localization"))
            state = replace(state, localization_deck=deck)
        else:
            card, deck = _draw(rng, state.animal_deck, every_card("animal"))
            state = replace(state, animal_deck=deck)
        state = self.begin(replace(state, die=face), die.challenge, card)
        if die.challenge == "association":
            state = replace(state, order_start=rng.below(state.seats - 1))
        state = replace(state, rng=rng.state)
        return Applied(state, events + self._begin_events(state), reveals=True)

    def begin(self, state: BiovivaState, kind: str, card: str) -> BiovivaState:
        """`state` with the challenge `kind` started on `card` (the die already rolled).

        Public so rule tests can set up a known card; play reaches it only through `roll`.
        """
        if kind == "question":
            load_cards().question(card)
            return replace(
                state,
                kind=kind,
                card=card,
                phase="question",
                answers=("",) * state.seats,
                peeks=(-1,) * state.seats,
            )
        if kind == "localization":
            localization(card)
            start = (state.guide + 1) % state.seats if state.loc_start < 0 else (state.loc_start + 1) % state.seats
            ring = tuple((start + k) % state.seats for k in range(state.seats))
            return replace(
                state, kind=kind, card=card, phase="localization", pawns=(), order=ring + ring, loc_start=start
            )
        if kind == "association":
            animal(card)
            return replace(
                state,
                kind=kind,
                card=card,
                phase="clue",
                **FRESH_ASSOCIATION,
                guess_rounds=0,
                order_start=0,
            )
        raise ValueError(f"unknown challenge {kind!r}")

    def _begin_events(self, state: BiovivaState) -> list[Event]:
        if state.kind == "question":
            q = load_cards().question(state.card)
            options = "  ".join(f"{k}: {q.answers[k]}" for k in LETTERS)
            return [Event(f"Question: {q.question}  {options}")]
        if state.kind == "localization":
            return [
                Event(f"Localization: {localization(state.card).prompt}"),
                Event(f"{_player(state.loc_start)} places the first pawn, then each player in turn to the left."),
            ]
        return [self._animal_event(state, "draws an animal card and reads it in secret")]

    def _animal_event(self, state: BiovivaState, what: str) -> Event:
        a = animal(state.card)
        private = f"{_player(state.guide)}, your animal: {a.name}."
        if a.clarification:
            private += f" ({a.clarification})"
        return Event(f"{_player(state.guide)} (guide) {what}.", private=private, seats=(state.guide,))

    # end of a challenge -------------------------------------------------------------
    def _finish(self, state: BiovivaState, result: Result, events: list[Event], category: int) -> Applied[BiovivaState]:
        """Score the challenge's winners with a "+" card, then pass the guide or end."""
        rng = Rng(state.rng)
        scores = list(state.scores)
        earned = [list(e) for e in state.earned]
        gains = [0] * state.seats
        lines = list(result.lines)
        plus_deck = state.plus_deck
        if result.winners:
            cards = load_cards()
            plus_id, plus_deck = _draw(rng, state.plus_deck, every_card("plus"))
            plus = cards.plus_card(plus_id)
            scorers: list[tuple[int, int, int]] = []  # seat, points, category
            for s in result.winners:
                scorers.append((s, plus.points * (2 if s in result.doubled else 1), category))
            if result.kind == "association":
                scorers.append((state.guide, plus.points, 3))
            for s, points, cat in scorers:
                scores[s] += points
                earned[s][cat] += points
                gains[s] += points
            lines.append(f'"+" card: {plus.points} Viva point{"s" if plus.points > 1 else ""}. {plus.commentary}')
            for s in sorted({s for s, _, _ in scorers}):
                note = " (doubled: exactly on the answer square)" if s in result.doubled else ""
                if result.kind == "association":
                    note = " (guide)" if s == state.guide else " (found the animal)"
                lines.append(f"{_player(s)} wins {gains[s]} Viva point{'s' if gains[s] != 1 else ''}{note}.")
            result = replace(result, plus=plus.id, plus_points=plus.points, plus_commentary=plus.commentary)
        result = replace(result, gains=tuple(gains), lines=tuple(lines))
        events = events + [Event(line) for line in lines]
        events.append(Event(result.commentary))
        state = replace(
            state,
            rng=rng.state,
            plus_deck=plus_deck,
            scores=tuple(scores),
            earned=tuple(tuple(e) for e in earned),
            last=result,
            answers=(),
            peeks=(),
            pawns=(),
            order=(),
            **FRESH_ASSOCIATION,
            card="",
            kind="",
        )
        target = state.options.target
        reached = [s for s in range(state.seats) if scores[s] >= target]
        if reached:
            reason = f"{_names(reached)} reached {target} Viva points"
            return self._over(state, reason, events)
        if state.turn >= state.options.turn_limit:
            return self._over(state, f"the turn limit ({state.options.turn_limit} turns) was reached", events)
        guide = (state.guide + 1) % state.seats
        state = replace(state, guide=guide, turn=state.turn + 1, phase="roll")
        events.append(Event(f"{_player(guide)} is the new guide."))
        return Applied(state, events, reveals=True)

    def _over(self, state: BiovivaState, reason: str, events: list[Event]) -> Applied[BiovivaState]:
        state = replace(state, phase="over", end_reason=reason)
        events.append(Event(f"The game ends: {reason}. {self.outcome(state).reason}"))
        return Applied(state, events, reveals=True)
