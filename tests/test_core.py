"""engines/core: the generator, grids, matches, undo, seats and rules books."""

from __future__ import annotations

import msgspec
import pytest

from engines.core.errors import BadOptions, IllegalAction
from engines.core.grid import chebyshev, components
from engines.core.match import Match, SeatSpec, parse_seats
from engines.core.rng import Rng, seed_state
from engines.core.rules import parse_rules, slug
from tests.fake_engine import ENGINE, Add, CountOptions, Roll

HUMANS = [SeatSpec("Ana"), SeatSpec("Bo")]


def test_generator_repeats_from_the_same_seed() -> None:
    a, b = Rng(seed_state(42)), Rng(seed_state(42))
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    assert Rng(seed_state(43)).below(10**9) != Rng(seed_state(42)).below(10**9)


def test_generator_values_stay_in_range_and_cover_it() -> None:
    rng = Rng(seed_state(1))
    rolls = [rng.die(6) for _ in range(600)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert sorted(rng.shuffled(range(20))) == list(range(20))
    assert all(0 <= rng.random() < 1 for _ in range(100))


def _splitmix_reference(state: int):
    """SplitMix64 and its unbiased bound, written out plainly: what every saved game's
    draws and shuffles were made with."""
    mask = (1 << 64) - 1

    def next_u64() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    def below(n: int) -> int:
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = next_u64()
            if value < limit:
                return value % n

    def shuffled(items) -> list:
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result

    return below, shuffled


def test_generator_draws_and_shuffles_exactly_as_the_plain_algorithm() -> None:
    # Bounds near 2**64 make the unbiased bound reject about half the draws.
    bounds = [1, 2, 6, 52, 1000, 2**63 + 5, 2**64 - 1]
    for seed in range(40):
        rng = Rng(seed_state(seed))
        below, shuffled = _splitmix_reference(seed_state(seed))
        for n in bounds:
            assert rng.below(n) == below(n)
        for size in (0, 1, 2, 5, 6, 7, 31, 254):
            assert rng.shuffled(range(size)) == shuffled(range(size))
        assert rng.below(2**64 - 3) == below(2**64 - 3), "the generator's state moved in step"
        twin = Rng(rng.state)
        for _ in range(50):  # random() is next_u64's top 53 bits over 2**53, written out
            assert rng.random() == (twin.next_u64() >> 11) / 2**53
        assert rng.state == twin.state


def _state_drawing(raw: int, draw: int) -> int:
    """A generator state whose `draw`-th next raw SplitMix64 output (1 = the next) is `raw`:
    the mix undone step by step."""
    mask = (1 << 64) - 1
    z = raw ^ (raw >> 31) ^ (raw >> 62)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask
    z ^= (z >> 27) ^ (z >> 54)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask
    z ^= (z >> 30) ^ (z >> 60)
    return (z - draw * 0x9E3779B97F4A7C15) & mask


def test_shuffles_redraw_a_rejected_draw_as_the_plain_algorithm() -> None:
    # `below(n)` rejects the raw draws from 2**64 - 2**64 % n up: the shuffle must draw
    # again there, shifting every later draw (packed draws cannot).
    for size, draw in ((9, 1), (10, 1), (30, 5), (254, 250)):
        bound = size - draw + 1
        for raw in ((1 << 64) - (1 << 64) % bound, (1 << 64) - 1):
            state = _state_drawing(raw, draw)
            below, shuffled = _splitmix_reference(state)
            rng = Rng(state)
            assert rng.shuffled(range(size)) == shuffled(range(size))
            assert rng.below(1000) == below(1000), "the generator's state moved in step"
    # Just under the values any bound up to the list's size could reject: no redraw.
    for size in (8, 31, 100):
        state = _state_drawing((1 << 64) - size - 1, size // 2)
        below, shuffled = _splitmix_reference(state)
        rng = Rng(state)
        assert rng.shuffled(range(size)) == shuffled(range(size))
        assert rng.below(1000) == below(1000)


def test_grid_components_join_only_orthogonal_neighbours() -> None:
    cells = [(0, 0), (0, 1), (1, 1), (2, 2), (3, 3), (3, 2)]
    assert components(cells) == [[(0, 0), (0, 1), (1, 1)], [(2, 2), (3, 2), (3, 3)]]
    assert chebyshev((0, 0), (3, 2)) == 3


def test_match_refuses_out_of_turn_and_changes_nothing() -> None:
    match = Match(ENGINE, CountOptions(), HUMANS, 5)
    with pytest.raises(IllegalAction, match="Bo"):
        match.act(1, Add(1))
    assert match.journal == []


def test_undo_takes_back_own_moves_only_within_the_turn() -> None:
    match = Match(ENGINE, CountOptions(), HUMANS, 5)
    match.act(0, Add(2))
    # The turn passed to Bo: Ana's move is no longer hers to take back.
    assert match.undoable(0) == 0
    with pytest.raises(IllegalAction):
        match.undo(0)


def test_undo_never_crosses_a_revelation() -> None:
    match = Match(ENGINE, CountOptions(), HUMANS, 5)
    match.act(0, Roll())
    assert match.undoable(0) == 1  # nothing revealed yet: the die has not rolled
    match.undo(0)
    assert match.journal == [] and match.log == []
    match.act(0, Roll())
    match.run_automatic()  # the die rolls: a revelation
    assert match.undoable(0) == 0


def test_replay_rebuilds_the_same_state_and_names_a_bad_entry() -> None:
    match = Match(ENGINE, CountOptions(), HUMANS, 9)
    for _ in range(3):
        match.act(match.actors()[0], Roll())
        match.run_automatic()
    again = Match.replay(ENGINE, CountOptions(), HUMANS, 9, match.journal)
    assert again.digest() == match.digest()
    bad = [*match.journal[:1], msgspec.structs.replace(match.journal[1], action="die 7")]
    with pytest.raises(IllegalAction, match="Action 2"):
        Match.replay(ENGINE, CountOptions(), HUMANS, 9, bad)


def test_seats_parse_from_text_and_bad_levels_are_refused() -> None:
    assert parse_seats("Ana:human,heuristic", ENGINE) == [
        SeatSpec("Ana"),
        SeatSpec("Normal bot 2", "bot", "heuristic"),
    ]
    with pytest.raises(BadOptions, match="Unknown seat kind 'genius'"):
        parse_seats("human,genius", ENGINE)
    with pytest.raises(BadOptions, match="1 to 4 players"):
        Match(ENGINE, CountOptions(), [SeatSpec("x")] * 5, 1)


def test_bots_repeat_their_choices_for_the_same_seed() -> None:
    seats = [SeatSpec("a", "bot", "random"), SeatSpec("b", "bot", "random")]
    first, second = Match(ENGINE, CountOptions(), seats, 3), Match(ENGINE, CountOptions(), seats, 3)
    first.run_automatic()
    second.run_automatic()
    assert first.journal == second.journal


def test_rules_book_sections_anchor_and_search() -> None:
    book = parse_rules("x", "# Game\n\n## Setup\nDeal cards.\n\n## Turn\n### Roll the die\nAdd it.\n")
    assert [s.anchor for s in book.sections] == ["setup", "turn", "roll-the-die"]
    assert book.section("Roll the die").body.strip() == "Add it."
    assert [s.anchor for s in book.search("die")] == ["roll-the-die"]
    assert [s.anchor for s in book.search("deal")] == ["setup"]
    assert slug("Adaptation notes") == "adaptation-notes"


def test_rules_book_ignores_hashes_inside_fenced_blocks() -> None:
    book = parse_rules("x", "# Game\n\n## Scoring\n```\n#  b1 b1 #\n## not a heading\n```\nDone.\n")
    assert [s.anchor for s in book.sections] == ["scoring"]
    assert "## not a heading" in book.sections[0].body


def test_rules_book_lists_glossary_terms_with_their_section() -> None:
    book = parse_rules("x", "# G\n\n## Tiles\n- **Leg** (`leg`): a limb.\n- **Fur**: hair.\n- plain bullet\n")
    assert [(term, s.anchor) for term, s in book.entries()] == [("Leg", "tiles"), ("Fur", "tiles")]


def test_packed_shuffles_match_the_plain_algorithm_at_every_size_and_extreme_states():
    """Sizes 0 to 70 (both sides of the packed cut-off), lists longer than any game's deck,
    and states at the ends of the range, where lanes and masks are most likely to slip."""
    top = (1 << 64) - 1
    golden = 0x9E3779B97F4A7C15
    states = [0, 1, top, top - golden + 1, (top - golden) & top, 1 << 63, seed_state(2**64 - 1), seed_state(2**63)]
    sizes = [*range(71), 127, 128, 129, 255, 256, 257, 1000, 4099]
    for state in states:
        for size in sizes:
            below, shuffled = _splitmix_reference(state)
            rng = Rng(state)
            assert rng.shuffled(range(size)) == shuffled(range(size)), (state, size)
            assert rng.below(997) == below(997), ("the state after", state, size)
    # A draw in the top values below() rejects, late in a long list: one redraw, every
    # draw after it shifted by one step.
    for size, draw in ((4099, 4000), (1000, 999), (257, 1)):
        bound = size - draw + 1
        state = _state_drawing((1 << 64) - (1 << 64) % bound, draw)
        below, shuffled = _splitmix_reference(state)
        rng = Rng(state)
        assert rng.shuffled(range(size)) == shuffled(range(size))
        assert rng.below(997) == below(997)
