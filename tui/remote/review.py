"""A finished remote table, whole, for its end screen's scores chart and Review.

The game process of a remote player runs on the table host's machine, beside the host's
socket and its store: once the table is over, its journal is read from the store as
`server.export` reads it (SQLite in WAL mode: a reader sees the last commit while the host
writes), and replayed here. Only a finished table: everything in it may then be revealed.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from engines.core.errors import BadOptions, IllegalAction
from engines.core.match import Match
from server.protocol import SOCKET_VARIABLE
from server.store import STORE_NAME, TableStore


def finished_table_match(table_id: str) -> Match | None:
    """The table's match rebuilt from the host's store, when the game is over there; None
    when the store is not at hand (a host elsewhere) or the game goes on."""
    socket = os.environ.get(SOCKET_VARIABLE)
    if not socket:
        return None
    path = Path(socket).parent / STORE_NAME
    if not path.is_file():
        return None
    try:
        store = TableStore(path)
        try:
            table = store.load(table_id)
        finally:
            store.close()
        if table is None:
            return None
        match = table.replay()
    except (sqlite3.Error, OSError, IllegalAction, BadOptions, ValueError):
        return None  # the end screen then offers no Review: never an error at the end of a game
    return match if match.is_over() else None
