"""Marks for tests of a Textual-internals fast path (tui/textual_internals/): they skip, with
the reason, when the run has those internals off (`CAMPFIRE_TEXTUAL_INTERNALS=off`, or a
Textual release they were not written for). The rest of the suite runs either way."""

from __future__ import annotations

import pytest

from tui.textual_internals import ENVIRONMENT, enabled


def needs_internals(*names: str) -> pytest.MarkDecorator:
    off = [name for name in names if not enabled(name)]
    return pytest.mark.skipif(
        bool(off),
        reason=f"tests Textual's internals ({', '.join(off)}), off in this run ({ENVIRONMENT})",
    )
