"""The Bioviva world map on screen: every biome its own colour, waves that show, squares
two characters wide from 100 columns."""

from __future__ import annotations

import pytest

from engines.bioviva.worldmap import COLS
from tests.tui_helpers import open_game
from tui.app import CampfireApp
from tui.games.bioviva import BIOME_STYLES, WIDE_MAP_FROM


def contrast(a, b) -> float:
    """WCAG contrast ratio of two Rich colours."""

    def luminance(colour) -> float:
        r, g, b = (c / 255 for c in colour.get_truecolor())
        channel = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * channel[0] + 0.7152 * channel[1] + 0.0722 * channel[2]

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_every_biome_has_its_own_ground_colour() -> None:
    """Not merely different numbers: two grounds differ in hue (20 degrees or more) or
    clearly in saturation, so a lighter shade of the same colour does not count (forest and
    grassland were green and bright green, Mediterranean and scrub two magentas)."""
    import colorsys
    from itertools import combinations

    def hls(style):
        return colorsys.rgb_to_hls(*(c / 255 for c in style.bgcolor.get_truecolor()))

    for (a, first), (b, second) in combinations(BIOME_STYLES.items(), 2):
        (hue_a, _, sat_a), (hue_b, _, sat_b) = hls(first), hls(second)
        hue_apart = min(abs(hue_a - hue_b), 1 - abs(hue_a - hue_b)) * 360
        grey = min(sat_a, sat_b) < 0.15
        assert grey or hue_apart >= 20 or abs(sat_a - sat_b) >= 0.3, f"{a} and {b} look alike"


@pytest.mark.parametrize("kind", sorted(BIOME_STYLES))
def test_every_letter_stands_out_from_its_ground(kind) -> None:
    style = BIOME_STYLES[kind]
    assert contrast(style.color, style.bgcolor) >= 4.0, f"{kind}'s letter (the sea's ~ too) is readable"


# The 48-column map of the second edition takes 96 columns in two-character squares, so
# they start where that still leaves the side column its room (132), not at 100 as with the
# old 32-column map.
@pytest.mark.parametrize("width, wide", [(131, False), (132, True), (160, True)])
async def test_squares_are_two_characters_wide_once_the_map_fits_beside_the_side_column(tmp_path, width, wide) -> None:
    from engines.core.match import Match, SeatSpec
    from engines.registry import load_engine

    engine = load_engine("bioviva")
    match = Match(engine, engine.options_type(), [SeatSpec("Ana"), SeatSpec("Ben", "bot", "heuristic")], 3)
    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=(width, 30)) as pilot:
        await open_game(app, pilot, match)
        world = app.screen.query_one("#world")
        from tui.games.bioviva_draw import HEADER_ROWS

        row = world.drawing[HEADER_ROWS]  # the first row of squares
        drawn = sum(len(text) for text, _ in row[1:])
        assert drawn == COLS * (2 if wide else 1)
        assert width >= WIDE_MAP_FROM or not wide
        assert world.region.right <= app.screen.query_one("#side").region.x, "the map fits beside the side column"
