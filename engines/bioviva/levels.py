"""Bioviva's bot levels, as the setup form, `--seats` and remote tables offer them.

- `random`: any legal action.
- `easy` (once `novice`, a name still accepted): knows 35% of the facts (bots.py).
- `heuristic`: knows 55%.
- `hard`: the search (about 0.3 s a move) planning a guide's clues and replies, answering
  as a model that knows 70% (`NaturalistBot`).
- `expert`: the search (about 1 s a move), answering as a model that knows 80%
  (`ScholarBot`, the knowledge level called `expert` before there was a search).

Why the search never searches an answer: search.py.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engines.bioviva.bots import EasyBot, HeuristicBot, NaturalistBot, ScholarBot
from engines.bioviva.search import search_level
from engines.core.bots import RandomBot
from engines.core.protocol import Bot

Factory = Callable[[], Bot]


class Levels(dict[str, Factory]):
    """The levels offered, by name (what iterating lists), which also answer to a few old
    names (`in` and `[]`), so saves and `--seats` written with them still start."""

    def __init__(self, offered: Mapping[str, Factory], old_names: Mapping[str, str]) -> None:
        super().__init__(offered)
        self.old_names = dict(old_names)

    def __missing__(self, name: str) -> Factory:
        if name in self.old_names:
            return self[self.old_names[name]]
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        return super().__contains__(name) or name in self.old_names


BOTS = Levels(
    {
        "random": RandomBot,
        "easy": EasyBot,
        "heuristic": HeuristicBot,
        "hard": search_level("hard", NaturalistBot),
        "expert": search_level("expert", ScholarBot),
    },
    old_names={"novice": "easy"},
)
