"""The content values the rules' "Adaptation notes" state, checked against the data: the
Tom deck, task points and counts, the gold Specialists, the Great Bonfire's rewards, the
Common Tasks, the High Council, the countdown and the scoring values; and the Gatekeeper's
free procession, which a Walker does not lengthen."""

from __future__ import annotations

from collections import Counter

from engines.bonfire import content
from engines.bonfire.actions import TakeGuardian
from engines.bonfire.state import YOU
from tests.bonfire.helpers import act, edit, fresh, island, texts


def test_the_tom_deck_is_gnome_1_path_2_task_i_1_task_ii_2_guardian_1_great_bonfire_1():
    cards = content.board().tom_cards
    assert Counter(c.action for c in cards) == {
        "gnome": 1,
        "path": 2,
        "task_high": 1,
        "task_low": 2,
        "guardian": 1,
        "great_bonfire": 1,
    }
    assert {c.action for c in cards if c.reveal} == {"gnome", "path", "task_high", "task_low"}


def test_tasks_score_2_3_4_5_6_7_by_difficulty_and_each_colour_has_8_7_7():
    tasks = content.tasks().values()
    points = {1: {2, 3}, 2: {4, 5}, 3: {6, 7}}
    assert all(t.points in points[t.difficulty] for t in tasks)
    for colour in ("blue", "red", "yellow"):
        assert Counter(t.difficulty for t in tasks if t.colour == colour) == {1: 8, 2: 7, 3: 7}


def test_the_gold_specialists_are_the_hoarder_the_map_reader_and_the_second_friend():
    gold = {g.name for g in content.gnomes().specialists if g.resource == content.GOLD}
    assert gold == {"Hoarder", "Map Reader", "Second Friend"}


def test_great_bonfire_spaces_never_give_great_bonfire_or_wild_tiles():
    assert not {space.tile for space in content.board().great_bonfire} & {"bonfire", content.WILD}


def test_common_tasks_high_council_countdown_and_scoring_values():
    board = content.board()
    assert {(t.kind, t.count) for t in board.common_tasks} == {
        ("paths", 4),
        ("guardians", 3),
        ("portals", 4),
        ("gnomes", 3),
        ("lit", 3),
    }
    assert len(board.council) == 12 and board.end_trigger == 7
    assert list(board.countdown) == [1, 2, 3, 4, 5]
    values = board.scoring
    assert (values.guardian_in_bonfire, values.portal_at_lit_bonfire, values.crystal_match, values.common_task) == (
        2,
        2,
        2,
        2,
    )


def test_a_walker_adds_no_step_to_the_gatekeepers_free_procession():
    s = edit(fresh(1))
    p = s.players[YOU]
    p.gnomes = ["gatekeeper", "swift-walker"]
    p.ship, p.tiles, p.resources = island("amber-rock"), {"island": 1}, {"gold": 3}
    p.path = [t.id for t in content.board().path_tiles[:3]]
    s = act(s, TakeGuardian(1))
    # both wait on the Starting Tile (you choose who goes first); one step each, not two
    assert set(texts(s)) == {"walk own stay", "walk own p1", "walk amber stay", "walk amber p1"}
