"""Text forms of tagged action Structs, shared by every game.

An action reads as its tag followed by one word per field, e.g. `Take(side="N", tile=12)`
is "take N 12". A game declares a `Word` only where a field (or a group of fields) has a
special form: a cell "3,4" covering row and col, a 1-based seat, a flag shown as "f",
free text running to the end of the line. Undeclared `int` and `str` fields read as
themselves; a field with a default may be left off the end ("roll" or "roll WP").

    CODEC = ActionCodec(Action, "Bivì", ["take N 12"], {Place: (CELL, ROTATION, FLIP)})
    CODEC.format(Place(3, 4, 1)) == "place 3,4 r1"
    CODEC.parse("Place 3,4 r1") == Place(3, 4, 1)
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

import msgspec

from engines.core.errors import IllegalAction


class Word(NamedTuple):
    """How `width` consecutive fields of an action read as one word of its text form.

    `show` takes the fields' values and returns the word ("" leaves it out); `read` takes
    the word and returns the value (a tuple of values when width > 1), raising ValueError
    or KeyError when the word does not fit (or IllegalAction to say why in its own words).
    A `rest` word is everything left on the line, spaces included ("" when nothing is);
    an `optional` word may be missing at the end, leaving its fields at their defaults.
    """

    show: Callable[..., str]
    read: Callable[[str], Any]
    width: int = 1
    rest: bool = False
    optional: bool = False


INT = Word(str, int)
TEXT = Word(str, str)


def choice(*options: str) -> Word:
    """One of `options`, typed in any case and stored as spelled here."""
    spelled = {o.casefold(): o for o in options}
    return Word(str, lambda word: spelled[word.casefold()])


def tag_of(cls: type[msgspec.Struct]) -> str:
    tag = cls.__struct_config__.tag
    assert isinstance(tag, str), f"{cls.__name__} has no text tag"
    return tag


class ActionCodec:
    """Formats and parses the actions of one game: `union` is its Action union (or one Struct).

    `forms` lists, for the Structs that need them, the Words of all their fields in order;
    the other Structs get INT or TEXT per field. Text that is no action is refused with
    "'<text>' is not a <game> action (e.g. '<example>', ...)." (examples are optional)
    """

    def __init__(
        self,
        union: Any,
        game: str,
        examples: Sequence[str] = (),
        forms: Mapping[type, Sequence[Word]] | None = None,
    ) -> None:
        self.game = game
        self.examples = " (e.g. " + ", ".join(f"'{e}'" for e in examples) + ")" if examples else ""
        self.classes: dict[str, type[msgspec.Struct]] = {tag_of(cls): cls for cls in typing.get_args(union) or (union,)}
        self.forms: dict[type, tuple[Word, ...]] = {}
        for cls in self.classes.values():
            fields = msgspec.structs.fields(cls)
            declared = (forms or {}).get(cls)
            if declared is None:
                declared = [_default_word(cls, f) for f in fields]
            if sum(w.width for w in declared) != len(fields):
                raise TypeError(f"the words declared for {cls.__name__} do not cover its fields")
            self.forms[cls] = tuple(declared)

    def format(self, action: Any) -> str:
        words = self.forms.get(type(action))
        if words is None:
            raise TypeError(f"Not a {self.game} action: {action!r}")
        values = msgspec.structs.astuple(action)
        out, i = [tag_of(type(action))], 0
        for word in words:
            out.append(word.show(*values[i : i + word.width]))
            i += word.width
        return " ".join(w for w in out if w)

    def parse(self, text: str) -> Any:
        words = text.split()
        cls = self.classes.get(words[0].lower()) if words else None
        try:
            if cls is None:
                raise ValueError(text)
            return self._read(cls, words[1:])
        except (ValueError, KeyError):
            pass
        raise IllegalAction(f"'{text}' is not a {self.game} action{self.examples}.")

    def _read(self, cls: type[msgspec.Struct], args: list[str]) -> Any:
        values: list[Any] = []
        for word in self.forms[cls]:
            if word.rest:
                given, args = " ".join(args), []
            elif args:
                given = args.pop(0)
            elif word.optional:
                break  # this and any later fields keep their defaults
            else:
                raise ValueError(f"{tag_of(cls)} needs more words")
            value = word.read(given)
            values.extend(value if word.width > 1 else (value,))
        if args:
            raise ValueError(f"{tag_of(cls)} takes fewer words")
        return cls(*values)


def _default_word(cls: type, field: msgspec.structs.FieldInfo) -> Word:
    if field.type not in (int, str):
        raise TypeError(f"declare how {cls.__name__}.{field.name} reads: it is neither an int nor a str")
    word = INT if field.type is int else TEXT
    has_default = field.default is not msgspec.NODEFAULT or field.default_factory is not msgspec.NODEFAULT
    return word._replace(optional=has_default)


__all__ = ["INT", "TEXT", "ActionCodec", "Word", "choice", "tag_of"]
