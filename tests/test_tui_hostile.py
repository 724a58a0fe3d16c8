"""Pilot tests of hostile input on screen: names that look like markup or escapes, typed
text, odd files in the save folder, a save another session is playing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Static

from engines.core.match import Match, SeatSpec
from saves.store import list_saves, load_save
from tests.test_tui_bivi import play_human_turns
from tests.tui_helpers import open_game, palette_prompts, settle, type_text, wait_until
from tui import cli
from tui.app import CampfireApp
from tui.screens.game import GameScreen
from tui.screens.in_use import InUseScreen
from tui.screens.launcher import LauncherScreen
from tui.widgets.pick_list import PickList
from tui.screens.load import LoadScreen

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("CAMPFIRE_LOG_DIR", str(tmp_path / "log"))


def screen_text(app: CampfireApp) -> str:
    """The plain text of every Static and option on the current screen."""
    parts = [str(widget.render()) for widget in app.screen.query(Static)]
    for listing in app.screen.query(OptionList):
        parts += [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
    for picks in app.screen.query(PickList):
        parts += [entry.prompt for entry in picks.entries]
    return "\n".join(parts)


def request_from_cli(monkeypatch, *argv: str):
    """What `campfire play ...` would open, checked exactly as the command line checks it."""
    started = []
    monkeypatch.setattr(cli.play_commands, "_launch", lambda request, folder: started.append(request) or 0)
    assert cli.main(list(argv)) == 0
    return started[0]


@pytest.mark.parametrize("name, shown", [("[/]", "[/]"), ("[bold]x", "[bold]x"), ("\x1b[2J", "?[2J")])
async def test_a_seat_named_like_markup_or_an_escape_plays_saves_and_continues(tmp_path, monkeypatch, name, shown):
    request = request_from_cli(monkeypatch, "play", "bivi", "--seats", f"{name}:human,heuristic", "--seed", "5")
    assert request.seats[0].name == shown
    app = CampfireApp(save_dir=tmp_path / "saves", start=request, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        await play_human_turns(app, pilot, 3)
        journal = list(app.screen.match.journal)
        assert journal
        assert shown in screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert any(n.message.startswith("Saved to") for n in app._notifications)
        await pilot.press("escape")
        await settle(app, pilot)
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("c")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.match.journal[: len(journal)] == journal
        assert shown in screen_text(app)
        assert "\x1b" not in screen_text(app)
    (save,) = list_saves(tmp_path / "saves")
    assert save.players.startswith(shown) and save.error is None


def bioviva_at_a_clue(seed: int = 3) -> Match:
    """A Bioviva match in which the human seat, named `[/]`, must now give a clue."""
    from engines.bioviva import ENGINE

    bots = [SeatSpec("A", "bot", "heuristic"), SeatSpec("B", "bot", "heuristic")]
    scout = Match(ENGINE, ENGINE.default_options(), bots, seed)
    while True:
        step = scout.next_bot_or_auto()
        assert step is not None, "no clue phase in this game"
        if scout.state.phase == "clue" and step[0] == 0:
            break
        scout.act(*step)
    seats = [SeatSpec("[/]"), bots[1]]
    return Match.replay(ENGINE, ENGINE.default_options(), seats, seed, scout.journal)


async def test_markup_typed_in_the_bioviva_tile_box_is_refused_as_text(tmp_path):
    match = bioviva_at_a_clue()
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        box = app.screen.query_one("#tile-input", Input)
        assert box.display
        box.focus()
        for text in ("[/]", "[bold]x"):
            box.value = ""
            await type_text(app, pilot, text)
            await pilot.press("enter")
            await settle(app, pilot)
            assert isinstance(app.screen, GameScreen)
        assert app.screen.problem, "the typed text is refused with a reason"


async def test_load_and_continue_survive_hostile_files_in_the_save_folder(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    request = request_from_cli(monkeypatch, "play", "bivi", "--seats", "[/]:human,heuristic")
    app = CampfireApp(save_dir=folder, start=request, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await play_human_turns(app, pilot, 1)  # Continue skips a game nobody acted in
        good = app.screen.saver.path
    data = json.loads(good.read_text())
    data["game"] = "[/]"
    (folder / "markup-game.json").write_text(json.dumps(data))
    os.mkfifo(folder / "fifo.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    (folder / "deep.json").write_text("[" * 1000)

    app = CampfireApp(save_dir=folder, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        text = screen_text(app)
        assert "unknown game '[/]'" in text and "is a pipe" in text and "is a device" in text
        assert "nests 1000 levels deep" in text and "[/]" in text
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("c")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.saver.path == good


HOLDER = """
import sys
from pathlib import Path
from saves.lock import SaveLock
lock = SaveLock.acquire(Path(sys.argv[1]))
print("held" if lock else "refused", flush=True)
for line in sys.stdin:
    print("still" if lock.still_held() else "lost", flush=True)
"""


async def test_two_sessions_on_one_save_view_read_only_or_take_over(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    request = request_from_cli(monkeypatch, "play", "bivi", "--seats", "Ana:human,heuristic", "--seed", "8")
    app = CampfireApp(save_dir=folder, start=request, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await play_human_turns(app, pilot, 1)  # Continue skips a game nobody acted in
        path = app.screen.saver.path
        app.screen.saver.close()

    other = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        cwd=ROOT,
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    try:
        assert other.stdout.readline().strip() == "held"
        before = path.read_bytes()
        app = CampfireApp(save_dir=folder, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("c")
            await settle(app, pilot)
            assert isinstance(app.screen, InUseScreen)
            await pilot.press("v")
            await settle(app, pilot)
            assert isinstance(app.screen, GameScreen) and app.screen.saver.read_only
            await play_human_turns(app, pilot, 1)
            assert any("read-only" in n.message for n in app._notifications), "no move is lost silently"
            assert path.read_bytes() == before

            await pilot.press("escape")
            await settle(app, pilot)
            await pilot.press("c")
            await settle(app, pilot)
            assert isinstance(app.screen, InUseScreen)
            await pilot.press("t")
            await settle(app, pilot)
            assert isinstance(app.screen, GameScreen) and not app.screen.saver.read_only
            other.stdin.write("?\n")
            other.stdin.flush()
            assert other.stdout.readline().strip() == "lost"
            await play_human_turns(app, pilot, 2)
            journal = list(app.screen.match.journal)
        assert load_save(path).match.journal == journal
    finally:
        other.kill()
        other.wait()


async def test_an_unwritable_config_folder_is_a_notification(tmp_path, monkeypatch):
    (tmp_path / "a-file").write_text("")
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "a-file" / "config"))
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#save").press()
        await pilot.pause()
        assert any("Could not save settings" in n.message for n in app._notifications)


async def test_each_bad_setting_is_its_own_warning_and_the_rest_applies(tmp_path, monkeypatch):
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_bytes(
        b'\xef\xbb\xbf{"glyphs": "ascii", "bot_delay": -3, "keymap": {"game.menu": "", "launcher.load": "o"}}'
    )
    app = CampfireApp(save_dir=tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        warnings = [n.message for n in app._notifications]
        assert len(warnings) == 2
        assert "'bot_delay'" in warnings[0] and "'game.menu'" in warnings[1]
        assert app.settings.glyphs == "ascii" and app.bot_delay == 0.4
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen), "the good remapping applies"


NAMES = ["[/]", "[bold]x", "[link=x]y"]


def bioviva_with_a_named_action() -> Match:
    """A Bioviva game between two humans, `[/]` and `[bold]x`, in which a legal action's
    text names a seat (accepting someone's guess)."""
    import random

    from engines.bioviva import ENGINE
    from tui.widgets.table import name_seats

    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec(NAMES[0]), SeatSpec(NAMES[1])], 1)
    rng = random.Random(1)
    for _ in range(400):
        step = match.next_bot_or_auto()
        if step is not None:
            match.act(*step)
            continue
        seat = [s for s in match.actors() if s >= 0][0]
        legal = match.legal_actions(seat)
        if any("[bold]x" in name_seats(ENGINE.describe_action(a), NAMES[:2]) for a in legal):
            return match
        match.act(seat, rng.choice(legal))
    raise AssertionError("no action names a seat in this game")


async def test_the_palette_lists_actions_naming_a_markup_seat(tmp_path):
    from textual.command import CommandPalette

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, bioviva_with_a_named_action())
        if not isinstance(app.screen, GameScreen):
            await pilot.press("enter")  # the hot-seat curtain
            await settle(app, pilot)
        await pilot.press("ctrl+p")
        for query in ("", "accept"):
            await type_text(app, pilot, query)
            assert isinstance(app.screen, CommandPalette)
            await wait_until(
                pilot,
                lambda: any("accept [bold]x's" in prompt for prompt in palette_prompts(app)),
                f"the action naming the markup seat listed for {query!r}",
            )


async def test_curtain_end_screen_and_palette_show_markup_names_as_text(tmp_path):
    from engines.bivi import ENGINE
    from engines.core.protocol import Outcome, ScoreLine
    from tui.screens.curtain import CurtainScreen
    from tui.screens.end import EndScreen

    outcome = Outcome(
        scores=[3, 5, 1],
        winners=[1, 0],
        breakdown=[[ScoreLine("[b]dam", 3)], [ScoreLine("[b]dam", 5)], [ScoreLine("[/]", 1)]],
        reason="[/] and [bold]x share the river",
    )
    seats = [SeatSpec(NAMES[0]), SeatSpec(NAMES[1]), SeatSpec(NAMES[2], "bot", "random")]
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, Match(ENGINE, ENGINE.default_options(), seats, 2))
        await pilot.press("ctrl+p")
        await type_text(app, pilot, "action")
        await wait_until(pilot, lambda: bool(palette_prompts(app)), "the palette listing actions")
        await pilot.press("escape")
        await pilot.pause()
        app.push_screen(CurtainScreen(NAMES[0]))
        await pilot.pause()
        assert "Pass the keyboard to [/]." in screen_text(app)
        app.pop_screen()
        app.push_screen(EndScreen(outcome, NAMES, "[/] details"))
        await pilot.pause()
        text = screen_text(app)
        assert "[bold]x wins" not in text and "Shared victory: [bold]x, [/]!" in text
        assert "[/] and [bold]x share the river" in text


async def test_a_markup_name_typed_on_the_setup_screen_starts_a_game(tmp_path):
    from tests.tui_helpers import highlight_game
    from tui.screens.setup import SetupScreen

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await highlight_game(app, pilot, "bivi")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        name_box = app.screen.query(".seat-name").first(Input)
        name_box.value = "[/]\x1b[2J" + "n" * 60
        app.screen.query_one("#start").press()
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        name = app.screen.match.seats[0].name
        assert name.startswith("[/]?[2J") and len(name) == 40


async def test_starting_the_app_sweeps_temp_files_of_killed_writes(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    stale = folder / ".bivi-20260101-000000.json.4242.tmp"
    stale.write_text('{"half": ')
    os.utime(stale, (1, 1))
    app = CampfireApp(save_dir=folder, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        # Swept once the launcher is wholly drawn (its footer keys may come a frame late).
        for _ in range(200):
            if not stale.exists():
                break
            await pilot.pause(0.01)
        assert not stale.exists()


async def test_no_message_or_load_line_shows_the_seed_of_a_game_with_secrets(tmp_path):
    from engines.bioviva import ENGINE

    seed = 987654321
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Bo", "bot", "heuristic")], seed)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        if not isinstance(app.screen, GameScreen):
            await pilot.press("enter")
            await settle(app, pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        seen = [n.message for n in app._notifications]
        assert any(message.startswith("Saved to") for message in seen)
        await pilot.press("escape")
        await settle(app, pilot)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        seen.append(screen_text(app))
        assert "Bioviva" in seen[-1]
    assert not [text for text in seen if str(seed) in text]
