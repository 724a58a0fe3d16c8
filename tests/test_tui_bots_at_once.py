"""With no bot delay, bots and automatic actors play at once: their steps one after another,
each saved, then one table drawn; in batches, so an all-bot game still answers keys. With a
delay, each step is drawn in turn. Driven by the tiny counting game."""

from __future__ import annotations

import pytest
from textual import events

from engines.core.match import Match, SeatSpec
from saves.store import Autosaver, load
from tests.fake_engine import ENGINE, CountOptions
from tests.tui_helpers import open_game, settle, wait_until
from tui.app import CampfireApp
from tui.opening import open_match
from tui.screens import game_turns as game
from tui.screens.game import GameScreen
from tui.screens.launcher import LauncherScreen
from tui.widgets.frame import StatusLine

HUMAN_THEN_BOTS = [SeatSpec("Ana"), SeatSpec("Bo", "bot", "random"), SeatSpec("Cy", "bot", "random")]


@pytest.fixture(autouse=True)
def private_dirs_and_count_game(tmp_path, monkeypatch):
    import engines.registry as registry
    from tests.fake_engine import ENTRY

    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, ENTRY))


@pytest.fixture
def saved_lengths(monkeypatch) -> list[int]:
    """The journal's length at every autosave, in order."""
    lengths: list[int] = []
    save = Autosaver.save

    def counted(self: Autosaver):
        lengths.append(len(self.match.journal))
        return save(self)

    monkeypatch.setattr(Autosaver, "save", counted)
    return lengths


@pytest.fixture
def drawn_tables(monkeypatch) -> list[tuple[int, str]]:
    """(journal length, status) of every table the game screen computes, in order."""
    tables: list[tuple[int, str]] = []
    refresh = GameScreen.refresh_table

    def noted(self: GameScreen) -> None:
        refresh(self)
        tables.append((len(self.match.journal), self.table.summary.status))

    monkeypatch.setattr(GameScreen, "refresh_table", noted)
    return tables


def the_long_way_round(match: Match, human_moves: list[str]) -> Match:
    """The same game played one step at a time, as `sim` and a saved game's replay do."""
    again = Match(match.engine, match.options, match.seats, match.seed)
    for text in human_moves:
        again.run_automatic()
        again.act_text(0, text)
    again.run_automatic()
    return again


async def test_bots_after_a_human_play_at_once_each_step_saved_then_one_table(
    tmp_path, saved_lengths, drawn_tables
) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = Match(ENGINE, CountOptions(target=60), HUMAN_THEN_BOTS, 11)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        before = len(match.journal)
        del saved_lengths[:], drawn_tables[:]
        await pilot.press("1")  # Ana adds 1; Bo and Cy (and their dice) follow at once
        await settle(app, pilot)
        after = len(match.journal)
        assert after >= before + 3, "the human's step and at least one step of each bot"
        assert match.actors() == (0,)
        # Every step saved as it was played: a killed process loses at most one.
        assert saved_lengths == list(range(before + 1, after + 1))
        # One table for all of them, the one Ana acts on: no flicker of the bots' steps.
        assert drawn_tables == [(after, "Seat 1 to add or roll.")]
        assert str(screen.query_one(StatusLine).render()) == "Seat 1 to add or roll."
        assert screen.table.summary.panels[1].lines == [str(match.state.totals[1])]
        # The same game as one step at a time, and the save holds every step.
        moves = [e.action for e in match.journal if e.seat == 0]
        assert the_long_way_round(match, moves).journal == match.journal
        assert load(screen.saver.path).journal == match.journal


async def test_bots_that_move_first_do_so_before_the_first_table(tmp_path, saved_lengths, drawn_tables) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    seats = [SeatSpec("Bo", "bot", "random"), SeatSpec("Ana"), SeatSpec("Cy", "bot", "random")]
    match = Match(ENGINE, CountOptions(target=60), seats, 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        assert match.actors() == (1,) and len(match.journal) >= 1
        # The opening save, then one per bot step; the first table is already Ana's turn.
        assert saved_lengths == list(range(0, len(match.journal) + 1))
        assert drawn_tables[0] == (len(match.journal), "Seat 2 to add or roll.")
        assert {length for length, _ in drawn_tables} == {len(match.journal)}
        assert load(app.screen.saver.path).journal == match.journal


async def test_an_all_bot_game_answers_escape_while_its_bots_play(tmp_path, monkeypatch, drawn_tables) -> None:
    # One step a batch, so the test does not hang on how fast this machine plays.
    monkeypatch.setattr(game, "BOT_BATCH_SECONDS", 0.0)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    seats = [SeatSpec(f"Bot {n}", "bot", "random") for n in range(1, 5)]
    match = Match(ENGINE, CountOptions(target=99), seats, 3)
    save = Autosaver.save

    def escape_at_the_fifth_step(self: Autosaver):
        if len(self.match.journal) == 5:
            # Pressed while the bots play: it waits in the queue for the batch to yield.
            key = events.Key("escape", "\x1b")
            key.set_sender(app)  # as from the terminal (Pilot's own press waits for the game)
            app.post_message(key)
        return save(self)

    monkeypatch.setattr(Autosaver, "save", escape_at_the_fifth_step)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        open_match(app, match, None)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        # The bots play on between frames, not in Pilot's sight, until Esc at the fifth step.
        await wait_until(pilot, lambda: app.screen is launcher, "back at the launcher")
        left_at = len(match.journal)
        assert 5 <= left_at and not match.is_over(), "left in the middle of the game"
        # The bots' steps were drawn as they went, a batch at a time.
        assert [length for length, _ in drawn_tables] == list(range(1, left_at + 1))
        await pilot.pause(0.05)
        assert len(match.journal) == left_at, "nothing moves the match once the player left"
    loaded = load(screen.saver.path)
    assert loaded.journal == match.journal
    assert loaded.digest() == match.digest()


async def test_with_a_bot_delay_each_bot_step_is_drawn_in_turn(tmp_path, saved_lengths, drawn_tables) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0.01)
    match = Match(ENGINE, CountOptions(target=60), HUMAN_THEN_BOTS, 11)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        before = len(match.journal)
        del saved_lengths[:], drawn_tables[:]
        await pilot.press("1")
        for _ in range(200):
            await settle(app, pilot)
            if match.actors() == (0,):
                break
        after = len(match.journal)
        assert after >= before + 3
        assert saved_lengths == list(range(before + 1, after + 1))
        # A table for every step: the human's, then each bot's or die's in turn.
        assert [length for length, _ in drawn_tables] == list(range(before + 1, after + 1))
        assert load(app.screen.saver.path).journal == match.journal
