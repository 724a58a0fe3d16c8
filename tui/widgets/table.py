"""What a game screen shows at one moment, computed once from the match and handed to
every widget through one reactive: widgets render it and never read the match."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engines.core.protocol import Outcome, Summary


@dataclass(eq=False)  # identity comparison: every new table is a change to render
class Table:
    summary: Summary
    view: Any
    viewer: int | None
    #: (text, action) for the actions the viewer may take now; empty when it is not theirs.
    actions: list[tuple[str, Any]]
    log: list[str]
    #: Whether the viewer must act now (perhaps on the board rather than from the list).
    acting: bool = False
    problem: str = ""
    outcome: Outcome | None = None
    #: No more play at this table: its game is over, or (a remote table) it was closed
    #: before the end, with no outcome.
    over: bool = False
    seat_names: list[str] = field(default_factory=list)
    #: How many actions were played or taken back at this screen: each starts a new
    #: decision, whose action list starts its highlight again even when it offers the same
    #: texts (the next rope to drop, the next wage to pay). Other seats' actions do not
    #: count: a player choosing while others answer keeps their highlight.
    steps_here: int = 0


_SEAT = re.compile(r"\bPlayer (\d+)\b")


def name_seats(text: str, names: list[str]) -> str:
    """Engines call seats "Player 1", "Player 2"...; the screen shows the names chosen."""

    def named(found: re.Match[str]) -> str:
        number = int(found.group(1))
        return names[number - 1] if 1 <= number <= len(names) else found.group(0)

    return _SEAT.sub(named, text)


def cut_to_width(line: str, width: int) -> str:
    """`line` as it is when it fits in `width` cells, else cut with an ellipsis (a name in a
    narrow box takes one row rather than wrapping onto a second)."""
    from rich.cells import cell_len
    from rich.text import Text

    if cell_len(line) <= width:
        return line
    text = Text(line)
    text.truncate(max(1, width), overflow="ellipsis")
    return text.plain
