"""Bivouac: run a summer camp for 13 months, placing workers to buy activities and amenities,
court donors and pay wages; with the Retreat Center expansion (staff and upgrades) as an option.

The package pulls in only msgspec and engines.core; card data loads on first use.
"""

from engines.bivouac.engine import ENGINE, BivouacEngine
from engines.bivouac.state import BivouacOptions, BivouacState

__all__ = ["ENGINE", "BivouacEngine", "BivouacOptions", "BivouacState"]
