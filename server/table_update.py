"""What one viewer of a table is sent: the table seen from a seat (or from the public side,
for a spectator), built only from that viewer's view, summary and log lines."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from server.protocol import LegalAction, Update, encode_actions, encode_view

if TYPE_CHECKING:
    from server.tables import Table

#: What players read at a table closed before its game ended, by who closed it.
CLOSED_STATUS = {
    "host": "This table was closed by the player who started it.",
    "operator": "This table was closed by the server's operator.",
}


def closed_status(by: str) -> str:
    return CLOSED_STATUS.get(by, "This table was closed.")


def viewer_update(table: Table, viewer: int | None, owner: str, log_from: int) -> Update:
    """The Update for `viewer` (a seat, or None for a spectator) whose identity is `owner`,
    with the log lines from `log_from` on. Legal actions go only to a seat due to act."""
    match = table.match
    engine = match.engine
    state = match.state
    actors = () if table.closed else match.actors()
    legal: list[LegalAction] = []
    actions: list[Any] = []
    if viewer is not None and viewer in actors:
        actions = engine.legal_actions(state, viewer)
        legal = [LegalAction(text=engine.format_action(a), label=engine.describe_action(a)) for a in actions]
    lines = [entry.event.for_viewer(viewer) for entry in match.log[log_from:]]
    over = match.is_over()
    summary = engine.summary(state, viewer)
    if table.closed and not over:
        summary = msgspec.structs.replace(summary, status=closed_status(table.stored.closed))
    return Update(
        table=table.id,
        game=match.game_id,
        version=table.version,
        seat=viewer,
        view=encode_view(engine.view(state, viewer)),
        summary=summary,
        legal=legal,
        actors=list(actors),
        log_from=log_from,
        log=lines,
        seats=table.seat_infos(owner),
        over=over or table.closed,
        outcome=engine.outcome(state) if over else None,
        actions=encode_actions(actions) if actions else b"",
        thinking=None if table.closed else table.thinking_seat(),
    )
