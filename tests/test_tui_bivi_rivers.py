"""The Bivì screen's rivers: every opponent's river reachable or shown, decorations shown
verbatim with a legend (on the end screen too), bigger cells on bigger terminals, and the
ASCII glyph set."""

from __future__ import annotations

import pytest

from tests.tui_helpers import open_game, settle, wait_until
from tests.tui_helpers import private_dirs  # noqa: F401 (autouse fixture)
from tests.tui_bivi_helpers import ana_against_a_bot, footer_keys, four_player_match
from tui.app import CampfireApp
from tui.games.bivi import BiviScreen


async def test_every_opponent_river_is_reachable_at_80x24_and_all_shown_at_120x40(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = four_player_match(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        assert "bivi.other_rivers" in footer_keys(app)

        def shown_titles() -> list[str]:
            # A box per opponent is composed with the screen; those that do not fit are hidden.
            boxes = [box for box in screen.query("#other-rivers .river-box") if box.display]
            return [str(box.query_one(".river-title").render()).splitlines()[0] for box in boxes]

        seen: set[str] = set()
        for _ in range(3):
            seen.update(shown_titles())
            await pilot.press("o")
            await pilot.pause()
        assert {title.split(" ", 1)[1] for title in seen} >= {"Bo", "Cy", "Di"}
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert len(shown_titles()) == 3
        assert "bivi.other_rivers" not in footer_keys(app)


async def test_decorations_are_shown_verbatim_with_a_legend(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = four_player_match(3, mode="advanced")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        forest = app.screen.query_one("#forest").text
        view = app.screen.table.view
        decorated = [
            t
            for side in view.forest
            for t in side
            if view.tiles[t].moss + view.tiles[t].butterflies + view.tiles[t].ladybugs
        ]
        assert decorated, "this deal shows decorated tiles"
        from tui.games.bivi_draw import decoration_text

        for tile_id in decorated:
            assert f"[{decoration_text(view.tiles[tile_id])}]" in forest
        assert "m moss" in forest and "f butterfly" in forest and "l ladybug" in forest
        # A bot batch that runs out of time goes on after a timer, which `settle` does not
        # wait for: each key waits until Ana is the one to act (a loaded machine lost them).
        for _ in range(2):
            await wait_until(pilot, lambda: app.screen.table.acting, "Ana's turn to act")
            await pilot.press("1")
            await settle(app, pilot)
        await wait_until(pilot, lambda: app.screen.table.view.hand_tile is not None, "Ana holding a tile")
        hand = str(app.screen.query_one("#hand").render())
        tile = app.screen.table.view.hand_tile
        deco = decoration_text(tile)
        assert (f"[{deco}]" in hand) if deco else "[" not in hand.splitlines()[0]


async def test_bigger_cells_when_the_terminal_has_room(tmp_path) -> None:
    from tui.games.bivi_draw import LARGE, NORMAL, river_size

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = ana_against_a_bot(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        view = screen.table.view
        assert screen._sizes[0] == NORMAL
        assert screen.query_one("#active-river").size.width == river_size(view, NORMAL)[0]
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        await pilot.pause()
        assert screen._sizes == (LARGE, NORMAL)
        assert screen.query_one("#active-river").size.width == river_size(view, LARGE)[0]


def test_end_screen_rivers_show_their_decorations_in_advanced_mode() -> None:
    from engines.bivi.scoring import decorations

    match = four_player_match(3, mode="advanced")
    while not match.is_over():
        match.act(*match.next_bot_or_auto()) if match.actors()[0] != 0 else match.act(0, match.legal_actions(0)[0])
    details = BiviScreen(match).end_details()
    for seat, spec in enumerate(match.seats):
        counts = decorations(match.state.players[seat].cells)
        part = details.split(f"{spec.name}'s river:")[1]
        line = next(line for line in part.splitlines() if line.startswith("Decorations:"))
        assert line == (
            f"Decorations: {counts['moss']} moss, {counts['butterflies']} butterflies, {counts['ladybugs']} ladybugs"
        )


def test_the_ascii_glyph_set_draws_rivers_and_the_forest_in_ascii() -> None:
    from tui.games.bivi_draw import COMPACT, LARGE, NORMAL, draw_river
    from tui.games.bivi_forest import draw_forest
    from tui.glyphs import ASCII

    match = four_player_match(3, mode="advanced")
    for _ in range(30):
        match.act(*match.next_bot_or_auto()) if match.actors()[0] != 0 else match.act(0, match.legal_actions(0)[0])
    view = match.engine.view(match.state, 0)
    for size in (NORMAL, LARGE):
        for river in view.rivers:
            assert "".join(t for row in draw_river(view, river, size=size, glyphs=ASCII) for t, _ in row).isascii()
    for size in (COMPACT, NORMAL, LARGE):
        *_, forest = draw_forest(view, size=size, glyphs=ASCII, width=120)
        assert "".join(t for row in forest for t, _ in row).isascii()


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_an_opponent_name_never_wraps_in_the_rivers_column(tmp_path, size) -> None:
    """Each player's name takes one row over their river (the active one's too): whole
    where the box has room for it, else cut with an ellipsis."""
    from engines.bivi import ENGINE
    from engines.bivi.actions import BiviOptions
    from engines.core.match import Match, SeatSpec
    from rich.cells import cell_len

    names = ["Maximiliana Rosalind Wilhelmina", "Hard bot 2", "Bartholomew Fitzgerald-Smythe", "Normal bot 4"]
    seats = [SeatSpec(names[0])] + [SeatSpec(name, "bot", "heuristic") for name in names[1:]]
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await open_game(app, pilot, Match(ENGINE, BiviOptions(mode="basic"), seats, 3))
        screen = app.screen
        active = screen.query_one("#active-title")
        first = str(active.render()).split("\n")[0]
        whole = f"{screen.app.glyphs.seat_marks[0]} {names[0]}: 1 cube"
        assert first == whole if cell_len(whole) <= active.size.width else first.endswith("…: 1 cube"), first
        assert cell_len(first) <= active.size.width
        titles = [box.query_one(".river-title") for box in screen.query("#other-rivers .river-box") if box.display]
        assert titles
        for title in titles:
            first, *rest = str(title.render()).splitlines()
            width = title.size.width
            mark, shown = first.split(" ", 1)
            name = next(n for n in names if n.startswith(shown.removesuffix("…")))
            assert cell_len(first) <= width, f"{first!r} is wider than its box ({width})"
            whole = cell_len(f"{mark} {name}") <= width
            assert shown == name if whole else shown.endswith("…"), first
            # The name takes one row: the title is as tall as its lines, or a line under it wraps.
            assert title.size.height == 1 + len(rest) or any(cell_len(line) > width for line in rest)
        if size == (200, 60):  # room for every name, the long one too
            shown = {str(t.render()).split("\n")[0].split(" ", 1)[1] for t in titles}
            assert shown == set(names[1:])
