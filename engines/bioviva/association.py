"""Word association: the guide's clues, the sealed guessing rounds and the guide's replies.

After each tile the guessers write their guesses at the same time and in secret (a round);
when the last one is in, they are revealed together. A guess naming the animal wins; when
several do, the first in the round's reveal order wins: it counts the guessers from the
guide's left, starts at a seat drawn by lot with the card and turns one seat further every
round revealed on the card, so neither reflexes, nor who holds the keyboard first, nor a
bot's speed decides (rules.md, Adaptation notes). Then the
guide answers the revealed guesses oldest first (reply, accept or done); guessers who
wrote a guess may write another, up to `guesses_per_tile` rounds a tile; a guesser who
passes waits for the next tile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec.structs import replace

from engines.bioviva.actions import (
    MAX_GUESS,
    REPLIES,
    Accept,
    Action,
    Clarify,
    Done,
    Guess,
    GuideReply,
    LayTile,
    Magnifier,
    Pass,
    PassCard,
    clean_guess,
)
from engines.bioviva.cards import Animal, load_cards, normalise_answer
from engines.bioviva.state import (
    MAX_TILES,
    REPLY_TEXT,
    BiovivaState,
    GuessRecord,
    Result,
    TilePlay,
    _cell,
    _draw,
    _name_keys,
    _player,
    animal,
    every_card,
    find_guess,
    is_young,
    passes_allowed,
    reveal_order,
    round_guesses,
    tried,
    unreviewed,
    used_tiles,
)
from engines.bioviva.worldmap import COLS, ROWS
from engines.core.errors import IllegalAction
from engines.core.protocol import Applied, Event
from engines.core.rng import Rng


def sealed_line(seat: int, text: str) -> str:
    """The writer's own record of a sealed guess (a registered secret until the reveal)."""
    return f"{_player(seat)}, your sealed guess: {text}"


def sealed_text(seat: int, note: str) -> str | None:
    """The guess a writer's note about their sealed guess holds (the view's note is
    `sealed_line` and a full stop), or None when the note is about something else."""
    prefix = sealed_line(seat, "")
    if note.startswith(prefix) and note.endswith("."):
        return note[len(prefix) : -1]
    return None


class AssociationRules:
    """The word-association part of the engine (mixed into `BiovivaEngine`)."""

    if TYPE_CHECKING:  # provided by BiovivaEngine

        def _animal_event(self, state: BiovivaState, what: str) -> Event: ...

        def _finish(
            self, state: BiovivaState, result: Result, events: list[Event], category: int
        ) -> Applied[BiovivaState]: ...

    def _apply_clue(self, state: BiovivaState, seat: int, action: Action) -> Applied[BiovivaState]:
        cards = load_cards()
        guide = _player(seat)
        if isinstance(action, PassCard):
            if state.tiles:
                raise IllegalAction("You can only pass before laying the first tile.")
            if state.passes >= passes_allowed(state):
                if passes_allowed(state) == 2:
                    raise IllegalAction("You have used both your passes for this challenge.")
                raise IllegalAction("You have used your pass for this challenge.")
            if state.clarified:
                raise IllegalAction("You have read this card's clarification aloud: you can no longer pass it.")
            rng = Rng(state.rng)
            passed = state.passed + (state.card,)
            card, deck = _draw(rng, state.animal_deck, every_card("animal"), aside=passed)
            what = "passes and draws another animal card"
            if state.magnifier is not None:
                # The magnifier pointed at the card put back: it leaves the map with it.
                what = "takes the magnifier back, passes and draws another animal card"
            state = replace(
                state,
                rng=rng.state,
                animal_deck=deck,
                passed=passed,
                card=card,
                passes=state.passes + 1,
                clarified=False,
                magnifier=None,
                magnifier_at=-1,
            )
            return Applied(state, [self._animal_event(state, what)], reveals=True)
        if isinstance(action, Clarify):
            a = animal(state.card)
            if not is_young(state, seat):
                raise IllegalAction("Only a young guide may read the clarification aloud.")
            if not a.clarification:
                raise IllegalAction("This animal card has no clarification.")
            if state.clarified:
                raise IllegalAction("The clarification has already been read out.")
            state = replace(state, clarified=True)
            return Applied(
                state, [Event(f"{guide} (young guide) reads the clarification: {a.clarification}")], reveals=True
            )
        if isinstance(action, Magnifier):
            if not (0 <= action.row < ROWS and 0 <= action.col < COLS):
                raise IllegalAction("That square is not on the map.")
            if state.magnifier_at == len(state.tiles):
                raise IllegalAction("You have already moved the magnifier since the last tile: lay a tile first.")
            if state.magnifier == (action.row, action.col):
                raise IllegalAction(f"The magnifier is already on {_cell(action.row, action.col)}.")
            state = replace(state, magnifier=(action.row, action.col), magnifier_at=len(state.tiles))
            return Applied(state, [Event(f"{guide} (guide) puts the magnifier on {_cell(action.row, action.col)}.")])
        if isinstance(action, LayTile):
            known = {t.id for t in cards.tiles}
            if action.tile not in known or (action.under and action.under not in known):
                missing = action.tile if action.tile not in known else action.under
                raise IllegalAction(f"There is no symbol tile called '{missing}'.")
            used = used_tiles(state)
            for t in (action.tile, action.under):
                if t and t in used:
                    raise IllegalAction(f"The {cards.tile(t).label} tile is already on the table.")
            if action.under == action.tile:
                raise IllegalAction("A tile cannot clarify itself: choose another tile to lay under it.")
            if len(state.tiles) >= MAX_TILES:
                raise IllegalAction(f"All {MAX_TILES} tiles are laid.")
            tiles = state.tiles + (TilePlay(action.tile, action.under),)
            state = replace(
                state,
                tiles=tiles,
                phase="guess",
                waiting=tuple(s for s in range(state.seats) if s != state.guide),
                sealed=(),
                resting=(),
            )
            text = f"{guide} (guide) lays tile {len(tiles)} of {MAX_TILES}: {cards.tile(action.tile).label}"
            if action.under:
                text += f", with {cards.tile(action.under).label} under it"
            return Applied(state, [Event(text + ". Write your guesses!")])
        raise IllegalAction(
            "As guide, lay a symbol tile (or move the magnifier, or pass the card before the first tile)."
        )

    # guesses and replies ------------------------------------------------------
    def _apply_guess(self, state: BiovivaState, seat: int, action: Action) -> Applied[BiovivaState]:
        if seat == state.guide:
            return self._apply_review(state, seat, action)
        if seat not in state.waiting:
            raise IllegalAction("You have written your guess for this round: wait for the reveal.")
        if isinstance(action, Pass):
            state = replace(
                state,
                waiting=tuple(s for s in state.waiting if s != seat),
                resting=state.resting + (seat,),
            )
            return self._after_writing(state, [Event(f"{_player(seat)} passes until the next tile.")])
        if not isinstance(action, Guess):
            raise IllegalAction("Write a guess ('guess lion') or pass.")
        text = clean_guess(action.text)
        if not text:
            raise IllegalAction("Type the name of an animal after 'guess'.")
        if not text.isprintable():  # escapes, bidi overrides, invisible letters
            raise IllegalAction("A guess is letters and spaces only: no control or invisible characters.")
        if len(text) > MAX_GUESS:
            raise IllegalAction(f"A guess is a name of at most {MAX_GUESS} characters.")
        if text != action.text:
            raise IllegalAction("A guess is one line of text with single spaces.")
        if round_guesses(state, seat) >= state.options.guesses_per_tile:
            n = state.options.guesses_per_tile
            raise IllegalAction(
                f"You have made your {n} guess{'es' if n > 1 else ''} for this tile: pass and wait for the next one."
            )
        key = normalise_answer(text)
        if not key:
            raise IllegalAction("That guess has no letters in it.")
        if key in tried(state, seat):
            raise IllegalAction(f"You have already guessed '{text}' for this animal.")
        state = replace(
            state,
            waiting=tuple(s for s in state.waiting if s != seat),
            sealed=state.sealed + (GuessRecord(seat, text, len(state.tiles)),),
        )
        event = Event(f"{_player(seat)} has written a guess.", private=sealed_line(seat, text) + ".", seats=(seat,))
        return self._after_writing(state, [event])

    def _after_writing(self, state: BiovivaState, events: list[Event]) -> Applied[BiovivaState]:
        """Wait for the other writers; when the last is in, reveal the round together."""
        if state.waiting:
            return Applied(state, events)
        if not state.sealed:
            return self._after_guess_step(state, events, reveals=True)
        order = reveal_order(state)
        written = sorted(state.sealed, key=lambda g: order.index(g.seat))
        state = replace(state, sealed=(), guess_rounds=state.guess_rounds + 1)
        shown = "; ".join(f"{_player(g.seat)}: {g.text}" for g in written)
        events = events + [Event(f"Guesses revealed together, {_player(order[0])} first this round: {shown}.")]
        keys = _name_keys(state.card)
        found = next((g for g in written if normalise_answer(g.text) in keys), None)
        records = tuple(replace(g, reviewed=g is found) for g in written)
        state = replace(state, guesses=state.guesses + records)
        if found is not None:
            return self._association_won(state, found.seat, events, how="finds it")
        return Applied(state, events, reveals=True)

    def _apply_review(self, state: BiovivaState, seat: int, action: Action) -> Applied[BiovivaState]:
        waiting = unreviewed(state)
        if not waiting:
            raise IllegalAction("No guess is waiting for your reply.")
        if isinstance(action, Accept):
            if not 0 <= action.seat < state.seats:
                raise IllegalAction(f"There is no {_player(action.seat)}: the players are 1 to {state.seats}.")
            index = find_guess(state, action.seat, action.number)
            if index < 0:
                if action.number:
                    raise IllegalAction(
                        f"{_player(action.seat)} has made no guess number {action.number} on this card."
                    )
                raise IllegalAction(f"{_player(action.seat)} has no guess waiting for your reply.")
            if index not in waiting:
                g = state.guesses[index]
                raise IllegalAction(
                    f"You have already answered {_player(g.seat)}'s guess “{g.text}”: accept a guess still waiting."
                )
            g = state.guesses[index]
            event = Event(f"{_player(seat)} (guide) accepts {_player(g.seat)}'s guess “{g.text}”.")
            state = replace(state, guesses=self._reviewed(state, waiting))
            return self._association_won(state, g.seat, [event], how="is right")
        if isinstance(action, GuideReply):
            if action.reply not in REPLIES:
                raise IllegalAction("The guide may only say almost, not at all, or more.")
            index = waiting[0]
            g = state.guesses[index]
            guesses = list(state.guesses)
            guesses[index] = replace(g, reply=action.reply, reviewed=True)
            state = replace(state, guesses=tuple(guesses))
            text = f"{_player(seat)} (guide) to {_player(g.seat)}'s “{g.text}”: {REPLY_TEXT[action.reply]}!"
            return self._after_guess_step(state, [Event(text)])
        if isinstance(action, Done):
            state = replace(state, guesses=self._reviewed(state, waiting))
            return self._after_guess_step(state, [])
        raise IllegalAction("As guide, accept a guess, reply almost / not-at-all / more, or say done.")

    def _reviewed(self, state: BiovivaState, indices: list[int]) -> tuple[GuessRecord, ...]:
        return tuple(replace(g, reviewed=True) if i in indices else g for i, g in enumerate(state.guesses))

    def _after_guess_step(
        self, state: BiovivaState, events: list[Event], reveals: bool = False
    ) -> Applied[BiovivaState]:
        """Once the guide has answered every revealed guess: another round for those who
        guessed and have guesses left on this tile, else the next tile (or the end)."""
        if state.waiting or unreviewed(state):
            return Applied(state, events, reveals=reveals)
        again = tuple(
            s
            for s in reveal_order(state)
            if s not in state.resting and round_guesses(state, s) < state.options.guesses_per_tile
        )
        if again:
            state = replace(state, waiting=tuple(sorted(again)))
            return Applied(state, events + [Event("Another round: write a new guess or pass.")], reveals=reveals)
        if len(state.tiles) < MAX_TILES:
            return Applied(replace(state, phase="clue", waiting=(), resting=()), events, reveals=reveals)
        a = animal(state.card)
        result = self._association_result(state, a, ())
        result = replace(
            result,
            lines=(f"Nobody found the animal after {MAX_TILES} tiles: it was {a.name}. No Viva points.",),
        )
        return self._finish(state, result, events, category=2)

    def _association_result(self, state: BiovivaState, a: Animal, winners: tuple[int, ...]) -> Result:
        return Result(
            turn=state.turn,
            guide=state.guide,
            kind="association",
            card=a.id,
            prompt="Word association: guess the animal from the tiles.",
            answer=a.name + (f" ({a.clarification})" if a.clarification else ""),
            commentary=a.commentary,
            winners=winners,
            gains=(0,) * state.seats,
        )

    def _association_won(self, state: BiovivaState, seat: int, events: list[Event], how: str) -> Applied[BiovivaState]:
        a = animal(state.card)
        result = self._association_result(state, a, (seat,))
        tiles = len(state.tiles)
        result = replace(
            result,
            lines=(f"{_player(seat)} {how}: the animal was {a.name}, after {tiles} tile{'s' if tiles > 1 else ''}.",),
        )
        return self._finish(state, result, events, category=2)
