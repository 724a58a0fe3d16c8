"""Map movement, Otis' targeting and tie-breaks, his stalk, lurking and the ASCII map."""

from __future__ import annotations

import pytest

from engines.camp_grizzly import content
from engines.camp_grizzly.board import (
    counselor_steps,
    distances,
    hunter_steps,
    nature_trails_at,
    otis_steps,
    shortest_path,
)
from engines.camp_grizzly.map_text import render_map_ascii
from engines.camp_grizzly.stalking import _fewest_locks, describe_step, lurk_appearance, stalk
from engines.camp_grizzly.targeting import Target, break_ties, choose_target
from engines.camp_grizzly.content import parse_label as P
from engines.core.rng import Rng, seed_state

M = content.camp_map()


def rng(seed: int = 1) -> Rng:
    return Rng(seed_state(seed))


def counselor(id: str, at: str, **kw) -> Target:
    return Target(id, "counselor", P(at), **kw)


def cameo(id: str, at: str) -> Target:
    return Target(id, "cameo", P(at))


# --- movement -------------------------------------------------------------------------


def test_walls_block_and_doors_open():
    # C2 is outside the Nature Lodge's west wall; E3 is outside its south door at E2.
    assert P("D2") not in counselor_steps(M, P("C2"))
    assert P("E2") in counselor_steps(M, P("E3"))
    assert P("E3") in counselor_steps(M, P("E2"))
    # Inside a cabin every space joins its neighbours.
    assert set(counselor_steps(M, P("D2"))) == {P("D1"), P("E2")}
    # The Mess Hall's south wall keeps E9 out even though E8 is right there.
    assert P("E8") not in counselor_steps(M, P("E9"))
    assert P("F7") in counselor_steps(M, P("F6"))


def test_water_and_woods_cannot_be_entered():
    assert P("M6") not in counselor_steps(M, P("M5"))  # the lake
    assert P("F10") not in counselor_steps(M, P("E10"))  # off-limits woods


def test_locks_stop_counselors_without_keys_but_not_otis():
    locks = {P("C9")}
    assert P("C9") not in counselor_steps(M, P("D9"), locks)
    assert P("C9") in counselor_steps(M, P("D9"), locks, has_keys=True)
    assert P("C9") in [mv.to for mv in otis_steps(M, P("D9"))]
    assert distances(M, P("D9"), "counselor", locks).get(P("B10")) is None
    assert distances(M, P("D9"), "counselor", locks, has_keys=True)[P("B10")] == 3


def test_fire_blocks_everyone():
    fire = {P("F7")}
    assert P("F7") not in counselor_steps(M, P("F6"), blocked=fire)
    assert P("F7") not in [mv.to for mv in otis_steps(M, P("F6"), blocked=fire)]


def test_otis_uses_nature_trails_and_counselors_only_attempt_them():
    assert (P("F1"), 1) in [(mv.to, mv.trail) for mv in otis_steps(M, P("B2"))]
    assert P("F1") not in counselor_steps(M, P("B2"))
    assert nature_trails_at(M, P("B2")) == ((1, P("F1")),)
    assert distances(M, P("B2"))[P("F2")] == 2
    assert distances(M, P("B2"), "counselor")[P("F2")] == 6


def test_shortest_path_is_a_chain_of_legal_steps():
    start, goal = M.places["campfire"], P("B10")
    path = shortest_path(M, start, goal)
    assert path[0] == start and path[-1] == goal
    assert len(path) - 1 == distances(M, start)[goal]
    for a, b in zip(path, path[1:]):
        assert b in [mv.to for mv in otis_steps(M, a)]
    walk = shortest_path(M, start, goal, "counselor")
    assert len(walk) > len(path)  # Otis' nature trail 4 saves him steps
    assert shortest_path(M, start, P("M6")) is None


def test_every_space_reachable_by_otis_from_the_tool_shed():
    reach = distances(M, M.places["tool_shed"])
    assert all(cell in reach for cell in M.kind if M.passable(cell))


# --- targeting ------------------------------------------------------------------------


def test_closest_target_by_otis_path():
    choice = choose_target(M, P("B2"), [counselor("near_by_trail", "F2"), counselor("near_on_foot", "B5")], rng())
    # B5 is 3 steps by foot; F2 is 2 thanks to nature trail 1.
    assert choice.target.id == "near_by_trail" and choice.distance == 2 and choice.decided_by == "only"


def test_tie_break_a_fewest_in_the_cabin():
    # Both 1 step from the Campfire; I5 holds two counselors, G5 one.
    lone = counselor("lone", "G5")
    pair = [counselor("pair1", "I5"), counselor("pair2", "I5")]
    choice = choose_target(M, P("H5"), [*pair, lone], rng())
    assert choice.target.id == "lone" and choice.decided_by == "fewest_in_cabin"
    assert set(choice.tied) == {"lone", "pair1", "pair2"}


def test_tie_break_a_counts_campers_and_cameos_in_the_whole_cabin():
    # F7 (Mess Hall) and F5 (outside) are both 1 step from F6. A cameo far inside the
    # Mess Hall at E8 makes that cabin the fuller one.
    inside, outside = counselor("inside", "F7"), counselor("outside", "F5", campers=1)
    assert choose_target(M, P("F6"), [inside, outside, cameo("cook", "E8")], rng()).target.id == "outside"
    # Two campers with the outside counselor tip it the other way.
    outside2 = counselor("outside", "F5", campers=2)
    choice = choose_target(M, P("F6"), [inside, outside2, cameo("cook", "E8")], rng())
    assert choice.target.id == "inside" and choice.decided_by == "fewest_in_cabin"


def test_tie_break_b_cabin_with_a_horrified_counselor():
    # Equal headcounts (2 and 2); the horrified counselor at E8 is in the Mess Hall but
    # farther away: the cabin, not the target, must hold the horrified counselor.
    inside = counselor("inside", "F7")
    shaken = counselor("shaken", "E8", horrified=True)
    outside = counselor("outside", "F5", campers=1, injuries=3)
    choice = choose_target(M, P("F6"), [inside, shaken, outside], rng())
    assert choice.target.id == "inside" and choice.decided_by == "horrified"


def test_tie_break_c_most_injuries():
    a, b = counselor("scratched", "G5", injuries=1), counselor("battered", "I5", injuries=3)
    choice = choose_target(M, P("H5"), [a, b], rng())
    assert choice.target.id == "battered" and choice.decided_by == "injuries"
    # Horrified on both sides leaves it to injuries too.
    a, b = (
        counselor("scratched", "G5", injuries=1, horrified=True),
        counselor("battered", "I5", injuries=3, horrified=True),
    )
    assert choose_target(M, P("H5"), [a, b], rng()).decided_by == "injuries"


def test_tie_break_c_cameos_count_as_unhurt():
    choice = choose_target(M, P("H5"), [cameo("raccoon", "G5"), counselor("hurt", "I5", injuries=1)], rng())
    assert choice.target.id == "hurt" and choice.decided_by == "injuries"


def test_tie_break_d_random_through_the_rng():
    targets = [counselor("west", "G5"), counselor("east", "I5"), counselor("north", "H4")]
    picked = set()
    for seed in range(30):
        choice = choose_target(M, P("H5"), targets, rng(seed))
        assert choice.decided_by == "random"
        picked.add(choice.target.id)
    assert picked == {"west", "east", "north"}
    # The same generator state gives the same pick.
    assert choose_target(M, P("H5"), targets, rng(7)) == choose_target(M, P("H5"), targets, rng(7))


def test_tie_breaks_apply_in_order():
    # a beats b: the horrified counselor's cabin is fuller, so a picks the other one.
    shaken = counselor("shaken", "G5", horrified=True)
    friend = counselor("friend", "G5")
    calm = counselor("calm", "I5")
    target, how = break_ties(M, [shaken, friend, calm], [shaken, friend, calm], rng())
    assert (target.id, how) == ("calm", "fewest_in_cabin")
    # b beats c: the horrified one wins over the more injured.
    shaken, hurt = counselor("shaken", "G5", horrified=True), counselor("hurt", "I5", injuries=4)
    target, how = break_ties(M, [shaken, hurt], [shaken, hurt], rng())
    assert (target.id, how) == ("shaken", "horrified")


def test_no_reachable_target():
    choice = choose_target(M, P("H5"), [], rng())
    assert choice.target is None and choice.decided_by == "none"
    result = stalk(M, P("H5"), [], 3, rng())
    assert result.stop == "no_target" and result.steps == () and result.end == P("H5")


# --- stalking -------------------------------------------------------------------------


def test_stalk_moves_step_by_step_and_uses_all_movement():
    far = counselor("far", "B10")
    result = stalk(M, M.places["tool_shed"], [far], 2, rng())
    assert result.stop == "moved" and len(result.steps) == 2
    assert result.steps[0].cell == P("O2")  # out through the Tool Shed's only door
    assert result.end == result.steps[-1].cell
    before = distances(M, far.cell)
    assert before[result.end] == before[M.places["tool_shed"]] - 2


def test_crossing_paths_stops_otis_with_movement_left():
    result = stalk(M, P("H5"), [counselor("dana", "H7"), cameo("vern", "H7")], 5, rng())
    assert [s.cell for s in result.steps] == [P("H6"), P("H7")]
    assert result.stop == "strike" and result.steps[-1].strike
    assert set(result.struck) == {"dana", "vern"}


def test_crossing_paths_with_someone_who_is_not_the_target():
    # When the engine fixes the target (e.g. the choice made before someone moved in),
    # anyone on his way still stops him.
    target = counselor("goal", "H8")
    bystander = cameo("strollers", "H6")
    chosen = choose_target(M, P("H5"), [target], rng())
    result = stalk(M, P("H5"), [target, bystander], 5, rng(), choice=chosen)
    assert result.stop == "strike" and result.end == P("H6") and result.struck == ("strollers",)


def test_otis_on_a_targets_space_strikes_without_moving():
    result = stalk(M, P("G5"), [counselor("dana", "G5")], 2, rng())
    assert result.stop == "strike" and result.steps == () and result.struck == ("dana",)


def test_lock_in_his_path_is_broken_and_he_stops():
    locks = {P("C9")}
    result = stalk(M, P("D9"), [counselor("hiding", "B10")], 3, rng(), locks=locks)
    assert [s.cell for s in result.steps] == [P("C9")]
    assert result.stop == "lock" and result.broken_lock == P("C9") and result.steps[0].broke_lock
    assert "breaks the lock" in describe_step(result.steps[0])


def test_only_one_lock_per_stalk():
    # Two locks in a row: he breaks the first and stops before the second.
    locks = {P("E9"), P("D9")}
    result = stalk(M, P("F9"), [counselor("hiding", "B10")], 4, rng(), locks=locks)
    assert [s.cell for s in result.steps] == [P("E9")] and result.stop == "lock"


def test_equal_paths_prefer_the_one_without_a_lock():
    # From H5 to I6 he may go by I5 or by H6; a lock on I5 sends him by H6, every time.
    for seed in range(10):
        result = stalk(M, P("H5"), [counselor("dana", "I6")], 2, rng(seed), locks={P("I5")})
        assert [s.cell for s in result.steps] == [P("H6"), P("I6")]
        assert result.stop == "strike" and result.broken_lock is None


def test_equal_paths_without_locks_are_chosen_at_random():
    ends = {stalk(M, P("H5"), [counselor("dana", "I6")], 1, rng(seed)).end for seed in range(30)}
    assert ends == {P("I5"), P("H6")}


def test_stalk_takes_the_nature_trail():
    result = stalk(M, P("B2"), [counselor("dana", "F2")], 3, rng())
    assert [(s.cell, s.trail) for s in result.steps] == [(P("F1"), 1), (P("F2"), 0)]
    assert result.stop == "strike"
    assert describe_step(result.steps[0]) == "Otis moves along nature trail 1 to F1."


def test_fire_makes_him_go_around():
    result = stalk(M, P("F6"), [counselor("dana", "F8")], 10, rng(), blocked={P("F7")})
    assert P("F7") not in [s.cell for s in result.steps]
    assert result.end == P("F8") and result.stop == "strike"


# --- lurking --------------------------------------------------------------------------


def test_lurking_otis_appears_on_the_end_nearest_a_target():
    near_f1 = lurk_appearance(M, 1, [counselor("dana", "G1")], rng())
    assert near_f1.trail == 1 and near_f1.cell == P("F1")
    near_b2 = lurk_appearance(M, 1, [counselor("dana", "B3")], rng())
    assert near_b2.cell == P("B2")
    far = lurk_appearance(M, 3, [counselor("dana", "K9")], rng())
    assert far.cell == P("L10")  # trail 3 runs P5-L10
    assert far.choice.target.id == "dana"


def test_lurking_side_decided_by_the_tie_breaks():
    # One step from each end of trail 1; the pair at B3 makes that side the fuller cabin.
    targets = [counselor("lone", "G1"), counselor("pair1", "B3"), counselor("pair2", "B3")]
    appear = lurk_appearance(M, 1, targets, rng())
    assert appear.cell == P("F1") and appear.choice.decided_by == "fewest_in_cabin"
    hurt = [counselor("lone", "G1"), counselor("hurt", "B3", injuries=2)]
    assert lurk_appearance(M, 1, hurt, rng()).cell == P("B2")


def test_lurking_without_targets_picks_an_end():
    appear = lurk_appearance(M, 4, [], rng())
    assert appear.cell in M.trails[4] and appear.choice.target is None


def test_lurking_otis_never_appears_on_a_burning_end():
    """Nobody, Otis included, enters a burning space: he appears on the other end, even
    with his prey standing in the fire."""
    appear = lurk_appearance(M, 1, [counselor("dana", "B2")], rng(), blocked={P("B2")})
    assert appear.cell == P("F1")
    with pytest.raises(ValueError, match="burn"):
        lurk_appearance(M, 1, [counselor("dana", "B2")], rng(), blocked={P("B2"), P("F1")})


@pytest.mark.parametrize("roll", range(1, 7))
def test_every_trail_roll_places_otis_on_its_end(roll):
    appear = lurk_appearance(M, roll, [counselor("dana", "H5")], rng())
    assert appear.cell in M.trails[roll]


# --- the ASCII map --------------------------------------------------------------------


def test_render_map_ascii():
    text = render_map_ascii()
    grid = text.split("\n\n")[0].splitlines()
    assert len(grid) == 1 + 2 * M.height - 1
    assert "(*)" in text and "^RT" in text and "<BN" in text and "vVN" in text and ">BT" in text
    assert "|" in text and "---" in text and "-/-" in text and "/" in grid[5]
    for n in range(1, 7):
        assert f"({n})" in text and f"<{n}>" in text
    assert max(len(line) for line in grid) <= 80
    marked = render_map_ascii(marks={P("H5"): "OT", P("A1"): "MK"}, legend=False)
    assert "OT" in marked and "MK" in marked and "(*)" not in marked


# --- hunting cameos -------------------------------------------------------------------


def test_hunting_cameo_walks_and_never_takes_trails():
    result = stalk(M, P("B2"), [counselor("dana", "F2")], 2, rng(), hunter="cameo")
    assert all(s.trail == 0 for s in result.steps)
    assert result.steps[0].cell in (P("C2"), P("B3")) and result.stop == "moved"


def test_hunting_cameo_treats_locks_as_closed_doors():
    locks = {P("C9")}
    result = stalk(M, P("D9"), [counselor("hiding", "B10")], 3, rng(), locks=locks, hunter="cameo")
    assert result.stop == "no_target" and result.broken_lock is None
    met = stalk(M, P("H5"), [counselor("dana", "H7")], 2, rng(), hunter="cameo")
    assert met.stop == "strike" and met.struck == ("dana",)


def test_a_stale_choice_out_of_reach_does_not_move_him():
    chosen = choose_target(M, P("F6"), [counselor("dana", "F8")], rng())
    walled_in = {P("F7"), P("G7")}  # both Mess Hall doors on fire
    result = stalk(M, P("F6"), [counselor("dana", "F8")], 3, rng(), blocked=walled_in, choice=chosen)
    assert result.stop == "no_target" and result.steps == ()


def test_lurking_roll_must_be_a_trail_number():
    with pytest.raises(ValueError, match="nature trail 7"):
        lurk_appearance(M, 7, [], rng())


def fewest_locks_read_plainly(goal, locks, blocked, hunter) -> dict:
    """The fewest locks on a shortest path to `goal` from each space, from the hunter's own
    steps one space closer at a time (what `stalk` relies on)."""
    toward = distances(M, goal, "otis" if hunter == "otis" else "counselor", blocked=blocked)
    fewest = {}
    for cell in sorted(toward, key=toward.__getitem__):
        own = 1 if cell in locks else 0
        if toward[cell] == 0:
            fewest[cell] = own
            continue
        closer = [mv.to for mv in hunter_steps(M, cell, hunter, blocked) if toward.get(mv.to) == toward[cell] - 1]
        fewest[cell] = own + min(fewest[x] for x in closer)
    return fewest


@pytest.mark.parametrize("hunter", ["otis", "cameo"])
def test_fewest_locks_on_best_paths_equal_the_plain_reading_in_any_order_asked(hunter):
    spaces = sorted(cell for cell in M.kind if M.passable(cell))
    r = Rng(seed_state(4))
    with_locks = 0
    for n in range(60):
        goal = spaces[r.below(len(spaces))]
        locks = frozenset(spaces[r.below(len(spaces))] for _ in range(r.below(6)))
        blocked = frozenset(spaces[r.below(len(spaces))] for _ in range(r.below(4))) - {goal}
        plain = fewest_locks_read_plainly(goal, locks, blocked, hunter)
        fewest = _fewest_locks(M, goal, locks, blocked, hunter)
        near_first = list(plain)
        for cell in near_first if n % 2 else near_first[::-1]:  # worked out on demand: ask either way round
            assert fewest(cell) == plain[cell]
        with_locks += any(plain.values())
    assert with_locks > 20  # locks lay on best paths, not only empty configurations
