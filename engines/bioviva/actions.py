"""Bioviva options and actions: small tagged Structs with one-line text forms.

Seat fields in actions are 0-based like every seat index in the engine; their text forms
count from 1, as players are named ("peek 3" is `Peek(seat=2)`). A guess is named by its
player and its number among that player's guesses on the card, both counted from 1
("accept 2.1" is `Accept(seat=1, number=1)`). The option `young` lists
seat numbers as players see them (1-based, "1,3").
"""

from __future__ import annotations

from typing import Literal

import msgspec

PawnKind = Literal["correct", "decoy"]
Reply = Literal["almost", "not-at-all", "more"]
REPLIES: tuple[Reply, ...] = ("almost", "not-at-all", "more")
LETTERS: tuple[str, ...] = ("A", "B", "C")
MAX_GUESS = 40  # characters; a guess is a name, not an essay
RULES_EDITION = "2"
#: The options every edition-1 save stored (it stored all its fields, none of the later).
EDITION_1_FIELDS = frozenset({"target", "young", "turn_limit", "guesses_per_tile"})


class BiovivaOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    #: Viva points that end the game.
    target: int = 12
    #: Seat numbers (1-based, as in "Seat 1") of young players who get the rulebook's help.
    young: tuple[int, ...] = ()
    #: Safety cap: the game also ends after this many turns (one challenge a turn).
    turn_limit: int = 100
    #: Guesses each player may make after each tile in word association (one a round).
    guesses_per_tile: int = 3
    #: Seat number (1-based) of the first guide; the rulebook has the oldest player start.
    first_guide: int = 1
    #: The rules edition the game was started under. Edition 1 (guesses typed in turn,
    #: pawn kinds public, the 16x32 map) cannot be replayed by these rules; a save that
    #: predates this field is read as edition 1 and refused with that reason. A string,
    #: so the setup form leaves it alone.
    edition: str = RULES_EDITION


# -- chance ----------------------------------------------------------------------------
class Roll(msgspec.Struct, frozen=True, tag="roll"):
    """The guide rolls the die and draws the card (automatic: the face comes from the
    state's generator inside apply, so the journal records just "roll")."""


# -- question ----------------------------------------------------------------------------
class Answer(msgspec.Struct, frozen=True, tag="answer"):
    letter: str


class Peek(msgspec.Struct, frozen=True, tag="peek"):
    seat: int


# -- localization ------------------------------------------------------------------------
class PlacePawn(msgspec.Struct, frozen=True, tag="pawn"):
    kind: PawnKind
    row: int
    col: int


# -- word association: the guide ---------------------------------------------------------
class PassCard(msgspec.Struct, frozen=True, tag="pass-card"):
    pass


class Clarify(msgspec.Struct, frozen=True, tag="clarify"):
    """A young guide reads the animal's clarification aloud."""


class Magnifier(msgspec.Struct, frozen=True, tag="magnifier"):
    row: int
    col: int


class LayTile(msgspec.Struct, frozen=True, tag="tile"):
    tile: str
    under: str = ""  # the clarification tile laid under it, if any


class Accept(msgspec.Struct, frozen=True, tag="accept"):
    """The guide declares one waiting guess right: `seat`'s guess number `number` on this
    card (counting that player's guesses from 1, as "accept 2.1" does); 0 stands for that
    player's oldest guess still waiting for the guide ("accept 2")."""

    seat: int
    number: int = 0


class GuideReply(msgspec.Struct, frozen=True, tag="reply"):
    reply: Reply


class Done(msgspec.Struct, frozen=True, tag="done"):
    """The guide has nothing (more) to say about the guesses so far."""


# -- word association: the guessers ------------------------------------------------------
class Guess(msgspec.Struct, frozen=True, tag="guess"):
    """A guesser's sealed guess for this round: hidden until every guesser has written
    theirs (or passed), then revealed with the others."""

    text: str


class Pass(msgspec.Struct, frozen=True, tag="pass"):
    """No (more) guesses until the next tile."""


Action = (
    Roll
    | Answer
    | Peek
    | PlacePawn
    | PassCard
    | Clarify
    | Magnifier
    | LayTile
    | Accept
    | GuideReply
    | Done
    | Guess
    | Pass
)


def clean_guess(text: str) -> str:
    """A guess as stored and shown: one line, single spaces."""
    return " ".join(text.split())
