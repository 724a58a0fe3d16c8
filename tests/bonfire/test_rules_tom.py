"""Tom: each action of the solo page, the choices he leaves to you, his bonus action,
Special cases 1 and 2, and the reshuffles."""

from __future__ import annotations

from engines.bonfire import ENGINE, content
from engines.bonfire.actions import Council, End, TomGuardian, TomTask
from engines.bonfire.state import TOM, YOU, Guardian
from engines.core.protocol import AUTO
from engines.bonfire.actions import Fate
from tests.bonfire.helpers import act, after_your_turn, edit, fresh, texts, tom_turn


def card(action: str) -> str:
    return next(c.id for c in content.board().tom_cards if c.action == action)


def gnome_showing(resource: str, exclude=()) -> str:
    return next(s.id for s in content.gnomes().specialists if s.resource == resource and s.id not in exclude)


def toms_turn(action: str, resource: str = "herbs", seed: int = 1):
    """Your turn ended; Tom's pile starts with the card for `action` and the Gnome Pile
    with a gnome showing `resource`."""
    s = edit(after_your_turn(seed))
    s.tom_pile = [card(action)] + [c for c in s.tom_pile if c != card(action)]
    g = gnome_showing(resource, exclude=s.specialists)
    s.gnome_pile = [g] + [x for x in s.gnome_pile if x != g]
    return s


def test_tom_acts_after_each_of_your_turns():
    s = edit(fresh(1))
    s.players[YOU].tiles = {}
    s = act(s, next(a for a in ENGINE.legal_actions(s, YOU) if isinstance(a, Fate)))
    assert ENGINE.actors(s) == (YOU,)
    s = act(s, End())
    assert ENGINE.actors(s) == (AUTO,)
    after = tom_turn(s)
    assert len(after.tom_discard) == 1 and after.tom_card == after.tom_discard[0]


def test_gnome_icon_reveals_and_discards_the_next_gnome():
    s = toms_turn("path", "roots")
    g = s.gnome_pile[0]
    after = tom_turn(s)
    assert after.tom_gnome == g and after.gnome_discard[-1] == g


def test_gnome_takes_every_displayed_specialist_of_the_gnome_resource():
    s = toms_turn("gnome", "fruits")
    fruits = [x for x in content.gnomes().specialists if x.resource == "fruits" and x.id != s.gnome_pile[0]]
    s.specialists = [fruits[0].id, fruits[1].id] + [x for x in s.specialists if content.gnome_resource(x) != "fruits"][
        :4
    ]
    s.gnome_pile = [s.gnome_pile[0]] + [x for x in s.gnome_pile[1:] if x not in s.specialists]
    after = tom_turn(s)
    assert after.players[TOM].gnomes == [fruits[0].id, fruits[1].id]
    assert len(after.specialists) == 6


def test_path_takes_matching_display_tiles_from_the_left():
    s = toms_turn("path", "shells")
    shells = [t.id for t in content.board().path_tiles if t.resource == "shells"][:2]
    others = [t.id for t in content.board().path_tiles if t.resource != "shells"][:2]
    s.path_display = [others[0], shells[1], others[1], shells[0]]
    s.path_piles = [[t for t in pile if t not in shells + others] for pile in s.path_piles]
    after = tom_turn(s)
    assert after.players[TOM].path == [shells[1], shells[0]] and len(after.path_display) == 4


def test_path_with_no_matching_tile_gives_nothing():
    s = toms_turn("path", "shells")
    s.path_display = [t.id for t in content.board().path_tiles if t.resource != "shells"][:4]
    after = tom_turn(s)
    assert after.players[TOM].path == [] and after.players[TOM].track == {}


def islands_of(resource: str) -> list[int]:
    return [n for n, i in enumerate(content.board().islands) if i.kind == "task" and i.resource == resource]


def test_task_one_takes_the_highest_task_lit_then_a_novice_for_one_point():
    s = toms_turn("task_high", "herbs")
    tasks = [t for n in islands_of("herbs") for t in s.islands[n].tasks]
    best = max(tasks, key=lambda t: content.tasks()[t].points)
    for n in islands_of("herbs"):
        s.islands[n].tasks = [
            t for t in s.islands[n].tasks if t == best or content.tasks()[t].points < content.tasks()[best].points
        ]
    s = tom_turn(s)
    tom = s.players[TOM]
    assert tom.bonfires[0].task == best and tom.bonfires[0].lit
    assert s.pending[0].kind == "council" and ENGINE.actors(s) == (YOU,)
    s = act(s, Council(content.board().council[5].id))
    assert s.council[5] == "tom" and s.players[TOM].track == {"High Council": 1} and s.players[TOM].novices == 3
    assert s.phase == "turn"


def test_with_the_high_council_full_toms_novice_stays_beside_his_board():
    s = toms_turn("task_high", "herbs")
    s.council = ["you"] * len(content.board().council)
    a, b = islands_of("herbs")
    s.islands[a].tasks, s.islands[b].tasks = ["forge-vow"], []
    s = tom_turn(s)
    tom = s.players[TOM]
    assert tom.bonfires[0].task == "forge-vow" and not s.pending and s.phase == "turn"
    assert tom.novices == 4 and "High Council" not in tom.track


def test_task_two_takes_the_lowest_and_you_choose_among_ties():
    s = toms_turn("task_low", "roots")
    a, b = islands_of("roots")
    low = [t.id for t in content.tasks().values() if t.points == 2][:2]
    s.islands[a].tasks, s.islands[b].tasks = [low[0], "forge-vow"], [low[1]]
    s = tom_turn(s)
    assert s.pending[0].kind == "tom_task" and set(texts(s)) == {f"tomtask {low[0]}", f"tomtask {low[1]}"}
    s = act(s, TomTask(low[1]))
    assert s.players[TOM].bonfires[0].task == low[1] and low[1] not in s.islands[b].tasks


def test_tom_without_novices_takes_the_task_but_sends_nobody():
    s = toms_turn("task_high", "herbs")
    s.players[TOM].novices = 0
    s = tom_turn(s)
    assert not s.pending or s.pending[0].kind == "tom_task"


def test_guardian_takes_a_colour_tom_lacks_and_you_choose():
    s = toms_turn("guardian")
    s.players[TOM].guardians.append(Guardian("amber"))
    s = tom_turn(s)
    assert set(texts(s)) == {"tomguardian jade", "tomguardian violet", "tomguardian pearl"}
    s = act(s, TomGuardian("pearl"))
    assert [g.colour for g in s.players[TOM].guardians] == ["own", "amber", "pearl"]


def test_great_bonfire_turns_clockwise_to_the_next_space_with_the_portal_he_needs():
    s = toms_turn("great_bonfire")
    wanted = content.board().board_portals["tom"][6]
    s.figure = 2
    s.great_bonfire = [["zz"] for _ in range(7)]
    s.great_bonfire[1] = [wanted]  # behind the figure: reached last
    s.great_bonfire[5] = [wanted]
    after = tom_turn(s)
    assert after.figure == 5 and after.players[TOM].portals[6] == wanted and after.great_bonfire[5] == []


def test_bonus_action_sends_the_neutral_novice_flat_for_one_point():
    s = toms_turn("path", "shells")
    s.players[TOM].path = [t.id for t in content.board().path_tiles[:4]]  # meets Road of Light
    s.council[0] = "you"
    s = tom_turn(s)
    assert s.pending[0].source == "neutral"
    assert f"council {content.board().council[0].id}" in texts(s)  # flat: any space
    s = act(s, Council(content.board().council[0].id))
    assert s.flat_neutral == [0] and s.common_novices[0] is False
    assert s.players[TOM].track == {"High Council": 1} and "road-of-light" in s.players[TOM].common


def test_special_case_1_three_points_when_the_common_task_is_done_and_he_is_full():
    s = toms_turn("path", "shells")
    s.players[TOM].path = [t.id for t in content.board().path_tiles[:6]]
    s.players[TOM].common = ["road-of-light"]
    after = tom_turn(s)
    assert after.players[TOM].track == {"Special case 1": 3}


def test_special_case_1_gives_nothing_for_any_other_reason():
    s = toms_turn("path", "shells")
    s.players[TOM].path = [t.id for t in content.board().path_tiles[:5]]
    s.players[TOM].common = ["road-of-light"]
    s.path_display = [t.id for t in content.board().path_tiles if t.resource != "shells"][6:10]
    after = tom_turn(s)
    assert after.players[TOM].track == {}


def test_special_case_2_an_empty_gnome_pile_is_rebuilt_from_its_discards():
    s = toms_turn("path", "shells")
    s.gnome_discard = s.gnome_pile
    s.gnome_pile = []
    after = tom_turn(s)
    assert after.tom_gnome and len(after.gnome_pile) == len(s.gnome_discard) - 1
    assert after.gnome_discard == [after.tom_gnome]


def test_an_empty_tom_pile_is_reshuffled_from_the_discards():
    s = edit(after_your_turn(1))
    s.tom_discard, s.tom_pile = s.tom_pile, []
    after = tom_turn(s)
    assert len(after.tom_pile) == 7 and after.tom_discard == [after.tom_card]


def test_tom_never_gets_tiles_or_resources():
    from engines.core.match import Match, SeatSpec

    for seed in (1, 2, 3):
        match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("r", "bot", "random")], seed)
        while not match.is_over():
            match.act(*match.next_bot_or_auto())
            assert match.state.players[TOM].tiles == {} and match.state.players[TOM].resources == {}
