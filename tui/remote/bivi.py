"""Bivì's own screen at a remote table: the ghost tile is judged from the seat's view and
the legal actions the server listed, and a placement goes to the server as text."""

from __future__ import annotations

from typing import Any

from engines.bivi.actions import CODEC, CubeAt, Place
from engines.bivi.view import BiviView, view_river_text
from server.protocol import LegalAction
from tui.games.bivi import BiviScreen
from tui.games.bivi_draw import river_decorations
from tui.remote.screen import REMOTE_BINDINGS, RemoteScreen


class RemoteBiviScreen(RemoteScreen, BiviScreen):
    BINDINGS = REMOTE_BINDINGS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._parsed: dict[str, Any] = {}  # a listed text -> its action, for the current version
        self._parsed_at = -1

    def _engine_action(self, legal: LegalAction) -> Any:
        if self._parsed_at != self.remote.version:
            self._parsed, self._parsed_at = {}, self.remote.version
        action = self._parsed.get(legal.text)
        if action is None:
            action = self._parsed[legal.text] = CODEC.parse(legal.text)
        return action

    def legal_moves(self, seat: int | None) -> list[Any]:
        return [self._engine_action(a) for a in self.match.legal_actions(seat)]

    def listed_actions(self, legal: list[Any]) -> list[Any]:
        # Placements and cubes go on the board by the ghost, as at a local table.
        return [a for a in legal if not isinstance(self._engine_action(a), (Place, CubeAt))]

    def end_details(self) -> str:
        view: BiviView = self.remote.view(None)
        parts = []
        for seat, spec in enumerate(self.match.seats):
            text = f"{spec.name}'s river:\n{view_river_text(view, seat)}"
            if view.mode != "basic":
                text += f"Decorations: {river_decorations(view.rivers[seat])}\n"
            parts.append(text)
        return "\n".join(parts)
