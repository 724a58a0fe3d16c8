"""The shared action codec (engines/core/actions.py): tags, fields and declared words."""

from __future__ import annotations

import msgspec
import pytest

from engines.core.actions import INT, ActionCodec, Word, choice
from engines.core.errors import IllegalAction


class Go(msgspec.Struct, frozen=True, tag="go"):
    row: int
    col: int
    speed: int = 1


class Say(msgspec.Struct, frozen=True, tag="say"):
    text: str


class Hold(msgspec.Struct, frozen=True, tag="hold"):
    pass


class Pick(msgspec.Struct, frozen=True, tag="pick"):
    side: str
    count: int
    note: str = ""


def _say(text: str) -> str:
    text = " ".join(text.split())
    if not text:
        raise IllegalAction("Say something after 'say'.")
    return text


def _cell(text: str) -> tuple[int, int]:
    r, _, c = text.partition(",")
    return int(r), int(c)


CELL = Word(lambda r, c: f"{r},{c}", _cell, width=2)
CODEC = ActionCodec(
    Go | Say | Hold | Pick,
    "Test",
    ["go 1,2 3", "say hi"],
    {
        Go: [CELL, Word(lambda s: f"x{s}", lambda w: int(w.removeprefix("x")), optional=True)],
        Say: [Word(str, _say, rest=True)],
        Pick: [choice("N", "S"), INT, Word(str, str, optional=True)],
    },
)


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Go(3, 4, 2), "go 3,4 x2"),
        (Say("hello there"), "say hello there"),
        (Hold(), "hold"),
        (Pick("N", 2), "pick N 2"),
        (Pick("S", 1, "late"), "pick S 1 late"),
    ],
)
def test_formats_the_tag_then_each_word_and_reads_it_back(action, text) -> None:
    assert CODEC.format(action) == text
    assert CODEC.parse(text) == action


def test_reading_ignores_case_and_spacing_of_tag_and_choices() -> None:
    assert CODEC.parse("  PICK  s   4 ") == Pick("S", 4)
    assert CODEC.parse("Say   big   news ") == Say("big news")


def test_an_optional_word_may_be_left_off_the_end() -> None:
    assert CODEC.parse("go 1,2") == Go(1, 2)


def test_undeclared_structs_read_ints_and_strings_as_themselves() -> None:
    class Move(msgspec.Struct, frozen=True, tag="move"):
        to: str
        steps: int
        via: str = ""

    codec = ActionCodec(Move, "Test")
    assert codec.format(Move("H5", 2)) == "move H5 2"
    assert codec.format(Move("H5", 2, "B3")) == "move H5 2 B3"
    assert codec.parse("move H5 2") == Move("H5", 2)
    assert codec.parse("move H5 2 B3") == Move("H5", 2, "B3")


@pytest.mark.parametrize(
    "text",
    ["", "fly 1,2", "go", "go 1", "go 1,2 y3", "go 1,2 x3 more", "hold on", "pick E 2", "pick N two", "pick N"],
)
def test_text_that_is_no_action_is_refused_with_a_sentence(text) -> None:
    with pytest.raises(IllegalAction) as refusal:
        CODEC.parse(text)
    assert refusal.value.reason == f"'{text}' is not a Test action (e.g. 'go 1,2 3', 'say hi')."


def test_a_word_may_refuse_in_its_own_words() -> None:
    with pytest.raises(IllegalAction, match="Say something after 'say'."):
        CODEC.parse("say   ")


def test_without_examples_the_refusal_is_shorter() -> None:
    with pytest.raises(IllegalAction) as refusal:
        ActionCodec(Hold, "Test").parse("jump")
    assert refusal.value.reason == "'jump' is not a Test action."


def test_formatting_something_else_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        CODEC.format(msgspec.Struct())


def test_declared_words_must_cover_every_field() -> None:
    with pytest.raises(TypeError, match="Go"):
        ActionCodec(Go, "Test", forms={Go: [CELL, CELL]})


def test_fields_of_other_types_must_be_declared() -> None:
    class Vote(msgspec.Struct, frozen=True, tag="vote"):
        yes: bool

    with pytest.raises(TypeError, match="Vote.yes"):
        ActionCodec(Vote, "Test")
    codec = ActionCodec(
        Vote, "Test", forms={Vote: [Word(lambda y: "yes" if y else "no", {"yes": True, "no": False}.__getitem__)]}
    )
    assert codec.format(Vote(False)) == "vote no"
    assert codec.parse("vote yes") == Vote(True)
