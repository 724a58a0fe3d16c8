"""Bioviva: nature challenges (questions, map localization, word association).

Only the engine is imported here; card and map data load on first use.
"""

from engines.bioviva.engine import ENGINE, BiovivaEngine

__all__ = ["ENGINE", "BiovivaEngine"]
