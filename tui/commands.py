"""Command palette providers: rules topics everywhere, legal actions in a game."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.markup import escape

from engines.core.rules import load_rules
from engines.registry import ready_games

if TYPE_CHECKING:
    from tui.screens.game import GameScreen


class RulesTopics(Provider):
    """`rules: <game> / <section>` for the game on screen, or every ready game."""

    def _topics(self) -> list[tuple[str, str, str]]:
        game_id = getattr(self.screen, "game_id", None)
        games = [game_id] if game_id else [g.id for g in ready_games()]
        topics: list[tuple[str, str, str]] = []
        for gid in games:
            book = load_rules(gid)
            topics.extend((f"rules: {book.title} / {s.title}", gid, s.anchor) for s in book.sections)
            topics.extend((f"rules: {book.title} / {s.title}: {term}", gid, s.anchor) for term, s in book.entries())
        return topics

    def _open(self, game_id: str, anchor: str) -> None:
        from tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(game_id, anchor))

    async def discover(self) -> Hits:
        for label, gid, anchor in self._topics():
            yield DiscoveryHit(label, partial(self._open, gid, anchor), help="Open this rules section")

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for label, gid, anchor in self._topics():
            score = matcher.match(label)
            if score > 0:
                yield Hit(
                    score, matcher.highlight(label), partial(self._open, gid, anchor), help="Open this rules section"
                )


class GameActions(Provider):
    """`action: <text>` for every legal action of the seat at the keyboard."""

    def _game_screen(self) -> GameScreen | None:
        from tui.screens.game import GameScreen  # here: that module imports this one

        screen = self.screen
        return screen if isinstance(screen, GameScreen) else None

    async def discover(self) -> Hits:
        screen = self._game_screen()
        if screen is None:
            return
        for text, action in screen.palette_actions():
            yield DiscoveryHit(
                escape(f"action: {text}"), partial(screen.choose_action, action), help="Play this action"
            )

    async def search(self, query: str) -> Hits:
        screen = self._game_screen()
        if screen is None:
            return
        matcher = self.matcher(query)
        for text, action in screen.palette_actions():
            label = f"action: {text}"
            score = matcher.match(label)
            if score > 0:
                yield Hit(
                    score,
                    matcher.highlight(escape(label)),
                    partial(screen.choose_action, action),
                    help="Play this action",
                )


class KeysPanel(Provider):
    """`keys: every key of this screen`, the palette's way to the F2 panel."""

    LABEL = "keys: every key of this screen, with its id"

    def _open(self) -> None:
        from tui.app import CampfireApp

        app = self.app
        assert isinstance(app, CampfireApp)  # the only app; a provider's is typed App[object]
        app.action_keys()

    async def discover(self) -> Hits:
        yield DiscoveryHit(self.LABEL, self._open, help="The Keys panel (F2)")

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        score = matcher.match(self.LABEL)
        if score > 0:
            yield Hit(score, matcher.highlight(self.LABEL), self._open, help="The Keys panel (F2)")
