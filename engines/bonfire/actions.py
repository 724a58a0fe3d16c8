"""Bonfire actions: small tagged Structs, each with a one-line text form.

keep / swap                    before the first turn: keep the centre fate tile, or swap it
fate top 2,1 E                 place the top (or bottom) fate tile from row 2, col 1 eastwards
discard ship                   put back a surplus action tile
sail mossback                  move your ship to an island
receive tide-vow 1 3           take a task with offering stack 1 onto bonfire space 3
guardian 2                     take the guardian of this island, paying offering stack 2
path d2 / path pile1           build a path tile from the display or a face-down pile
redraw                         all four displayed path tiles share a colour: reveal four new
procession 2                   pay 2 procession tiles: each guardian may walk 2 steps
walk amber p3 / walk own b4 / walk jade stay
bonfire ember-gate tp          use the Great Bonfire (t: tile, r: resource or points, p: portal)
recruit crowd-warden           recruit a gnome
fulfil 3                       fulfil the task on bonfire space 3
common road-of-light           fulfil a Common Task (bonus action)
council seat-of-dawn           where a novice goes in the High Council
tomtask tide-vow / tomguardian amber   the choices the solo page leaves to you for Tom
pass / end / finish            countdown pass, end your turn, no action left at all
tom                            Tom's turn (the program's own action)
"""

from __future__ import annotations

import msgspec

from engines.core.actions import ActionCodec, Word


class Keep(msgspec.Struct, frozen=True, tag="keep"):
    pass


class Swap(msgspec.Struct, frozen=True, tag="swap"):
    pass


class Fate(msgspec.Struct, frozen=True, tag="fate"):
    end: str
    row: int
    col: int
    direction: str


class Discard(msgspec.Struct, frozen=True, tag="discard"):
    kind: str


class Sail(msgspec.Struct, frozen=True, tag="sail"):
    island: str


class Receive(msgspec.Struct, frozen=True, tag="receive"):
    task: str
    stack: int
    space: int


class TakeGuardian(msgspec.Struct, frozen=True, tag="guardian"):
    stack: int


class BuildPath(msgspec.Struct, frozen=True, tag="path"):
    source: str


class Redraw(msgspec.Struct, frozen=True, tag="redraw"):
    pass


class Procession(msgspec.Struct, frozen=True, tag="procession"):
    steps: int


class Walk(msgspec.Struct, frozen=True, tag="walk"):
    guardian: str
    to: str


class GreatBonfire(msgspec.Struct, frozen=True, tag="bonfire"):
    space: str
    pick: str


class Recruit(msgspec.Struct, frozen=True, tag="recruit"):
    gnome: str


class Fulfil(msgspec.Struct, frozen=True, tag="fulfil"):
    space: int


class Common(msgspec.Struct, frozen=True, tag="common"):
    task: str


class Council(msgspec.Struct, frozen=True, tag="council"):
    space: str


class TomTask(msgspec.Struct, frozen=True, tag="tomtask"):
    task: str


class TomGuardian(msgspec.Struct, frozen=True, tag="tomguardian"):
    colour: str


class Pass(msgspec.Struct, frozen=True, tag="pass"):
    pass


class End(msgspec.Struct, frozen=True, tag="end"):
    pass


class Finish(msgspec.Struct, frozen=True, tag="finish"):
    pass


class TomTurn(msgspec.Struct, frozen=True, tag="tom"):
    pass


Action = (
    Keep
    | Swap
    | Fate
    | Discard
    | Sail
    | Receive
    | TakeGuardian
    | BuildPath
    | Redraw
    | Procession
    | Walk
    | GreatBonfire
    | Recruit
    | Fulfil
    | Common
    | Council
    | TomTask
    | TomGuardian
    | Pass
    | End
    | Finish
    | TomTurn
)


def _read_cell(text: str) -> tuple[int, int]:
    row, comma, col = text.partition(",")
    if not comma:
        raise ValueError(text)
    return int(row), int(col)


CODEC = ActionCodec(
    Action,
    "Bonfire",
    ["fate top 2,1 E", "sail mossback", "end"],
    {Fate: [Word(str, str), Word(lambda r, c: f"{r},{c}", _read_cell, width=2), Word(str, str.upper)]},
)
