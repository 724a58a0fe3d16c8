"""Bonfire's search levels: the tree search solo against Tom, a paired policy rollout with
two players.

With two players each seat's heuristic is a close model of the other, and the search's
sampled futures differ by later draws (path piles, the Gnome Pile, the generator) far more
than two moves' results do: the tree search told its actions apart through that noise, and
below the root tried moves for the other seat its heuristic would not make. The paired
search (engines/core/paired_search.py) plays the heuristic's favourite actions out from the
same sample with the same playout generator and keeps its choice unless another is clearly
better. Solo, where the tree search beat Tom more often than the heuristic did, it stays.
"""

from __future__ import annotations

from typing import Any

from engines.bonfire.state import is_solo
from engines.core.ismcts import SearchBot
from engines.core.paired_search import PairedSearchBot
from engines.core.protocol import BotContext


class BonfireSearchBot(PairedSearchBot):
    """The paired search with two players, the tree search (SearchBot's) solo."""

    def choose(self, ctx: BotContext) -> Any:
        if is_solo(ctx.view):
            return SearchBot.choose(self, ctx)
        return super().choose(ctx)
