"""The seat panels every game's frame shows: a long name keeps its panel's title to one row,
cut with an ellipsis, and what follows the name (a role) stays in view."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from engines.registry import ready_games
from tests.tui_helpers import open_game, private_dirs  # noqa: F401 (a fixture)
from tui.app import CampfireApp
from tui.widgets.frame import SeatPanelView

LONG = ["Maximiliana Rosalind Wilhelmina", "Bartholomew Fitzgerald-Smythe"]


def test_a_title_is_cut_in_the_name_and_keeps_the_role() -> None:
    from tui.widgets.frame import title_to_width

    assert (
        title_to_width("● ① Bartholomew Fitzgerald (guide)", "Bartholomew Fitzgerald", 24) == "● ① Bartholomew… (guide)"
    )
    assert title_to_width("● ① Someone else (guide)", "Bo", 12) == "● ① Someone…"  # no name in it
    assert cell_len(title_to_width("● ① Bartholomew Fitzgerald (guide)", "Bartholomew Fitzgerald", 24)) == 24


@pytest.mark.parametrize("game_id", [entry.id for entry in ready_games()])
async def test_a_long_name_takes_one_row_in_its_seat_panel_at_80x24(game_id, tmp_path) -> None:
    from engines.core.match import Match, SeatSpec
    from engines.registry import load_engine

    engine = load_engine(game_id)
    seats = [SeatSpec(LONG[0]), SeatSpec(LONG[1], "bot", "heuristic")]
    match = Match(engine, engine.decode_options(None), seats, 1)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        panels = [view for view in app.screen.query(SeatPanelView) if view.region.width]
        if not panels:
            pytest.skip(f"{game_id} shows its seats its own way at 80x24")
        for view in panels:
            title = str(view.render()).split("\n")[0]
            assert cell_len(title) <= view.size.width, f"{title!r} wraps in {view.size.width} columns"
            # (A game may title a panel by something else than the player's name.)
            assert LONG[0] not in title and LONG[1] not in title, title
