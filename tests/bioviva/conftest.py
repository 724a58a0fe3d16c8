"""Bioviva's search levels play on a budget of iterations in these tests, never of time:
a decision must not depend on how fast the machine is (and whole games stay quick)."""

from __future__ import annotations

import pytest

from engines.bioviva.bots import NaturalistBot, ScholarBot
from engines.bioviva.search import KnowledgeSearch
from tests.bioviva.helpers import ENGINE

#: Iterations a decision of the search levels gets in tests.
TEST_ITERATIONS = 6


@pytest.fixture(autouse=True)
def search_levels_on_iterations(monkeypatch):
    monkeypatch.setitem(ENGINE.bots, "hard", lambda: KnowledgeSearch(NaturalistBot(), iterations=TEST_ITERATIONS))
    monkeypatch.setitem(ENGINE.bots, "expert", lambda: KnowledgeSearch(ScholarBot(), iterations=TEST_ITERATIONS))
