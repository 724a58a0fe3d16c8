"""Settings every test shares."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def capable_terminal(monkeypatch):
    """Tests never depend on the terminal they run in: the launcher offers ASCII glyphs on a
    first run under TERM=linux or vt100, which a CI runner may well report."""
    monkeypatch.setenv("TERM", "xterm-256color")
