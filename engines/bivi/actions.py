"""Bivì options and actions: small tagged Structs, and their one-line text forms (`CODEC`;
see engine.py for each phase's forms)."""

from __future__ import annotations

from typing import Literal

import msgspec

from engines.core.actions import INT, ActionCodec, Word, choice

SIDES = ("N", "E", "S", "W")
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


class BiviOptions(msgspec.Struct, frozen=True):
    #: basic: decorations ignored, tiles may be mirrored; advanced: decorated face up, turn
    #: but never mirror; expert: as advanced, plus two objectives scored on decorations.
    mode: Literal["basic", "advanced", "expert"] = "basic"
    board: str = "default"


class ChooseBank(msgspec.Struct, frozen=True, tag="bank"):
    side: Literal["left", "right"]


class Take(msgspec.Struct, frozen=True, tag="take"):
    side: str
    tile: int


class TakeCube(msgspec.Struct, frozen=True, tag="cube"):
    side: str


class Place(msgspec.Struct, frozen=True, tag="place"):
    row: int
    col: int
    rotation: int = 0
    flipped: bool = False


class MoveBeaver(msgspec.Struct, frozen=True, tag="move-beaver"):
    row: int
    col: int


class Discard(msgspec.Struct, frozen=True, tag="discard"):
    pass


class SetBeaver(msgspec.Struct, frozen=True, tag="beaver"):
    row: int
    col: int


class CubeAt(msgspec.Struct, frozen=True, tag="cube-at"):
    row: int
    col: int


class NoCube(msgspec.Struct, frozen=True, tag="no-cube"):
    pass


Action = ChooseBank | Take | TakeCube | Place | MoveBeaver | Discard | SetBeaver | CubeAt | NoCube


def _cell(text: str) -> tuple[int, int]:
    r, _, c = text.partition(",")
    return int(r), int(c)


def _rotation(text: str) -> int:
    if not text.lower().startswith("r"):
        raise ValueError(text)
    return int(text[1:])


def _flip(text: str) -> bool:
    if text.lower() != "f":
        raise ValueError(text)
    return True


CELL = Word(lambda r, c: f"{r},{c}", _cell, width=2)
SIDE = choice(*SIDES)
CODEC = ActionCodec(
    Action,
    "Bivì",
    ["take N 12", "place 3,4 r1", "cube-at 7,2"],
    {
        ChooseBank: [choice("left", "right")],
        Take: [SIDE, INT],
        TakeCube: [SIDE],
        Place: [CELL, Word(lambda r: f"r{r}", _rotation), Word(lambda f: "f" if f else "", _flip, optional=True)],
        MoveBeaver: [CELL],
        SetBeaver: [CELL],
        CubeAt: [CELL],
    },
)
