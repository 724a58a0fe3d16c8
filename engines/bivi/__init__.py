"""Bivì: beavers stack timber tiles into a dam seen from the side.

Only the engine is imported here; content and geometry load on first use.
"""

from engines.bivi.engine import ENGINE, BiviEngine

__all__ = ["ENGINE", "BiviEngine"]
