"""The seeded generator kept inside every game state.

States store only an int (`rng`); an engine wraps it in `Rng` while applying an action and
stores `rng.state` back into the new state. SplitMix64 is small, fast, and has no hidden
global state, so a game is fully described by options + seed + actions.
"""

from __future__ import annotations

import functools
import operator
import sys
from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
#: 2**-53: 53 random bits to a float in [0, 1).
_UNIT = 1.0 / float(1 << 53)


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


class Rng:
    """A SplitMix64 generator over an int state; cheap to create, never stored itself."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # next_u64 written out: every shuffle and draw of every game comes through here.
        limit = _SPAN - (_SPAN % n)
        state = self.state
        while True:
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    def between(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both included."""
        return low + self.below(high - low + 1)

    def die(self, sides: int = 6) -> int:
        return self.between(1, sides)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in random order (Fisher-Yates)."""
        result = list(items)
        if len(result) >= _PACKED_FROM and _LITTLE_ENDIAN:
            draws = _packed_draws(self.state, len(result))
            if draws is not None:  # not one draw was rejected: the state moved one step a draw
                for i, j in zip(range(len(result) - 1, 0, -1), draws):
                    result[i], result[j] = result[j], result[i]
                self.state = (self.state + (len(result) - 1) * _GOLDEN) & _MASK
                return result
        return self._shuffled_one_draw_at_a_time(result)

    def _shuffled_one_draw_at_a_time(self, result: list[T]) -> list[T]:
        """Fisher-Yates in place on `result`, each draw as `below` makes it."""
        state = self.state
        for i in range(len(result) - 1, 0, -1):
            # below(i + 1) written out (short lists and redraws come through here).
            n = i + 1
            limit = _SPAN - (_SPAN % n)
            while True:
                state = (state + _GOLDEN) & _MASK
                z = ((state ^ (state >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            result[i], result[j] = result[j], result[i]
        self.state = state
        return result

    def random(self) -> float:
        """A float in [0, 1)."""
        # next_u64 written out: a heuristic draws one for every legal action it weighs.
        self.state = state = (self.state + _GOLDEN) & _MASK
        z = ((state ^ (state >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return ((z ^ (z >> 31)) >> 11) * _UNIT


#: Lists this long or longer are shuffled from packed draws (shorter ones cost more so).
_PACKED_FROM = 6
_LITTLE_ENDIAN = sys.byteorder == "little"
#: Each draw's 64 bits sit in a 128-bit lane of one big int, so a product by a 64-bit
#: constant never carries into the next lane.
_LANE_BITS = 128


@functools.lru_cache(maxsize=64)
def _lanes(draws: int) -> tuple[int, int, int]:
    """For `draws` lanes: 1 in every lane, the golden step times the draw's number (1, 2,
    ...) in every lane, and the 64-bit mask in every lane."""
    # Built from bytes: a sum of shifted ints would take time quadratic in `draws`, and a
    # reshuffled discard pile can bring a new size now and then.
    lane_bytes = _LANE_BITS // 8
    ones = int.from_bytes((1).to_bytes(lane_bytes, "little") * draws, "little")
    steps = int.from_bytes(b"".join(k.to_bytes(lane_bytes, "little") for k in range(1, draws + 1)), "little")
    return ones, _GOLDEN * steps, _MASK * ones


def _packed_draws(state: int, size: int) -> Iterator[int] | None:
    """The `size - 1` indices a Fisher-Yates shuffle of `size` items draws from `state`
    (the first below `size`, the last below 2), or None when `below` would reject one of
    the raw draws (then the one-at-a-time shuffle, which draws again, must be used).

    SplitMix64 is worked out for every draw at once: its states are `state` plus 1, 2, ...
    golden steps, so each step of the mix is one operation on an int holding all of them
    (a game's set-up shuffles hundreds of cards; one at a time, each draw costs a dozen
    Python int operations). tests/test_core.py checks it against the plain algorithm."""
    draws = size - 1
    ones, steps, lanes = _lanes(draws)
    z = (state * ones + steps) & lanes
    z = ((z ^ (z >> 30)) & lanes) * _MIX1 & lanes
    z = ((z ^ (z >> 27)) & lanes) * _MIX2 & lanes
    z = (z ^ (z >> 31)) & lanes
    raw = memoryview(z.to_bytes(_LANE_BITS // 8 * draws, "little")).cast("Q")[::2].tolist()
    # `below(n)` rejects a draw only in the top `2**64 % n` values, and n <= size here.
    if max(raw) >= _SPAN - size:
        return None
    return map(operator.mod, raw, range(size, 1, -1))
