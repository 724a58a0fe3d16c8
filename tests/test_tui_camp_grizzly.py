"""Pilot tests of Camp Grizzly played through the screens by key presses."""

from __future__ import annotations

import pytest

from engines.core.protocol import AUTO
from tests.tui_helpers import highlight_game, open_game, settle
from tui.app import CampfireApp
from tui.games.camp_grizzly import CampGrizzlyScreen, CampMapBoard
from tui.games.camp_grizzly_draw import draw_camp
from tui.screens.end import EndScreen
from tui.screens.launcher import LauncherScreen
from tui.screens.setup import SetupScreen


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


async def press_turn_key(app: CampfireApp, pilot) -> None:
    """End the turn when the list offers it (digit keys), else take the first action."""
    texts = [text for text, _ in app.screen.table.actions]
    key = str(texts.index("end") + 1) if "end" in texts[:9] else "1"
    await pilot.press(key)
    await settle(app, pilot)


async def test_solo_game_with_two_counselors_through_an_otis_turn_then_save_and_reload(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await highlight_game(app, pilot, "camp_grizzly")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")  # one human player: two counselors by default
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, CampGrizzlyScreen)
        match = screen.match
        assert len(match.seats) == 1 and len(screen.table.view.counselors) == 2

        for _ in range(80):
            otis_moved = any(e.seat == AUTO and e.action == "otis" for e in match.journal)
            if (otis_moved and match.state.round >= 3) or isinstance(app.screen, EndScreen):
                break
            await press_turn_key(app, pilot)
        assert any(e.seat == AUTO and e.action == "otis" for e in match.journal), "Otis took a turn"
        assert match.state.round >= 2

        await pilot.press("ctrl+s")
        await pilot.pause()
        digest, journal = match.digest(), list(match.journal)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("c")
        await settle(app, pilot)
        reloaded = app.screen
        assert isinstance(reloaded, CampGrizzlyScreen) and reloaded is not screen
        assert reloaded.match.journal == journal and reloaded.match.digest() == digest


def test_camp_drawing_shows_pieces_walls_and_otis_path() -> None:
    from engines.camp_grizzly import ENGINE
    from engines.core.match import Match, SeatSpec

    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 2)
    view = ENGINE.view(match.state, 0)
    drawing = draw_camp(view)
    text = ["".join(t for t, _ in row) for row in drawing]
    assert len(text) == 11 and all(len(line) == 2 + 16 * 3 for line in text)
    from engines.camp_grizzly.content import parse_label

    def at(label: str) -> tuple[str, str]:
        row, col = parse_label(label)
        return drawing[row + 1][2 + 2 * col]  # label run, then (edge, content) per space

    assert at(view.otis.cell) == ("OT", "otis")
    # Both counselors start at the Campfire: the active one's initial and "+".
    assert {c.cell for c in view.counselors} == {view.counselors[0].cell}
    active = next(c for c in view.counselors if c.active)
    assert at(active.cell) == (f"{active.initials[0]}+", "counselor active")
    kinds = {kind for row in drawing for _, kind in row}
    assert any("wall-s" in kind for kind in kinds), "south walls are underlined"
    assert any(t == "│" for row in drawing for t, _ in row), "west walls are drawn"
    moved = draw_camp(view, otis_at="A1")
    assert moved[1][2] == ("OT", "otis")
    row, col = parse_label(view.otis.cell)
    assert moved[row + 1][2 + 2 * col][1] != "otis", "Otis is drawn only where the replay puts him"


async def test_board_renders_on_screen(tmp_path) -> None:
    from engines.camp_grizzly import ENGINE
    from engines.core.match import Match, SeatSpec

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 2))
        board = app.screen.query_one(CampMapBoard)
        assert board.size.height == 11 and board.size.width == 50


def test_a_counselor_on_otis_space_stays_visible() -> None:
    from msgspec.structs import replace

    from engines.camp_grizzly import ENGINE
    from engines.camp_grizzly.content import parse_label
    from engines.core.match import Match, SeatSpec

    view = ENGINE.view(Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 2).state, 0)
    wendy = view.counselors[1]
    view = replace(view, otis=replace(view.otis, cell=wendy.cell))
    row, col = parse_label(wendy.cell)
    text, kind = draw_camp(view)[row + 1][2 + 2 * col]
    assert kind == "otis" and text[0] == "O" and text[1] in {c.initials[0] for c in view.counselors}


def test_finale_card_lists_the_steps_and_marks_the_current_one() -> None:
    from msgspec.structs import replace

    from engines.camp_grizzly import ENGINE
    from engines.camp_grizzly.content import finales
    from engines.camp_grizzly.engine import FinaleView
    from engines.core.match import Match, SeatSpec
    from tui.games.camp_grizzly import finale_text

    view = ENGINE.view(Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 2).state, 0)
    van = finales()["van"]
    running = FinaleView(site="van", name=van.name, step=1, step_id=van.steps[1].id, step_kind=van.steps[1].kind,
                         step_text=van.steps[1].text, participants=("MK", "WP"), failed=(), tries_used=0)
    lines = finale_text(replace(view, finale=running)).splitlines()
    assert lines[0].startswith(f"FINALE: {van.name}") and "MK, WP" in lines[0]
    assert len(lines) == 1 + len(van.steps)
    assert lines[2].startswith("> 2.") and all(not line.startswith(">") for i, line in enumerate(lines) if i != 2)
