"""A scrolling box that keys reach exactly when it needs them."""

from __future__ import annotations

from textual.containers import VerticalScroll


class KeyScroll(VerticalScroll):
    """Scrolls (its scrollbar the cue) and takes the focus, so that Tab reaches it and the
    arrows, PgUp/PgDn, Home and End scroll it, only while it hides rows: with everything
    in view it is no Tab stop. For boxes of text that no focusable widget inside would
    bring into view (a note under the seat panels, a long card)."""

    def allow_focus(self) -> bool:
        return self.max_scroll_y > 0


#: The class of a box the screen scrolls with keys of its own (shown in the footer), so it
#: never takes the focus: a layout check takes those keys as its way in.
SCROLLED_BY_SCREEN_KEYS = "-scrolled-by-screen-keys"
