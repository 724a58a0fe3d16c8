"""A table's chat: who hears each line, and the recent lines the host keeps for whoever
starts to follow the table (a player back on a new connection, one who left it and comes
back, a spectator arriving), so they read what the others still see.

A player's line and the table's own notices reach everyone at the table; a spectator's
line reaches the spectators only (players never read them mid-game). So two histories are
kept, each of the last CHAT_LINES_KEPT lines its side heard, with how many it heard in all:
a newcomer gets their side's, and how many earlier lines were not kept. They live as long
as the host runs; the game itself is what the store keeps.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import TYPE_CHECKING

from server.protocol import CHAT_LINES_KEPT, ChatLine, EarlierChat

if TYPE_CHECKING:
    from server.tables import Member, Watcher


class _Heard:
    """The last lines one side of the table heard, and how many it heard in all."""

    def __init__(self) -> None:
        self.lines: deque[tuple[int, ChatLine]] = deque(maxlen=CHAT_LINES_KEPT)
        self.count = 0

    def keep(self, at: int, line: ChatLine) -> None:
        self.lines.append((at, line))
        self.count += 1


class TableChat:
    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        self._players = _Heard()
        self._spectators = _Heard()

    def say(self, watchers: Mapping[Member, Watcher], line: ChatLine, at: int) -> None:
        """Send `line` (said after the game's first `at` log lines) to the watchers who hear
        it, and keep it for those who come later."""
        everyone = not line.spectator
        if everyone:
            self._players.keep(at, line)
        self._spectators.keep(at, line)
        for member, watcher in watchers.items():
            if everyone or watcher.seat is None:
                member.send(line)

    def tell_earlier(self, member: Member, spectator: bool) -> None:
        """Send a new follower (a spectator, or a player) what their side heard, if anything."""
        heard = self._spectators if spectator else self._players
        if heard.count:
            dropped = heard.count - len(heard.lines)
            member.send(EarlierChat(table=self.table_id, said=list(heard.lines), dropped=dropped))
