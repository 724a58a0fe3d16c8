"""Decisions under the rules' "Adaptation notes" that had no test of their own: the ship
sails the ring either way round (across its start too), ships may share an island, a
guardian stays in her bonfire for good, a guardian who does not move brings nothing, an
offerings task counts guardian islands too, a received task left unfulfilled scores
nothing, and gold never runs out."""

from __future__ import annotations

from engines.bonfire import ENGINE, city, content, scoring
from engines.bonfire.actions import Fate, Procession, Sail, Walk
from engines.bonfire.processions import IN_BONFIRE
from engines.bonfire.state import YOU, Guardian
from tests.bonfire.helpers import act, edit, fresh, fresh_two, texts

LAST = len(content.board().islands) - 1


def test_the_ship_sails_round_the_ring_past_its_first_island():
    s = edit(fresh(1))
    s.players[YOU].ship, s.players[YOU].tiles = LAST, {"ship": 3}
    assert f"sail {content.board().islands[2].id}" in texts(s)  # 13 -> 0 -> 1 -> 2
    assert f"sail {content.board().islands[3].id}" not in texts(s)
    after = act(s, Sail(content.board().islands[1].id))
    assert after.players[YOU].ship == 1 and after.players[YOU].tiles == {"ship": 1}


def test_two_ships_may_lie_at_one_island():
    s = edit(fresh_two(1))
    other = 1 - s.current
    s.players[other].ship = 5
    s.players[s.current].tiles = {"ship": 1}
    after = act(s, Sail(content.board().islands[5].id), seat=s.current)
    assert after.players[0].ship == after.players[1].ship == 5


def test_a_guardian_in_a_bonfire_stays_there_for_good():
    s = edit(fresh(1))
    p = s.players[YOU]
    p.tiles = {"procession": 3}
    p.path = [t.id for t in content.board().path_tiles[:4]]
    p.guardians = [Guardian("own", IN_BONFIRE + 2)]
    assert not any(a for a in ENGINE.legal_actions(s, YOU) if isinstance(a, Procession))
    p.guardians.append(Guardian("jade", 0))
    s = act(s, Procession(1))
    assert {ENGINE.format_action(a) for a in ENGINE.legal_actions(s, YOU)} == {"walk jade stay", "walk jade p1"}


def test_a_guardian_who_stays_brings_nothing():
    s = edit(fresh(1))
    p = s.players[YOU]
    p.tiles, p.resources = {"procession": 1}, {}
    p.path = [t.id for t in content.board().path_tiles[:2]]
    p.guardians = [Guardian("own", 1)]
    after = act(s, Procession(1), Walk("own", "stay"))
    assert after.players[YOU].resources == {} and after.players[YOU].guardians[0].where == 1


def test_an_offerings_task_asks_for_the_guardian_island_of_that_resource_too():
    isles = content.board().islands
    guarded = {i.resource for i in isles if i.kind == "guardian"}
    task = next(
        t for t in content.tasks().values() if t.requirement.kind == "offerings" and t.requirement.what in guarded
    )
    showing = [n for n, i in enumerate(isles) if i.resource == task.requirement.what]
    guardian_isles = [n for n in showing if isles[n].kind == "guardian"]
    s = edit(fresh(1))
    s.players[YOU].bonfires[0].task = task.id
    for n in showing:
        if n not in guardian_isles:
            s.islands[n].offerings = [YOU]
    assert "fulfil 1" not in texts(s)
    for n in guardian_isles:
        s.islands[n].offerings = [YOU]
    assert "fulfil 1" in texts(s)


def test_a_received_task_left_unfulfilled_scores_nothing():
    s = edit(fresh(1))
    before = scoring.total(s.players[YOU])
    s.players[YOU].bonfires[0].task = "forge-vow"
    assert scoring.total(s.players[YOU]) == before


def test_gold_never_runs_out_and_the_notes_say_so():
    """The box's 57 resources are no limit: a printed gold is gained however much gold is held."""
    s = edit(fresh(1))
    p = s.players[YOU]
    p.tiles, p.resources = {}, {"gold": 57}
    gold_cells = {(b.row, b.col) for b in content.board().fate_bonuses if b.resources.get("gold")}
    fate, covered = next(
        (a, len(gold_cells & set(city.strip_cells(a.row, a.col, a.direction))))
        for a in ENGINE.legal_actions(s, YOU)
        if isinstance(a, Fate) and gold_cells & set(city.strip_cells(a.row, a.col, a.direction))
    )
    assert ENGINE.apply(s, YOU, fate).state.players[YOU].resources["gold"] == 57 + covered
    from engines.core.rules import load_rules

    payment = next(
        x for x in load_rules("bonfire").section("adaptation-notes").body.split("\n- ") if "**Payment**" in x
    )
    assert "gold included" in payment
