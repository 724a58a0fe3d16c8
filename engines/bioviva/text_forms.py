"""Bioviva's text forms: the action codec (`answer B`, `pawn correct H4`, `tile leg+small`,
`guess lion`...), the wording of the action list, and the reading of what a player types."""

from __future__ import annotations

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
    Roll,
    clean_guess,
)
from engines.bioviva.cards import load_cards
from engines.bioviva.state import REPLY_TEXT, BiovivaState, _cell, _ordinal, _player
from engines.bioviva.worldmap import parse_cell
from engines.core.actions import ActionCodec, Word, choice
from engines.core.errors import IllegalAction


class TextForms:
    """Formatting, describing and parsing actions (mixed into `BiovivaEngine`)."""

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
