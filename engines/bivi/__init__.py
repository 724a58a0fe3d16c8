"""Bivì: beavers stack timber tiles into a dam seen from the side.

The package pulls in only msgspec and engines.core; the tile, board and objective data load
on first use. Helpers for the UI are re-exported here: `placement_problem`, `placements`,
`oriented_cells`, `river_text`, `render_river_text`, `parse_river` and `score`.
"""

from engines.bivi.engine import ENGINE, BiviEngine
from engines.bivi.placing import placement_problem, placements
from engines.bivi.view import river_text
from engines.bivi.geometry import oriented_cells
from engines.bivi.notation import parse_river, render_river_text, score

__all__ = [
    "ENGINE",
    "BiviEngine",
    "oriented_cells",
    "parse_river",
    "placement_problem",
    "placements",
    "render_river_text",
    "river_text",
    "score",
]
