"""Command palette providers: rules topics everywhere, legal actions in a game.

A search yields a provider's best entries only, in the order the palette would list them
(see tui/palette_search.py): a seat may have thousands of legal actions."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.markup import escape

from engines.core.rules import load_rules
from engines.registry import ready_games
from tui.palette_search import MOST_HITS, RankedSearch, SearchKeys

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.style import Style

    from tui.screens.game import GameScreen

Topic = tuple[str, str, str]

#: Rules topics (label, game id, anchor) and their search keys per set of games: the books
#: ship with the app, so they are read once, not on every key typed into the palette.
_TOPICS: dict[tuple[str, ...], tuple[list[Topic], SearchKeys]] = {}


def _rules_topics(games: tuple[str, ...]) -> tuple[list[Topic], SearchKeys]:
    known = _TOPICS.get(games)
    if known is None:
        topics: list[Topic] = []
        for gid in games:
            book = load_rules(gid)
            topics.extend((f"rules: {book.title} / {s.title}", gid, s.anchor) for s in book.sections)
            topics.extend((f"rules: {book.title} / {s.title}: {term}", gid, s.anchor) for term, s in book.entries())
        known = _TOPICS[games] = (topics, SearchKeys([label for label, _, _ in topics]))
    return known


class RankedProvider(Provider):
    """A provider whose searches go through one `RankedSearch` while its palette is open."""

    def __init__(self, screen: Screen[Any], match_style: Style | None = None) -> None:
        super().__init__(screen, match_style)
        self.ranked = RankedSearch()


def game_in_play(screen: Screen[Any]) -> str | None:
    """The game a screen belongs to: its own, or that of the game screen it was opened over
    (the whole log, a hot-seat curtain, the keys...); None on the launcher's screens."""
    own = getattr(screen, "game_id", None)
    if own:
        return str(own)
    stack = screen.app.screen_stack
    below = stack[: stack.index(screen)] if screen in stack else stack
    for other in reversed(below):
        game_id = getattr(other, "game_id", None)
        if game_id:
            return str(game_id)
    return None


class RulesTopics(RankedProvider):
    """`rules: <game> / <section>` for the game on screen, or every ready game."""

    def _games(self) -> tuple[str, ...]:
        game_id = game_in_play(self.screen)
        return (game_id,) if game_id else tuple(g.id for g in ready_games())

    def _topics(self) -> list[Topic]:
        return list(_rules_topics(self._games())[0])

    def _open(self, game_id: str, anchor: str) -> None:
        from tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(game_id, anchor))

    async def discover(self) -> Hits:
        topics, _ = _rules_topics(self._games())
        for label, gid, anchor in topics[:MOST_HITS]:
            yield DiscoveryHit(label, partial(self._open, gid, anchor), help="Open this rules section")

    async def search(self, query: str) -> Hits:
        topics, keys = _rules_topics(self._games())
        matcher = self.matcher(query)
        for score, n in self.ranked.best(keys, query):
            label, gid, anchor = topics[n]
            yield Hit(score, matcher.highlight(label), partial(self._open, gid, anchor), help="Open this rules section")


class GameActions(RankedProvider):
    """`action: <text>` for every legal action of the seat at the keyboard."""

    def _game_screen(self) -> GameScreen | None:
        from tui.screens.game import GameScreen  # here: that module imports this one

        screen = self.screen
        return screen if isinstance(screen, GameScreen) else None

    async def discover(self) -> Hits:
        screen = self._game_screen()
        if screen is None:
            return
        for text, action in screen.palette_actions().entries[:MOST_HITS]:
            yield DiscoveryHit(
                escape(f"action: {text}"), partial(screen.choose_action, action), help="Play this action"
            )

    async def search(self, query: str) -> Hits:
        screen = self._game_screen()
        if screen is None:
            return
        actions = screen.palette_actions()
        keys = actions.keys
        matcher = self.matcher(query)
        for score, n in self.ranked.best(keys, query):
            yield Hit(
                score,
                matcher.highlight(escape(keys.labels[n])),
                partial(screen.choose_action, actions.entries[n][1]),
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

    def _help(self) -> str:
        from tui.key_hints import key

        return f"The Keys panel ({key(self.app, 'app.keys')})"

    async def discover(self) -> Hits:
        yield DiscoveryHit(self.LABEL, self._open, help=self._help())

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        score = matcher.match(self.LABEL)
        if score > 0:
            yield Hit(score, matcher.highlight(self.LABEL), self._open, help=self._help())
