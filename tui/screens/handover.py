"""Hot-seat hand-over: whose screen comes next, whether a curtain must hide it, and the tag
that always says whose screen is showing.

The game frame (`tui/screens/game.py`) calls these for every game. One curtain at most is
ever on the screen stack: when who must act changes while it is up (a bot moved, the die
rolled), the same curtain is renamed rather than a second one pushed.

A curtain is needed only where the next screen shows a secret. A game tells that with an
engine method `shows_secret(state, seat) -> bool`; a game with hidden information that
does not say is assumed to show one whenever the keyboard changes hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import App
from textual.widgets import Static

from engines.core.match import Match
from tui.screens.curtain import CurtainScreen

if TYPE_CHECKING:
    from textual.screen import Screen


def next_viewer(match: Match, candidates: list[int], current: int | None) -> int:
    """The candidate seat met first going round the table to the left of `current`, so no
    seat always decides first when several act at once."""
    start = -1 if current is None else current
    return min(candidates, key=lambda seat: (seat - start - 1) % len(match.seats))


def shows_secret(match: Match, seat: int) -> bool:
    """Whether `seat`'s screen shows anything the public table does not."""
    engine = match.engine
    if not engine.info.flags.hidden_information:
        return False
    if match.log_lines(seat) != match.log_lines(None):
        return True  # a private line of this seat's is in the log panel
    told = getattr(engine, "shows_secret", None)
    return True if told is None else bool(told(match.state, seat))


def curtain_of(app: App, game: Screen) -> CurtainScreen | None:
    """The curtain raised over `game`, if it is on the screen stack."""
    return next((s for s in app.screen_stack if isinstance(s, CurtainScreen) and s.over is game), None)


class WhoseScreen(Static):
    """The top-right tag naming whose screen this is ("Ana's screen", "Public table")."""

    DEFAULT_CSS = """
    WhoseScreen {
        position: absolute;
        dock: right;
        width: auto;
        max-width: 28;
        height: 1;
        padding: 0 1;
        background: $primary;
        color: $text;
        text-style: bold;
    }
    """

    def show(self, name: str | None) -> None:
        text = "Public table" if name is None else f"{name}'s screen"
        self.update(Text(text, no_wrap=True, overflow="ellipsis"))
