"""What every game engine shares: the protocol, the seeded generator, bots and helpers."""

from engines.core.bots import RandomBot
from engines.core.errors import BadOptions, IllegalAction
from engines.core.match import JournalEntry, Match, SeatSpec
from engines.core.protocol import (
    AUTO,
    Applied,
    Bot,
    BotContext,
    Engine,
    Event,
    Flags,
    GameInfo,
    Outcome,
    ScoreLine,
    SeatPanel,
    Summary,
)
from engines.core.rng import Rng, seed_state

__all__ = [
    "AUTO",
    "Applied",
    "BadOptions",
    "Bot",
    "BotContext",
    "Engine",
    "Event",
    "Flags",
    "GameInfo",
    "IllegalAction",
    "JournalEntry",
    "Match",
    "Outcome",
    "RandomBot",
    "Rng",
    "ScoreLine",
    "SeatPanel",
    "SeatSpec",
    "Summary",
    "seed_state",
]
