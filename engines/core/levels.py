"""Bot levels by the names players read, for every game at once.

An engine lists its bots by key (`Engine.bots`: "random", "easy", "heuristic", "hard",
"expert", whichever it has). Players read them as the levels random, easy, normal, hard and
expert, in that order; `normal` is the heuristic, and `heuristic` stays accepted wherever a
level is typed or stored (old saves, old `--seats`, old remote tables). Everything that
lists, shows or resolves a level (the setup form, `--seats`, remote tables, `campfire sim`,
the match itself) goes through here, so no interface keeps its own list.

A seat stores the engine's key (what `resolve_level` returns), so a save or a `sim --json`
line reads the same whichever name the player typed.
"""

from __future__ import annotations

from typing import Any

from engines.core.errors import BadOptions
from engines.core.protocol import Bot, Engine

#: The levels players choose from, weakest first.
LEVEL_ORDER = ("random", "easy", "normal", "hard", "expert")

#: Names that mean the same level: the first is the one players read.
SYNONYMS: dict[str, tuple[str, ...]] = {"normal": ("normal", "heuristic")}


def level_name(key: str) -> str:
    """The name players read for an engine's bot key ("heuristic" reads "normal")."""
    for name, names in SYNONYMS.items():
        if key in names:
            return name
    return key


def level_keys(engine: Engine[Any, Any]) -> list[str]:
    """The engine's bot keys in the order players read them: random, easy, normal, hard,
    expert (whichever it has), then any level of its own in the engine's order."""
    keys = list(engine.bots)
    rank = {name: n for n, name in enumerate(LEVEL_ORDER)}
    return sorted(keys, key=lambda key: (rank.get(level_name(key), len(rank)), keys.index(key)))


def bot_seat_name(key: str, number: int) -> str:
    """The name a bot seat gets when nobody names it: "Normal bot 2"."""
    return f"{level_name(key).title()} bot {number}"


def offered_levels(engine: Engine[Any, Any]) -> list[str]:
    """The level names a game offers, in order: what a form or a message lists."""
    return [level_name(key) for key in level_keys(engine)]


def resolve_level(engine: Engine[Any, Any], name: str) -> str | None:
    """The engine's bot key a level name (or a synonym, any case) means; None if the game
    has no such level."""
    wanted = name.strip().lower()
    if wanted in engine.bots:
        return wanted
    for names in SYNONYMS.values():
        if wanted in names:
            return next((key for key in names if key in engine.bots), None)
    return None


def level_key(engine: Engine[Any, Any], name: str) -> str:
    """Like `resolve_level`, but BadOptions naming the levels on offer when there is none."""
    key = resolve_level(engine, name)
    if key is None:
        levels = ", ".join(offered_levels(engine)) or "none"
        raise BadOptions(f"{engine.info.title} has no '{name}' bot (levels: {levels}).")
    return key


def default_level(engine: Engine[Any, Any]) -> str | None:
    """The key of the level a new bot seat gets: normal where the game has it, else its
    first level other than random, else random; None for a game without bots."""
    keys = level_keys(engine)
    normal = resolve_level(engine, "normal")
    if normal is not None:
        return normal
    return next((key for key in keys if key != "random"), keys[0] if keys else None)


def make_bot(engine: Engine[Any, Any], name: str) -> Bot:
    """A new bot of the level `name` (a name players read, a synonym or the engine's key)."""
    return engine.bots[level_key(engine, name)]()


def bot_thinks(bot: Bot) -> bool:
    """Whether `bot` deliberates for wall time (a search): interfaces ask it off their
    event loop and say that it is thinking. The protocol's flag (the search bot sets it)."""
    if bot.thinks:
        return True
    inner = getattr(bot, "inner", None)  # a bot around another, such as the easy level's
    return isinstance(inner, Bot) and bot_thinks(inner)


__all__ = [
    "LEVEL_ORDER",
    "bot_seat_name",
    "bot_thinks",
    "default_level",
    "level_key",
    "level_keys",
    "level_name",
    "make_bot",
    "offered_levels",
    "resolve_level",
]
