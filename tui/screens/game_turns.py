"""How turns pass at a game screen: the keyboard handed from one person to the next at a
hot-seat table (`HandOver`), bots and automatic actors playing their steps (`BotTurns`), and
the end screen once the game is over (`GameEnd`).

Mixed into `GameScreen` (tui/screens/game.py), before Screen, as plain classes: Textual's
set-up of each Screen subclass costs the launcher's first paint (see tui/screens/styled.py).
For a type checker they are screens with the game screen's attributes.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from textual import work

from engines.core.match import Match
from engines.core.protocol import AUTO
from engines.core.seat_match import SeatMatch
from tui.screens.curtain import CurtainScreen
from tui.screens.handover import WhoseScreen, curtain_of, next_viewer, shows_secret

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.app import CampfireApp
    from tui.widgets.table import Table

    class _GameScreenParts(Screen[None]):
        """What the turns read and call of the game screen they are mixed into."""

        app: CampfireApp  # type: ignore[assignment]
        match: SeatMatch
        viewer: int | None
        problem: str
        table: Table | None  # type: ignore[assignment]
        _curtain_up: bool
        _thinking: bool
        _ended_shown: bool

        @property
        def game_id(self) -> str: ...

        @property
        def alive(self) -> bool: ...
        @property
        def hides_information(self) -> bool: ...
        def refresh_table(self) -> None: ...
        def after_change(self) -> None: ...
        def _show_change(self) -> None: ...
        def _save_and_hand_over(self) -> None: ...
else:
    _GameScreenParts = object

#: With no bot delay, how long bot and automatic steps are played in a row before the
#: screen draws and answers keys: about a frame, so a key pressed meanwhile waits no longer
#: than one. A step is a decision (well under a millisecond) and an autosave, whose fsync
#: alone takes 0.3-0.6 ms on a quiet disk and 10 ms or more on a busy one.
BOT_BATCH_SECONDS = 0.02


class HandOver(_GameScreenParts):
    """The keyboard goes to the human who must act, behind a curtain where the screen
    shows a secret, and a tag says whose screen it is."""

    def _humans_acting(self) -> list[int]:
        return [s for s in self.match.actors() if s >= 0 and not self.match.seats[s].is_bot]

    def _update_viewer(self) -> None:
        humans_acting = self._humans_acting()
        if not humans_acting or self.viewer in humans_acting:
            return
        self._hand_over(humans_acting)

    def _hand_over(self, humans_acting: list[int]) -> None:
        """Give the keyboard to the next human who must act, going round the table from
        the current one. A curtain hides the new screen if it shows a secret; one already
        up is renamed, so it always names the seat whose screen comes next."""
        before = self.viewer
        self.viewer = next_viewer(self.match, humans_acting, before)
        curtain = curtain_of(self.app, self)
        if curtain is not None:
            curtain.show_player(self.match.seats[self.viewer].name)
        elif self.hides_information and self.viewer != before and shows_secret(self.match, self.viewer):
            self._raise_curtain(self.viewer)
        self._show_whose_screen()

    def action_next_player(self) -> None:
        """Let another player who must also act now go first (a young player waiting to
        peek, a guesser letting the others try)."""
        others = [s for s in self._humans_acting() if s != self.viewer]
        if not others:
            self.notify("Nobody else has to act now.")
            return
        self._hand_over(others)
        self.problem = ""
        self.refresh_table()

    def _raise_curtain(self, viewer: int) -> None:
        name = self.match.seats[viewer].name
        self._curtain_up = True
        curtain = curtain_of(self.app, self)
        if curtain is not None:  # never two curtains: the one up names the next seat
            curtain.show_player(name)
            return
        self.app.push_screen(CurtainScreen(name, over=self), self._curtain_down)

    def _curtain_down(self, choice: str | None = None) -> None:
        self._curtain_up = False
        if choice == "menu":
            # Leaving from behind the curtain: the next player resumes with it again.
            self.dismiss(None)
            return
        self._show_whose_screen()
        self.refresh_table()

    def _show_whose_screen(self) -> None:
        """The tag saying whose screen this is; the status line keeps clear of it."""
        tags = self.query(WhoseScreen)
        if not tags:
            return
        tag = tags.first()
        name = None if self.viewer is None else self.match.seats[self.viewer].name
        tag.show(name)
        for status in self.query("#status"):
            status.styles.padding = (0, tag.width_needed + 1, 0, 1)


class BotTurns(_GameScreenParts):
    """Bots and automatic actors move: in a worker thread with a bot delay or a search,
    else at once on the UI thread in batches."""

    def _bots_due(self) -> bool:
        actors = self.match.actors()
        return actors == (AUTO,) or any(s >= 0 and self.match.seats[s].is_bot for s in actors)

    def _maybe_run_bots(self) -> None:
        """Let bots and automatic actors move: with a bot delay, one step per delay (the
        decision made in a worker thread, the step played by `_bot_moves`, each drawn);
        with none, at once (`_play_bots_now`). The caller draws the table."""
        if self._thinking or not self._bots_due():
            return
        if self.app.bot_delay or self.match.thinking_seat() is not None:
            # A search takes its time whatever the delay: never on the UI thread.
            self._thinking = True
            self._think(len(self.match.journal))
        elif self._play_bots_now():
            # Out of time with bots still to move: draw, answer keys, then go on. Through a
            # timer: called straight after the refresh, batch after batch would run in the
            # screen's own queue and never let the event loop hand it a key.
            self._thinking = True
            self.call_after_refresh(self.set_timer, 0.001, self._bots_go_on)

    def _play_bots_now(self) -> bool:
        """Play the bot and automatic steps due one after another on this (the UI) thread,
        each saved as it is played (a killed process loses at most the step being applied),
        for up to BOT_BATCH_SECONDS. Returns whether bots still have to move."""
        started = time.perf_counter()
        while True:
            if self.match.thinking_seat() is not None:
                return True  # a search is due: drawn first, then asked in the worker
            step = self.match.next_bot_or_auto()
            if step is None:
                return False
            self.match.act(*step)
            self._save_and_hand_over()
            if time.perf_counter() - started >= BOT_BATCH_SECONDS:
                return self._bots_due()

    def _bots_go_on(self) -> None:
        self._thinking = False
        if self.alive and not self.match.is_over():
            self._show_change()

    # Not exclusive: `_thinking` already keeps it to one at a time, and an exclusive worker
    # would cancel the one still returning from the move it just handed over.
    @work(thread=True, group="bots")
    def _think(self, journal_length: int) -> None:
        delay = self.app.bot_delay
        if delay:
            time.sleep(delay)
        step = self.match.next_bot_or_auto()
        self.app.call_from_thread(self._bot_moves, step, journal_length)

    def _bot_moves(self, step: tuple[int, Any] | None, journal_length: int) -> None:
        self._thinking = False
        if not self.alive:
            # The player left while the bot thought; the game resumes from its save.
            return
        if step is None or len(self.match.journal) != journal_length:
            # Someone else changed the match meanwhile (undo, a human move): think again.
            self._maybe_run_bots()
            return
        self.match.act(*step)
        self.after_change()


class GameEnd(_GameScreenParts):
    """Once the game is over: the end screen, with the score chart and Review where the
    journal is at hand."""

    def _show_end(self) -> None:
        if not self.alive or self._ended_shown or self.table is None or self.table.outcome is None:
            return
        self._ended_shown = True
        from tui.screens.end import EndScreen

        review = self.review()
        history = review.score_history() if review is not None else None
        end = EndScreen(self.table.outcome, self.table.seat_names, self.end_details(), history, review is not None)
        self.app.push_screen(end, self._end_closed)

    def review(self) -> Any:
        """A replay of this game (saves.replay.ReplayMatch) for the end screen's chart and
        Review key: of the match itself, or of a finished remote table read from its host's
        store (`finished_match`); None where no journal is at hand."""
        whole = self.match if isinstance(self.match, Match) else getattr(self.match, "finished_match", lambda: None)()
        if whole is None:
            return None
        from saves.replay import ReplayMatch

        return ReplayMatch(whole, seat=self.viewer)

    def end_details(self) -> str:
        """Extra text for the end screen explaining the final position (a game may add it)."""
        return ""

    def _end_closed(self, choice: str | None) -> None:
        if choice == "menu":
            self.dismiss(None)
        elif choice == "rules":
            self._ended_shown = False
            from tui.screens.rules import RulesScreen

            self.app.push_screen(RulesScreen(self.game_id, "scoring"), lambda _: self._show_end())
        elif choice == "review":
            self._ended_shown = False
            from tui.screens.replay import replay_screen_class

            review = self.review()
            review.go_to(0)
            self.app.push_screen(replay_screen_class(self.game_id)(review), lambda _: self._show_end())
