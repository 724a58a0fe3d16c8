"""Bioviva world map: projection, stored map, biome of well-known places, localizations."""

from __future__ import annotations

import math

import pytest

from engines.bioviva import worldmap as wm

# --------------------------------------------------------------------------- projection


def test_grid_constants():
    assert (wm.ROWS, wm.COLS) == (16, 32)
    assert wm.ROW_LETTERS == "ABCDEFGHIJKLMNOP"


def test_equator_is_between_rows_h_and_i():
    assert wm.cell_of(0.01, 0.0)[0] == 7  # H
    assert wm.cell_of(0.0, 0.0)[0] == 8  # a point on the edge belongs to the southern row
    assert wm.cell_of(-0.01, 0.0)[0] == 8  # I
    assert wm.row_bounds(7) == pytest.approx((0.0, math.degrees(math.asin(0.125))))


def test_poles():
    assert wm.cell_of(90.0, 0.0)[0] == 0
    assert wm.cell_of(-90.0, 0.0)[0] == 15
    assert wm.cell_of(89.99, 123.0)[0] == 0
    assert wm.cell_of(-89.99, -45.0)[0] == 15
    with pytest.raises(ValueError):
        wm.cell_of(90.5, 0.0)
    with pytest.raises(ValueError):
        wm.cell_of(float("nan"), 0.0)


def test_rows_are_equal_area_bands():
    # Gall-Peters: every row spans the same step in sin(latitude).
    for r in range(wm.ROWS):
        south, north = wm.row_bounds(r)
        step = math.sin(math.radians(north)) - math.sin(math.radians(south))
        assert step == pytest.approx(0.125)
    assert wm.row_bounds(0)[0] == pytest.approx(61.045, abs=0.01)
    assert wm.row_bounds(15)[1] == pytest.approx(-61.045, abs=0.01)


def test_date_line_and_columns():
    assert wm.cell_of(0.0, -180.0)[1] == 0
    assert wm.cell_of(0.0, -179.99)[1] == 0
    assert wm.cell_of(0.0, 179.99)[1] == 31
    assert wm.cell_of(0.0, 180.0)[1] == 0  # same meridian as -180
    assert wm.cell_of(0.0, 0.0)[1] == 16  # Greenwich starts column 17
    assert wm.cell_of(0.0, -0.01)[1] == 15
    assert wm.cell_of(0.0, 11.25)[1] == 17
    assert wm.cell_of(0.0, 540.0)[1] == wm.cell_of(0.0, 180.0)[1]  # wraps
    assert wm.col_bounds(0) == (-180.0, -168.75)
    assert wm.col_bounds(31) == (168.75, 180.0)


def test_projection_is_monotonic():
    lats = [-90 + i * 0.5 for i in range(361)]
    rows = [wm.cell_of(lat, 10.0)[0] for lat in lats]
    assert rows == sorted(rows, reverse=True)  # going north never increases the row index
    assert set(rows) == set(range(16))
    lons = [-180 + i * 0.5 for i in range(720)]
    cols = [wm.cell_of(10.0, lon)[1] for lon in lons]
    assert cols == sorted(cols)
    assert set(cols) == set(range(32))


def test_cell_centre_maps_back_to_its_cell():
    for r in range(wm.ROWS):
        for c in range(wm.COLS):
            lat, lon = wm.cell_centre(r, c)
            assert wm.cell_of(lat, lon) == (r, c)
    assert wm.cell_centre(7, 16) == pytest.approx((math.degrees(math.asin(0.0625)), 5.625))


def test_cell_name_and_parse_round_trip():
    assert wm.cell_name(7, 3) == "H4"
    assert wm.cell_name(0, 0) == "A1"
    assert wm.cell_name(15, 31) == "P32"
    assert wm.parse_cell("H4") == (7, 3)
    assert wm.parse_cell(" p32 ") == (15, 31)
    for r in range(wm.ROWS):
        for c in range(wm.COLS):
            assert wm.parse_cell(wm.cell_name(r, c)) == (r, c)
    for bad in ["", "Q1", "A0", "A33", "4H", "AA1", "H", "H4x"]:
        with pytest.raises(ValueError):
            wm.parse_cell(bad)
    with pytest.raises(ValueError):
        wm.cell_name(16, 0)


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
    assert len(rows) == 16
    assert all(len(r) == 32 for r in rows)
    assert set("".join(rows)) <= set(wm.BIOME_BY_LETTER)
    assert wm.load_map() is rows  # cached
    # every biome of the legend appears on the board
    assert set("".join(rows)) == set(wm.BIOME_BY_LETTER)


def test_map_land_share_is_plausible():
    rows = wm.load_map()
    land = sum(ch != wm.SEA for row in rows for ch in row)
    # Land is about 29 % of the globe, i.e. the area of ~148 cells.  Coastal cells count
    # as land from 22 % of land (so that Chile, Central America, Japan, Britain, Borneo
    # stay visible) and Antarctica fills row P, so the board shows more land cells than
    # that, but not wildly more.
    assert 148 <= land <= 230
    assert rows[15].count(wm.SEA) <= 4  # Antarctica is a strip along the bottom
    assert rows[0].count(wm.SEA) >= 2  # the Arctic Ocean and Norwegian Sea show


def test_validate_map_rejects_bad_maps():
    good = list(wm.load_map())
    with pytest.raises(wm.MapError):
        wm.validate_map(good[:15])
    with pytest.raises(wm.MapError):
        wm.validate_map([good[0][:31]] + good[1:])
    with pytest.raises(wm.MapError):
        wm.validate_map(["X" * 32] + good[1:])


def test_render_ascii():
    text = wm.render_ascii()
    lines = text.splitlines()
    assert len(lines) == 18
    assert lines[1].strip().startswith("1234567890")
    assert lines[2].startswith("A  ") and lines[-1].startswith("P  ")
    assert lines[2][3:] == wm.load_map()[0]


# --------------------------------------------------------------------------- known places

# (place, lat, lon, expected letter). Points chosen well inside their biome.
KNOWN_PLACES = [
    # deserts
    ("Sahara, Tassili (Algeria)", 25.0, 5.0, "D"),
    ("Sahara, Libyan desert", 25.0, 18.0, "D"),
    ("Sahara, Aïr (Niger)", 19.0, 10.0, "D"),
    ("Rub' al Khali", 20.0, 50.0, "D"),
    ("Syrian desert", 32.0, 40.0, "D"),
    ("Thar desert", 27.0, 71.0, "D"),
    ("Kyzylkum", 42.0, 64.0, "D"),
    ("Taklamakan", 40.0, 83.0, "D"),
    ("Gobi", 43.0, 100.0, "D"),
    ("Death Valley", 36.46, -116.87, "D"),
    ("Chihuahuan desert", 29.0, -106.0, "D"),
    ("Atacama", -24.1, -70.0, "D"),
    ("Kalahari / Namib", -25.0, 20.0, "D"),
    ("Australian outback, Alice Springs", -23.7, 133.9, "D"),
    ("Gibson desert", -24.0, 122.0, "D"),
    # humid tropical forests
    ("Central Amazon, Manaus", -3.1, -60.0, "R"),
    ("Peruvian Amazon", -4.0, -74.0, "R"),
    ("Colombian Amazon", 2.0, -72.0, "R"),
    ("Guiana shield", 4.0, -58.0, "R"),
    ("Congo basin, Salonga", -2.0, 21.0, "R"),
    ("Gabon", -1.0, 12.5, "R"),
    ("Southern Cameroon", 3.0, 13.0, "R"),
    ("Borneo, central", 1.0, 114.0, "R"),
    ("Borneo, south", -1.5, 113.5, "R"),
    ("New Guinea, west", -4.0, 138.0, "R"),
    ("Myanmar hills", 20.0, 96.0, "R"),
    ("Costa Rica / Nicaragua", 11.0, -85.0, "R"),
    # taiga
    ("Yakutsk", 62.03, 129.73, "B"),
    ("Central Siberia, Yenisei", 58.0, 93.0, "B"),
    ("Irkutsk region", 57.0, 105.0, "B"),
    ("Fairbanks, Alaska", 64.84, -147.72, "B"),
    ("Northern Quebec", 52.0, -72.0, "B"),
    ("Northern Ontario", 51.0, -85.0, "B"),
    ("Finland", 63.0, 27.0, "B"),
    ("Northern Sweden", 64.0, 18.0, "B"),
    # tundra and polar
    ("Greenland interior", 72.0, -40.0, "T"),
    ("Antarctica, Queen Maud Land", -80.0, 5.0, "T"),
    ("Antarctic plateau", -80.0, 120.0, "T"),
    ("Nunavut barren grounds", 65.0, -95.0, "T"),
    ("Baffin Island", 70.0, -72.0, "T"),
    ("Chukotka", 66.0, 172.0, "T"),
    ("Iceland", 64.8, -18.0, "T"),
    # temperate grasslands
    ("Great Plains, Kansas", 39.5, -99.0, "G"),
    ("Great Plains, Nebraska", 41.5, -100.0, "G"),
    ("Northern plains, Dakotas", 46.0, -103.0, "G"),
    ("Mongolian steppe", 47.5, 106.0, "G"),
    ("Kazakh steppe", 51.0, 70.0, "G"),
    ("Pontic steppe, southern Ukraine", 47.0, 35.0, "G"),
    ("Pampas", -35.0, -61.0, "G"),
    ("Highveld", -26.5, 28.5, "G"),
    ("Patagonian steppe", -44.0, -69.0, "G"),
    # temperate forests
    ("Central Europe, Germany", 50.5, 10.0, "F"),
    ("Poland", 52.0, 20.0, "F"),
    ("Moscow", 55.75, 37.6, "F"),
    ("Central France", 46.0, 3.0, "F"),
    ("England", 52.5, -1.5, "F"),
    ("Ohio", 40.0, -83.0, "F"),
    ("New England", 43.5, -72.0, "F"),
    ("Georgia (US)", 33.5, -84.0, "F"),
    ("Yangtze valley, Anhui", 31.8, 117.0, "F"),
    ("Sichuan basin", 30.7, 104.0, "F"),
    ("Tokyo", 35.7, 139.7, "F"),
    ("Manchuria", 45.0, 127.0, "F"),
    ("New Zealand, South Island", -43.5, 171.0, "F"),
    ("Blue Mountains, Australia", -33.7, 150.3, "F"),
    # woodland and savanna
    ("Serengeti", -2.33, 34.83, "S"),
    ("Sahel, Burkina Faso", 12.0, -1.5, "S"),
    ("Northern Nigeria, Kano", 12.0, 8.5, "S"),
    ("Zambian miombo", -13.0, 28.0, "S"),
    ("Zimbabwe", -19.0, 30.0, "S"),
    ("Angolan plateau", -12.0, 17.0, "S"),
    ("Cerrado, Brasília", -15.8, -47.9, "S"),
    ("Llanos, Venezuela", 8.5, -65.5, "S"),
    ("Deccan plateau", 17.5, 76.0, "S"),
    ("Northern Australia", -16.5, 133.0, "S"),
    ("Cambodia", 13.0, 104.0, "S"),
    # Mediterranean-type (sub-temperate forests and scrublands)
    ("Spain, Almeria coast", 36.84, -2.46, "E"),
    ("Spain, Malaga coast", 36.72, -4.42, "E"),
    ("Spain, La Mancha", 39.4, -3.5, "E"),
    ("Aegean Turkey, Bodrum", 37.03, 27.43, "E"),
    ("Greece, Crete", 35.24, 24.9, "E"),
    ("Cape Town", -33.92, 18.42, "E"),
    ("Central Chile, Santiago", -33.45, -70.67, "E"),
    ("Perth", -31.95, 115.86, "E"),
    ("Adelaide", -34.93, 138.6, "E"),
    # scrublands and mountain meadows
    ("Tibetan plateau, Changtang", 33.0, 88.0, "M"),
    ("Tibetan plateau, Qinghai", 34.0, 95.0, "M"),
    ("Altiplano", -17.5, -69.0, "M"),
    ("Ethiopian highlands", 9.0, 38.7, "M"),
    ("Caatinga", -8.0, -39.0, "M"),
    ("Hindu Kush", 36.0, 71.0, "M"),
    # sea
    ("North Atlantic", 25.0, -40.0, "~"),
    ("Central Pacific", 3.0, -150.0, "~"),
    ("Indian Ocean", -20.0, 80.0, "~"),
    ("Southern Ocean", -55.0, 95.0, "~"),
    ("North Pole, Arctic Ocean", 90.0, 0.0, "~"),
    ("North Pacific", 40.0, -160.0, "~"),
]


def test_known_places_table_is_large_enough():
    assert len(KNOWN_PLACES) >= 40
    assert {letter for *_, letter in KNOWN_PLACES} == set(wm.BIOME_BY_LETTER)


@pytest.mark.parametrize(
    "place, lat, lon, letter", KNOWN_PLACES, ids=[p[0] for p in KNOWN_PLACES]
)
def test_known_place_biome(place, lat, lon, letter):
    row, col = wm.cell_of(lat, lon)
    got = wm.biome_at(row, col)
    assert got.letter == letter, (
        f"{place} falls in {wm.cell_name(row, col)} = {got.name}, "
        f"expected {wm.BIOME_BY_LETTER[letter].name}"
    )


def test_biome_of_matches_biome_at():
    assert wm.biome_of(-3.1, -60.0) is wm.biome_at(*wm.cell_of(-3.1, -60.0))
    with pytest.raises(ValueError):
        wm.biome_at(16, 0)


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


def test_most_localization_answers_are_on_land():
    points = [a for loc in wm.load_localizations() for a in loc.answers]
    on_land = [a for a in points if wm.is_land(*a.cell)]
    # Coasts and small islands may fall in sea cells (the board is coarse), but most
    # answers must be on land.
    assert len(on_land) >= 0.75 * len(points)


def test_some_localization_answers():
    by_prompt = {loc.prompt: loc for loc in wm.load_localizations()}
    lowest = by_prompt["Where is the lowest point of North America, in a valley famous for its summer heat?"]
    assert lowest.answer_cell_names() == ("D6",)
    assert wm.biome_at(*lowest.answer_cells()[0]).letter == "D"
    reef = by_prompt["Where is the largest coral reef system in the world?"]
    assert len(reef.answer_cells()) >= 3
    assert reef.distance(wm.parse_cell("K29")) == 0
    assert reef.distance(wm.parse_cell("A1")) == 28


def test_validate_localizations_rejects_bad_items():
    loc = wm.load_localizations()[0]
    with pytest.raises(wm.MapError):
        wm.validate_localizations([loc, loc])
    empty = wm.Localization(id="x1", prompt=" ", answers=loc.answers, commentary="c")
    with pytest.raises(wm.MapError):
        wm.validate_localizations([empty])
    far = wm.Localization(
        id="x2", prompt="p?", commentary="c",
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
