"""Bioviva world map: projection, stored map, biome of well-known places, localizations."""

from __future__ import annotations

import math

import pytest

from engines.bioviva import worldmap as wm
from tests.bioviva.known_places import KNOWN_PLACES

# --------------------------------------------------------------------------- projection


def test_grid_constants():
    assert (wm.ROWS, wm.COLS) == (24, 48)
    assert wm.ROW_LETTERS == "ABCDEFGHIJKLMNOPQRSTUVWX"


def test_equator_is_between_rows_l_and_m():
    assert wm.cell_of(0.01, 0.0)[0] == 11  # L
    assert wm.cell_of(0.0, 0.0)[0] == 12  # a point on the edge belongs to the southern row
    assert wm.cell_of(-0.01, 0.0)[0] == 12  # M
    assert wm.row_bounds(11) == pytest.approx((0.0, math.degrees(math.asin(1 / 12))))


def test_row_a_starts_at_the_arctic_circle_so_the_tundra_has_its_own_row():
    assert wm.row_bounds(0) == pytest.approx((66.44, 90.0), abs=0.01)
    assert wm.row_bounds(1) == pytest.approx((56.44, 66.44), abs=0.01)
    assert wm.row_bounds(23) == pytest.approx((-90.0, -66.44), abs=0.01)


def test_poles():
    assert wm.cell_of(90.0, 0.0)[0] == 0
    assert wm.cell_of(-90.0, 0.0)[0] == 23
    assert wm.cell_of(89.99, 123.0)[0] == 0
    assert wm.cell_of(-89.99, -45.0)[0] == 23
    with pytest.raises(ValueError):
        wm.cell_of(90.5, 0.0)
    with pytest.raises(ValueError):
        wm.cell_of(float("nan"), 0.0)


def test_rows_are_equal_area_bands():
    # Gall-Peters: every row spans the same step in sin(latitude).
    for r in range(wm.ROWS):
        south, north = wm.row_bounds(r)
        step = math.sin(math.radians(north)) - math.sin(math.radians(south))
        assert step == pytest.approx(1 / 12)


def test_date_line_and_columns():
    assert wm.cell_of(0.0, -180.0)[1] == 0
    assert wm.cell_of(0.0, -179.99)[1] == 0
    assert wm.cell_of(0.0, 179.99)[1] == 47
    assert wm.cell_of(0.0, 180.0)[1] == 0  # same meridian as -180
    assert wm.cell_of(0.0, 0.0)[1] == 24  # Greenwich starts column 25
    assert wm.cell_of(0.0, -0.01)[1] == 23
    assert wm.cell_of(0.0, 7.5)[1] == 25
    assert wm.cell_of(0.0, 540.0)[1] == wm.cell_of(0.0, 180.0)[1]  # wraps
    assert wm.col_bounds(0) == (-180.0, -172.5)
    assert wm.col_bounds(47) == (172.5, 180.0)


def test_projection_is_monotonic():
    lats = [-90 + i * 0.5 for i in range(361)]
    rows = [wm.cell_of(lat, 10.0)[0] for lat in lats]
    assert rows == sorted(rows, reverse=True)  # going north never increases the row index
    assert set(rows) == set(range(24))
    lons = [-180 + i * 0.5 for i in range(720)]
    cols = [wm.cell_of(10.0, lon)[1] for lon in lons]
    assert cols == sorted(cols)
    assert set(cols) == set(range(48))


def test_cell_centre_maps_back_to_its_cell():
    for r in range(wm.ROWS):
        for c in range(wm.COLS):
            lat, lon = wm.cell_centre(r, c)
            assert wm.cell_of(lat, lon) == (r, c)
    assert wm.cell_centre(11, 24) == pytest.approx((math.degrees(math.asin(1 / 24)), 3.75))


def test_cell_name_and_parse_round_trip():
    assert wm.cell_name(7, 3) == "H4"
    assert wm.cell_name(0, 0) == "A1"
    assert wm.cell_name(23, 47) == "X48"
    assert wm.parse_cell("H4") == (7, 3)
    assert wm.parse_cell(" x48 ") == (23, 47)
    for r in range(wm.ROWS):
        for c in range(wm.COLS):
            assert wm.parse_cell(wm.cell_name(r, c)) == (r, c)
    for bad in ["", "Y1", "A0", "A49", "4H", "AA1", "H", "H4x"]:
        with pytest.raises(ValueError):
            wm.parse_cell(bad)
    with pytest.raises(ValueError):
        wm.cell_name(24, 0)


def test_chebyshev():
    assert wm.chebyshev((0, 0), (0, 0)) == 0
    assert wm.chebyshev((3, 4), (5, 5)) == 2
    assert wm.chebyshev((7, 3), (6, 10)) == 7


# --------------------------------------------------------------------------- map data


def test_biomes_are_the_nine_legend_biomes_plus_sea():
    letters = [b.letter for b in wm.BIOMES]
    assert len(letters) == len(set(letters)) == 10
    assert set(letters) == set("TFGBDMRSE~")
    assert len(wm.LAND_LETTERS) == 9
    for b in wm.BIOMES:
        assert b.name and b.description


def test_map_shape_and_letters():
    rows = wm.load_map()
    assert len(rows) == 24
    assert all(len(r) == 48 for r in rows)
    assert set("".join(rows)) <= set(wm.BIOME_BY_LETTER)
    assert wm.load_map() is rows  # cached
    # every biome of the legend appears on the board
    assert set("".join(rows)) == set(wm.BIOME_BY_LETTER)


def test_map_land_share_is_plausible():
    rows = wm.load_map()
    land = sum(ch != wm.SEA for row in rows for ch in row)
    # Land is about 29 % of the globe, i.e. the area of ~334 cells.  Coastal cells count
    # as land from 25 % of land, and so do cells holding an answer on land (islands),
    # so the board shows more land cells than that, but not wildly more.
    assert 334 <= land <= 480
    assert rows[23].count(wm.SEA) <= 10  # Antarctica fills the bottom row
    assert rows[0].count(wm.SEA) >= 4  # the Arctic Ocean and Norwegian Sea show


def test_validate_map_rejects_bad_maps():
    good = list(wm.load_map())
    with pytest.raises(wm.MapError):
        wm.validate_map(good[:23])
    with pytest.raises(wm.MapError):
        wm.validate_map([good[0][:47]] + good[1:])
    with pytest.raises(wm.MapError):
        wm.validate_map(["X" * 48] + good[1:])


def test_render_ascii():
    text = wm.render_ascii()
    lines = text.splitlines()
    assert len(lines) == 26
    assert lines[1].strip().startswith("1234567890")
    assert lines[2].startswith("A  ") and lines[-1].startswith("X  ")
    assert lines[2][3:] == wm.load_map()[0]


# --------------------------------------------------------------------------- known places


def test_known_places_table_covers_every_biome_of_every_continent():
    assert len(KNOWN_PLACES) >= 150
    assert len({place for _, place, *_ in KNOWN_PLACES}) == len(KNOWN_PLACES)
    found: dict[str, set[str]] = {}
    for continent, _, _, _, letter in KNOWN_PLACES:
        found.setdefault(continent, set()).add(letter)
    # The legend's biomes each continent has (no taiga south of the equator, no tundra
    # in the tropics' continents but as ice on mountain tops, which the board leaves out).
    assert found == {
        "North America": set("TBFGDER"),
        "South America": set("RSDMGEF"),
        "Europe": set("TBFGE"),
        "Africa": set("DSRMGE"),
        "Asia": set("TBGDMFRSE"),
        "Oceania": set("DSREF"),
        "Antarctica": {"T"},
        "Ocean": {"~"},
    }


@pytest.mark.parametrize("continent, place, lat, lon, letter", KNOWN_PLACES, ids=[p[1] for p in KNOWN_PLACES])
def test_known_place_biome(continent, place, lat, lon, letter):
    row, col = wm.cell_of(lat, lon)
    got = wm.biome_at(row, col)
    assert got.letter == letter, (
        f"{place} falls in {wm.cell_name(row, col)} = {got.name}, expected {wm.BIOME_BY_LETTER[letter].name}"
    )


def test_biome_of_matches_biome_at():
    assert wm.biome_of(-3.1, -60.0) is wm.biome_at(*wm.cell_of(-3.1, -60.0))
    with pytest.raises(ValueError):
        wm.biome_at(24, 0)


# --------------------------------------------------------------------------- localizations


def test_localization_counts_and_ids():
    locs = wm.load_localizations()
    assert len(locs) >= 110
    ids = [loc.id for loc in locs]
    assert len(ids) == len(set(ids))
    assert all(i.startswith("l") and i[1:].isdigit() for i in ids)
    assert len({loc.prompt for loc in locs}) == len(locs)
    assert wm.load_localizations() is locs  # cached


def test_localization_texts_non_empty():
    for loc in wm.load_localizations():
        assert loc.prompt.strip().endswith("?"), loc.id
        assert len(loc.commentary.strip()) > 20, loc.id
        assert loc.answers, loc.id
        for a in loc.answers:
            assert a.name.strip(), loc.id


def test_localization_answers_lie_on_the_grid():
    for loc in wm.load_localizations():
        for a in loc.answers:
            assert -90.0 <= a.lat <= 90.0 and -180.0 <= a.lon <= 180.0, (loc.id, a.name)
            assert round(a.lat, 2) == a.lat and round(a.lon, 2) == a.lon, (loc.id, a.name)
            row, col = a.cell
            assert 0 <= row < wm.ROWS and 0 <= col < wm.COLS
            assert wm.parse_cell(a.cell_name) == (row, col)
        assert loc.answer_cells()
        assert loc.distance(loc.answer_cells()[0]) == 0


def test_every_answer_on_land_lies_on_a_land_square():
    """A volcano in the Andes, a redwood park or Tasmania is never answered at sea; only
    answers in the water (reefs, straits, bays, ocean deeps) may be sea squares."""
    points = [(loc.id, a) for loc in wm.load_localizations() for a in loc.answers]
    at_sea = [(i, a.name) for i, a in points if a.at_sea]
    assert 0 < len(at_sea) < len(points) / 5
    for loc_id, a in points:
        if not a.at_sea:
            assert wm.is_land(*a.cell), f"{loc_id} {a.name} is on sea square {a.cell_name}"


def test_an_answer_off_a_coast_is_an_answer_in_the_water():
    # "Off the river mouth" is at sea: the coelacanth was caught by a trawler, not on land.
    offshore = [a for loc in wm.load_localizations() for a in loc.answers if a.name.startswith("Off ")]
    assert offshore
    assert all(a.at_sea for a in offshore), [a.name for a in offshore if not a.at_sea]


def test_some_localization_answers():
    by_prompt = {loc.prompt: loc for loc in wm.load_localizations()}
    lowest = by_prompt["Where is the lowest point of North America, in a valley famous for its summer heat?"]
    assert lowest.answer_cell_names() == ("E9",)
    assert wm.biome_at(*lowest.answer_cells()[0]).letter == "D"
    reef = by_prompt["Where is the largest coral reef system in the world?"]
    assert len(reef.answer_cells()) >= 3
    assert reef.distance(wm.parse_cell("Q44")) == 0
    assert reef.distance(wm.parse_cell("A1")) == 43


def test_validate_localizations_rejects_bad_items():
    loc = wm.load_localizations()[0]
    with pytest.raises(wm.MapError):
        wm.validate_localizations([loc, loc])
    empty = wm.Localization(id="x1", prompt=" ", answers=loc.answers, commentary="c")
    with pytest.raises(wm.MapError):
        wm.validate_localizations([empty])
    far = wm.Localization(
        id="x2",
        prompt="p?",
        commentary="c",
        answers=(wm.AnswerPoint(name="nowhere", lat=95.0, lon=0.0),),
    )
    with pytest.raises(wm.MapError):
        wm.validate_localizations([far])


def test_worldmap_module_is_pure():
    import sys

    src = (wm.Path(wm.__file__)).read_text(encoding="utf-8")
    assert "import textual" not in src and "from textual" not in src
    assert "import rich" not in src and "from rich" not in src
    assert "global_land_mask" not in src
    assert "numpy" not in src
    assert "engines.bioviva.worldmap" in sys.modules


# --------------------------------------------------------------------------- the boreal belt

#: Points checked against the WWF terrestrial ecoregions (Olson et al. 2001): the taiga runs
#: about 50-68 N across Canada and Alaska (48-52 N by the Great Lakes and the St Lawrence),
#: 60-70 N in Scandinavia and 50-70 N across Russia (55 N in western Siberia, 48 N by the
#: Amur); the prairie and the steppe lie south of it. Each is read through the lookup the game
#: uses: the square of a latitude and longitude, then the biome of that square.
BOREAL_BELT = [
    ("central Canada, northern Manitoba and Saskatchewan", 56.0, -100.0, "B"),
    ("the boreal plains by Lake Winnipeg", 53.5, -99.0, "B"),
    ("The Pas, Manitoba", 53.83, -101.25, "B"),
    ("Thompson, Manitoba", 55.74, -97.86, "B"),
    ("Fort McMurray, Alberta", 56.73, -111.38, "B"),
    ("Fairbanks, Alaska", 64.84, -147.72, "B"),
    ("Chibougamau, Quebec", 49.91, -74.37, "B"),
    ("Goose Bay, Labrador", 53.3, -60.42, "B"),
    ("Yakutsk", 62.0, 130.0, "B"),
    ("Saint Petersburg's taiga, 60 N 30 E", 60.0, 30.0, "B"),
    ("Lapland, Rovaniemi", 66.5, 25.7, "B"),
    ("Tomsk", 56.5, 84.97, "B"),
    ("the Amur taiga by Komsomolsk", 50.55, 137.0, "B"),
    ("Saskatoon, the edge of the prairie", 52.13, -106.67, "G"),
    ("southern Alberta, 50 N 110 W", 50.0, -110.0, "G"),
    ("Omsk, the West Siberian forest-steppe", 54.98, 73.37, "G"),
    ("Astana, the Kazakh steppe", 51.17, 71.45, "G"),
]


@pytest.mark.parametrize("place, lat, lon, letter", BOREAL_BELT, ids=[p[0] for p in BOREAL_BELT])
def test_the_boreal_belt_and_the_grassland_south_of_it(place, lat, lon, letter):
    row, col = wm.cell_of(lat, lon)
    got = wm.biome_at(row, col)
    assert got.letter == letter, (
        f"{place} falls in {wm.cell_name(row, col)} = {got.name}, expected {wm.BIOME_BY_LETTER[letter].name}"
    )


def test_the_generator_draws_the_boreal_edge_where_the_atlas_does():
    # The generator (engines/bioviva/tools/make_worldmap.py) makes the map; its tree lines
    # must put central Canada's square in the taiga, so regenerating cannot undo the fix.
    import importlib.util
    from pathlib import Path

    tool = Path(wm.__file__).parent / "tools" / "make_worldmap.py"
    spec = importlib.util.spec_from_file_location("make_worldmap", tool)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for lat, lon in ((56.0, -100.0), (53.5, -102.0), (51.5, -98.5), (50.5, 137.0)):
        assert module.point_biome(lat, lon) == "B", (lat, lon)
    for lat, lon in ((50.0, -110.0), (50.0, -102.0)):
        assert module.point_biome(lat, lon) == "G", (lat, lon)
