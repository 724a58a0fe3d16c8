"""Command palette providers: rules topics everywhere, legal actions in a game."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.markup import escape

from engines.core.rules import load_rules
from engines.registry import ready_games


class RulesTopics(Provider):
    """`rules: <game> / <section>` for the game on screen, or every ready game."""

    def _topics(self) -> list[tuple[str, str, str]]:
        game_id = getattr(self.screen, "game_id", None)
        games = [game_id] if game_id else [g.id for g in ready_games()]
        topics = []
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

    def _actions(self) -> list[tuple[str, object]]:
        listing = getattr(self.screen, "palette_actions", None)
        return listing() if listing else []

    async def discover(self) -> Hits:
        for text, action in self._actions():
            yield DiscoveryHit(
                escape(f"action: {text}"), partial(self.screen.choose_action, action), help="Play this action"
            )

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, action in self._actions():
            label = f"action: {text}"
            score = matcher.match(label)
            if score > 0:
                yield Hit(
                    score,
                    matcher.highlight(escape(label)),
                    partial(self.screen.choose_action, action),
                    help="Play this action",
                )


class KeysPanel(Provider):
    """`keys: every key of this screen`, the palette's way to the F2 panel."""

    LABEL = "keys: every key of this screen, with its id"

    def _open(self) -> None:
        self.app.action_keys()

    async def discover(self) -> Hits:
        yield DiscoveryHit(self.LABEL, self._open, help="The Keys panel (F2)")

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        score = matcher.match(self.LABEL)
        if score > 0:
            yield Hit(score, matcher.highlight(self.LABEL), self._open, help="The Keys panel (F2)")
