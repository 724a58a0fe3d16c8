"""Everything a game screen may know about a game in progress, as one typed interface.

The local `engines.core.match.Match`, the remote `tui.remote.match.RemoteMatch` (a seat at a
table on the server) and a replay implement it alike, so one screen class plays a game
locally and remotely. A screen never reads a state: what only the state could tell (why an
action would be refused, what a typed text means) is asked here, answered from what acting
would tell that seat. `tests/test_screen_interface.py` holds both matches and every screen
in tui/ to it.
"""

from __future__ import annotations

from collections.abc import Sized
from typing import Any, Protocol, runtime_checkable

from engines.core.protocol import Engine


@runtime_checkable
class SeatMatch(Protocol):
    #: The game's static facts (title, flags, option types), its action texts and descriptions.
    engine: Engine[Any, Any]

    @property
    def game_id(self) -> str: ...

    @property
    def seats(self) -> tuple[Any, ...]: ...

    @property
    def journal(self) -> Sized:
        """Only its length is a screen's business: how far the game has gone."""
        ...

    def actors(self) -> tuple[int, ...]: ...

    def is_over(self) -> bool: ...

    def legal_actions(self, seat: int) -> list[Any]: ...

    def log_lines(self, viewer: int | None) -> list[str]: ...

    def view(self, viewer: int | None) -> Any: ...

    def summary(self, viewer: int | None) -> Any: ...

    def outcome(self) -> Any: ...

    def describe(self, action: Any) -> str: ...

    def undoable(self, seat: int) -> int: ...

    def undo(self, seat: int) -> None:
        """Take back the seat's latest action; IllegalAction (with why) when it cannot."""
        ...

    def next_bot_or_auto(self) -> tuple[int, Any] | None:
        """The step a bot or the automatic actor would take now, for the screen to play;
        None when none is due here (a remote table's bots act on the server)."""
        ...

    def thinking_seat(self) -> int | None:
        """The seat whose bot is thinking now (a bot that deliberates for wall time, such
        as a search), for the status line to say so; None when no such bot is due."""
        ...

    def act(self, seat: int, action: Any) -> Any: ...

    def refusal(self, seat: int, action: Any) -> str | None:
        """The sentence `action` would be refused with for `seat` now; None when it would be
        taken, or (remotely) while that is not known yet."""
        ...

    def shows_secret(self, seat: int) -> bool: ...

    def parse_action(self, seat: int, text: str) -> Any: ...
