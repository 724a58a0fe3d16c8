"""What every `campfire` command shares: the exit statuses, the `UserError` a command raises
for a mistake the user can fix, the one-line sentence on stderr, the game's engine loaded
with a sentence when it cannot be, and the plain-text tables `saves` and `sim` print."""

from __future__ import annotations

import sys
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

from engines.registry import find_game, load_engine
from saves.limits import quote

if TYPE_CHECKING:
    from engines.core.protocol import Engine

USAGE_ERROR = 2
BAD_FILE = 1
#: A line on stderr never grows past this, whatever it quotes.
MAX_LINE = 400


class UserError(Exception):
    """A mistake the user can fix; printed as is, with `code` as the exit status."""

    def __init__(self, message: str, code: int = USAGE_ERROR) -> None:
        super().__init__(message)
        self.code = code


def one_line(text: str) -> str:
    """`text` on one printable line of at most MAX_LINE characters."""
    return quote(" ".join(str(text).split()), MAX_LINE)


def fail(sentence: str) -> None:
    print(one_line(sentence), file=sys.stderr)


def game_engine(game: str) -> Engine:
    try:
        return load_engine(game)
    except (ImportError, AttributeError) as error:  # a game package that is half installed
        title = find_game(game).title
        raise UserError(f"{title} cannot be loaded ({error}).", code=1) from None


def text_table(rows: list[list[str]], right: AbstractSet[int] = frozenset()) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.rjust(w) if i in right else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
