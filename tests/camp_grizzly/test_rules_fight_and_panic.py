"""The rulebook's fight-and-panic example, replayed with fixed dice (rulebook 2.1)."""

from __future__ import annotations

from engines.camp_grizzly.state import OtisMod
from tests.camp_grizzly.rules_helpers import act, at, fresh, phase, texts, to_stage

# Kevin = Rhonda (panic 2, no fight bonus), Sherry = Theo, Tracy = Jolene: one player runs all three.
KEVIN, SHERRY, TRACY = "rhonda", "theo", "jolene"


def example():
    s = fresh(counselors=(0, 0, 0, 1, 1, 1))
    s = to_stage(s, "draw")
    s.counselors[KEVIN].cell = at("E7")
    s.counselors[SHERRY].cell = at("F7")
    s.counselors[TRACY].cell = at("E8")  # all three in the Mess Hall
    s.counselors[KEVIN].equipped = ["whittling_knife", "tire_iron"]  # a d4 and a d6, one hand each
    s.counselors[SHERRY].equipped = ["whittling_knife"]  # a d4
    s.body_count = 3  # Otis attacks with a d6 ...
    s.otis_mods = [OtisMod("damage", 1, "game", "test")]  # ... and deals 2 injuries
    s.cabin_deck = ["behind_you", *s.cabin_deck]
    return s


def test_kevin_loses_on_a_tie_panics_and_sherry_drives_otis_off():
    s = example()
    applied = act(s, "draw")
    s = applied.state
    assert s.otis == at("E7") and phase(s) == "strike"
    assert set(s.strike.danger) == {KEVIN, SHERRY, TRACY}
    assert "fight JH" not in texts(s), "an unarmed counselor cannot win a fight"
    assert {"fight RV", "fight TB", "panic JH"} <= set(texts(s))

    s.forced = [1, 3, 4]  # Kevin rolls 1 and 3 (total 4); Otis rolls 4: Otis wins ties
    s = act(s, "fight RV").state
    assert s.counselors[KEVIN].injuries == 2
    assert phase(s) == "panic" and s.panic.counselor == KEVIN and s.panic.steps == 2
    assert [d.result for d in s.dice] == [1, 3, 4]
    s = act(s, texts(s)[0]).state
    s = act(s, texts(s)[0]).state
    assert phase(s) == "strike" and s.strike.danger == [SHERRY, TRACY]
    assert s.counselors[KEVIN].cell != at("E7")

    s.forced = [3, 2]
    s = act(s, "fight TB").state
    assert s.otis is None, "a beaten Otis is lurking"
    assert s.counselors[SHERRY].injuries == 0 and s.counselors[TRACY].injuries == 0
    assert phase(s) == "end" and s.order[s.active] == KEVIN, "Kevin goes on with his end-of-turn actions"


def test_losers_of_every_fight_panic_and_otis_stays():
    s = act(example(), "draw").state
    s.forced = [1, 1, 6]
    s = act(s, "fight RV").state
    s = act(s, "stay").state
    s.forced = [1, 5]
    s = act(s, "fight TB").state
    s = act(s, "stay").state
    s = act(s, "panic JH").state
    assert s.counselors[TRACY].injuries == 2
    s = act(s, "stay").state
    assert s.strike is None and s.otis == at("E7"), "Otis keeps the space when nobody beats him"
