"""Tom at his limits: what he takes when a kind is nearly full, Special case 1 for every
action kind, the first use of the Great Bonfire, the next free bonfire space, his bonus
action once a neutral novice is gone, and the end of a solo game with no action left."""

from __future__ import annotations

from engines.bonfire import ENGINE, content
from engines.bonfire.actions import Council, Finish, Fulfil, GreatBonfire
from engines.bonfire.state import TOM, YOU, Bonfire, Guardian
from tests.bonfire.helpers import act, edit, fresh, tom_turn
from tests.bonfire.test_rules_tom import islands_of, toms_turn

COLOURS = ("amber", "jade", "violet", "pearl")


def specialists_showing(resource: str, exclude=()) -> list[str]:
    return [g.id for g in content.gnomes().specialists if g.resource == resource and g.id not in exclude]


def test_tom_gnome_takes_only_as_many_specialists_as_his_six_allow():
    s = toms_turn("gnome", "fruits")
    revealed = s.gnome_pile[0]
    fruits = specialists_showing("fruits", exclude=(revealed,))[:2]
    others = [g.id for g in content.gnomes().specialists if g.resource not in ("fruits", "gold")]
    s.specialists = fruits + others[:4]
    s.players[TOM].gnomes = others[4:9]  # 5 gnomes: room for one more
    s.gnome_pile = [revealed] + [g for g in s.gnome_pile[1:] if g not in s.specialists + s.players[TOM].gnomes]
    after = tom_turn(s)
    assert after.players[TOM].gnomes == others[4:9] + fruits[:1]
    assert fruits[1] in after.specialists


def test_tom_path_takes_only_as_many_tiles_as_his_six_allow():
    s = toms_turn("path", "shells")
    shells = [t.id for t in content.board().path_tiles if t.resource == "shells"][:2]
    others = [t.id for t in content.board().path_tiles if t.resource != "shells"]
    s.path_display = [shells[0], others[0], shells[1], others[1]]
    s.players[TOM].path = others[2:7]  # 5 path tiles: room for one more
    used = set(shells + others[:7])
    s.path_piles = [[t for t in pile if t not in used] for pile in s.path_piles]
    after = tom_turn(s)
    assert after.players[TOM].path == others[2:7] + shells[:1]
    assert shells[1] in after.path_display


def test_special_case_1_for_gnomes_when_he_has_six_and_the_common_task():
    s = toms_turn("gnome", "fruits")
    s.players[TOM].gnomes = [g.id for g in content.gnomes().specialists if g.resource in ("herbs", "roots")][:6]
    s.players[TOM].common = ["gnome-moot"]
    after = tom_turn(s)
    assert after.players[TOM].track == {"Special case 1": 3} and len(after.players[TOM].gnomes) == 6


def test_special_case_1_for_guardians_when_he_has_every_colour_and_the_common_task():
    s = toms_turn("guardian")
    s.players[TOM].guardians += [Guardian(c) for c in COLOURS]
    s.players[TOM].common = ["circle-of-keepers"]
    after = tom_turn(s)
    assert after.players[TOM].track == {"Special case 1": 3} and not after.pending


def test_special_case_1_for_the_great_bonfire_when_his_slots_are_full_and_the_common_task():
    s = toms_turn("great_bonfire")
    s.players[TOM].portals = list(content.board().board_portals["tom"])
    s.players[TOM].common = ["gate-wardens"]
    after = tom_turn(s)
    assert after.players[TOM].track == {"Special case 1": 3} and after.figure == s.figure


def test_special_case_1_for_tasks_when_his_bonfires_are_full_and_the_common_task():
    s = toms_turn("task_high", "herbs")
    held = [t for t in content.tasks() if all(t not in i.tasks for i in s.islands)][:7]
    s.players[TOM].bonfires = [Bonfire(task=t, lit=True, novice=False) for t in held]
    s.players[TOM].common = ["hearth-keepers"]
    before = [list(i.tasks) for i in s.islands]
    after = tom_turn(s)
    assert after.players[TOM].track == {"Special case 1": 3} and [i.tasks for i in after.islands] == before


def test_special_case_1_needs_the_common_task_done_as_well():
    s = toms_turn("guardian")
    s.players[TOM].guardians += [Guardian(c) for c in COLOURS]
    s.players[TOM].common = []
    after = tom_turn(s)
    assert after.players[TOM].track == {}


def test_tom_puts_a_task_on_his_next_free_bonfire_space():
    s = toms_turn("task_high", "herbs")
    a, b = islands_of("herbs")
    s.islands[a].tasks, s.islands[b].tasks = ["forge-vow"], []
    s.players[TOM].bonfires[0] = Bonfire(task="ember-rite", lit=True, novice=False)
    s.players[TOM].bonfires[1] = Bonfire(task="sun-song", lit=True, novice=False)
    after = tom_turn(s)
    assert after.players[TOM].bonfires[2].task == "forge-vow" and after.players[TOM].bonfires[2].lit


def test_tom_without_novices_takes_the_task_and_gains_no_point():
    s = toms_turn("task_high", "herbs")
    a, b = islands_of("herbs")
    s.islands[a].tasks, s.islands[b].tasks = ["forge-vow"], []
    s.players[TOM].novices = 0
    after = tom_turn(s)
    assert after.players[TOM].bonfires[0].task == "forge-vow"
    assert not after.pending and after.players[TOM].track == {} and after.phase == "turn"


def test_toms_great_bonfire_on_an_unused_figure_is_its_first_use():
    s = toms_turn("great_bonfire")
    wanted = content.board().board_portals["tom"][6]
    s.figure = -1
    s.great_bonfire = [["zz"] for _ in range(7)]
    s.great_bonfire[3] = [wanted]
    s.great_bonfire[5] = [wanted]
    after = tom_turn(s)
    assert after.figure == 3 and after.players[TOM].portals[6] == wanted
    # Afterwards your turn of the figure costs a tile a space: one space on costs 1 tile.
    you = edit(after)
    you.players[YOU].tiles = {"bonfire": 1}
    spaces = {a.space for a in ENGINE.legal_actions(you, YOU) if isinstance(a, GreatBonfire)}
    assert spaces == {content.board().great_bonfire[4].id}


def test_tom_meeting_a_common_task_whose_novice_is_gone_scores_it_later_but_sends_nobody():
    s = toms_turn("path", "shells")
    s.players[TOM].path = [t.id for t in content.board().path_tiles[:4]]  # meets Road of Light
    s.common_novices[0] = False  # you sent its neutral novice already
    after = tom_turn(s)
    assert not after.pending and after.players[TOM].track == {} and after.flat_neutral == []
    assert "road-of-light" in after.players[TOM].common


def test_solo_with_no_action_at_all_the_game_ends_at_once():
    s = edit(fresh(1))
    you = s.players[YOU]
    you.tiles, you.resources, you.fate_column = {}, {}, []
    assert [ENGINE.format_action(a) for a in ENGINE.legal_actions(s, YOU)] == ["finish"]
    after = act(s, Finish())
    assert ENGINE.is_over(after) and after.tom_card == ""


def test_a_space_holding_only_toms_flat_neutral_novice_stays_free_for_yours():
    s = edit(fresh(1))
    s.flat_neutral = [0]
    s.players[YOU].bonfires[0].task = "ember-rite"
    s.players[YOU].resources = {"flowers": 2}
    s = act(s, Fulfil(1))
    dawn = content.board().council[0]
    assert Council(dawn.id) in ENGINE.legal_actions(s, YOU)
    s = act(s, Council(dawn.id))
    assert s.council[0] == "you" and s.flat_neutral == [0]
