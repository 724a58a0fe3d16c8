"""The end of the turn and of the game: the refill of the forest (and of the bag from the
discards), the foreman role passing, and the game's end (a complete dam, nobody able to
add anything, the timber run out)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from engines.bivi.actions import Discard
from engines.bivi import ENGINE
from tests.bivi.helpers import ALMOST_FULL, act, position, refused, start, to_next_turn


def test_refill_tops_up_only_empty_sides_and_passes_the_foreman():
    state = start()
    before = state.forest
    after = to_next_turn(state)
    assert after.turn == 2 and after.foreman == 1 and after.phase == "foreman"
    assert len(after.forest[0]) == 2 and after.forest[1] == before[1] and after.forest[3] == before[3]


def test_two_players_opposite_side_keeps_its_last_tile_until_empty():
    state = start()
    taken_side = state.forest[2]
    after = to_next_turn(state)
    assert len(after.forest[2]) == 1 and after.forest[2][0] in taken_side
    left = after.forest[2][0]
    # next turn the new foreman (player 2) picks N: player 1 must take from S, its last tile
    nxt = act(after, 1, "cube N").state
    assert nxt.phase == "take" and nxt.actor == 0
    assert [ENGINE.format_action(a) for a in ENGINE.legal_actions(nxt, 0)] == [f"take S {left}"]
    refused(nxt, 0, f"take E {nxt.forest[1][0]}", "opposite")
    nxt = act(nxt, 0, f"take S {left}").state
    done = to_next_turn(nxt)
    # the emptied sides (N and S) are refilled to 2 from the bag; E and W keep theirs
    assert done.turn == 3 and len(done.forest[0]) == 2 and len(done.forest[2]) == 2
    assert set(done.forest[0] + done.forest[2]) <= set(after.bag)
    assert done.forest[1] == after.forest[1] and done.forest[3] == after.forest[3]


def test_the_bag_is_refilled_from_the_discards():
    from tests.bivi.test_bivi_playouts import check_invariants

    base = start()
    last, *rest = base.bag  # one tile left in the bag, the rest discarded earlier
    state = replace(base, bag=(last,), discard=tuple(rest))
    check_invariants(state)
    north = state.forest[0]
    applied = None
    while state.turn == 1:
        legal = ENGINE.legal_actions(state, state.actor)
        action = (
            legal[-1]
            if state.phase == "end"
            else next((a for a in legal if ENGINE.format_action(a) == "cube N"), None)
            or next((a for a in legal if isinstance(a, Discard)), legal[0])
        )
        applied = ENGINE.apply(state, state.actor, action)
        state = applied.state
    check_invariants(state)
    assert applied.reveals
    assert "shuffled back" in " ".join(e.text for e in applied.events)
    # the north side was emptied: it gets the bag's last tile, then one from the reshuffled
    # discards (the earlier discards, the north pair and the tile player 2 discarded)
    assert len(state.forest[0]) == 2 and state.forest[0][0] == last
    assert state.forest[0][1] in set(rest) | set(north) | set(base.forest[2])
    assert len(state.bag) == len(rest) + len(north) and state.discard == ()  # +1 discarded, -1 drawn


@pytest.mark.parametrize("seats, order", [(2, [0, 1, 0]), (3, [0, 2, 1, 0]), (4, [0, 3, 2, 1, 0])])
def test_the_foreman_role_passes_counter_clockwise(seats, order):
    state = start(seats=seats)
    seen = [state.foreman]
    for _ in range(seats):
        state = to_next_turn(state, cube=True)
        seen.append(state.foreman)
    assert seen == order


def test_the_game_ends_only_at_the_end_of_a_turn_with_a_complete_dam():
    state = position(start(), rivers={0: ALMOST_FULL}, beavers={0: None}, cubes={0: 1, 1: 1})
    state = act(state, 0, "cube N").state
    state = act(state, 1, f"take S {state.forest[2][0]}").state
    state = act(state, 1, "discard").state
    state = act(state, 0, "cube-at 7,7").state  # the dam is now complete...
    assert state.phase == "end" and state.actor == 1 and not ENGINE.is_over(state)
    applied = act(state, 1, "no-cube")  # ...and the turn ends here
    assert ENGINE.is_over(applied.state) and ENGINE.actors(applied.state) == ()
    assert applied.state.end_reason == "Player 1 completed their dam"


def pass_whole_turn(state):
    """The probe scenario: the foreman discards a side for a cube, everyone else discards,
    nobody places a cube."""
    sides = [s for s in "NESW" if state.forest["NESW".index(s)]]
    state = act(state, state.actor, f"cube {sides[0]}").state
    while state.phase not in ("foreman", "over"):
        if state.phase == "take":
            action = ENGINE.legal_actions(state, state.actor)[0]
        elif state.phase == "hand":
            action = Discard()
        else:
            action = ENGINE.parse_action(state, state.actor, "no-cube")
        state = ENGINE.apply(state, state.actor, action).state
    return state


def test_players_may_pass_for_whole_rounds_while_they_could_still_build():
    # hoarding cubes (the first tie-break) is legitimate: passing rounds never end the game
    state = start()
    for _ in range(4):
        state = pass_whole_turn(state)
        assert not ENGINE.is_over(state), state.end_reason
    assert state.turn == 5 and state.idle_turns == 4
    assert sum(p.cubes for p in state.players) > 2 * 4  # cubes piled up in the stocks


# Every cell of the river is taken but one below the bank, which only a cube could fill.
STUCK = ALMOST_FULL.replace(
    "_ . . . . . . . . . _\n_ . . . . . . . . . _\n_ . . . . . . . . . _",
    "_ c c c c c c c c c _\n_ c c c c c c c c c _\n_ c c c c c c c c c _",
)


def test_the_game_ends_when_nobody_can_ever_add_anything():
    stuck = position(start(), rivers={0: STUCK, 1: STUCK}, cubes={0: 0, 1: 0}, supply=0)
    state = to_next_turn(stuck)  # one turn without a placement: not yet a whole round
    assert not ENGINE.is_over(state)
    state = to_next_turn(state)
    assert ENGINE.is_over(state) and state.end_reason == "nobody can add anything to their dam any more"


def test_a_single_cube_anywhere_keeps_a_stuck_looking_game_going():
    # the last hole takes a cube, and one cube is still loose (in player 2's stock)
    state = position(start(), rivers={0: STUCK, 1: STUCK}, cubes={0: 0, 1: 1}, supply=0, idle_turns=5)
    state = to_next_turn(state)
    assert not ENGINE.is_over(state)


def test_timber_that_fits_keeps_the_game_going_even_if_the_forest_offers_none_now():
    # no cube is loose; only a 2-cell log fits (under player 2's beaver, on b12), and the
    # forest holds none
    gap = STUCK.replace("# # # c c c c . # # #", "# # # c c c . . # # #")
    gap = gap.replace("# # c c c c c c c # #", "# # c c c c . c c # #", 1)
    gap = gap.replace("# # c c c c c c c # #", "# # c c c c b12 b12 c # #", 1)
    from engines.bivi import content

    logs = [t for t in range(1, 67) if content.tile(t).shape == "I2"]
    base = position(start(), beavers={1: (5, 6)})
    rest = [t for t in base.bag + tuple(x for side in base.forest for x in side) if t not in logs and t != 12]
    bag = tuple(t for t in base.bag if t in logs)
    forest = (tuple(rest[0:2]), tuple(rest[2:4]), tuple(rest[4:6]), tuple(rest[6:8]))
    state = position(
        base,
        rivers={0: STUCK, 1: gap},
        cubes={0: 0, 1: 0},
        supply=0,
        idle_turns=5,
        forest=forest,
        bag=bag,
        discard=tuple(rest[8:]),
    )
    after = to_next_turn(state)
    assert not ENGINE.is_over(after)
    no_logs = replace(state, bag=(), discard=tuple(rest[8:]) + bag)
    assert not ENGINE.is_over(to_next_turn(no_logs))  # a log can still come back from the discards
    gone = position(state, rivers={1: STUCK}, beavers={1: None}, banks={1: "left"})
    assert ENGINE.is_over(to_next_turn(gone))


def test_sides_stay_short_when_the_bag_and_the_discards_run_dry():
    # one tile left in the bag and nothing discarded: of the two emptied sides, the first in
    # N, E, S, W order gets the last tile and the other stays empty
    base = start()
    state = replace(base, forest=((1,), (), (2,), (4,)), bag=(3,), discard=())
    while state.turn == 1:
        legal = ENGINE.legal_actions(state, state.actor)
        state = ENGINE.apply(state, state.actor, legal[-1] if state.phase == "end" else legal[0]).state
    assert state.phase == "foreman" and state.discard == () and state.bag == ()
    assert state.forest == ((3,), (), (), (4,))


def test_the_game_ends_when_the_timber_runs_out():
    state = start()
    state = replace(state, bag=(), discard=(), forest=((), state.forest[1], (), ()), players=state.players)
    # the foreman discards the last side; the other side opposite is empty too
    after = act(state, 0, "cube E").state
    while not ENGINE.is_over(after):
        after = ENGINE.apply(after, after.actor, ENGINE.legal_actions(after, after.actor)[0]).state
    assert after.end_reason == "the timber ran out"
