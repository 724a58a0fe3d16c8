"""A screen that is styled once as it opens."""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.screen import Screen

ResultType = TypeVar("ResultType")


class StyledOnOpen(Screen[ResultType]):
    """Textual restyles every widget of a screen each time it resumes, the first time too,
    just after each widget was styled as it mounted: for a screen of some thirty widgets
    that was a fifth of its opening. Opening skips it; a later resume (back from the Keys
    panel, a question, a game) restyles as before."""

    _styled_since_mount = True

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual calls this before its own handler (the base class's) with the same event.
        if self._styled_since_mount:
            self._styled_since_mount = False
            event.refresh_styles = False
