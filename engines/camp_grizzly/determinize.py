"""Camp Grizzly states a seat cannot tell from the one it sees, for the search bots.

Everything on the table is public in this co-operative game: the counselors' cards, the
map, the discard piles. Hidden are the order of the cabin and survival decks, which '?'
mini lies face down on which space, and the generator (every later die and shuffle). Only
the counselor who peeked knows the peeked cabin cards (Gut Feeling), while they are being
put back.

The view shows most of the table already (counselors, map, dice, deck sizes). Its `public`
field (`public_facts`) adds the few public facts the view does not spell out in a form a
state can be rebuilt from: the options, the discard piles, the '?' minis revealed so far,
the turn's counters, the lasting effects and pending decisions as the rules keep them.
`determinize` rebuilds the state from both and deals what is hidden from what is unseen:
each deck holds the cards of the game that are nowhere on the table (face up, in a hand,
set aside or discarded), the '?' pool the minis not yet revealed, in an order drawn with
the bot's generator, and the generator is reseeded from the bot's. The peeker's knowledge
of the deck top after putting the cards back is not kept (the view no longer says it):
samples then shuffle those cards too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Literal

import msgspec

from engines.camp_grizzly import content
from engines.camp_grizzly.actions import CampOptions
from engines.camp_grizzly.content import parse_label
from engines.camp_grizzly.state import (
    Boost,
    Cameo,
    CampState,
    Choice,
    Counselor,
    FinaleRun,
    Ground,
    Lasting,
    Offer,
    OtisMod,
    Panic,
    Strike,
    Vote,
)
from engines.core.rng import Rng

if TYPE_CHECKING:
    from engines.camp_grizzly.view import CampView, CounselorView


class CampPublic(msgspec.Struct, frozen=True, omit_defaults=True):
    """Public facts of the table that the rest of the view does not carry in a form the
    determinizer can read back (defaults left out of the encoding: most are empty most of
    the time)."""

    options: CampOptions
    active: int = 0  # index into the turn order (the view names the active counselor only in a turn)
    moves_left: int = 0
    turn_over: bool = False
    actions_this_turn: int = 0
    handled: tuple[str, ...] = ()
    horrified: tuple[int, ...] = ()  # own turn-ends still to pass, per counselor in turn order
    cameo_serial: int = 0
    cameo_uids: tuple[int, ...] = ()  # of the view's cameos, in their order
    key_supply: int = 0
    otis_mods: tuple[OtisMod, ...] = ()
    boosts: tuple[Boost, ...] = ()
    lasting: tuple[Lasting, ...] = ()
    cabin_discard: tuple[str, ...] = ()
    survival_discard: tuple[str, ...] = ()
    revealed: tuple[str, ...] = ()  # '?' minis out of the pool (revealed), sorted
    aside: tuple[str, ...] = ()
    strike: Strike | None = None
    strikes_queued: tuple[tuple[tuple[int, int], int], ...] = ()
    panic: Panic | None = None
    choice: Choice | None = None  # an order choice's peeked cards for their peeker only
    vote: Vote | None = None
    offer: Offer | None = None
    finale: FinaleRun | None = None
    turns: int = 0


def public_facts(state: CampState, viewer: int | None) -> CampPublic:
    """What `public` tells `viewer` about `state` (see the module's docstring)."""
    s = state
    # The '?' minis out of the pool: revealed and kept, set up as the First Aid Station, or
    # a surprise resolved. list.remove: a few microseconds (every view pays for this).
    revealed = list(_sorted_deck("question", s.options.surprises))
    for mini in s.question_deck:
        revealed.remove(mini)
    for _, mini in s.questions:
        revealed.remove(mini)
    choice = s.choice
    if choice is not None and choice.kind == "order" and viewer != s.counselors[choice.counselor].seat:
        choice = msgspec.structs.replace(choice, options=[])
    return CampPublic(
        options=s.options,
        active=s.active,
        moves_left=s.moves_left,
        turn_over=s.turn_over,
        actions_this_turn=s.actions_this_turn,
        handled=tuple(s.handled),
        horrified=tuple(s.counselors[cid].horrified for cid in s.order) if _any_horrified(s) else (),
        cameo_serial=s.cameo_serial,
        cameo_uids=tuple(cam.uid for cam in s.cameos),
        key_supply=s.key_supply,
        otis_mods=tuple(s.otis_mods),
        boosts=tuple(s.boosts),
        lasting=tuple(s.lasting),
        cabin_discard=tuple(s.cabin_discard),
        survival_discard=tuple(s.survival_discard),
        revealed=tuple(revealed),
        aside=tuple(s.aside),
        strike=s.strike,
        strikes_queued=tuple(s.strikes_queued),
        panic=s.panic,
        choice=choice,
        vote=s.vote,
        offer=s.offer,
        finale=s.finale,
        turns=s.turns,
    )


def _any_horrified(state: CampState) -> bool:
    return any(c.horrified for c in state.counselors.values())


def determinize(view: CampView, seat: int, rng: Rng) -> CampState:
    facts = view.public
    assert facts is not None, "every Camp Grizzly view carries its public facts"
    options = facts.options
    horrified = facts.horrified or (0,) * len(view.counselors)
    counselors = {cv.id: _counselor(cv, horrified[n]) for n, cv in enumerate(view.counselors)}
    questions: list[tuple[tuple[int, int], str]] = []
    ground: list[Ground] = []
    cameos: list[Cameo] = []
    for thing in view.things:
        if thing.kind == "question":
            questions.append((parse_label(thing.cell), ""))
        elif thing.kind in ("key", "objective", "item"):
            ground.append(Ground(parse_label(thing.cell), "card" if thing.kind == "item" else "mini", thing.id))
        elif thing.kind == "cameo":
            cameos.append(Cameo(thing.id, parse_label(thing.cell), facts.cameo_uids[len(cameos)]))
    state = CampState(
        options=options,
        seats=len({c.seat for c in counselors.values()}),
        rng=0,
        order=[cv.id for cv in view.counselors],
        counselors=counselors,
        stage=view.stage,  # type: ignore[arg-type]
        active=facts.active,
        round=view.round,
        moves_left=facts.moves_left,
        turn_over=facts.turn_over,
        actions_this_turn=facts.actions_this_turn,
        handled=list(facts.handled),
        cameo_serial=facts.cameo_serial,
        body_count=view.body_count,
        otis=parse_label(view.otis.cell) if view.otis.cell else None,
        otis_mods=list(facts.otis_mods),
        cabin_discard=list(facts.cabin_discard),
        survival_discard=list(facts.survival_discard),
        questions=questions,
        key_supply=facts.key_supply,
        locks=[parse_label(x) for x in view.locks],
        fires=[parse_label(x) for x in view.fires],
        first_aid=parse_label(view.first_aid) if view.first_aid else None,
        ground=ground,
        cameos=cameos,
        boosts=list(facts.boosts),
        lasting=list(facts.lasting),
        failed_finales=[site for site, _, failed in view.finale_sites if failed],
        strike=facts.strike,
        strikes_queued=list(facts.strikes_queued),
        panic=facts.panic,
        choice=facts.choice,
        vote=facts.vote,
        offer=facts.offer,
        aside=list(facts.aside),
        finale=facts.finale,
        hopeless=view.hopeless,
        dice=list(view.dice),
        last_stalk=list(view.stalk),
        result=view.result,
        end_reason=view.end_reason,
        turns=facts.turns,
    )
    # The pending decisions (strike, panic, vote, finale) are shared with the view as they
    # are between states: editable_copy copies them before the rules set a field.
    _deal_hidden(state, view, facts, rng)
    return state


def _deal_hidden(state: CampState, view: CampView, facts: CampPublic, rng: Rng) -> None:
    """The generator, from the bot's, and the decks and the face-down '?' minis, from what
    is nowhere on the table."""
    s = state
    s.rng = rng.next_u64()
    held_cabin: list[str] = [*s.cabin_discard, *s.aside, *(g.id for g in s.ground if g.kind == "card")]
    held_cabin += [cam.card for cam in s.cameos]
    held_survival: list[str] = list(s.survival_discard)
    for c in s.counselors.values():
        held_cabin += c.equipped + c.backpack + c.campers
        held_survival += c.survival + c.permanent
    unseen_cabin = _left("cabin", held_cabin)
    choice = s.choice
    if choice is not None and choice.kind == "order" and choice.options:
        # This seat peeked: those cards lie on top, in the order it saw them.
        rest = list(unseen_cabin)
        for card in choice.options:
            rest.remove(card)
        s.cabin_deck = [*choice.options, *rng.shuffled(rest)]
    else:
        s.cabin_deck = rng.shuffled(unseen_cabin)
        if choice is not None and choice.kind == "order":
            s.choice = msgspec.structs.replace(choice, options=s.cabin_deck[: choice.amount])
    s.survival_deck = rng.shuffled(_left("survival", held_survival))
    drawn = rng.shuffled(_left("question", facts.revealed, facts.options.surprises))
    s.questions = [(cell, drawn[n]) for n, (cell, _) in enumerate(s.questions)]
    s.question_deck = drawn[len(s.questions) :]
    assert len(s.cabin_deck) == view.cabin_deck, "every cabin card is in the deck or on the table"
    assert len(s.survival_deck) == view.survival_deck, "every survival card is in the deck or on the table"
    assert len(s.question_deck) == view.question_deck, "every '?' mini is in the pool, on the map or revealed"


@cache
def _sorted_deck(kind: Literal["cabin", "survival", "question"], surprises: bool = True) -> tuple[str, ...]:
    return tuple(sorted(content.deck(kind, surprises)))


@cache
def _copies(kind: Literal["cabin", "survival", "question"], surprises: bool = True) -> tuple[tuple[str, int], ...]:
    """(card, copies) of a full deck, sorted by card."""
    return tuple(sorted(Counter(content.deck(kind, surprises)).items()))


def _left(kind: Literal["cabin", "survival", "question"], seen: Iterable[str], surprises: bool = True) -> list[str]:
    """The cards of a full deck less one copy of each card in `seen`, sorted (so a sample
    depends on the bot's generator alone)."""
    out = Counter(seen).get
    left: list[str] = []
    for card, copies in _copies(kind, surprises):
        n = copies - out(card, 0)
        if n == 1:
            left.append(card)
        elif n:
            left += [card] * n
    return left


def _counselor(cv: CounselorView, horrified: int) -> Counselor:
    return Counselor(
        id=cv.id,
        seat=cv.seat,
        cell=parse_label(cv.cell) if cv.cell else None,
        injuries=cv.injuries,
        dead=cv.where == "dead",
        woods=cv.where == "woods",
        escaped=cv.where == "escaped",
        horrified=horrified,
        equipped=list(cv.equipped),
        backpack=list(cv.backpack),
        survival=list(cv.survival),
        permanent=list(cv.permanent),
        objectives=list(cv.objectives),
        campers=list(cv.campers),
    )
