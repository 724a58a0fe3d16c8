"""Bonfire screen wording: the action list names what a High Council space gives the
novice placed there (its bonus for yours, but 1 point for Tom, who never takes a space's
bonus), and the footer names no Tom in a game that may have none."""

from __future__ import annotations

import pytest

from engines.bonfire import ENGINE, content
from engines.bonfire.actions import Council
from engines.bonfire.state import TOM, YOU, Pending
from tests.bonfire.helpers import edit, fresh
from tui.games import bonfire_labels


def council_label(who: int, source: str) -> str:
    s = edit(fresh(1))
    dawn = content.board().council[0]  # its bonus: 1 wild tile
    s.pending = [Pending("council", who, source, [sp.id for sp in content.board().council])]
    action = Council(dawn.id)
    return bonfire_labels.label(ENGINE.view(s, YOU), YOU, action, ENGINE.describe_action(action))


def test_your_novice_is_offered_the_spaces_bonus():
    assert council_label(YOU, "task") == "novice to the Seat of Dawn (1 wild tile)"


@pytest.mark.parametrize("source", ["tom", "neutral"])
def test_toms_novice_is_offered_his_one_point_not_the_spaces_bonus(source):
    assert council_label(TOM, source) == "novice to the Seat of Dawn (Tom gains 1 point)"


def test_the_keys_scrolling_the_block_beside_the_list_name_no_tom():
    """The same keys scroll Tom's block in solo and the other player's city with two
    players, who have no Tom: the footer names the block by its place."""
    from tui.games.bonfire import BonfireScreen

    told = {b.id: b.description for b in BonfireScreen.BINDINGS if b.id in ("bonfire.notes_up", "bonfire.notes_down")}
    assert len(told) == 2 and not any("Tom" in d for d in told.values())


def test_the_legends_example_task_shows_its_true_colour_and_points():
    from tui.games.bonfire_table_draw import legend_lines

    task = content.tasks()["mist-rite"]
    legend = "\n".join(legend_lines(compact=True))
    assert f"Mist Rite {task.colour[0]}{task.points}: {task.colour} task,\n{task.points} points" in legend


def test_the_high_council_heading_says_seven_novices_start_the_countdown():
    from tui.games.bonfire_table_draw import council_lines

    s = edit(fresh(1))
    s.council = ["tom"] * 3 + [""] * 9
    s.flat_neutral = [0]
    heading = council_lines(ENGINE.view(s, YOU))[0]
    assert heading == "HIGH COUNCIL (4 novices; 7 start the countdown)"


def test_finish_reads_as_ending_the_game_solo_and_as_taking_no_more_turns_with_two_players():
    from engines.bonfire.actions import Finish
    from tests.bonfire.helpers import fresh_two

    default = ENGINE.describe_action(Finish())
    solo = bonfire_labels.label(ENGINE.view(fresh(1), YOU), YOU, Finish(), default)
    assert "end the game" in solo
    s = fresh_two(1)
    two = bonfire_labels.label(ENGINE.view(s, s.current), s.current, Finish(), default)
    assert "no more turns" in two and "end the game" not in two


def test_finish_reads_as_ending_the_game_when_the_other_player_is_already_out():
    from engines.bonfire.actions import Finish
    from tests.bonfire.helpers import fresh_two

    s = edit(fresh_two(1))
    s.players[1 - s.current].out = True
    label = bonfire_labels.label(ENGINE.view(s, s.current), s.current, Finish(), ENGINE.describe_action(Finish()))
    assert "plays on" not in label and "the game ends" in label
