"""Bioviva world map: biomes on a Gall-Peters grid, and the localization challenges.

Pure module (stdlib + msgspec only).

Grid
----
24 rows ``A``..``X`` (north at the top) by 48 columns ``1``..``48`` (west at the left,
column 1 starting at longitude -180).  The map uses the Gall-Peters equal-area
projection over the **full latitude band -90..90**:

* x is proportional to longitude: each column spans 7.5 degrees;
* y is proportional to sin(latitude): each row spans 1/12 in sin(latitude), so every
  cell has the same area on the globe (about 443,000 km2).  Row A begins at 66.4 N,
  near the Arctic Circle (66.6 N), and row X at 66.4 S, so the Arctic tundra has a row of
  its own and the taiga the next (56.4..66.4 N); the equator lies between rows L and M.

A point on a row or column edge belongs to the cell south / east of it; the north pole is
in row A and the south pole in row X; longitude 180 is the same meridian as -180
(column 1).

How the map is built (``engines/bioviva/tools/make_worldmap.py``, run once; its output is
``data/worldmap.json``): each cell is sampled at 16 x 16 equal-area points; a point's
land or sea comes from a coastline raster (PyPI ``global-land-mask``, needed only by the
tool) and its biome from the tool's written region rules.  A cell is land when at least
25 % of it is land, or when it holds the answer point of a localization on land; a land
cell shows the biome of most of its land.  No cell is set by hand.

Biome letters: T tundra & polar, F temperate forest, G temperate grassland, B taiga
(boreal), D desert, M scrubland & mountain meadow, R humid tropical forest
(rainforest), S woodland & savanna, E sub-temperate forest & scrubland
(Mediterranean-type), ``~`` sea.

Localizations
-------------
``data/localizations.json`` holds the localization challenges with real coordinates of
their answer points; answer cells are always computed with :func:`cell_of`.  An answer
in the water (a reef, a strait, a bay, an ocean deep) says so with ``at_sea``; every
other answer lies on a land square.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path

import msgspec

# Distance in squares as a king moves; no wrap at the date line, as on the board.
from engines.core.grid import chebyshev

ROWS = 24
COLS = 48
ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWX"
COL_WIDTH_DEG = 360.0 / COLS  # 7.5
ROW_HEIGHT_SIN = 2.0 / ROWS  # 1/12
LAT_SOUTH, LAT_NORTH = -90.0, 90.0  # latitude band covered by the grid
SEA = "~"

DATA_DIR = Path(__file__).resolve().parent / "data"
MAP_PATH = DATA_DIR / "worldmap.json"
LOCALIZATIONS_PATH = DATA_DIR / "localizations.json"


class MapError(ValueError):
    """The stored map or localization data is malformed."""


# --------------------------------------------------------------------------- biomes


class Biome(msgspec.Struct, frozen=True):
    letter: str
    name: str
    description: str


#: The nine biomes of the board legend, then the sea.  Letters are unique.
BIOMES: tuple[Biome, ...] = (
    Biome(
        "T",
        "Tundra and polar regions",
        "Treeless tundra, ice caps and polar deserts: Arctic coasts, Greenland, Antarctica.",
    ),
    Biome("F", "Temperate forests", "Deciduous, mixed and temperate rain forests of the mid-latitudes."),
    Biome("G", "Temperate grasslands", "Prairies, steppes and pampas: grass plains with cold winters or dry summers."),
    Biome("B", "Taiga", "Boreal forest of conifers (spruce, pine, larch) south of the tundra."),
    Biome("D", "Deserts", "Hot and cold deserts and arid shrublands with very little rain."),
    Biome(
        "M",
        "Scrublands and mountain meadows",
        "High plateaus, alpine meadows and dry scrublands (Tibet, Andes, Ethiopia, Caatinga).",
    ),
    Biome("R", "Humid tropical forests", "Evergreen rainforests of the tropics (Amazon, Congo, South-East Asia)."),
    Biome("S", "Wooded regions and savannas", "Tropical grasslands with scattered trees and dry tropical woodlands."),
    Biome(
        "E",
        "Sub-temperate forests and scrublands",
        "Mediterranean-type evergreen woods and shrubland with dry summers and mild winters.",
    ),
    Biome(SEA, "Sea", "Oceans and seas."),
)
BIOME_BY_LETTER: dict[str, Biome] = {b.letter: b for b in BIOMES}
LAND_LETTERS = frozenset(b.letter for b in BIOMES if b.letter != SEA)


# --------------------------------------------------------------------------- projection


def cell_of(lat: float, lon: float) -> tuple[int, int]:
    """(row_index, col_index), both 0-based, of the cell holding a point.

    ``lat`` must be within -90..90; ``lon`` is wrapped into -180..180.
    """
    if not (LAT_SOUTH <= lat <= LAT_NORTH) or math.isnan(lat):
        raise ValueError(f"latitude out of range: {lat!r}")
    if math.isnan(lon) or math.isinf(lon):
        raise ValueError(f"bad longitude: {lon!r}")
    y = math.sin(math.radians(lat))  # -1 .. 1
    row = int(math.floor((1.0 - y) / ROW_HEIGHT_SIN))
    row = min(max(row, 0), ROWS - 1)
    col = int(math.floor((lon + 180.0) / COL_WIDTH_DEG)) % COLS
    return row, col


def cell_name(row: int, col: int) -> str:
    """``cell_name(7, 3) == "H4"`` (0-based indices to board name)."""
    if not (0 <= row < ROWS and 0 <= col < COLS):
        raise ValueError(f"cell out of the grid: ({row}, {col})")
    return f"{ROW_LETTERS[row]}{col + 1}"


_CELL_RE = re.compile(r"^\s*([A-Xa-x])\s*([0-9]{1,2})\s*$")


def parse_cell(name: str) -> tuple[int, int]:
    """``parse_cell("H4") == (7, 3)``; case-insensitive; raises ValueError if invalid."""
    m = _CELL_RE.match(name)
    if not m:
        raise ValueError(f"not a cell name: {name!r}")
    row = ROW_LETTERS.index(m.group(1).upper())
    col = int(m.group(2)) - 1
    if not 0 <= col < COLS:
        raise ValueError(f"column out of range in {name!r}")
    return row, col


def cell_centre(row: int, col: int) -> tuple[float, float]:
    """(lat, lon) of the centre of a cell in projected space (equal-area centre)."""
    if not (0 <= row < ROWS and 0 <= col < COLS):
        raise ValueError(f"cell out of the grid: ({row}, {col})")
    y = 1.0 - (row + 0.5) * ROW_HEIGHT_SIN
    lat = math.degrees(math.asin(y))
    lon = -180.0 + (col + 0.5) * COL_WIDTH_DEG
    return lat, lon


def row_bounds(row: int) -> tuple[float, float]:
    """(south, north) latitude edges of a row, in degrees."""
    if not 0 <= row < ROWS:
        raise ValueError(f"row out of the grid: {row}")
    north = math.degrees(math.asin(1.0 - row * ROW_HEIGHT_SIN))
    south = math.degrees(math.asin(max(-1.0, 1.0 - (row + 1) * ROW_HEIGHT_SIN)))
    return south, north


def col_bounds(col: int) -> tuple[float, float]:
    """(west, east) longitude edges of a column, in degrees."""
    if not 0 <= col < COLS:
        raise ValueError(f"column out of the grid: {col}")
    west = -180.0 + col * COL_WIDTH_DEG
    return west, west + COL_WIDTH_DEG


# --------------------------------------------------------------------------- map


class _MapFile(msgspec.Struct):
    rows: list[str]
    comment: str = ""


@lru_cache(maxsize=1)
def load_map() -> tuple[str, ...]:
    """The 24 rows of 48 biome letters, validated (cached)."""
    try:
        doc = msgspec.json.decode(MAP_PATH.read_bytes(), type=_MapFile)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise MapError(f"cannot read {MAP_PATH.name}: {exc}") from exc
    return validate_map(doc.rows)


def validate_map(rows: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    if len(rows) != ROWS:
        raise MapError(f"map has {len(rows)} rows, expected {ROWS}")
    for i, line in enumerate(rows):
        if len(line) != COLS:
            raise MapError(f"row {ROW_LETTERS[i]} has {len(line)} cells, expected {COLS}")
        bad = set(line) - set(BIOME_BY_LETTER)
        if bad:
            raise MapError(f"row {ROW_LETTERS[i]} has unknown letters {sorted(bad)}")
    return tuple(rows)


def biome_at(row: int, col: int) -> Biome:
    """The biome (or sea) of a cell, 0-based indices."""
    if not (0 <= row < ROWS and 0 <= col < COLS):
        raise ValueError(f"cell out of the grid: ({row}, {col})")
    return BIOME_BY_LETTER[load_map()[row][col]]


def biome_of(lat: float, lon: float) -> Biome:
    """The biome of the cell holding a point."""
    return biome_at(*cell_of(lat, lon))


def is_land(row: int, col: int) -> bool:
    return load_map()[row][col] != SEA


def render_ascii() -> str:
    """The lettered map with column numbers on top and row letters on the left."""
    rows = load_map()
    tens = "   " + "".join(str((c + 1) // 10) if (c + 1) >= 10 else " " for c in range(COLS))
    units = "   " + "".join(str((c + 1) % 10) for c in range(COLS))
    body = [f"{ROW_LETTERS[r]}  {line}" for r, line in enumerate(rows)]
    return "\n".join([tens, units, *body])


# --------------------------------------------------------------------------- localizations


class AnswerPoint(msgspec.Struct, frozen=True):
    name: str
    lat: float
    lon: float
    #: The place is water (sea, strait, reef, bay, ocean deep); any other lies on land.
    at_sea: bool = False

    @property
    def cell(self) -> tuple[int, int]:
        return cell_of(self.lat, self.lon)

    @property
    def cell_name(self) -> str:
        return cell_name(*self.cell)


class Localization(msgspec.Struct, frozen=True):
    id: str
    prompt: str
    answers: tuple[AnswerPoint, ...]
    commentary: str

    def answer_cells(self) -> tuple[tuple[int, int], ...]:
        """Distinct answer cells, in the order of the answer points."""
        seen: list[tuple[int, int]] = []
        for a in self.answers:
            if a.cell not in seen:
                seen.append(a.cell)
        return tuple(seen)

    def answer_cell_names(self) -> tuple[str, ...]:
        return tuple(cell_name(*c) for c in self.answer_cells())

    def distance(self, cell: tuple[int, int]) -> int:
        """Squares (king moves) from a cell to the nearest answer cell."""
        return min(chebyshev(cell, c) for c in self.answer_cells())


@lru_cache(maxsize=1)
def load_localizations() -> tuple[Localization, ...]:
    """All localization challenges, validated (cached)."""
    try:
        items = msgspec.json.decode(LOCALIZATIONS_PATH.read_bytes(), type=list[Localization])
    except (OSError, msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise MapError(f"cannot read {LOCALIZATIONS_PATH.name}: {exc}") from exc
    return validate_localizations(items)


def validate_localizations(items: list[Localization]) -> tuple[Localization, ...]:
    ids: set[str] = set()
    for loc in items:
        if loc.id in ids:
            raise MapError(f"duplicate localization id {loc.id!r}")
        ids.add(loc.id)
        if not loc.prompt.strip() or not loc.commentary.strip():
            raise MapError(f"{loc.id}: empty prompt or commentary")
        if not loc.answers:
            raise MapError(f"{loc.id}: no answer point")
        for a in loc.answers:
            if not a.name.strip():
                raise MapError(f"{loc.id}: answer without a name")
            if not (-90.0 <= a.lat <= 90.0 and -180.0 <= a.lon <= 180.0):
                raise MapError(f"{loc.id}: coordinates out of range for {a.name!r}")
    return tuple(items)
