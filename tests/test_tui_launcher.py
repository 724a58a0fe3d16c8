"""Pilot tests of the launcher and the app shell: the games listed with their details,
the size a small terminal needs, Continue and Load, the footer's keys, restyles, the first
warnings, the default save folder, and the snapshot. The new-game forms are tested in
test_tui_setup_form.py, the settings in test_tui_settings_screen.py."""

from __future__ import annotations

from textual.widgets import Static

from engines.registry import GAMES
from tests.internals_marks import needs_internals
from tests.tui_helpers import highlight_game, make_app
from tests.tui_helpers import private_dirs  # noqa: F401 (autouse fixture)
from tui.app import CampfireApp
from tui.screens.launcher import LauncherScreen
from tui.screens.too_small import TooSmallScreen
from tui.widgets.pick_list import PickList


async def test_launcher_lists_all_five_games_and_marks_coming_ones(tmp_path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        listing = app.screen.query_one("#game-list", PickList)
        prompts = [entry.prompt for entry in listing.entries]
        assert sorted(p.split()[0] for p in prompts) == sorted(["Bivouac", "Camp", "Bioviva", "Bonfire", "Bivì"])
        for game in GAMES:
            entry = next(entry for entry in listing.entries if entry.id == game.id)
            assert entry.disabled is (not game.ready)
            assert ("coming soon" in entry.prompt) is (not game.ready)
        # Playable games first: the list never starts with something that cannot be played.
        ready = [not entry.disabled for entry in listing.entries]
        assert ready == sorted(ready, reverse=True) and ready[0]


async def test_coming_game_cannot_be_started(tmp_path, monkeypatch) -> None:
    from tests.fake_engine import NOT_READY
    from tui.screens import launcher

    # Every real game is playable now: list one that is not.
    listed = (*GAMES, NOT_READY)
    monkeypatch.setattr(launcher, "GAMES", listed)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        listing = app.screen.query_one("#game-list", PickList)
        coming = next(i for i, entry in enumerate(listing.entries) if entry.disabled)
        listing.highlighted = coming  # disabled options cannot even be reached by keys
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)


async def test_the_details_follow_the_highlight_and_a_click_opens_a_games_form(tmp_path) -> None:
    from tui.screens.setup import SetupScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        listing = app.screen.query_one("#game-list", PickList)
        details = app.screen.query_one("#game-details", Static)
        first, second = listing.entries[0], listing.entries[1]
        assert str(details.render()).startswith(first.prompt.split("  ")[0])
        await pilot.press("down")
        await pilot.pause()
        assert listing.highlighted_entry == second
        assert str(details.render()).startswith(second.prompt.split("  ")[0])
        await pilot.click("#game-list", offset=(4, 1))  # inside the border: the first game
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.entry.id == first.id


async def test_small_terminal_says_which_size_it_needs(tmp_path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small-text", Static).render())
        assert "80x24" in text and "60x20" in text
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)


def footer_keys(app: CampfireApp) -> dict[str, str]:
    """The footer's keys that work now: binding id -> label."""
    return {b.binding.id: b.binding.description for b in app.active_bindings.values() if b.enabled and b.binding.show}


async def test_continue_is_not_offered_without_an_unfinished_game(tmp_path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "launcher.continue" not in footer_keys(app)
        assert "launcher.load" in footer_keys(app)
        assert "No unfinished game" in str(app.screen.query_one("#game-details").render())
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)


@needs_internals("bindings")
async def test_continue_appears_after_leaving_a_game_unfinished(tmp_path) -> None:
    from tui.screens.game import GameScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "launcher.continue" not in footer_keys(app)
        await highlight_game(app, pilot, "bivi")
        await pilot.press("enter")  # the setup form
        await pilot.pause()
        await pilot.press("enter")  # Start game, with Ana at seat 1 against a bot
        await app.workers.wait_for_complete()
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        game.choose_action(game.match.legal_actions(0)[0])
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert game.match.journal and not game.match.is_over()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        assert footer_keys(app).get("launcher.continue") == "Continue Bivì"
        await pilot.press("c")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.match.journal == game.match.journal


@needs_internals("bindings")
async def test_the_footer_lists_enter_as_new_game_and_enter_opens_the_highlighted_games_form(tmp_path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = {key: b.binding.description for key, b in app.active_bindings.items() if b.enabled and b.binding.show}
        assert shown.get("enter") == "New game"
        await pilot.press("down", "enter")  # in one go, as keys come over a slow link
        await pilot.pause()
        assert type(app.screen).__name__ == "SetupScreen"
        assert app.screen.entry.id == "camp_grizzly"


async def test_screens_skip_the_restyle_of_their_first_resume_only(tmp_path, monkeypatch) -> None:
    """StyledOnOpen, mixed into the launcher, the setup form and the game screens: their
    first resume (as they open) restyles nothing; a later one restyles as Textual does."""
    from textual import events
    from textual.screen import Screen

    restyled: list[str] = []
    update_node_styles = Screen.update_node_styles

    def spy(self, *args, **kwargs):
        restyled.append(type(self).__name__)
        return update_node_styles(self, *args, **kwargs)

    monkeypatch.setattr(Screen, "update_node_styles", spy)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "LauncherScreen" not in restyled
        await pilot.press("enter")  # the setup form
        await pilot.pause()
        assert "SetupScreen" not in restyled
        app.screen.post_message(events.ScreenResume())  # as when a see-through question closes
        await pilot.pause()
        assert restyled.count("SetupScreen") == 1


async def test_launcher_opens_styled_as_a_full_restyle_leaves_it(tmp_path) -> None:
    """As the setup form below: the launcher skips the restyle of its first resume."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        opened = app.export_screenshot()
        app.stylesheet.update(app.screen)
        await pilot.pause()
        assert app.export_screenshot() == opened


async def test_footer_keys_take_the_footers_compact_setting(tmp_path) -> None:
    """The launcher's footer is not compact: its keys are not either, except the command
    palette's, which Textual's footer always draws compact (the game screens' compact footer
    is in their snapshots)."""
    from textual.widgets._footer import FooterKey

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):  # the keys come with the first frame or, on public APIs, later
            keys = list(app.screen.query(FooterKey))
            if len(keys) > 1:
                break
            await pilot.pause(0.01)
        assert len(keys) > 1
        for key in keys:
            palette = key.has_class("-command-palette")
            assert key.compact is palette and key.has_class("-compact") is palette, key.key


@needs_internals("bindings")
def test_launcher_snapshot_at_80x24(tmp_path, snap_compare) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=(80, 24))


async def write_save(tmp_path, seats, actions: list[str], **options):
    """A Bivì save in the test's save folder after `actions` (as typed)."""
    from engines.core.match import Match, SeatSpec
    from engines.registry import load_engine
    from saves.store import Autosaver

    engine = load_engine("bivi")
    match = Match(engine, engine.options_type(**options), [SeatSpec(n) for n in seats], 5)
    for text in actions:
        match.act_text(match.actors()[0], text)
    saver = Autosaver.start(match, tmp_path / "saves")
    saver.save()
    return saver.path


@needs_internals("bindings")
async def test_continue_names_its_game_and_skips_one_left_without_an_action(tmp_path) -> None:
    import os
    import time

    played = await write_save(tmp_path, ["Ana", "Ben"], ["bank left"])
    untouched = await write_save(tmp_path, ["Cy", "Di"], [])
    later = time.time() + 60
    os.utime(untouched, (later, later))  # the newest file, but nobody acted in it
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        launcher = app.screen
        assert launcher.continue_info is not None and launcher.continue_info.path == played
        details = str(launcher.query_one("#game-details").render())
        assert "continue Bivì" in details and "Ana, Ben" in details
        assert footer_keys(app)["launcher.continue"] == "Continue Bivì"
        await pilot.press("c")
        await pilot.pause()
        assert [s.name for s in app.screen.match.seats] == ["Ana", "Ben"]


async def test_enter_on_the_load_screen_opens_the_save_under_the_cursor_at_once(tmp_path) -> None:
    """The Load screen's title says "Enter: load": the first save is under the cursor when
    it opens, so Enter loads it with no arrow key first."""
    from tests.tui_helpers import wait_until
    from tui.screens.game import GameScreen

    await write_save(tmp_path, ["Ana", "Ben"], ["bank left"])
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the save opening", timeout=15)
        assert [seat.name for seat in app.screen.match.seats] == ["Ana", "Ben"]


async def test_load_lists_the_mode_of_each_save_and_hides_the_seed_of_a_game_of_chance_in_progress(tmp_path) -> None:
    from textual.widgets import OptionList

    await write_save(tmp_path, ["Ana", "Ben"], ["bank left"], mode="expert")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        listing = app.screen.query_one("#save-table", OptionList)
        line = str(listing.get_option_at_index(0).prompt)
        assert "mode expert" in line and "seed" not in line


async def test_the_launcher_shows_the_first_warnings(tmp_path) -> None:
    """A warning raised as the app mounts (a damaged settings file) is drawn on the
    launcher, not on the default screen under it."""
    from textual.widgets._toast import Toast

    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text("{not json")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        backdrop, launcher = app.screen_stack
        assert backdrop.id == "_default"
        assert isinstance(launcher, LauncherScreen)
        toasts = [str(toast.render()) for toast in launcher.query(Toast)]
        assert any("using default settings" in text for text in toasts)


@needs_internals("bindings")
async def test_a_bare_campfire_finds_its_saves_in_the_default_folder(tmp_path) -> None:
    """`campfire` with no arguments hands the app no folder (the save store stays out of the
    first frame): Continue still finds the game left in $CAMPFIRE_SAVE_DIR."""
    from engines.core.match import Match
    from engines.registry import load_engine
    from saves.start import default_seats
    from saves.store import autosave_path, write_match

    engine = load_engine("bivi")
    match = Match(engine, engine.default_options(), default_seats(engine), 3)
    match.act(0, match.legal_actions(0)[0])
    write_match(match, autosave_path(match))  # the default folder: $CAMPFIRE_SAVE_DIR
    app = CampfireApp(save_dir=None, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert footer_keys(app).get("launcher.continue") == "Continue Bivì"
