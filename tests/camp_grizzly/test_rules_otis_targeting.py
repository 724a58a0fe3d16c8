"""Otis stalks the closest target; ties broken in the rulebook's order (1.3 Targeting)."""

from __future__ import annotations

from engines.camp_grizzly import board, content
from engines.camp_grizzly.content import label
from tests.camp_grizzly.rules_helpers import act, fresh, log, to_stage

M = content.camp_map()


def equidistant_pair(otis):
    """Two open-ground spaces (outside any cabin) the same distance from Otis, out of his reach."""
    dist = board.distances(M, otis, "otis")
    outside = sorted(c for c, d in dist.items() if c not in M.cabin and d >= 4 and not M.trail_links.get(c))
    for a in outside:
        for b in outside:
            if a < b and dist[a] == dist[b] and abs(a[0] - b[0]) + abs(a[1] - b[1]) > 4:
                return a, b
    raise AssertionError("no equidistant spaces")


def otis_round(s, a, b, **per):
    s = to_stage(s, "otis")
    s.counselors["mitch"].cell = a
    s.counselors["wendy"].cell = b
    for key, value in per.items():
        who, field = key.split("__")
        setattr(s.counselors[who], field, value)
    return act(s, "otis")


def test_closest_target_is_chosen():
    s = fresh(seats=2)
    a, b = equidistant_pair(s.otis)
    s.counselors["wendy"].cell = content.camp_map().places["campfire"]
    applied = otis_round(s, a, content.camp_map().places["campfire"])
    near = (
        "Mitch Kowalski"
        if board.distances(M, s.otis, "otis")[a] < board.distances(M, s.otis, "otis")[M.places["campfire"]]
        else "Wendy Park"
    )
    assert f"Otis stalks {near} (the closest" in log(applied)


def test_tie_fewest_people_in_the_cabin():
    s = fresh(seats=3)
    a, b = equidistant_pair(s.otis)
    s.counselors["dexter"].cell = b  # Wendy has company: two people in her "cabin"
    applied = otis_round(s, a, b)
    assert "Otis stalks Mitch Kowalski (tied for closest; the fewest people in that cabin" in log(applied)


def test_tie_horrified_counselor():
    s = fresh(seats=2)
    a, b = equidistant_pair(s.otis)
    applied = otis_round(s, a, b, wendy__horrified=1)
    assert "Otis stalks Wendy Park (tied for closest; a horrified counselor there" in log(applied)


def test_tie_most_injuries():
    s = fresh(seats=2)
    a, b = equidistant_pair(s.otis)
    applied = otis_round(s, a, b, mitch__injuries=2, wendy__injuries=1)
    assert "Otis stalks Mitch Kowalski (tied for closest; the most injuries" in log(applied)


def test_tie_random_uses_the_generator():
    chosen = set()
    for seed in range(1, 30):
        s = fresh(seats=2, seed=seed)
        a, b = equidistant_pair(s.otis)
        text = log(otis_round(s, a, b))
        assert "picked at random" in text
        chosen.add("Mitch" if "Otis stalks Mitch" in text else "Wendy")
    assert chosen == {"Mitch", "Wendy"}


def test_stalk_steps_are_shown_in_the_view():
    s = fresh(seats=2)
    a, b = equidistant_pair(s.otis)
    s = otis_round(s, a, b).state
    from tests.camp_grizzly.rules_helpers import ENGINE

    view = ENGINE.view(s, None)
    assert len(view.stalk) == 1 and view.stalk[0].cell == label(s.otis)
