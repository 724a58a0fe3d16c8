"""Every game screen, at 80x24, 120x40 and 200x60, over seeded games: no text clipped
without a scroll cue, no content id and no "Player N" on screen (tests/layout.py)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from engines.registry import ready_games
from tests.layout import LayoutCase, check_layouts, id_like


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


def data_ids(package: str, *files: str) -> set[str]:
    """The `id` of every record in a game's data files."""
    found: set[str] = set()
    for name in files:
        records = json.loads(resources.files(package).joinpath("data", name).read_text())
        if isinstance(records, dict):
            records = next(iter(records.values()))
        found.update(str(r["id"]) for r in records if isinstance(r, dict) and "id" in r)
    return id_like(found)


def bonfire_ids() -> set[str]:
    """Bonfire's task, gnome, island and council ids: words joined by hyphens, which its
    names spell with spaces."""
    from engines.bonfire import content

    board = content.board()
    found = set(content.tasks()) | {g.id for g in content.gnomes().specialists + content.gnomes().elders}
    found |= {i.id for i in board.islands} | {c.id for c in board.council} | {t.id for t in board.common_tasks}
    return {i for i in found if "-" in i}


CASES = [
    pytest.param(LayoutCase("bivi", seats=4, options={"mode": "expert"}), id="bivi"),
    pytest.param(
        LayoutCase(
            "bioviva",
            seats=3,
            content_ids=lambda: data_ids(
                "engines.bioviva",
                "questions.json",
                "plus_cards.json",
                "localizations.json",
                "animals.json",
                "tiles.json",
            ),
        ),
        id="bioviva",
    ),
    pytest.param(
        LayoutCase(
            "camp_grizzly",
            seats=3,
            content_ids=lambda: data_ids(
                "engines.camp_grizzly", "survival_cards.json", "cabin_cards.json", "counselors.json", "finales.json"
            ),
        ),
        id="camp_grizzly",
    ),
    pytest.param(
        LayoutCase(
            "bivouac",
            seats=3,
            options={"expansion": True},
            content_ids=lambda: data_ids("engines.bivouac", "cards.json"),
        ),
        id="bivouac",
    ),
    pytest.param(LayoutCase("bonfire", seats=1), id="bonfire"),
    pytest.param(
        LayoutCase("bonfire", seats=2, content_ids=lambda: bonfire_ids()),
        id="bonfire-two",
    ),
]


@pytest.mark.parametrize("case", CASES)
async def test_nothing_is_cut_off_at_any_size(case: LayoutCase, tmp_path) -> None:
    problems = await check_layouts(case, tmp_path)
    assert not problems, f"{len(problems)} layout problems:\n" + "\n".join(dict.fromkeys(problems))


#: Found by the longer run and not fixed yet: it stays visible here until it is.
KNOWN_LAYOUT_BUGS: dict[str, str] = {}


@pytest.mark.soak
@pytest.mark.parametrize(
    "case",
    [
        pytest.param(*c.values, marks=[pytest.mark.xfail(strict=True, reason=KNOWN_LAYOUT_BUGS[c.id])], id=c.id)
        if c.id in KNOWN_LAYOUT_BUGS
        else c
        for c in CASES
    ],
)
async def test_nothing_is_cut_off_over_more_games(case: LayoutCase, tmp_path) -> None:
    """The same check over more seeded games, looking twice as often (CI plays one game per
    case and looks every 10 actions)."""
    from dataclasses import replace

    problems = await check_layouts(replace(case, seeds=(1, 2, 3, 4, 5), every=5), tmp_path)
    assert not problems, f"{len(problems)} layout problems:\n" + "\n".join(dict.fromkeys(problems))


@pytest.mark.parametrize("entry", ready_games(), ids=lambda entry: entry.id)
async def test_every_text_fits_or_scrolls_right_after_a_resize(entry, tmp_path) -> None:
    """A seeded game grown from 80x24 to 200x60, shrunk back and grown again, two actions
    played at each size: right after each resize every text shows whole or scrolls. A text
    that changed without a layout (same height, or hidden) took the height it had had at
    that size before: Bonfire's Tom beside the actions at 120x40 (16 rows needed, 15
    shown), Bioviva's card at 80x24 (24 needed, 18 shown) and beside the map at 120x40."""
    from tests.layout import check_resizes
    from tests.matrix import new_match, seats_for

    match = new_match(entry, seats_for(entry, "bots"), seed=3)
    problems = await check_resizes(match, tmp_path)
    assert not problems, f"{len(problems)} layout problems:\n" + "\n".join(dict.fromkeys(problems))


# -- the check itself ------------------------------------------------------------------------
class _Boxes:
    """A tiny app whose text either is squeezed into a box too small or scrolls."""

    @staticmethod
    def app(scrolling: bool):
        from textual.app import App
        from textual.containers import Vertical, VerticalScroll
        from textual.widgets import Static

        long_text = "\n".join(f"line {n}" for n in range(12))

        class Boxes(App):
            CSS = "#box { height: 5; }  #clipped { height: 3; }"

            def compose(self):
                if scrolling:
                    with VerticalScroll(id="box"):
                        yield Static(long_text)
                else:
                    with Vertical(id="box"):
                        yield Static(long_text, id="clipped")
                        yield Static(long_text, id="spilled")

        return Boxes()


async def test_the_check_names_text_clipped_without_a_cue() -> None:
    from tests.layout import layout_problems

    app = _Boxes.app(scrolling=False)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        problems = layout_problems(app.screen)
    assert any("#clipped needs 12 rows but has 3" in p for p in problems), problems
    assert any("#spilled is cut" in p for p in problems), problems


async def test_the_check_accepts_text_that_scrolls_with_a_scrollbar() -> None:
    from tests.layout import layout_problems

    app = _Boxes.app(scrolling=True)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        assert layout_problems(app.screen) == []


def test_ids_are_found_as_whole_words_only() -> None:
    from tests.layout import ids_on_screen

    text = "Ana plays the Cast Iron Skillet (cast_iron_skillet) on q0012"
    assert ids_on_screen(text, {"cast_iron_skillet", "q001", "skillet"}) == ["cast_iron_skillet"]


# -- snapshots at the three sizes ------------------------------------------------------------
SNAPSHOT_GAMES = {
    # game: (seats, options, seed, actions played before the picture)
    "bivi": (3, {"mode": "advanced"}, 11, 8),
    "bioviva": (3, {}, 3, 6),
    "camp_grizzly": (3, {}, 3, 10),
    "bonfire": (1, {}, 3, 12),
    "bivouac": (3, {"expansion": True, "first_player": "1"}, 3, 10),
}


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", list(SNAPSHOT_GAMES))
def test_screen_snapshot(game_id, size, tmp_path, snap_compare) -> None:
    from engines.core.protocol import AUTO
    from tests.tui_helpers import open_game, settle, wait_until
    from tui.app import CampfireApp

    seats, options, seed, actions = SNAPSHOT_GAMES[game_id]
    case = LayoutCase(game_id, seats=seats, options=options)
    match = case.match(seed)
    heuristic = match.engine.bots["heuristic"]()
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)

    async def run_before(pilot) -> None:
        await open_game(app, pilot, match)
        for _ in range(actions * 4):
            if len(match.journal) >= actions or match.is_over():
                break
            if 0 in match.actors() and AUTO not in match.actors():
                app.screen.choose_action(match.bot_choice(0, heuristic))
            await settle(app, pilot)
        # Otis's walk is replayed on Camp Grizzly's map a step per tick: until it is over (the
        # screen's replay timer gone; bounded), rather than 0.3 s, too short on a loaded machine.
        await wait_until(pilot, lambda: getattr(app.screen, "_stalk_timer", None) is None, "the map's replay over")
        await settle(app, pilot)
        # The picture is of the layout, measured whole: under load, Camp Grizzly's panels at
        # 80x24 were pictured with a scrollbar's thumb as it stood a few steps earlier (2 rows
        # for 1.1, or a fraction of a row; the text and every box the same), in full suite
        # runs only, and a refresh of the screen's layout and the scrollbars did not always
        # mend it: every widget is measured again (a widget's own layout refresh drops its
        # measured size), then the scrollbars drawn from what was measured.
        for widget in app.screen.query("*"):
            widget.refresh(layout=True)
        await settle(app, pilot)
        for widget in app.screen.query("*"):
            if widget.show_vertical_scrollbar:
                widget.vertical_scrollbar.refresh()
        await settle(app, pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


# -- Bivouac: every panel by keys --------------------------------------------------------------
@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_bivouac_every_panel_is_reached_by_keys(size, tmp_path) -> None:
    """The detail, the staff on offer and every board down to its misfortunes scroll into
    view by keys (Tab to the panel, End), and PgDn pages it from the camp board; no
    container hides content only the mouse can scroll."""
    from engines.core.protocol import AUTO
    from tests.layout import keys_cannot_scroll, layout_problems
    from tests.tui_helpers import open_game, settle
    from tui.app import CampfireApp

    case = LayoutCase("bivouac", seats=3, options={"expansion": True, "first_player": "1"})
    match = case.match(3)
    heuristic = match.engine.bots["heuristic"]()
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        while len(match.journal) < 40:  # into the first retrieval, boards grown
            if 0 in match.actors() and AUTO not in match.actors():
                screen.choose_action(match.bot_choice(0, heuristic))
            await settle(app, pilot)
        problems = keys_cannot_scroll(screen) + layout_problems(screen)
        assert not problems, "\n".join(problems)
        info = screen.query_one("#bv-info")
        legend = screen.query_one("#bv-legend")
        if info.max_scroll_y == 0:
            return  # everything shows at once
        await pilot.press("pagedown")
        await pilot.pause()
        assert info.scroll_y > 0, "PgDn pages the panel under the camp"
        for _ in range(8):
            if app.focused is info:
                break
            await pilot.press("tab")
            await pilot.pause()
        assert app.focused is info, "Tab reaches the panel under the camp"
        await pilot.press("end")
        await pilot.pause()
        assert info.scroll_y == info.max_scroll_y
        bottom = legend.region.bottom
        assert info.region.y < bottom <= info.region.bottom, "its last line scrolls into view"


# -- the screens around the games ------------------------------------------------------------
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_launcher_setup_rules_and_keys_fit_or_scroll(tmp_path, size) -> None:
    from tests.layout import lasting_layout_problems
    from tui.app import CampfireApp
    from tui.screens.keys import KeysScreen
    from tui.screens.rules import RulesScreen
    from tui.screens.setup import SetupScreen

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    problems: list[str] = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        problems += [f"launcher: {p}" for p in await lasting_layout_problems(pilot, app.screen)]
        for game_id in ("bivi", "bioviva", "camp_grizzly"):
            for screen in (SetupScreen(game_id), RulesScreen(game_id)):
                app.push_screen(screen)
                await pilot.pause()
                problems += [
                    f"{type(screen).__name__} {game_id}: {p}" for p in await lasting_layout_problems(pilot, screen)
                ]
                app.pop_screen()
        app.push_screen(KeysScreen(app.screen))
        await pilot.pause()
        problems += [f"keys: {p}" for p in await lasting_layout_problems(pilot, app.screen)]
        app.pop_screen()
        from engines.core.protocol import Outcome, ScoreLine
        from tui.screens.end import EndScreen

        labels = [f"Category {n} with a long name" for n in range(14)]
        outcome = Outcome(
            scores=[10, 20, 30, 40],
            breakdown=[[ScoreLine(label, n) for n, label in enumerate(labels)] for _ in range(4)],
            winners=[3],
            reason="Dee has the most points after a long and even game " * 3,
        )
        app.push_screen(EndScreen(outcome, ["Ana", "Ben", "Cyd", "Dee"], "A final position.\n" * 20))
        await pilot.pause()
        problems += [f"end: {p}" for p in await lasting_layout_problems(pilot, app.screen)]
    assert not problems, "\n".join(problems)


# -- hot-seat: the tag naming whose screen it is takes no row -----------------------------------
@pytest.mark.parametrize("game_id", [entry.id for entry in ready_games()])
async def test_a_hot_seat_table_fits_at_80x24_as_a_solo_one_does(game_id, tmp_path) -> None:
    """Two people at one screen get the "Ana's screen" tag over the top row. It is placed
    absolutely, and Textual still took a row for it from the rows shared out (1fr): Camp
    Grizzly's board lost its last row and its card was cut with no scrollbar at 80x24."""
    from engines.core.match import Match, SeatSpec
    from engines.registry import load_engine
    from tests.layout import layout_problems
    from tests.matrix import lift_curtain
    from tests.tui_helpers import open_game, settle
    from tui.app import CampfireApp
    from tui.screens.handover import WhoseScreen

    engine = load_engine(game_id)
    seats = [SeatSpec(name, "human") for name in ("Ana", "Bo", "Cy", "Di")[: max(2, engine.info.usual_seats)]]
    match = Match(engine, engine.default_options(), seats, 3)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        await lift_curtain(app, pilot)
        await settle(app, pilot)
        screen = app.screen
        assert screen.query(WhoseScreen), "a hot-seat table names whose screen it is"
        assert layout_problems(screen) == []
