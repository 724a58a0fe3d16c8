"""The Camp Grizzly determinizer (engines/camp_grizzly/determinize.py) rebuilds a state from
a seat's view, whose `public` facts replace the copy of the whole table it used to carry: a
sample is the real state but for what the seat cannot see, and the view tells nothing of that.
(tests/test_search_bots.py checks every determinizer's consistency from the registry.)"""

from __future__ import annotations

import msgspec
import pytest

from engines.camp_grizzly.engine import ENGINE
from engines.camp_grizzly.state import CampState
from engines.core.match import Match, SeatSpec
from engines.core.rng import Rng
from tests.camp_grizzly.rules_helpers import act, fresh


def _known(state: CampState, viewer: int) -> object:
    """`state` less what `viewer` cannot know: the decks' order, which '?' mini lies where,
    the generator, another player's peeked cards (and the order failed finales failed in,
    which no rule reads)."""
    choice = state.choice
    if choice is not None and choice.kind == "order" and state.counselors[choice.counselor].seat != viewer:
        choice = msgspec.structs.replace(choice, options=[])
    known = msgspec.structs.replace(
        state,
        rng=0,
        cabin_deck=sorted(state.cabin_deck),
        survival_deck=sorted(state.survival_deck),
        question_deck=sorted([*state.question_deck, *(mini for _, mini in state.questions)]),
        questions=[(cell, "") for cell, _ in state.questions],
        failed_finales=sorted(state.failed_finales),
        choice=choice,
    )
    return msgspec.to_builtins(known)


@pytest.mark.parametrize(("seats", "level", "seed"), [(2, "random", 2), (4, "random", 5), (3, "heuristic", 1)])
def test_a_sample_keeps_every_public_fact(seats: int, level: str, seed: int) -> None:
    """Along a whole seeded game, for every seat: the sample equals the real state in all a
    seat may know (discard piles, lasting effects, pending strikes, votes, finales, the turn's
    counters...), so the search plays on from the position the table is really in."""
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec(f"Bot {n}", "bot", level) for n in range(seats)], seed)
    rng = Rng(seed)
    checked = 0
    while (step := match.next_bot_or_auto()) is not None:
        state = match.state
        for seat in range(seats):
            view = ENGINE.view(state, seat)
            sample = ENGINE.determinize(view, seat, rng)
            assert _known(sample, seat) == _known(state, seat), f"step {len(match.journal)}, seat {seat}"
            checked += 1
        match.act(*step)
    assert checked > 100


def test_peeked_cards_stay_with_their_peeker():
    """A peek (Gut Feeling) at a two-player table: the peeker's sample keeps the peeked cards
    on top in the order seen; the other seat's view has no trace of them."""
    s = fresh(seats=2, bare=False)
    mitch = s.counselors["mitch"]
    if "gut_feeling" not in mitch.survival:  # swapped for one of Mitch's cards: every card stays in the game once
        holder = next((c for c in s.counselors.values() if "gut_feeling" in c.survival), None)
        if holder is None:
            s.survival_deck = [mitch.survival[0] if x == "gut_feeling" else x for x in s.survival_deck]
        else:
            holder.survival = [mitch.survival[0] if x == "gut_feeling" else x for x in holder.survival]
        mitch.survival = ["gut_feeling", *mitch.survival[1:]]
    s = act(s, "use MK gut_feeling").state
    assert s.choice is not None and s.choice.kind == "order", "Gut Feeling asks to put the cards back"
    peeker, seen = mitch.seat, list(s.choice.options)
    for n in range(5):
        sample = ENGINE.determinize(ENGINE.view(s, peeker), peeker, Rng(n))
        assert sample.cabin_deck[: len(seen)] == seen
    other = 1 - peeker
    other_view = ENGINE.view(s, other)
    assert other_view.public is not None and other_view.public.choice is not None
    assert other_view.public.choice.options == []
    reordered = msgspec.structs.replace(s, choice=msgspec.structs.replace(s.choice, options=seen[::-1]))
    assert ENGINE.view(reordered, other) == other_view


def test_the_view_tells_nothing_hidden():
    """Other deck orders, other '?' minis under the same spaces and another generator give
    every seat the same view: nothing of them travels with it (each remote Update, save
    listing and replay step carries the view)."""
    s = fresh(seats=2, bare=False)
    minis = [mini for _, mini in s.questions] + list(s.question_deck)
    shuffled = Rng(99).shuffled(minis)
    other = msgspec.structs.replace(
        s,
        rng=12345,
        cabin_deck=s.cabin_deck[::-1],
        survival_deck=s.survival_deck[::-1],
        questions=[(cell, shuffled[n]) for n, (cell, _) in enumerate(s.questions)],
        question_deck=shuffled[len(s.questions) :],
    )
    assert [mini for _, mini in other.questions] != [mini for _, mini in s.questions]
    for viewer in (0, 1, None):
        assert msgspec.json.encode(ENGINE.view(other, viewer)) == msgspec.json.encode(ENGINE.view(s, viewer))


def test_playing_on_from_a_sample_leaves_the_view_as_it_was():
    """A sample shares the view's pending strike, vote and finale as states share them with
    the next: playing on from it (as a search does) never changes the view."""
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec(f"Bot {n}", "bot", "random") for n in range(2)], 4)
    rng = Rng(4)
    while (step := match.next_bot_or_auto()) is not None:
        state = match.state
        seat = step[0] if step[0] >= 0 else 0
        view = ENGINE.view(state, seat)
        before = msgspec.json.encode(view)
        sample = ENGINE.determinize(view, seat, rng)
        actor = ENGINE.actors(sample)[0]
        action = ENGINE.auto_action(sample) if actor < 0 else ENGINE.legal_actions(sample, actor)[0]
        ENGINE.apply(sample, actor, action)
        assert msgspec.json.encode(view) == before
        match.act(*step)
