"""What a game screen shows at one moment, computed once from the match and handed to
every widget through one reactive: widgets render it and never read the match."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engines.core.protocol import Outcome, Summary


@dataclass(eq=False)  # identity comparison: every new table is a change to render
class Table:
    summary: Summary
    view: Any
    viewer: int | None
    #: (text, action) for the actions the viewer may take now; empty when it is not theirs.
    actions: list[tuple[str, Any]]
    log: list[str]
    problem: str = ""
    outcome: Outcome | None = None
    seat_names: list[str] = field(default_factory=list)
