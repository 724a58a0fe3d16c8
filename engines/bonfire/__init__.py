"""Bonfire, solo against the automa Tom. Content as validated data (`content`), rules split
by concern (city, islands, paths, processions, council, gnomes, tom, scoring, view), wired
into the engine protocol by `engine`. Nothing here imports Textual, rich, saves or tui."""

from engines.bonfire.engine import ENGINE

__all__ = ["ENGINE"]
