"""The command palette's search over long lists (a seat may have thousands of legal actions),
ranked exactly as Textual's fuzzy matcher ranks them, at a bounded cost per key.

Textual's palette turns every hit a provider yields into a prompt and lays the whole list out
again every quarter second while a search runs: with thousands of hits that, not the
matching, was most of a key's cost. So a provider yields only its best `MOST_HITS` entries.
They are the entries the unbounded palette listed first, in the same order: the palette
sorts hits by score and keeps the providers' order among equal scores (a stable sort), so
each of its first `MOST_HITS` entries is among its own provider's best `MOST_HITS` by
(score, position in the provider's list).

What a list's search needs of its labels (folded case, where words start) is worked out once
per list: per position for the actions, once for the rules books. Key by key, a longer query
only looks at the entries the shorter one matched. The scores are Textual's (8.2's
`FuzzySearch`, held to it by tests/test_palette_search.py) worked out without trying every
way to place the query's letters (a long label with a common letter has thousands), and only
for entries that could still rank; Textual's matcher highlights the entries listed.
"""

from __future__ import annotations

import bisect
import heapq
import re
from collections.abc import Sequence
from typing import Any


#: How many entries one provider lists for a search: at 200x60 the palette shows about 20;
#: past this a player types more of the name rather than scroll.
MOST_HITS = 100

_WORD = re.compile(r"\w+")


class SearchKeys:
    """A list of palette labels and what scoring them needs, worked out once."""

    def __init__(self, labels: Sequence[str]) -> None:
        self.labels = list(labels)
        #: Textual's matcher scores a label folded, with its words' first letters found in
        #: the folded text.
        self.folded = [label.lower() for label in self.labels]
        self.word_starts = [frozenset(found.start() for found in _WORD.finditer(text)) for text in self.folded]
        #: The letters that start a word: only a query letter among them can land on one.
        self.start_letters = [
            frozenset(text[at] for at in starts) for text, starts in zip(self.folded, self.word_starts)
        ]


def in_order(letters: str, text: str) -> bool:
    """Whether `letters` occur in `text` in that order (Textual's matcher scores a label
    above 0 exactly when its folded query does so in the folded label)."""
    at = 0
    for letter in letters:
        at = text.find(letter, at) + 1
        if not at:
            return False
    return True


class RankedSearch:
    """One provider's searches while its palette is open: the best entries for each query,
    each key narrowing the entries the previous query matched."""

    def __init__(self) -> None:
        self._keys: SearchKeys | None = None
        self._query = ""
        self._matching: list[int] = []
        #: Labels whose letters had to be placed one by one (the query not whole in them),
        #: for tests that count the work a key costs.
        self.spread_scored = 0

    def matching(self, keys: SearchKeys, query: str) -> list[int]:
        """The entries whose folded labels hold the folded query's letters in order."""
        if keys is self._keys and self._query and query.startswith(self._query):
            pool: Sequence[int] = self._matching
        else:
            pool = range(len(keys.labels))
        folded = keys.folded
        found = [n for n in pool if in_order(query, folded[n])]
        self._keys, self._query, self._matching = keys, query, found
        return found

    def best(self, keys: SearchKeys, query: str, limit: int = MOST_HITS) -> list[tuple[float, int]]:
        """The best `limit` entries for `query` as (score, index), best first and, among
        equal scores, in list order: the order the palette gives them, by the scores
        Textual's matcher gives (`score`)."""
        query = query.lower()
        if not query:
            return []
        whole: list[tuple[float, int]] = []
        spread: list[tuple[float, int]] = []
        for n in self.matching(keys, query):
            if query in keys.folded[n]:
                whole.append((-whole_score(query, keys, n), n))
            else:
                spread.append((-spread_bound(query, keys, n), n))
        # Best first; among equal scores the earlier entry first (the palette's order).
        ranked = heapq.nsmallest(limit, whole)
        spread.sort()
        for negative_bound, n in spread:
            if len(ranked) >= limit and -negative_bound < -ranked[-1][0]:
                break  # neither this label nor any after it can outrank the last one kept
            self.spread_scored += 1
            found = spread_score(query, keys, n)
            if found > 0:
                bisect.insort(ranked, (-found, n))
                del ranked[limit:]
        return [(-negative, n) for negative, n in ranked]


# -- Textual's scores (textual.fuzzy.FuzzySearch, 8.2), worked out without trying every way
# to place the letters. tests/test_palette_search.py holds them to Textual's matcher.


def score(query: str, keys: SearchKeys, n: int) -> float:
    """What Textual's case-blind matcher scores label `n` for `query` (0: no match)."""
    query = query.lower()
    folded = keys.folded[n]
    if query in folded:
        return whole_score(query, keys, n)
    return spread_score(query, keys, n) if in_order(query, folded) else 0.0


def whole_score(query: str, keys: SearchKeys, n: int) -> float:
    """The query (folded) whole in the folded label: its first occurrence, one group, and
    the bonus for it (twice for the whole label)."""
    folded = keys.folded[n]
    at = folded.find(query)
    size = len(query)
    score: float = size + sum(1 for offset in keys.word_starts[n] if at <= offset < at + size)
    normalized_groups = (size - 0) / size
    score *= 1 + (normalized_groups * normalized_groups)
    return score * (2.0 if folded == query else 1.5)


def spread_score(query: str, keys: SearchKeys, n: int) -> float:
    """The best score over every way to place the query's letters in order where Textual's
    matcher looks for them: a score depends only on how many letters start a word and on
    how many breaks split them, so for each last offset it is enough to keep the most
    first letters per count of breaks."""
    folded = keys.folded[n]
    starts = keys.word_starts[n]
    places = _letter_places(query, folded)
    if places is None:
        return 0.0
    #: For each offset of the last letter placed: breaks so far -> most first letters.
    frontier: dict[int, dict[int, int]] = {offset: {0: offset in starts} for offset in places[0]}
    for offsets in places[1:]:
        following: dict[int, dict[int, int]] = {}
        for offset in offsets:
            gain = offset in starts
            reached: dict[int, int] = {}
            for before, by_breaks in frontier.items():
                if before >= offset:
                    continue
                step = 0 if offset == before + 1 else 1
                for breaks, firsts in by_breaks.items():
                    if reached.get(breaks + step, -1) < firsts + gain:
                        reached[breaks + step] = firsts + gain
            if reached:
                following[offset] = reached
        frontier = following
    size = len(query)
    best = 0.0
    for by_breaks in frontier.values():
        for breaks, firsts in by_breaks.items():
            score: float = size + firsts
            normalized_groups = (size - breaks) / size
            score *= 1 + (normalized_groups * normalized_groups)
            best = max(best, score)
    return best


def _letter_places(query: str, folded: str) -> list[list[int]] | None:
    """Where Textual's matcher tries each letter of the query: from just after the first
    place of the letter before, up to the first place near the end; None if one has none."""
    places: list[list[int]] = []
    position = 0
    for offset, letter in enumerate(query):
        last_index = len(folded) - offset
        found: list[int] = []
        index = position
        while (location := folded.find(letter, index)) != -1:
            found.append(location)
            index = location + 1
            if index >= last_index:
                break
        if not found:
            return None
        places.append(found)
        position = found[0] + 1
    return places


def spread_bound(query: str, keys: SearchKeys, n: int) -> float:
    """The most `spread_score` can be, cheaply: the query not whole in the label, its
    letters fall in at least two groups, and only a letter among those that start a word
    can land on a word's first letter (the same operations, so rounding keeps it a bound)."""
    size = len(query)
    letters = keys.start_letters[n]
    score: float = size + sum(1 for letter in query if letter in letters)
    normalized_groups = (size - 1) / size
    score *= 1 + (normalized_groups * normalized_groups)
    return score


class PaletteEntries:
    """A game screen's legal actions as the palette lists them, (text, action) pairs, for one
    position (the table drawn, the viewer, the journal's length), with their search keys
    (worked out at the first search)."""

    NONE: PaletteEntries

    def __init__(self, position: tuple[object, int | None, int], entries: list[tuple[str, Any]]) -> None:
        self.position = position
        self.entries = entries
        self._keys: SearchKeys | None = None

    def belongs_to(self, position: tuple[object, int | None, int]) -> bool:
        """Whether these are the entries of `position` (its table the very one drawn)."""
        table, viewer, length = self.position
        return table is position[0] and viewer == position[1] and length == position[2]

    @property
    def keys(self) -> SearchKeys:
        if self._keys is None:
            self._keys = SearchKeys([f"action: {text}" for text, _ in self.entries])
        return self._keys


PaletteEntries.NONE = PaletteEntries((None, None, 0), [])
