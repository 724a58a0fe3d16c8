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

from engines.core.seat_match import SeatMatch
from tui.screens.curtain import CurtainScreen

if TYPE_CHECKING:
    from textual.screen import Screen


def next_viewer(match: SeatMatch, candidates: list[int], current: int | None) -> int:
    """The candidate seat met first going round the table to the left of `current`, so no
    seat always decides first when several act at once."""
    start = -1 if current is None else current
    return min(candidates, key=lambda seat: (seat - start - 1) % len(match.seats))


def shows_secret(match: SeatMatch, seat: int) -> bool:
    """Whether `seat`'s screen shows anything the public table does not."""
    # The game knows what is still secret; a private log line about something already
    # revealed (an answer after the scoring) needs no curtain.
    return match.shows_secret(seat)


def curtain_of(app: App, game: Screen) -> CurtainScreen | None:
    """The curtain raised over `game`, if it is on the screen stack."""
    return next((s for s in app.screen_stack if isinstance(s, CurtainScreen) and s.over is game), None)


class WhoseScreen(Static):
    """The top-right tag naming whose screen this is ("Ana's screen", "Public table").

    Absolutely placed, so it takes no room from the layout; it moves itself to the right
    edge whenever the screen is laid out again (a resize)."""

    DEFAULT_CSS = """
    WhoseScreen {
        position: absolute;
        /* Out of the flow for the sizes too: an absolute widget alone still takes its row
           from the rows the screen shares out (1fr), and a map at 80x24 may need them all
           (the replay's tag had the same fault, styles/replay.tcss). */
        overlay: screen;
        width: auto;
        max-width: 28;
        height: 1;
        padding: 0 1;
        background: $primary;
        color: $text;
        text-style: bold;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.text = ""

    def on_mount(self) -> None:
        self.screen.screen_layout_refresh_signal.subscribe(self, lambda _screen: self._place())
        self._place()

    def show(self, name: str | None) -> None:
        self.text = "Public table" if name is None else f"{name}'s screen"
        self.update(Text(self.text, no_wrap=True, overflow="ellipsis"))
        self._place()

    @property
    def width_needed(self) -> int:
        return min(len(self.text) + 2, 28)

    def _place(self) -> None:
        if not self.is_attached:
            return
        x = max(self.screen.size.width - self.width_needed, 0)
        if self.styles.offset.x.value != x:
            self.styles.offset = (x, 0)
