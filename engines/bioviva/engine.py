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
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
from msgspec.structs import replace

from engines.bioviva.actions import (
    EDITION_1_FIELDS,
    LETTERS,
    REPLIES,
    RULES_EDITION,
    Accept,
    Action,
    Answer,
    BiovivaOptions,
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
    Roll,
    clean_guess,
)
from engines.bioviva.association import AssociationRules
from engines.bioviva.levels import BOTS
from engines.bioviva.legal import clue_actions, guess_actions, pawn_actions, question_actions
from engines.bioviva.views import ViewRules
from engines.bioviva.cards import load_cards
from engines.bioviva.determinize import determinize
from engines.bioviva.state import (
    CATEGORIES,
    REPLY_TEXT,
    BiovivaState,
    BiovivaView,
    Pawn,
    Result,
    _cell,
    _draw,
    _names,
    _ordinal,
    _player,
    animal,
    counting_pawns,
    every_card,
    is_young,
    localization,
    pawn_line,
    pawns_revealed,
)
from engines.bioviva.worldmap import COLS, ROWS, parse_cell
from engines.core.actions import ActionCodec, Word, choice
from engines.core.errors import BadOptions, IllegalAction
from engines.core.grid import chebyshev
from engines.core.protocol import (
    AUTO,
    Applied,
    Engine,
    Event,
    Flags,
    GameInfo,
    Outcome,
    ScoreLine,
)
from engines.core.rng import Rng, seed_state

_HANDLERS = {
    "roll": "_apply_roll",
    "question": "_apply_question",
    "localization": "_apply_localization",
    "clue": "_apply_clue",
    "guess": "_apply_guess",
}


# -- the engine ---------------------------------------------------------------------------------
class BiovivaEngine(AssociationRules, ViewRules, Engine[BiovivaState, Action]):
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
        handler: Callable[[BiovivaState, int, Action], Applied[BiovivaState]] = getattr(self, _HANDLERS[state.phase])
        return handler(state, seat, action)

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
                passes=0,
                passed=(),
                tiles=(),
                magnifier=None,
                magnifier_at=-1,
                clarified=False,
                guesses=(),
                waiting=(),
                sealed=(),
                resting=(),
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

    # question ---------------------------------------------------------------
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

    # localization -------------------------------------------------------------
    def _apply_localization(self, state: BiovivaState, seat: int, action: Action) -> Applied[BiovivaState]:
        if not isinstance(action, PlacePawn):
            raise IllegalAction("Place one of your pawns on a square of the map, e.g. 'pawn correct H4'.")
        if action.kind not in ("correct", "decoy"):
            raise IllegalAction("A pawn is either your correct-answer pawn or your decoy pawn.")
        if not (0 <= action.row < ROWS and 0 <= action.col < COLS):
            raise IllegalAction("That square is not on the map.")
        where = _cell(action.row, action.col)
        if any(p.seat == seat and p.kind == action.kind for p in state.pawns):
            which = "correct-answer" if action.kind == "correct" else "decoy"
            raise IllegalAction(f"Your {which} pawn is already on the map: place your other pawn.")
        for p in state.pawns:
            if (p.row, p.col) == (action.row, action.col):
                if p.seat == seat:
                    raise IllegalAction(f"Your other pawn is already on {where}: one pawn per square.")
                raise IllegalAction(f"Someone already has a pawn on {where}.")
        pawn = Pawn(seat, action.kind, action.row, action.col)
        state = replace(state, pawns=state.pawns + (pawn,))
        # Which pawn is which stays under the pawn until the reveal, as at the table.
        events = [Event(f"{_player(seat)} puts a pawn on {where}.", private=pawn_line(pawn) + ".", seats=(seat,))]
        if len(state.pawns) < len(state.order):
            return Applied(state, events)
        return self._score_localization(state, events)

    def _score_localization(self, state: BiovivaState, events: list[Event]) -> Applied[BiovivaState]:
        loc = localization(state.card)
        targets = loc.answer_cells()
        distances = []
        for s in range(state.seats):
            pawns = counting_pawns(state, s)
            distances.append(min(chebyshev((p.row, p.col), t) for p in pawns for t in targets))
        best = min(distances)
        winners = tuple(s for s in range(state.seats) if distances[s] == best)
        names = ", ".join(f"{a.name} ({a.cell_name})" for a in loc.answers)
        lines = [
            pawns_revealed(state.pawns, state.seats),
            f"The answer: {names}.",
            "Distances in squares: " + ", ".join(f"{_player(s)} {distances[s]}" for s in range(state.seats)) + ".",
        ]
        result = Result(
            turn=state.turn,
            guide=state.guide,
            kind="localization",
            card=loc.id,
            prompt=loc.prompt,
            answer=names,
            commentary=loc.commentary,
            winners=winners,
            gains=(0,) * state.seats,
            doubled=tuple(s for s in winners if distances[s] == 0),
            distances=tuple(distances),
            answer_cells=loc.answer_cell_names(),
            lines=tuple(lines),
        )
        return self._finish(state, result, events, category=1)

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
            passes=0,
            passed=(),
            tiles=(),
            magnifier=None,
            magnifier_at=-1,
            clarified=False,
            guesses=(),
            waiting=(),
            sealed=(),
            resting=(),
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

    # -- search ----------------------------------------------------------------------
    def determinize(self, view: BiovivaView, seat: int, rng: Rng) -> BiovivaState:
        return determinize(view, seat, rng)

    # -- text forms ------------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        return CODEC.format(action)

    def describe_action(self, action: Action) -> str:
        """The action list's wording; seats are "Player N" (the screen puts names in)."""
        if isinstance(action, Roll):
            return "roll the die"
        if isinstance(action, Peek):
            return f"peek at {_player(action.seat)}'s answer"
        if isinstance(action, PlacePawn):
            kind = "correct-answer" if action.kind == "correct" else "decoy"
            return f"{kind} pawn on {_cell(action.row, action.col)}"
        if isinstance(action, PassCard):
            return "pass this card and draw another"
        if isinstance(action, Clarify):
            return "read the clarification aloud"
        if isinstance(action, Magnifier):
            return f"magnifier on {_cell(action.row, action.col)}"
        if isinstance(action, LayTile):
            try:
                main = _tile_label(action.tile)
                under = _tile_label(action.under) if action.under else ""
            except KeyError:
                return self.format_action(action)
            return f"tile {main}" + (f" (clarified by {under})" if under else "")
        if isinstance(action, Accept):
            which = f"{_ordinal(action.number)} guess" if action.number else "oldest waiting guess"
            return f"accept {_player(action.seat)}'s {which}"
        if isinstance(action, GuideReply):
            return f"reply: {REPLY_TEXT.get(action.reply, action.reply)}"
        if isinstance(action, Done):
            return "done: no reply to the waiting guesses"
        if isinstance(action, Pass):
            return "pass until the next tile"
        return self.format_action(action)

    def parse_action(self, state: BiovivaState, seat: int, text: str) -> Action:
        if not text.split():
            raise IllegalAction("Type an action, e.g. 'answer B', 'pawn correct H4' or 'guess lion'.")
        action: Action = CODEC.parse(text)
        return action

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


def _tile_label(tile_id: str) -> str:
    return load_cards().tile(tile_id).label


def _tile_id(text: str) -> str:
    """A tile by id or by label ("domesticated" or "Domestic")."""
    wanted = text.casefold()
    for tile in load_cards().tiles:
        if wanted in (tile.id, tile.label.casefold()):
            return tile.id
    raise KeyError(text)


def _read_tiles(text: str) -> tuple[str, str]:
    main, _, under = text.partition("+")
    return _tile_id(main), _tile_id(under) if under else ""


def _read_accept(text: str) -> tuple[int, int]:
    who, dot, number = text.partition(".")
    if dot and int(number) < 1:
        raise ValueError(number)
    return int(who) - 1, int(number) if dot else 0


def _read_reply(text: str) -> str:
    reply = "-".join(text.lower().split())  # "reply not at all" is "reply not-at-all"
    if reply not in REPLIES:
        raise ValueError(text)
    return reply


def _read_guess(text: str) -> str:
    guess = clean_guess(text)
    if not guess:
        raise IllegalAction("Type the name of an animal after 'guess', e.g. 'guess lion'.")
    if not guess.isprintable():
        raise IllegalAction("A guess is letters and spaces only: no control or invisible characters.")
    return guess


CELL = Word(_cell, parse_cell, width=2)  # "H4"
CODEC = ActionCodec(
    Action,
    "Bioviva",
    ["answer B", "pawn correct H4", "tile leg+small", "guess lion"],
    {
        Answer: [choice(*LETTERS)],
        Peek: [Word(lambda seat: str(seat + 1), lambda text: int(text) - 1)],  # seats count from 1
        PlacePawn: [choice("correct", "decoy"), CELL],
        Magnifier: [CELL],
        LayTile: [Word(lambda tile, under: tile + (f"+{under}" if under else ""), _read_tiles, width=2)],
        Accept: [Word(lambda seat, n: f"{seat + 1}" + (f".{n}" if n else ""), _read_accept, width=2)],
        GuideReply: [Word(str, _read_reply, rest=True)],
        Guess: [Word(str, _read_guess, rest=True)],
    },
)


ENGINE = BiovivaEngine()
