"""Bivì options and actions: small tagged Structs with one-line text forms (see engine.py)."""

from __future__ import annotations

from typing import Literal

import msgspec

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
