"""Bioviva's question challenge: every player answers A, B or C at once and in secret
(a young player may first look at one answer already given); the answers are revealed
with the last one, and whoever found the right one wins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec.structs import replace

from engines.bioviva.actions import LETTERS, Action, Answer, Peek
from engines.bioviva.cards import load_cards
from engines.bioviva.state import BiovivaState, Result, _player, is_young
from engines.core.errors import IllegalAction
from engines.core.protocol import Applied, Event


class QuestionRules:
    """The question challenge (mixed into `BiovivaEngine`)."""

    if TYPE_CHECKING:  # provided by BiovivaEngine (challenge_flow.py)

        def _finish(
            self, state: BiovivaState, result: Result, events: list[Event], category: int
        ) -> Applied[BiovivaState]: ...

    def _apply_question(self, state: BiovivaState, seat: int, action: Action) -> Applied[BiovivaState]:
        q = load_cards().question(state.card)
        if isinstance(action, Peek):
            if not is_young(state, seat):
                raise IllegalAction("Only young players may look at another player's answer.")
            if state.peeks[seat] >= 0:
                raise IllegalAction("You have already looked at one answer for this question.")
            if not 0 <= action.seat < state.seats or action.seat == seat:
                raise IllegalAction("Choose another player's answer to look at.")
            if not state.answers[action.seat]:
                raise IllegalAction(f"{_player(action.seat)} has not answered yet.")
            peeks = state.peeks[:seat] + (action.seat,) + state.peeks[seat + 1 :]
            # The rulebook's child looks in secret: nothing is announced to the others (not
            # even that someone looked). The peeker's view shows the token at once (a note),
            # and their own log records it with their answer. A peek shows a hidden answer:
            # it may not be undone to peek at another one.
            return Applied(replace(state, peeks=peeks), [], reveals=True)
        if not isinstance(action, Answer):
            raise IllegalAction("Answer the question with A, B or C.")
        letter = action.letter.upper()
        if letter not in LETTERS or letter != action.letter:
            raise IllegalAction("Answer with A, B or C.")
        answers = state.answers[:seat] + (letter,) + state.answers[seat + 1 :]
        state = replace(state, answers=answers)
        private = f"{_player(seat)}, you answer {letter}: {q.answers[letter]}"
        peeked = state.peeks[seat]
        if peeked >= 0:
            seen = state.answers[peeked]
            private += f" (after looking at {_player(peeked)}'s token: {seen})"
        events = [Event(f"{_player(seat)} has answered.", private=private + ".", seats=(seat,))]
        if not all(answers):
            return Applied(state, events)
        winners = tuple(s for s in range(state.seats) if answers[s] == q.correct)
        lines = [
            "Answers revealed: " + ", ".join(f"{_player(s)} {answers[s]}" for s in range(state.seats)) + ".",
            f"The right answer is {q.correct}: {q.correct_answer}.",
        ]
        result = Result(
            turn=state.turn,
            guide=state.guide,
            kind="question",
            card=q.id,
            prompt=q.question,
            answer=f"{q.correct}: {q.correct_answer}",
            commentary=q.commentary,
            winners=winners,
            gains=(0,) * state.seats,
            answers=answers,
            lines=tuple(lines),
        )
        if not winners:
            result = replace(result, lines=result.lines + ("Nobody found it: no Viva points this time.",))
        return self._finish(state, result, events, category=0)
