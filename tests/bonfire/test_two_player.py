"""Two players (two seats): the base game's two-player rules where solo changes them.

Setup (every difference from solo), turns in order, refusals out of turn, the end trigger
and each player's 5 countdown turns, a player who can do nothing, final scoring of both
cities and the tie-break, and what each seat may see.
"""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from engines.bonfire import ENGINE, content, scoring
from engines.bonfire.actions import Council, End, Fulfil, Keep, Pass, Sail, Swap
from engines.bonfire.processions import IN_BONFIRE
from engines.bonfire.state import BonfireState, Guardian, copy_state
from engines.core.errors import IllegalAction

SEEDS = range(12)


def two(seed: int = 1) -> BonfireState:
    return ENGINE.new_game(ENGINE.default_options(), 2, seed)


def set_up(seed: int = 1) -> BonfireState:
    """Both players kept their centre fate tile: the first turn of the start player."""
    s = two(seed)
    s = ENGINE.apply(s, s.current, Keep()).state
    return ENGINE.apply(s, s.current, Keep()).state


def act(s: BonfireState, *actions) -> BonfireState:
    for action in actions:
        s = ENGINE.apply(s, s.current, action).state
    return s


def end_turn(s: BonfireState) -> BonfireState:
    """End the current player's turn as if the action was taken."""
    s = copy_state(s)
    s.flags.main_done = True
    return act(s, End())


# -- setup ---------------------------------------------------------------------------------
def test_two_seats_give_two_full_cities_and_no_tom():
    s = two()
    assert s.seats == 2 and len(s.players) == 2
    assert s.tom_pile == [] and s.tom_card == ""
    for p in s.players:
        assert len(p.fate_column) == 7 and sum(1 for cell in p.grid if cell) == 3
        assert [len(stack) for stack in p.offerings] == [5, 5]
        assert all(b.novice and not b.task for b in p.bonfires) and len(p.bonfires) == 7
        assert p.resources == {r: 1 for r in content.RESOURCES}
        assert [g.colour for g in p.guardians] == ["own"] and p.novices == 0 and p.ship == -1


def test_solo_still_has_toms_board_and_pile():
    s = ENGINE.new_game(ENGINE.default_options(), 1, 1)
    assert len(s.tom_pile) == 8 and s.players[1].novices == 4 and s.players[1].fate_column == []


def test_two_player_tasks_are_twenty_from_all_colours_two_per_island_colours_free():
    same_colour_island = False
    colour_mixes = set()
    for seed in SEEDS:
        s = two(seed)
        dealt = []
        for island, here in zip(content.board().islands, s.islands):
            if island.kind == "task":
                assert len(here.tasks) == 2
                dealt += here.tasks
                colours = {content.tasks()[t].colour for t in here.tasks}
                same_colour_island |= len(colours) == 1
            else:
                assert here.guardians == 2 and here.tasks == []
        assert len(dealt) == len(set(dealt)) == 20
        colour_mixes.add(tuple(sorted(Counter(content.tasks()[t].colour for t in dealt).items())))
    assert same_colour_island, "the solo rule of two colours per island does not apply"
    assert len(colour_mixes) > 1, "the colour counts are not solo's fixed 7/7/6"


def test_two_player_gnome_pile_keeps_the_gold_specialists():
    gold = {g.id for g in content.gnomes().specialists if g.resource == content.GOLD}
    assert len(gold) == 3
    for seed in SEEDS[:3]:
        s = two(seed)
        assert set(s.specialists + s.gnome_pile) == {g.id for g in content.gnomes().specialists}
        solo = ENGINE.new_game(ENGINE.default_options(), 1, seed)
        assert not gold & set(solo.specialists + solo.gnome_pile)


def test_two_player_portals_are_dealt_at_random_so_two_alike_may_share_a_space():
    alike = False
    for seed in SEEDS:
        s = two(seed)
        assert all(len(space) == content.board().portals_per_space for space in s.great_bonfire)
        alike |= any(len(set(space)) < len(space) for space in s.great_bonfire)
        solo = ENGINE.new_game(ENGINE.default_options(), 1, seed)
        assert all(len(set(space)) == len(space) for space in solo.great_bonfire)
    assert alike


def test_the_building_extension_is_dealt_at_random_and_its_holder_sets_up_then_plays_first():
    starters = set()
    for seed in SEEDS:
        s = two(seed)
        starters.add(s.start)
        assert s.phase == "setup" and ENGINE.actors(s) == (s.start,)
        other = 1 - s.start
        s = ENGINE.apply(s, s.start, Swap()).state
        assert s.phase == "setup" and ENGINE.actors(s) == (other,)
        s = ENGINE.apply(s, other, Keep()).state
        assert s.phase == "turn" and ENGINE.actors(s) == (s.start,)
        for p in s.players:
            assert sum(p.tiles.values()) == 5 and p.tiles.get("wild") == 2
    assert starters == {0, 1}


# -- turns -----------------------------------------------------------------------------------
def test_players_alternate_turns_from_the_start_player():
    s = set_up(1)
    first = s.current
    seen = []
    for _ in range(4):
        seen.append(s.current)
        s = end_turn(s)
    assert seen == [first, 1 - first, first, 1 - first]
    assert s.phase == "turn" and s.turn == 5


def test_acting_out_of_turn_is_refused_with_whose_turn_it_is_and_changes_nothing():
    s = set_up(1)
    idle = 1 - s.current
    assert ENGINE.legal_actions(s, idle) == []
    before = msgspec.json.encode(s)
    legal = ENGINE.legal_actions(s, s.current)
    with pytest.raises(IllegalAction, match=f"It is Player {s.current + 1}'s turn"):
        ENGINE.apply(s, idle, legal[0])
    with pytest.raises(IllegalAction, match="chooses their centre fate tile"):
        ENGINE.apply(two(1), 1 - two(1).start, Keep())
    assert msgspec.json.encode(s) == before


def test_each_player_acts_on_their_own_city_and_the_log_names_them():
    s = set_up(1)
    who = s.current
    island = content.board().islands[0].id
    applied = ENGINE.apply(s, who, Sail(island))
    assert applied.state.players[who].ship == 0 and applied.state.players[1 - who].ship == -1
    assert applied.events[0].text.startswith(f"Player {who + 1} sails to ")


def test_a_novice_goes_to_the_council_marked_as_its_players():
    s = copy_state(set_up(1))
    who = s.current
    tid = next(t.id for t in content.tasks().values() if t.requirement.kind == "resources")
    task = content.tasks()[tid]
    s.players[who].bonfires[0].task = tid
    s.players[who].resources = {task.requirement.what: task.requirement.count}
    s = act(s, Fulfil(1))
    assert s.pending[0].who == who and ENGINE.actors(s) == (who,)
    space = content.board().council[3]  # a space worth points
    s = act(s, Council(space.id))
    assert s.council[3] == f"seat{who + 1}" and space.points
    assert s.players[who].track == {"High Council": space.points} and s.players[1 - who].track == {}


def test_the_first_player_to_fulfil_a_common_task_sends_its_neutral_novice_and_both_may_score_it():
    from engines.bonfire.actions import Common

    s = copy_state(set_up(1))
    first = s.current
    s.players[first].gnomes = s.gnome_pile[:3]
    s.players[1 - first].gnomes = s.gnome_pile[3:6]
    s = act(s, Common("gnome-moot"))
    assert s.pending[0].source == "common" and ENGINE.actors(s) == (first,)
    space = content.board().council[3]
    told = ENGINE.apply(s, first, Council(space.id)).events[0].text
    assert told.startswith(f"Player {first + 1} sends the neutral novice to the {space.name}: ")
    s = act(s, Council(space.id))
    assert s.council[3] == "neutral" and s.common_novices[3] is False
    assert s.players[first].track == {"High Council": space.points}, "the space's bonus goes to the player"
    s = end_turn(s)
    assert s.current == 1 - first
    s = act(s, Common("gnome-moot"))
    assert not s.pending and s.players[1 - first].common == ["gnome-moot"]
    for p in s.players:
        assert dict((line.label, line.points) for line in scoring.breakdown(p))["Common Tasks"] == 2


# -- the end -----------------------------------------------------------------------------------
def triggered_turn(seed: int = 1) -> BonfireState:
    """The current player's turn in which the 7th novice reaches the High Council."""
    s = copy_state(set_up(seed))
    s.council = ["neutral"] * 6 + [""] * (len(s.council) - 6)
    who = s.current
    tid = next(t.id for t in content.tasks().values() if t.requirement.kind == "resources")
    task = content.tasks()[tid]
    s.players[who].bonfires[0].task = tid
    s.players[who].resources = {task.requirement.what: task.requirement.count}
    s = act(s, Fulfil(1))
    return act(s, Council(content.board().council[6].id))


def test_the_seventh_novice_triggers_the_countdown_after_the_turn_under_way():
    s = triggered_turn()
    triggerer = s.current
    assert s.triggered and s.countdown == 0
    assert Pass() not in ENGINE.legal_actions(s, triggerer), "the triggering turn is not a countdown turn"
    s = act(s, End())
    assert s.current == 1 - triggerer and s.countdown == 1 and s.countdown_turns[s.current] == 1
    assert Pass() in ENGINE.legal_actions(s, s.current)


def test_each_player_gets_five_countdown_turns_then_the_game_ends():
    s = act(triggered_turn(), End())
    order, tiles = [], content.board().countdown
    while s.phase != "over":
        who, turn = s.current, s.countdown
        before = scoring.total(s.players[who])
        order.append((who, turn))
        told = ENGINE.apply(s, who, Pass()).events[0].text
        assert (
            told
            == f"Player {who + 1} passes and scores {tiles[turn - 1]} point{'s' if turn > 1 else ''} from countdown tile {turn}."
        )
        s = act(s, Pass())
        assert scoring.total(s.players[who]) == before + tiles[turn - 1], "a pass scores its countdown tile"
    first = order[0][0]
    assert order == [(first if k % 2 == 0 else 1 - first, k // 2 + 1) for k in range(10)]
    assert s.countdown_turns == [5, 5] and ENGINE.actors(s) == ()
    with pytest.raises(IllegalAction, match="over"):
        ENGINE.apply(s, 0, Pass())


def test_pass_is_only_for_the_countdown():
    s = set_up(1)
    with pytest.raises(IllegalAction, match="only during the countdown"):
        ENGINE.apply(s, s.current, Pass())


def test_a_player_with_nothing_left_is_out_and_the_other_plays_on():
    s = copy_state(set_up(1))
    out = s.current
    p = s.players[out]
    p.tiles, p.resources, p.fate_column = {}, {}, []
    assert [ENGINE.format_action(a) for a in ENGINE.legal_actions(s, out)] == ["finish"]
    s = act(s, ENGINE.legal_actions(s, out)[0])
    assert s.players[out].out and s.phase == "turn" and s.current == 1 - out
    s = end_turn(s)
    assert s.current == 1 - out, "the player who is out takes no more turns"
    q = s.players[1 - out]
    q.tiles, q.resources, q.fate_column = {}, {}, []
    s = act(s, ENGINE.legal_actions(s, 1 - out)[0])
    assert s.phase == "over"
    assert "had no action left" in ENGINE.outcome(s).reason


# -- scoring and the tie-break ----------------------------------------------------------------
def scored(points: tuple[int, int], lit: tuple[int, int] = (0, 0), guarded: tuple[int, int] = (0, 0)) -> BonfireState:
    """A finished game with the given lit bonfires and guardians in bonfires, then topped up
    with countdown points so the totals are `points`."""
    s = copy_state(set_up(1))
    cheap = sorted(content.tasks().values(), key=lambda t: t.points)
    for n, p in enumerate(s.players):
        for k in range(lit[n]):
            p.bonfires[k].task, p.bonfires[k].lit = cheap[k + 3 * n].id, True
        p.guardians = [Guardian("own", IN_BONFIRE + k + 1) for k in range(guarded[n])]
        p.track = {}
        missing = points[n] - scoring.total(p)
        assert missing >= 0
        p.track = {"Countdown passes": missing} if missing else {}
        assert scoring.total(p) == points[n]
    s.phase = "over"
    return s


def test_both_players_are_scored_in_full_and_the_higher_total_wins():
    s = scored((40, 31), lit=(2, 3))
    outcome = ENGINE.outcome(s)
    assert outcome.scores == [40, 31] and outcome.winners == [0] and outcome.rivals == []
    assert [line.label for line in outcome.breakdown[0]] == [line.label for line in scoring.breakdown(s.players[0])]
    assert sum(line.points for line in outcome.breakdown[1]) == 31
    assert outcome.reason == "Player 1 wins, 40 points to 31."


def test_a_tie_in_points_goes_to_more_lit_bonfires():
    outcome = ENGINE.outcome(scored((30, 30), lit=(1, 2)))
    assert outcome.winners == [1] and "settled by more lit bonfires" in outcome.reason


def test_then_to_more_guardians_in_bonfires():
    outcome = ENGINE.outcome(scored((30, 30), lit=(2, 2), guarded=(2, 1)))
    assert outcome.winners == [0] and "settled by more guardians in bonfires" in outcome.reason


def test_an_even_tie_break_is_a_shared_win():
    outcome = ENGINE.outcome(scored((30, 30), lit=(2, 2), guarded=(1, 1)))
    assert outcome.winners == [0, 1] and "shared win" in outcome.reason


# -- what each seat sees ----------------------------------------------------------------------
def test_both_cities_are_open_information_so_every_seat_sees_the_same_table():
    s = act(set_up(2), Sail(content.board().islands[3].id))
    views = [msgspec.json.encode(ENGINE.view(s, viewer)) for viewer in (None, 0, 1)]
    assert views[0] == views[1] == views[2]
    assert ENGINE.secrets(s) == {} and not ENGINE.info.flags.hidden_information
    view = ENGINE.view(s, 0)
    assert view.rng == 0 and all(set(pile) <= {"?"} for pile in view.path_piles)
    assert all(set(stack[:-1]) <= {"?"} for p in view.players for stack in p.offerings)


def test_the_rules_reference_has_a_two_player_section_and_notes_f1_opens_at_setup():
    from engines.core.rules import load_rules

    book = load_rules("bonfire")
    section = book.section("two-players")
    assert section is not None and "tie in points goes to" in section.body
    decisions = book.section("two-player-decisions")
    assert decisions is not None and "Tie-break" in decisions.body
    assert "--seats heuristic,random --games 200" in book.section("measured-win-rate").body
    assert ENGINE.summary(two(1), None).rules_topic == "two-players"


@pytest.mark.parametrize(
    "told, retold",
    [
        ("You sail to Mossback (1 ship tile).", "Player 2 sails to Mossback (1 ship tile)."),
        (
            "You take the amber guardian from Amber Rock; she waits on your Starting Tile.",
            "Player 2 takes the amber guardian from Amber Rock; she waits on their Starting Tile.",
        ),
        ("Your own guardian stays on the Starting Tile.", "Player 2's own guardian stays on the Starting Tile."),
        (
            "You place a fate tile (ship / path / gnome) and gain 1 ship tile and 2 path tiles.",
            "Player 2 places a fate tile (ship / path / gnome) and gains 1 ship tile and 2 path tiles.",
        ),
        (
            "You turn the Great Bonfire to the Ash Stair (1 tile) and take 1 path tile and 2 points.",
            "Player 2 turns the Great Bonfire to the Ash Stair (1 tile) and takes 1 path tile and 2 points.",
        ),
        (
            "You can take no action at all: your game is over (you take no more turns).",
            "Player 2 can take no action at all: their game is over (they take no more turns).",
        ),
    ],
)
def test_the_log_retells_each_action_about_the_player_who_took_it(told, retold):
    from engines.bonfire.state import third_person

    assert third_person(told, "Player 2") == retold
