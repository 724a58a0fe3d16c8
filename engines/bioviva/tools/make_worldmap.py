"""One-off generator for the Bioviva world map (engines/bioviva/data/worldmap.json).

Not used at run time.  It needs two packages that the game does NOT depend on:

    .venv/bin/pip install global-land-mask numpy

* ``global-land-mask`` (PyPI) ships a 1 km land/sea raster of the globe; it gives the
  land/sea outline.  ``numpy`` is its array dependency.
* Biomes are NOT taken from any data set: every sampled land point is classified by the
  hand-written lat/lon region rules in :func:`point_biome` (first matching rule wins).

The rule that builds the map (rules.md, Adaptation notes, tells it to players):

1. Grid: 24 rows (A-X, north at top) x 48 columns (1-48, column 1 starts at -180).
   Gall-Peters: x proportional to longitude, y proportional to sin(latitude) over the
   full band -90..90, so each row spans 1/12 in sin(latitude), each column 7.5 degrees,
   and every cell has the same area (about 443,000 km2).  Row A starts at 66.4 N,
   near the Arctic Circle (66.6 N), row X at 66.4 S.
2. Each cell is sampled at 16 x 16 points evenly spread in projected space (equal area).
3. A cell is land when at least 25 % of its samples are land, or when it holds the answer
   point of a localization that lies on land (so no land answer falls on a sea square).
4. A land cell shows the biome of most of its land samples.  No cell is set by hand.

Run:  .venv/bin/python engines/bioviva/tools/make_worldmap.py [--check]
"""

from __future__ import annotations

import json
import math
import sys
from collections import Counter
from pathlib import Path

ROWS, COLS = 24, 48
ROW_HEIGHT_SIN = 2 / ROWS  # rows are equal bands of sin(latitude): equal areas
COL_WIDTH_DEG = 360 / COLS  # 7.5 degrees
N = 16  # samples per cell side -> 256 samples per cell
LAND_THRESHOLD = 0.25
DATA = Path(__file__).resolve().parent.parent / "data"
OUT = DATA / "worldmap.json"
LOCALIZATIONS = DATA / "localizations.json"


def interp(x: float, pts: list[tuple[float, float]]) -> float:
    """Piecewise-linear interpolation through (x, y) points sorted by x."""
    if x <= pts[0][0]:
        return pts[0][1]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return pts[-1][1]


# Arctic tree line (northern limit of the taiga), by longitude.
NA_TREELINE = [
    (-170, 60),
    (-163, 63),
    (-158, 66.5),
    (-150, 68),
    (-140, 68.5),
    (-115, 65),
    (-100, 61),
    (-94, 59),
    (-80, 57.5),
    (-70, 58.5),
    (-60, 57),
    (-50, 57),
]
EURASIA_TREELINE = [
    (0, 69.5),
    (30, 68.5),
    (45, 67.5),
    (60, 66.5),
    (75, 66.5),
    (85, 68.5),
    (100, 70.5),
    (115, 71),
    (130, 70.5),
    (150, 69),
    (160, 66),
    (170, 64),
    (180, 63),
]
# Southern limit of the taiga.
# From the Alberta foothills the boreal plains' edge falls south-east past Prince Albert and
# the Manitoba escarpment (Porcupine, Duck and Riding Mountains) to the Interlake and the
# shield east of Lake Winnipeg; the aspen parkland and prairie lie south of it (WWF
# Mid-Continental Canadian forests against the Canadian aspen forests and parklands).
NA_BOREAL_SOUTH = [
    (-170, 60),
    (-127, 60),
    (-125, 55),
    (-115, 54.2),
    (-110, 54),
    (-106, 53.5),
    (-104, 53),
    (-102, 52.2),
    (-100.5, 51),
    (-98.5, 50.6),
    (-96.5, 50.3),
    (-95.5, 49.2),
    (-95, 48),
    (-60, 47.5),
    (-50, 47),
]
EURASIA_BOREAL_SOUTH = [
    (0, 60.5),
    (30, 60),
    (45, 58.5),
    (60, 56.5),
    (85, 55.5),
    (90, 52),
    (100, 50.5),
    (120, 51),
    # The Greater Khingan, the Amur and the Okhotsk-Manchurian taiga of the lower Amur and
    # Sakhalin reach down to about 48 N.
    (124, 49.5),
    (128, 48.5),
    (135, 48),
    (145, 47.5),
    (180, 50),
]


def box(lat, lon, s, n, w, e) -> bool:
    return s <= lat < n and w <= lon < e


def point_biome(lat: float, lon: float) -> str:  # noqa: C901 - a rules table
    """Biome letter of one land point, by hand-written region rules (first match wins)."""
    # ---- polar -------------------------------------------------------------
    if lat < -58:
        return "T"  # Antarctica and sub-Antarctic islands
    if lat > 59 and -75 <= lon < -10:
        return "T"  # Greenland, Iceland
    if lat > 62 and -25 <= lon < -12:
        return "T"
    if lat > 74:
        return "T"

    # ---- oceanic islands ------------------------------------------------------
    if box(lat, lon, 18.5, 22.5, -160.5, -154.5):
        return "R"  # Hawaii: tropical moist forests on the windward slopes
    if box(lat, lon, -1.5, 1, -92, -89):
        return "D"  # Galapagos: xeric scrub and cactus lowlands
    if box(lat, lon, -21.5, -19.8, 55, 58):
        return "R"  # Mascarene islands: tropical moist forests
    if box(lat, lon, -28, -26.5, -110, -108.5):
        return "S"  # Easter Island: open tropical grassland
    if box(lat, lon, -41, -37, -13, -9):
        return "G"  # Tristan da Cunha and Gough: grass and shrubland
    if box(lat, lon, -55.5, -53.5, -39, -35):
        return "T"  # South Georgia: sub-Antarctic tundra and glaciers

    # ---- North America (incl. Mexico, Central America) ----------------------
    americas = lon < -50 or lon > 170
    if americas and lat > 7.5 and not (lat < 13 and lon > -78):
        if lat > interp(lon if lon < 0 else -180, NA_TREELINE):
            return "T"
        if lat > 57 and lon < -161:
            return "T"  # western Alaska tundra
        if lat > interp(lon if lon < 0 else -180, NA_BOREAL_SOUTH):
            return "B"
        if lat >= 49 and -114 <= lon < -97:
            return "G"  # Canadian prairies
        if lat >= 24:
            if lon < -116.5 - (lat - 32.5) * 0.75 and lat < 40.5:
                return "E"  # Mediterranean California
            if lon < -116 and lat >= 40.5 and not (lat < 44.5 and lon > -121):
                return "F"  # Pacific Northwest
            if lat < 44.5 and lon < -109:
                if lat > 37 and lon > -112 and lat > 40:
                    return "F"  # Wasatch / Uinta
                return "D"  # Great Basin, Mojave, Sonoran
            if 44.5 <= lat and lon < -110:
                return "F"  # northern Rockies
            if box(lat, lon, 35, 44.5, -109, -104.5):
                return "F"  # southern Rockies (Colorado, Wyoming)
            if lat < 35 and lon < -104:
                return "D"  # Chihuahuan desert
            if lat < 30 and lon < -101:
                return "D"  # northern Mexico
            if box(lat, lon, 24, 28.5, -101, -97):
                return "D"  # Tamaulipan thorn scrub
            if box(lat, lon, 28.5, 49, -104.5, -96) or box(lat, lon, 40, 49, -96, -91):
                return "G"  # Great Plains, tallgrass prairie
            if box(lat, lon, 44.5, 49, -110, -104.5):
                return "G"
            return "F"  # eastern deciduous and mixed forests
        if lat >= 19 and lon < -99:
            return "D"  # Mexican plateau and Pacific northwest Mexico
        if 17 <= lat and lon > -85:
            return "S"  # Caribbean islands
        return "R"  # southern Mexico, Central America

    # ---- South America ------------------------------------------------------
    if -82 <= lon < -34 and lat < 13.5:
        if lat >= 7 and lon >= -77:
            return "S"  # llanos, Caribbean dry coast
        if lat >= 7:
            return "R"  # Panama, Choco
        if box(lat, lon, -18, -3, -82, -79) or box(lat, lon, -18, -5, -79, -77) and lat < -7:
            return "D"  # Peruvian coastal desert
        if box(lat, lon, -18.5, -13, -72, -65.5) or box(lat, lon, -24, -18.5, -68.7, -65.5):
            return "M"  # Altiplano / puna, east of the Atacama
        if box(lat, lon, -13, -2, -79.5, -77.5) and lat < -5:
            return "M"  # Peruvian Andes
        if box(lat, lon, -30, -18, -72, -68.5):
            return "D"  # Atacama
        if box(lat, lon, -20, -13, -42, -34) or box(lat, lon, -30, -20, -55, -39):
            return "R"  # Atlantic forest
        if box(lat, lon, -16, -2.5, -46, -34):
            return "M"  # Caatinga scrubland
        if box(lat, lon, -13, 7, -79.5, -55) or box(lat, lon, -9, 7, -55, -50) or box(lat, lon, -4.5, 7, -50, -44):
            return "R"  # Amazon and Guiana shield (the cerrado starts further north in the east)
        if box(lat, lon, -24, -4.5, -60, -41):
            return "S"  # Cerrado
        if box(lat, lon, -30, -13, -66, -57):
            return "S"  # Chaco, Pantanal, Chiquitano
        if lat >= -30 and lon >= -57:
            return "S"
        if box(lat, lon, -38.5, -29.5, -75, -70):
            return "E"  # central Chile
        if box(lat, lon, -48, -38.5, -76, -71.5):
            return "F"  # Valdivian temperate rainforest
        if lat < -48 and lon < -71 or lat < -54:
            return "F"  # Magellanic forests, fjords, southern Tierra del Fuego
        if box(lat, lon, -39.5, -29.5, -65, -40):
            return "G"  # Pampas, Uruguay
        if box(lat, lon, -39.5, -24, -70, -65):
            return "D"  # Monte desert
        if lat < -39.5:
            return "G"  # Patagonian steppe
        return "S"

    # ---- Eurasia north -------------------------------------------------------
    elon = lon if lon >= 0 else 360 + lon  # Chukotka beyond the date line
    if lat > 50 and (-12 <= lon or lon < -168):
        if lat > interp(min(elon, 180), EURASIA_TREELINE):
            return "T"
        if elon > 180 and lat > 63:
            return "T"
    if lat > 35 and (-12 <= lon or lon < -168):
        if lat > interp(min(elon, 180), EURASIA_BOREAL_SOUTH) and not (
            lon < 12 and lat < 62 and lon > -12 and lat < 58
        ):
            return "B"

    # ---- Europe, Mediterranean, western and central Asia ----------------------
    if box(lat, lon, 36, 43.3, -10, 3.5):
        return "E"  # Iberia
    if box(lat, lon, 42.5, 44, 3, 7.6) or box(lat, lon, 37, 43.3, 7.6, 19):
        return "E"  # Provence, Corsica, Sardinia, peninsular Italy, Sicily
    if box(lat, lon, 36, 41.3, 19, 28) or box(lat, lon, 40, 42.8, 15, 20):
        return "E"  # Greece, Albania, Aegean, Dalmatia
    if box(lat, lon, 36, 40.5, 26, 30) or box(lat, lon, 34.5, 37.3, 28, 36.5):
        return "E"  # Aegean and southern Turkey, Cyprus
    if box(lat, lon, 31, 37, 34.2, 36.9):
        return "E"  # Levant
    if box(lat, lon, 29.8, 33.6, -10, -2):
        return "E"  # Atlantic Morocco, High and Middle Atlas
    if box(lat, lon, 33.6, 37.6, -10, 11.6) or box(lat, lon, 32, 33.2, 20, 23):
        return "E"  # Maghreb coast, Cyrenaica
    if box(lat, lon, 37, 40.8, 30, 38):
        return "G"  # Anatolian steppe
    if box(lat, lon, 37, 41, 38, 46.5):
        return "M"  # Armenian highlands
    if box(lat, lon, 40.8, 44.5, 27, 50):
        return "F"  # Pontic and Caucasus forests
    if box(lat, lon, 44, 51, 27, 45) or box(lat, lon, 44, 50, 28, 30):
        return "G"  # Pontic-Caspian steppe
    if box(lat, lon, 44, 47.5, 45, 58):
        return "D"  # Caspian lowland desert
    if box(lat, lon, 47.5, 56.5, 45, 90) and not (lat > 52.5 and lon < 60):
        return "G"  # Kazakh steppe, West Siberian forest-steppe
    if box(lat, lon, 39.5, 44, 69, 80.5) or box(lat, lon, 36.5, 39.5, 69, 75.5):
        return "M"  # Tian Shan, Pamir
    if box(lat, lon, 42, 45, 80.5, 95):
        return "M"  # eastern Tian Shan
    if box(lat, lon, 35, 47.5, 46.5, 80.5):
        return "D"  # Karakum, Kyzylkum, Betpak-Dala, Balkhash
    if box(lat, lon, 36, 38.8, 48, 56):
        return "F"  # Hyrcanian (Caspian) forests
    if box(lat, lon, 28, 39, 44, 52):
        return "M"  # Zagros
    if box(lat, lon, 29.5, 38.5, 64, 75.5) or box(lat, lon, 31, 37, 70, 78):
        return "M"  # Hindu Kush, Karakoram, western Himalaya
    if box(lat, lon, 12, 17.5, 43, 46):
        return "M"  # Yemen highlands
    if box(lat, lon, 23.5, 35, 60, 75.5) or box(lat, lon, 22.5, 24.5, 68, 71.5):
        return "D"  # Baluchistan, Indus, Thar
    if box(lat, lon, 12, 38, 34, 64):
        return "D"  # Arabia, Syrian desert, Mesopotamia, Iranian deserts
    if box(lat, lon, 36.5, 42, 75, 94):
        return "D"  # Tarim basin (Taklamakan)
    if box(lat, lon, 43.5, 47.5, 80, 92):
        return "D"  # Dzungaria
    if box(lat, lon, 35.5, 39.3, 90, 99):
        return "D"  # Qaidam
    if box(lat, lon, 27.6, 37, 75.5, 103):
        return "M"  # Tibetan plateau, Himalaya
    if box(lat, lon, 37, 46, 92, 111.5):
        return "D"  # Gobi, Alashan
    if box(lat, lon, 41, 53, 85, 122.5):
        return "G"  # Mongolian and Inner Mongolian steppe, Daurian steppe
    if box(lat, lon, 34.5, 41, 102, 112):
        return "G"  # Loess plateau
    if lat >= 21.5 and 97 <= lon < 146:
        return "F"  # China, Korea, Japan, Russian Far East
    if lat >= 35 and -12 <= lon < 180:
        return "F"  # Europe west of the steppe
    # ---- South and South-East Asia --------------------------------------------
    if box(lat, lon, 8, 21.5, 72.5, 75.8) or box(lat, lon, 21, 29, 88.5, 97.5):
        return "R"  # Western Ghats, Bengal, Assam
    if box(lat, lon, 5, 25, 68, 88.5):
        return "S"  # Deccan, Gangetic plain: dry forests and woodland
    if box(lat, lon, 21, 29, 75.5, 88.5):
        return "S"
    if box(lat, lon, 15.5, 28.5, 92, 99.5):
        return "R"  # Myanmar
    if box(lat, lon, 14, 23, 104, 110):
        return "R"  # Annamites, northern Vietnam
    if box(lat, lon, 8.5, 19.5, 97.5, 108.5):
        return "S"  # Thai and Cambodian dry forests
    if box(lat, lon, -11.5, -7.8, 114.5, 128):
        return "S"  # Lesser Sunda islands
    if box(lat, lon, -11, -7.2, 140, 145):
        return "S"  # Trans-Fly savanna
    if box(lat, lon, -11.5, 21.5, 92, 160):
        return "R"  # Malesia, New Guinea

    # ---- Africa ---------------------------------------------------------------
    if -20 <= lon < 52 and -36 < lat < 37.5:
        if box(lat, lon, 16.5, 35, -18, 34) or box(lat, lon, 16, 24, 33, 39):
            return "D"  # Sahara, Red Sea hills
        if box(lat, lon, 5.5, 15.5, 35.5, 39.8) or box(lat, lon, 6, 9.8, 39.8, 43):
            return "M"  # Ethiopian highlands, with the Harar and Bale highlands
        if box(lat, lon, 11, 17, 39.8, 43.5) or box(lat, lon, 1.5, 12, 44.5, 52):
            return "D"  # Danakil (Afar), Somali and Ogaden deserts
        if box(lat, lon, 4, 8.6, -13.5, -3) or box(lat, lon, 4, 7.2, 4.5, 16):
            return "R"  # Upper Guinean forest, Niger delta, Cameroon
        if box(lat, lon, -4.5, 4, 8.5, 30):
            return "R"  # Congo basin
        if box(lat, lon, -25.7, -11.5, 46.5, 51):
            return "R"  # eastern Madagascar
        if box(lat, lon, -26, -22.5, 43, 47.3):
            return "D"  # Madagascar spiny forest
        if box(lat, lon, -29.5, -16.5, 11, 15.5) or box(lat, lon, -28.5, -20.5, 15.5, 25):
            return "D"  # Namib, Kalahari
        if box(lat, lon, -32.5, -28, 16.5, 25.5) or box(lat, lon, -33.3, -31.5, 19, 25):
            return "D"  # Karoo
        if lat < -33.2 and lon < 26.5 or box(lat, lon, -33.3, -30, 16, 19):
            return "E"  # Cape fynbos, Namaqualand coast
        if box(lat, lon, -30.7, -28.5, 27, 29.5):
            return "M"  # Lesotho highlands
        if box(lat, lon, -31, -25.3, 25, 33):
            return "G"  # Highveld, Drakensberg foothills
        if box(lat, lon, -34.5, -30.5, 24, 31):
            return "G"  # Eastern Cape grasslands and thicket
        return "S"  # Sahel, Sudanian and East African savannas, miombo

    # ---- Australia and New Zealand ----------------------------------------------
    if lon >= 160 and lat < -30:
        return "F"  # New Zealand
    if 110 <= lon < 160 and lat < -9:
        if lat < -39:
            return "F"  # Tasmania
        if box(lat, lon, -19.5, -15, 145, 146.6):
            return "R"  # Queensland wet tropics
        if lat >= -19.5:
            return "S"  # tropical savanna of the north
        if box(lat, lon, -28, -23.5, 151.3, 160):
            return "F"
        if box(lat, lon, -38.5, -28, 147.3, 160):
            return "F"  # Great Dividing Range, south-east coast
        if box(lat, lon, -39, -36.6, 141, 147.3):
            return "F"  # southern Victoria
        if box(lat, lon, -28, -19.5, 145.5, 160):
            return "S"  # Brigalow
        if box(lat, lon, -35.5, -29.5, 114, 120.3):
            return "E"  # south-west Australia
        if box(lat, lon, -38.5, -32, 134.5, 147.3):
            return "E"  # mallee, Adelaide, Murray
        return "D"
    # ---- fallback by latitude -------------------------------------------------
    a = abs(lat)
    if a > 66:
        return "T"
    if a > 55:
        return "B"
    if a > 40:
        return "F"
    if a > 23:
        return "D"
    return "S"


def cell_samples(r: int, c: int):
    """N x N points spread evenly in projected (x, y) space: equal-area samples."""
    for i in range(N):
        y = 1 - (r + (i + 0.5) / N) * ROW_HEIGHT_SIN
        lat = math.degrees(math.asin(y))
        for j in range(N):
            lon = -180 + (c + (j + 0.5) / N) * COL_WIDTH_DEG
            yield lat, lon


def cell_of(lat: float, lon: float) -> tuple[int, int]:
    """The same projection as engines/bioviva/worldmap.py (kept here so the tool runs alone)."""
    row = min(max(int(math.floor((1 - math.sin(math.radians(lat))) / ROW_HEIGHT_SIN)), 0), ROWS - 1)
    return row, int(math.floor((lon + 180) / COL_WIDTH_DEG)) % COLS


def land_answer_cells(globe) -> dict[tuple[int, int], list[tuple[float, float]]]:
    """Cells holding a localization answer point that lies on land, with those points."""
    found: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for loc in json.loads(LOCALIZATIONS.read_text(encoding="utf-8")):
        for answer in loc["answers"]:
            if answer.get("at_sea"):
                continue
            found.setdefault(cell_of(answer["lat"], answer["lon"]), []).append((answer["lat"], answer["lon"]))
    return found


def build() -> tuple[list[str], list[list[float]]]:
    import numpy as np
    from global_land_mask import globe

    answers = land_answer_cells(globe)
    rows: list[str] = []
    fracs: list[list[float]] = []
    for r in range(ROWS):
        line = []
        frow = []
        for c in range(COLS):
            pts = list(cell_samples(r, c))
            lats = np.array([p[0] for p in pts])
            lons = np.array([p[1] for p in pts])
            land = globe.is_land(lats, lons)
            frac = float(land.mean())
            frow.append(frac)
            votes = Counter(point_biome(la, lo) for (la, lo), is_l in zip(pts, land) if is_l)
            if not votes and (r, c) in answers:
                votes = Counter(point_biome(la, lo) for la, lo in answers[(r, c)])
            if votes and (frac >= LAND_THRESHOLD or (r, c) in answers):
                line.append(votes.most_common(1)[0][0])
            else:
                line.append("~")
        rows.append("".join(line))
        fracs.append(frow)
    return rows, fracs


def main() -> None:
    rows, fracs = build()
    print("    " + "".join(str((c + 1) // 10 or " ") for c in range(COLS)))
    print("    " + "".join(str((c + 1) % 10) for c in range(COLS)))
    for r, line in enumerate(rows):
        print(f"{chr(65 + r)}   {line}")
    if "--check" in sys.argv:
        return
    doc = {
        "comment": "Generated by engines/bioviva/tools/make_worldmap.py (global-land-mask outline, hand biome rules). "
        "24 rows A-X north to south, 48 columns 1-48 from longitude -180; Gall-Peters, "
        "latitude band -90..90.",
        "rows": rows,
    }
    OUT.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
