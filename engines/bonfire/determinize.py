"""Bonfire states a seat cannot tell from the one it sees, for the search bots.

Every city, every island, the displays, the Great Bonfire, the High Council and the
discard piles are on the table, in solo and with two players alike: a seat's view is the
whole state with four things hidden (view.redacted), each seat seeing the same.

- the order of the two face-down path piles, and which tiles lie in which: drawn from the
  path tiles in no city and not on display;
- the order of the Gnome Pile: the Specialists of this game (solo leaves out the gold
  ones) nowhere on the table;
- the order of the Tom Pile (solo): the Tom cards not in his discard pile;
- each city's offerings under the top one of each stack: drawn from the city's ten (two
  of each plain resource) less the tops on show;
- and the generator, which decides every later shuffle: reseeded from the bot's.

Known gaps, because the view (whose form the identity digests pin) does not carry them:
which offerings a city has already left on islands (told in the log; a sample takes the
hidden ones as if any of the rest could be among them), and where the tiles of an
all-one-colour redraw went under the piles (told on the table; drawn here as unseen).
"""

from __future__ import annotations

from collections import Counter

import msgspec

from engines.bonfire import content
from engines.bonfire.state import BonfireState, Player, is_solo
from engines.core.rng import Rng

#: What view.redacted puts in place of a hidden card or tile.
HIDDEN = "?"


def determinize(view: BonfireState, seat: int, rng: Rng) -> BonfireState:
    board = content.board()
    on_table = set(view.path_display)
    for p in view.players:
        on_table.update(p.path)
    unseen_paths = rng.shuffled([t.id for t in board.path_tiles if t.id not in on_table])
    piles: list[list[str]] = []
    for pile in view.path_piles:
        piles.append(unseen_paths[: len(pile)])
        unseen_paths = unseen_paths[len(pile) :]
    assert not unseen_paths, "every path tile is on the table or in a pile"

    in_play = [g.id for g in content.gnomes().specialists if not is_solo(view) or g.resource != content.GOLD]
    placed = set(view.specialists) | set(view.gnome_discard)
    for p in view.players:
        placed.update(p.gnomes)
    gnome_pile = rng.shuffled([g for g in in_play if g not in placed])
    assert len(gnome_pile) == len(view.gnome_pile), "every Specialist is on the table or in the Gnome Pile"

    tom_pile: list[str] = []
    if view.tom_pile:
        discarded = Counter(view.tom_discard)
        tom_pile = rng.shuffled([c.id for c in board.tom_cards if not _take(discarded, c.id)])
        assert len(tom_pile) == len(view.tom_pile), "every Tom card is in his pile or his discard pile"

    return msgspec.structs.replace(
        view,
        rng=rng.next_u64(),
        players=[_with_offerings(p, rng) for p in view.players],
        path_piles=piles,
        gnome_pile=gnome_pile,
        tom_pile=tom_pile,
    )


def _take(counts: Counter[str], item: str) -> bool:
    """Whether `counts` still holds `item`, taking one away when it does."""
    if counts[item]:
        counts[item] -= 1
        return True
    return False


def _with_offerings(p: Player, rng: Rng) -> Player:
    """`p` with the offerings under each stack's top drawn from the city's ten less the
    tops on show (Tom's board has none)."""
    hidden = sum(stack.count(HIDDEN) for stack in p.offerings)
    if not hidden:
        return p
    left = Counter({r: 2 for r in content.PLAIN_RESOURCES})
    for stack in p.offerings:
        if stack:
            left[stack[-1]] -= 1
    drawn = rng.shuffled(sorted(left.elements()))
    stacks = []
    for stack in p.offerings:
        under = len(stack) - 1 if stack else 0
        stacks.append([*drawn[:under], *stack[-1:]])
        drawn = drawn[under:]
    return msgspec.structs.replace(p, offerings=stacks)
