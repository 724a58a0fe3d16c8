"""The palette's ranked search (tui/palette_search.py) against Textual's own matcher: the same
scores, and a provider's best entries the very ones, in the same order, that the palette
listed first when every matching entry went to it."""

from __future__ import annotations

import random

import pytest
from textual.fuzzy import Matcher

from engines.core.match import Match, SeatSpec
from engines.registry import load_engine, ready_games
from tui.commands import _rules_topics
from tui.palette_search import MOST_HITS, RankedSearch, SearchKeys, score


def crowded_labels() -> list[str]:
    """The palette's action labels at Bioviva's first clue of seed 1 (3002 legal actions:
    a tile or the magnifier on every square), as the game screen words them."""
    engine = load_engine("bioviva")
    seats = [SeatSpec("Ana"), SeatSpec("Bot 2", "bot", "heuristic"), SeatSpec("Bot 3", "bot", "heuristic")]
    match = Match(engine, engine.default_options(), seats, 1)
    match.run_automatic()
    return [f"action: {match.describe(a)}" for a in match.legal_actions(0)]


@pytest.fixture(scope="module")
def label_lists() -> dict[str, list[str]]:
    topics, _ = _rules_topics(tuple(g.id for g in ready_games()))
    return {"actions": crowded_labels(), "rules": [label for label, _, _ in topics]}


def queries(labels: list[str], count: int, seed: int) -> list[str]:
    """Queries a player might type: pieces of labels (letters and spaces, as typed, some
    with letters left out) and short runs of common letters."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        if rng.random() < 0.7:
            typed = "".join(c for c in rng.choice(labels).lower() if c.isalnum() or c == " ")
            start = rng.randrange(0, 9)
            piece = typed[start : start + rng.randrange(2, 28)]
            if rng.random() < 0.4:
                piece = "".join(c for c in piece if rng.random() < 0.8)
        else:
            piece = "".join(rng.choice("aeiostlnrcdm 3") for _ in range(rng.randrange(1, 7)))
        if piece.strip():
            found.append(piece.strip())
    return found


def palette_order(keys: SearchKeys, query: str) -> list[tuple[float, int]]:
    """What the palette made of every entry scored above 0 (by Textual's score, which
    `score` is held to above), yielded in list order: sorted by score, best first, ties in
    the order yielded (a stable sort)."""
    scored = [(score(query, keys, n), n) for n in range(len(keys.labels))]
    return sorted([hit for hit in scored if hit[0] > 0], key=lambda hit: hit[0], reverse=True)


@pytest.mark.parametrize("kind", ["actions", "rules"])
def test_scores_are_textuals(label_lists, kind: str) -> None:
    labels = label_lists[kind]
    keys = SearchKeys(labels)
    sample = random.Random(3).sample(range(len(labels)), 150)
    compared = 0
    for query in queries(labels, 60, seed=5):
        matcher = Matcher(query)
        for n in sample:
            assert score(query, keys, n) == matcher.match(labels[n]), (query, labels[n])
            compared += 1
    assert compared >= 150 * 50


@pytest.mark.parametrize("kind", ["actions", "rules"])
def test_the_best_entries_are_those_the_palette_listed_first_key_by_key(label_lists, kind: str) -> None:
    """Each query typed a key at a time into one search (each key narrowing the last one's
    matches), then a different one (no narrowing across)."""
    labels = label_lists[kind]
    keys = SearchKeys(labels)
    search = RankedSearch()
    for word in queries(labels, 4, seed=11):
        for end in range(1, len(word) + 1):
            typed = word[:end].strip()
            if typed:
                assert search.best(keys, typed) == palette_order(keys, typed)[:MOST_HITS], typed


def test_most_labels_are_never_scored_letter_by_letter(label_lists) -> None:
    """A query whole in many labels (every tile) ranks without placing its letters one by one
    in the labels it is not whole in: those cannot reach the best hundred."""
    labels = label_lists["actions"]
    search = RankedSearch()
    best = search.best(SearchKeys(labels), "tile")
    assert len(best) == MOST_HITS and sum(1 for label in labels if "tile" in label) > MOST_HITS
    assert search.spread_scored == 0
