"""Localization: pawns one at a time, one per square, king-move distance, ties share, exact doubles."""

from __future__ import annotations

from msgspec.structs import replace

from engines.bioviva.state import localization
from engines.bioviva.worldmap import cell_name
from tests.bioviva.helpers import ENGINE, act, challenge, refused, run

L = "l001"  # one answer point (Badwater Basin, Death Valley)
MULTI = "l009"  # several answer squares


def target(loc_id: str = L) -> tuple[int, int]:
    return localization(loc_id).answer_cells()[0]


def at(dr: int, dc: int, loc_id: str = L) -> str:
    r, c = target(loc_id)
    return cell_name(r + dr, c + dc)


def far(k: int) -> str:
    """Squares far away from the answer, distinct for each k."""
    r, c = target()
    return cell_name((r + 8) % 16, (c + 12 + k) % 32)


def test_pawns_go_down_one_at_a_time_starting_left_of_the_guide():
    state = challenge("localization", L, seats=3, guide=1)
    assert state.order == (2, 0, 1, 2, 0, 1)
    seen = []
    for k in range(6):
        (seat,) = ENGINE.actors(state)
        seen.append(seat)
        kind = "correct" if k < 3 else "decoy"
        state = act(state, seat, f"pawn {kind} {far(k)}")
    assert seen == [2, 0, 1, 2, 0, 1]


def test_a_player_chooses_which_pawn_goes_first():
    state = challenge("localization", L, seats=2)
    state = act(state, 1, f"pawn decoy {far(0)}")
    state = act(state, 0, f"pawn correct {far(1)}")
    assert [ENGINE.format_action(a).split()[1] for a in ENGINE.legal_actions(state, 1)][:1] == ["correct"]
    refused(state, 1, f"pawn decoy {far(2)}", "already on the map")


def test_placement_order_rotates_each_localization():
    state = challenge("localization", L, seats=3, guide=0)
    assert state.loc_start == 1
    # The next localization comes with the same guide (say, after the others' turns were
    # questions): the first placer still moves on.
    again = ENGINE.begin(replace(state, phase="roll"), "localization", "l002")
    assert again.order[0] == 2
    third = ENGINE.begin(replace(again, phase="roll", guide=2), "localization", "l003")
    assert third.order[0] == 0


def test_only_one_pawn_per_square_and_no_pushing():
    state = challenge("localization", L, seats=3, guide=0)
    state = act(state, 1, "pawn correct H4")
    refused(state, 2, "pawn correct H4", "Someone already has a pawn on H4.")
    state = run(state, (2, "pawn correct H5"), (0, "pawn correct H6"))
    refused(state, 1, "pawn decoy H4", "Your other pawn is already on H4")
    assert all(ENGINE.format_action(a).split()[-1] != "H4" for a in ENGINE.legal_actions(state, 1))


def test_only_its_owner_knows_which_pawn_is_which_until_the_reveal():
    state = challenge("localization", L, seats=2)
    state = run(state, (1, "pawn decoy H4"), (0, "pawn correct H6"))
    shown = {
        v: [(p.seat, p.kind, p.cell, p.counts) for p in ENGINE.view(state, v).challenge.pawns] for v in (None, 0, 1)
    }
    assert shown[None] == [(1, "", "H4", False), (0, "", "H6", False)]
    assert shown[0] == [(1, "", "H4", False), (0, "correct", "H6", True)]
    assert shown[1] == [(1, "decoy", "H4", False), (0, "", "H6", False)]
    assert ENGINE.summary(state, 0).status == "Player 2 places a pawn."
    assert ENGINE.summary(state, 1).status == "Player 2: place your correct-answer pawn ✓ on a free square."


def test_a_young_players_pawns_both_count_so_everyone_may_know_it():
    state = challenge("localization", L, seats=2, young=(2,))
    state = run(state, (1, "pawn decoy H4"))
    assert [(p.kind, p.counts) for p in ENGINE.view(state, 0).challenge.pawns] == [("", True)]


def test_the_reveal_turns_every_pawn_over():
    state = challenge("localization", L, seats=2)
    state = run(state, (1, "pawn decoy H4"), (0, "pawn correct H6"), (1, "pawn correct A1"), (0, "pawn decoy B2"))
    assert state.last.lines[0] == "Pawns turned over: Player 1 ✓ H6 ✗ B2; Player 2 ✗ H4 ✓ A1."


def test_closest_correct_pawn_wins_the_plus_card():
    state = challenge("localization", L, seats=3, guide=2, points=2)
    state = run(
        state,
        (0, f"pawn correct {at(1, 1)}"),
        (1, f"pawn correct {at(0, 3)}"),
        (2, f"pawn correct {at(2, 0)}"),
        (0, f"pawn decoy {far(0)}"),
        (1, f"pawn decoy {far(1)}"),
        (2, f"pawn decoy {far(2)}"),
    )
    assert state.last.distances == (1, 3, 2)
    assert state.last.winners == (0,) and state.scores == (2, 0, 0)


def test_distance_ties_share_the_points():
    state = challenge("localization", L, seats=3, guide=0, points=3)
    state = run(
        state,
        (1, f"pawn correct {at(-2, 1)}"),
        (2, f"pawn correct {at(2, -2)}"),
        (0, f"pawn correct {at(0, 4)}"),
        (1, f"pawn decoy {far(0)}"),
        (2, f"pawn decoy {far(1)}"),
        (0, f"pawn decoy {far(2)}"),
    )
    assert state.last.distances == (4, 2, 2)
    assert state.last.winners == (1, 2) and state.scores == (0, 3, 3)


def test_an_exact_hit_doubles_that_players_points():
    state = challenge("localization", L, seats=2, guide=1, points=2)
    state = run(
        state,
        (0, f"pawn correct {at(0, 0)}"),
        (1, f"pawn correct {at(1, 0)}"),
        (0, f"pawn decoy {far(0)}"),
        (1, f"pawn decoy {far(1)}"),
    )
    assert state.last.doubled == (0,) and state.scores == (4, 0)
    assert any("doubled" in line for line in state.last.lines)


def test_decoy_pawns_never_score():
    state = challenge("localization", L, seats=2, guide=1, points=1)
    state = run(
        state,
        (0, f"pawn decoy {at(0, 0)}"),
        (1, f"pawn correct {at(3, 3)}"),
        (0, f"pawn correct {far(0)}"),
        (1, f"pawn decoy {far(1)}"),
    )
    assert state.last.winners == (1,) and state.scores == (0, 1)


def test_distance_counts_king_moves_to_the_nearest_answer_square():
    cells = localization(MULTI).answer_cells()
    assert len(cells) > 1
    r, c = cells[1]
    state = challenge("localization", MULTI, seats=2, guide=1)
    near_second = cell_name(r - 2, c + 1)  # two king moves from the second answer square
    state = run(
        state,
        (0, f"pawn correct {near_second}"),
        (1, f"pawn correct {cell_name(0, 0)}"),
        (0, f"pawn decoy {cell_name(0, 1)}"),
        (1, f"pawn decoy {cell_name(0, 2)}"),
    )
    assert state.last.distances[0] == 2
    assert state.last.answer_cells == tuple(cell_name(*x) for x in cells)


def test_the_answer_is_hidden_until_every_pawn_is_down():
    import msgspec

    state = challenge("localization", L, seats=2)
    answer = cell_name(*target())
    view = msgspec.json.encode(ENGINE.view(state, 0)).decode()
    assert "answer_cells" not in view and "Badwater" not in view
    assert answer not in msgspec.json.encode(ENGINE.summary(state, None)).decode()


def test_squares_must_be_on_the_map():
    state = challenge("localization", L, seats=2)
    import pytest

    from engines.core.errors import IllegalAction

    for text in ("pawn correct Y4", "pawn correct A49", "pawn maybe A3"):
        with pytest.raises(IllegalAction):
            ENGINE.parse_action(state, 1, text)


def test_distances_do_not_wrap_from_the_last_column_to_the_first():
    """As on the paper map: a pawn in column 48 is far from an answer in column 4."""
    denali = "l015"
    ((r, c),) = localization(denali).answer_cells()
    assert c == 3  # column 4
    state = challenge("localization", denali, seats=2, guide=1)
    state = run(
        state,
        (0, f"pawn correct {cell_name(r, 47)}"),  # 4 squares away if the map wrapped round
        (1, f"pawn correct {cell_name(r, c + 10)}"),
        (0, f"pawn decoy {cell_name(r + 5, 20)}"),
        (1, f"pawn decoy {cell_name(r + 5, 21)}"),
    )
    assert state.last.distances == (44, 10)
    assert state.last.winners == (1,)


def test_the_guide_places_both_pawns_too_and_wins_like_anyone_else():
    """The rulebook has the guide take part in every challenge on the same footing: the
    guide places a correct-answer pawn and a decoy, and an exact hit doubles the guide's
    points as anyone's."""
    state = challenge("localization", L, seats=3, guide=1, points=2)
    assert sorted(state.order) == [0, 0, 1, 1, 2, 2]
    state = run(
        state,
        (2, f"pawn correct {at(2, 2)}"),
        (0, f"pawn correct {at(0, 3)}"),
        (1, f"pawn correct {at(0, 0)}"),
        (2, f"pawn decoy {far(0)}"),
        (0, f"pawn decoy {far(1)}"),
        (1, f"pawn decoy {far(2)}"),
    )
    assert state.last.distances == (3, 0, 2)
    assert state.last.winners == (1,) and state.last.doubled == (1,)
    assert state.scores == (0, 4, 0) and state.earned[1][1] == 4
