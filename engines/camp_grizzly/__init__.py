"""Camp Grizzly: counselors cooperate to escape a summer camp while Otis hunts them.

This package holds the game's content as validated data (`content`) and the pure map and
Otis functions: movement (`board`), targeting (`targeting`), his stalk and lurking
(`stalking`) and the text map (`map_text`). The rules engine is built on top of them;
nothing here imports Textual, rich, saves or tui.
"""

from engines.camp_grizzly.engine import ENGINE

__all__ = ["ENGINE"]
