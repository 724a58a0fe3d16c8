"""Setting up a game of Bivouac: market copies, starting cards, supply, decks and piles."""

from __future__ import annotations

from msgspec.structs import replace

from engines.bivouac import content
from engines.bivouac.state import (
    MONEY_TOKENS,
    RESOURCE_SUPPLY,
    START_MONEY,
    BivouacOptions,
    BivouacState,
    OwnedActivity,
    Player,
)
from engines.core.rng import Rng, seed_state

UPGRADES_DEALT = 3


def copies(seats: int) -> int:
    """Each activity and amenity: 1 copy with two players, 2 with three or four."""
    return 1 if seats == 2 else 2


def new_game(options: BivouacOptions, seats: int, seed: int) -> BivouacState:
    rng = Rng(seed_state(seed))
    c = content.content()
    expansion = options.expansion
    activities = [a for a in c.activities if expansion or not a.expansion]
    amenities = [a for a in c.amenities if not a.starting and (expansion or not a.expansion)]
    market = {a.id: copies(seats) for a in activities}
    market.update({a.id: copies(seats) for a in amenities})

    # Drawn whatever the option says, so a game's cards do not depend on who starts.
    drawn_first = rng.below(seats)
    first = drawn_first if options.first_player == "draw" else int(options.first_player) - 1
    starters = rng.shuffled(sorted(a.id for a in c.activities if a.starting))
    players = []
    for seat in range(seats):
        market[starters[seat]] -= 1
        players.append(Player(activities=(OwnedActivity(starters[seat]),), amenities=("lodge",)))

    misfortunes = rng.shuffled([m.id for m in c.misfortunes if expansion or not m.expansion])
    piles = tuple(
        tuple(rng.shuffled([g.id for g in c.gifts if g.pile == pile and (expansion or not g.expansion)]))
        for pile in (1, 2, 3)
    )
    state = BivouacState(
        options=options,
        seats=seats,
        rng=0,
        round=1,
        phase="place",
        start=first,
        next_start=-1,
        actor=first,
        players=tuple(players),
        spots=tuple((loc.id, ()) for loc in c.locations),
        market=tuple(sorted(market.items())),
        supply=(RESOURCE_SUPPLY,) * len(c.resources),
        bank=MONEY_TOKENS - START_MONEY * seats,
        misfortune_deck=tuple(misfortunes),
        gift_piles=piles,
    )
    if expansion:
        state = _expansion_setup(state, rng)
    return replace(state, rng=rng.state)


def _expansion_setup(state: BivouacState, rng: Rng) -> BivouacState:
    c = content.content()
    starting = rng.shuffled(sorted(s.id for s in c.staff if s.starting))
    deck = rng.shuffled(sorted(s.id for s in c.staff if not s.starting))
    upgrades = rng.shuffled(sorted(u.id for u in c.upgrades))
    players = []
    for seat, player in enumerate(state.players):
        staff = starting[seat]
        dealt = UPGRADES_DEALT + content.staff()[staff].perk.extra_upgrades
        hand, upgrades = tuple(upgrades[:dealt]), upgrades[dealt:]
        players.append(replace(player, staff=(staff,), upgrade_hand=hand))
    # The upgrades left over go back to the box; the box is kept face down so an Activities
    # Director hired later can still be dealt its two.
    return replace(
        state,
        players=tuple(players),
        staff_deck=tuple(deck[3:]),
        staff_shown=tuple(deck[:3]),
        upgrade_deck=tuple(upgrades),
    )
