"""The Bioviva rules engine.

Seats sit clockwise in number order; "left" of a seat is the next seat number. The guide
changes every turn to the left. Phases (`state.phase`), who acts, and the text forms:

- ``roll``          the automatic actor rolls the die for the guide and draws the card of
                    that challenge type (face and card come from the state's generator):
                    ``roll``.
- ``question``      every seat that has not answered, simultaneously and in secret:
                    ``answer A`` / ``answer B`` / ``answer C``; a young player may first
                    look at one other player's answer (only someone who has answered):
                    ``peek 3`` (Player 3), unannounced to the others. Answers are revealed
                    when the last one is given.
- ``localization``  one pawn at a time, in the placement order: ``pawn correct H4`` or
                    ``pawn decoy C12``; one pawn per square. Scored after the last pawn.
- ``clue``          the guide of a word association: ``tile leg`` or ``tile leg+small``
                    (with the clarification tile "small" laid under "leg"),
                    ``magnifier H4`` (once between two tiles), ``pass-card`` (before the
                    first tile and before any ``clarify``; once, twice for a young guide),
                    ``clarify`` (young guide: read the clarification aloud).
- ``guess``         after each tile, in sealed rounds: every other player at once writes
                    ``guess <any text>`` (one a round, `guesses_per_tile` rounds a tile)
                    or ``pass``; the round is revealed when the last is in (first right
                    in the reveal order wins, see association.py). Then the guide,
                    while some revealed guess waits for an answer: ``accept 2.1`` (Player 2's first
                    guess on this card is right; ``accept 2`` names Player 2's oldest
                    waiting guess), ``reply almost`` / ``reply not-at-all`` /
                    ``reply more`` (about the oldest guess waiting) or ``done`` (nothing to
                    say about the guesses waiting). Waiting guesses are listed, accepted
                    and replied to oldest first.
- ``over``          the game has ended.

Legal guesses listed by `legal_actions` are every animal's name (stable order, minus
those the seat already tried on this card); `parse_action` accepts any other text too.
Seat numbers in text forms count from 1; action Structs store 0-based seats.
`describe_action` gives the wording of the action list ("accept Player 2's 1st guess").

This module holds the setup, who acts, the dispatch of an action to its phase's handler,
and the outcome. The handlers are mixed in from beside it: the roll and a challenge's
scoring (challenge_flow.py), the question (question_phase.py), the localization
(localization_phase.py) and the word association (association.py); the text forms
from text_forms.py and the views from views.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from engines.bioviva.actions import EDITION_1_FIELDS, RULES_EDITION, Action, BiovivaOptions, Roll
from engines.bioviva.association import AssociationRules
from engines.bioviva.challenge_flow import ChallengeFlow
from engines.bioviva.determinize import determinize
from engines.bioviva.legal import clue_actions, guess_actions, pawn_actions, question_actions
from engines.bioviva.levels import BOTS
from engines.bioviva.localization_phase import LocalizationRules
from engines.bioviva.question_phase import QuestionRules
from engines.bioviva.state import CATEGORIES, BiovivaState, BiovivaView, _names, _player, every_card
from engines.bioviva.text_forms import TextForms
from engines.bioviva.views import ViewRules
from engines.core.errors import BadOptions, IllegalAction
from engines.core.protocol import AUTO, Applied, Engine, Flags, GameInfo, Outcome, ScoreLine
from engines.core.rng import Rng, seed_state

#: Each phase with the handler of the actions taken in it, in the rules mixin of that part.
_HANDLERS: dict[str, Callable[[Any, BiovivaState, int, Action], Applied[BiovivaState]]] = {
    "roll": ChallengeFlow._apply_roll,
    "question": QuestionRules._apply_question,
    "localization": LocalizationRules._apply_localization,
    "clue": AssociationRules._apply_clue,
    "guess": AssociationRules._apply_guess,
}


# -- the engine ---------------------------------------------------------------------------------
class BiovivaEngine(
    ChallengeFlow,
    QuestionRules,
    LocalizationRules,
    AssociationRules,
    TextForms,
    ViewRules,
    Engine[BiovivaState, Action],
):
    info = GameInfo(
        id="bioviva",
        title="Bioviva",
        pitch="Nature challenges: questions, map localization and word association.",
        min_seats=2,
        max_seats=6,
        flags=Flags(hidden_information=True, chance=True, simultaneous=True),
    )
    options_type = BiovivaOptions
    bots = BOTS

    # -- setup ---------------------------------------------------------------
    def check_setup(self, options: msgspec.Struct, seats: int) -> None:
        super().check_setup(options, seats)
        if not isinstance(options, BiovivaOptions):
            raise BadOptions("Bioviva needs Bioviva options.")
        if not 1 <= options.target <= 99:
            raise BadOptions(f"The winning score must be between 1 and 99 Viva points, not {options.target}.")
        if not 1 <= options.turn_limit <= 1000:
            raise BadOptions(f"The turn limit must be between 1 and 1000 turns, not {options.turn_limit}.")
        if not 1 <= options.guesses_per_tile <= 20:
            raise BadOptions(f"Players may make 1 to 20 guesses after each tile, not {options.guesses_per_tile}.")
        if options.edition != RULES_EDITION:
            raise BadOptions(
                f"This game was started under edition {options.edition} of Bioviva's rules, which had guesses"
                f" typed in turn, public pawn kinds and a coarser map; edition {RULES_EDITION} cannot replay it."
            )
        if not 1 <= options.first_guide <= seats:
            raise BadOptions(
                f"The first guide is given by seat number, 1 to {seats} in this game: {options.first_guide} is not a seat."
            )
        for number in options.young:
            if not 1 <= number <= seats:
                raise BadOptions(
                    f"Young players are given by seat number, 1 to {seats} in this game: {number} is not a seat."
                )
        if len(set(options.young)) != len(options.young):
            raise BadOptions("A young player is listed twice.")

    def new_game(self, options: msgspec.Struct, seats: int, seed: int) -> BiovivaState:
        self.check_setup(options, seats)
        assert isinstance(options, BiovivaOptions)  # check_setup refuses any other options
        rng = Rng(seed_state(seed))
        questions = tuple(rng.shuffled(every_card("question")))
        places = tuple(rng.shuffled(every_card("localization")))
        animals = tuple(rng.shuffled(every_card("animal")))
        plus = tuple(rng.shuffled(every_card("plus")))
        return BiovivaState(
            options=options,
            seats=seats,
            rng=rng.state,
            scores=(0,) * seats,
            earned=((0, 0, 0, 0),) * seats,
            question_deck=questions,
            localization_deck=places,
            animal_deck=animals,
            plus_deck=plus,
            guide=options.first_guide - 1,
        )

    def decode_options(self, data: bytes | dict[str, Any] | None) -> msgspec.Struct:
        if isinstance(data, bytes):
            data = msgspec.json.decode(data)
        if isinstance(data, dict) and "edition" not in data and EDITION_1_FIELDS <= data.keys():
            # A save stores every option it had: all of edition 1's and none of the later
            # ones is a game from before the edition field, which check_setup refuses.
            data = {**data, "edition": "1"}
        return super().decode_options(data)

    # -- who acts ------------------------------------------------------------
    def actors(self, state: BiovivaState) -> tuple[int, ...]:
        phase = state.phase
        if phase == "roll":
            return (AUTO,)
        if phase == "question":
            return tuple(s for s in range(state.seats) if not state.answers[s])
        if phase == "localization":
            return (state.order[len(state.pawns)],)
        if phase == "clue":
            return (state.guide,)
        if phase == "guess":
            # The guessers write at the same time; the guide answers once they are revealed.
            return state.waiting if state.waiting else (state.guide,)
        return ()

    def legal_actions(self, state: BiovivaState, seat: int) -> list[Action]:
        if seat == AUTO or seat not in self.actors(state):
            return []
        phase = state.phase
        if phase == "question":
            return question_actions(state, seat)
        if phase == "localization":
            return pawn_actions(state, seat)
        if phase == "clue":
            return clue_actions(state)
        if phase == "guess":
            return guess_actions(state, seat)
        return []

    # -- acting --------------------------------------------------------------
    def auto_action(self, state: BiovivaState) -> Action:
        if state.phase != "roll":
            raise IllegalAction("No automatic actor is due to act.")
        return Roll()

    def apply(self, state: BiovivaState, seat: int, action: Action) -> Applied[BiovivaState]:
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        actors = self.actors(state)
        if seat not in actors:
            if seat == AUTO:
                raise IllegalAction("No automatic actor is due to act.")
            raise IllegalAction(self._not_your_turn(state, seat))
        return _HANDLERS[state.phase](self, state, seat, action)

    def _not_your_turn(self, state: BiovivaState, seat: int) -> str:
        if state.phase == "question":
            return "You have already answered this question."
        if state.phase == "localization":
            return f"It is {_player(state.order[len(state.pawns)])}'s turn to place a pawn."
        if state.phase == "clue":
            return f"{_player(state.guide)}, the guide, is choosing the next clue."
        if state.phase == "guess":
            if seat == state.guide:
                return "The guessers are writing their guesses: wait for the reveal."
            if seat in state.resting:
                return "You have passed: wait for the next tile."
            if state.waiting:
                return "You have written your guess for this round: wait for the reveal."
            return f"{_player(state.guide)}, the guide, is answering the guesses."
        return f"{_player(state.guide)} (guide) is rolling the die."

    # -- search ----------------------------------------------------------------------
    def determinize(self, view: BiovivaView, seat: int, rng: Rng) -> BiovivaState:
        return determinize(view, seat, rng)

    # -- end -------------------------------------------------------------------------
    def is_over(self, state: BiovivaState) -> bool:
        return state.phase == "over"

    def outcome(self, state: BiovivaState) -> Outcome:
        scores = list(state.scores)
        breakdown = [[ScoreLine(label, points) for label, points in zip(CATEGORIES, e)] for e in state.earned]
        best = max(scores)
        winners = [s for s in range(state.seats) if scores[s] == best]
        unit = "Viva point" if best == 1 else "Viva points"
        if len(winners) == 1:
            reason = f"{_player(winners[0])} wins with {best} {unit}."
        else:
            reason = f"{_names(winners)} share the victory with {best} {unit}."
        if state.phase != "over":
            reason = "If the game ended now: " + reason
        return Outcome(scores=scores, breakdown=breakdown, winners=winners, reason=reason)


ENGINE = BiovivaEngine()
