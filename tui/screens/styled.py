"""A screen that is styled once as it opens."""

from __future__ import annotations

from textual import events


class StyledOnOpen:
    """Mixed into a Screen (before it: `class S(StyledOnOpen, Screen[...])`). Textual
    restyles every widget of a screen each time it resumes, the first time too, just after
    each widget was styled as it mounted: for a screen of some thirty widgets that was a
    fifth of its opening. Opening skips it; a later resume (from under a see-through
    question, say) restyles as before. A plain class, not a Screen: Textual's set-up of
    each Screen subclass (some 2M instructions) fell on the launcher's first paint."""

    _styled_since_mount = True

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual calls the handler of every class in the MRO, this one before Screen's,
        # with the same event.
        if self._styled_since_mount:
            self._styled_since_mount = False
            event.refresh_styles = False
