"""Camp Grizzly states a seat cannot tell from the one it sees, for the search bots.

Everything on the table is public in this co-operative game: the counselors' cards, the
map, the discard piles. Hidden are the order of the cabin and survival decks, which '?'
mini lies face down on which space, and the generator (every later die and shuffle). Only
the counselor who peeked knows the peeked cabin cards (Gut Feeling), while they are being
put back.

The view carries `table`, the state as the viewer may know it (`public_table`): the decks
sorted (their contents follow from the cards in the game and the table; their order is
hidden), the face-down minis pooled with the question deck, the generator blanked and
others' peeked cards left out. `determinize` deals that back into a complete state with
the bot's generator. The peeker's knowledge of the deck top after putting the cards back
is not kept (the view no longer says it): samples then shuffle those cards too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from engines.camp_grizzly.state import CampState, editable_copy
from engines.core.rng import Rng

if TYPE_CHECKING:
    from engines.camp_grizzly.view import CampView


def public_table(state: CampState, viewer: int | None) -> CampState:
    """The state with what `viewer` cannot know blanked or put in a canonical order."""
    table = editable_copy(state)
    table.rng = 0
    table.cabin_deck = sorted(state.cabin_deck)
    table.survival_deck = sorted(state.survival_deck)
    table.question_deck = sorted([*state.question_deck, *(mini for _, mini in state.questions)])
    table.questions = [(cell, "") for cell, _ in state.questions]
    choice = state.choice
    if choice is not None and choice.kind == "order" and viewer != state.counselors[choice.counselor].seat:
        table.choice = msgspec.structs.replace(choice, options=[])
    return table


def determinize(view: CampView, seat: int, rng: Rng) -> CampState:
    table = view.table
    assert table is not None, "every Camp Grizzly view carries its public table"
    state = editable_copy(table)
    state.rng = rng.next_u64()
    choice = table.choice
    if choice is not None and choice.kind == "order" and choice.options:
        # This seat peeked: those cards lie on top, in the order it saw them.
        rest = list(table.cabin_deck)
        for card in choice.options:
            rest.remove(card)
        state.cabin_deck = [*choice.options, *rng.shuffled(rest)]
    else:
        state.cabin_deck = rng.shuffled(table.cabin_deck)
        if choice is not None and choice.kind == "order":
            state.choice = msgspec.structs.replace(choice, options=state.cabin_deck[: choice.amount])
    state.survival_deck = rng.shuffled(table.survival_deck)
    pool = rng.shuffled(table.question_deck)
    state.questions = [(cell, pool[n]) for n, (cell, _) in enumerate(table.questions)]
    state.question_deck = pool[len(table.questions) :]
    return state
