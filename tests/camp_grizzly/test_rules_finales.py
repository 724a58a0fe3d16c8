"""Finales: three objectives on the red arrow, majority rule or a vote, the steps top to
bottom, a failed finale is discarded and its survivors stay in the camp (1.4)."""

from __future__ import annotations

from tests.camp_grizzly.rules_helpers import ENGINE, act, at, fresh, log, phase, refused, texts

ARROW = "C10"  # the Van's red arrow, in the Camp Office


def at_the_van(seats=1, counselors=(1,), split=False):
    s = fresh(seats=seats, counselors=counselors)
    for cid in s.order:
        s.counselors[cid].cell = at(ARROW)
    if split:
        s.counselors["mitch"].objectives = ["camp_keys"]
        s.counselors["wendy"].objectives = ["gas_can", "battery"]
    else:
        s.counselors["mitch"].objectives = ["camp_keys", "gas_can", "battery"]
    s.counselors["mitch"].equipped = ["archery_bow"]
    return s


def test_the_finale_needs_its_three_objectives_on_the_arrow():
    s = at_the_van()
    assert "finale van" in texts(s) and "finale boat" not in texts(s)
    s.counselors["mitch"].objectives = ["camp_keys", "gas_can"]
    refused(s, "finale van", "not a legal action")
    s = at_the_van()
    s.counselors["mitch"].cell = at("B10")
    assert "finale van" not in texts(s)


def test_a_won_finale_wins_the_game():
    s = act(at_the_van(), "finale van").state
    assert phase(s) == "finale" and s.finale.participants == ["mitch"] and s.counselors["mitch"].cell is None
    s.forced = [3]
    s = act(s, "roll MK").state
    assert phase(s) == "strike" and s.strike.kind == "finale"
    s.forced = [8, 1]
    s = act(s, "fight MK").state
    s.forced = [4]
    s = act(s, "roll MK").state
    assert s.strike.bonus == 1, "the van roof fight gives Otis +1"
    s.forced = [8, 1]
    s = act(s, "fight MK").state
    assert s.stage == "over" and s.result == "win" and s.counselors["mitch"].escaped
    out = ENGINE.outcome(s)
    assert out.winners == [0] and out.scores == [1] and "escaped" in out.reason


def test_a_failed_finale_is_discarded_and_its_survivors_return():
    s = act(at_the_van(counselors=(1, 1)), "finale van").state
    assert s.finale.participants == ["mitch", "wendy"]
    s.forced = [1, 1, 1]
    s = act(s, "roll WP").state
    s = act(s, "roll WP").state
    s = act(s, "roll WP").state
    assert s.finale is None and "van" in s.failed_finales
    assert s.counselors["wendy"].injuries == 3 and s.counselors["mitch"].cell == at(ARROW)
    assert s.stage != "over" and "finale van" not in texts(s)


def test_majority_holder_starts_without_consent_others_vote():
    s = at_the_van(seats=2, counselors=(1, 2), split=True)
    s = act(s, "finale van").state
    assert phase(s) == "vote" and ENGINE.actors(s) == (1,)
    no = act(s, "vote no").state
    assert no.finale is None and phase(no) == "move"
    yes = act(s, "vote yes").state
    assert phase(yes) == "finale" and yes.finale.participants == ["mitch", "wendy"]
    s = at_the_van(seats=2, counselors=(1, 2), split=True)
    s.counselors["mitch"].objectives, s.counselors["wendy"].objectives = ["camp_keys", "gas_can"], ["battery"]
    assert phase(act(s, "finale van").state) == "finale", "two of three: no vote needed"


def test_no_escape_puts_new_question_cards_out():
    s = fresh()
    s.ground = []
    s.questions = [(at("H5"), "first_aid_station")]
    s.key_supply = 0
    left = len(s.question_deck)
    s.stage = "draw"
    s = act(s, "reveal").state
    assert s.first_aid == at("H5")
    assert len(s.questions) == min(10, left) and s.stage != "over"


def test_no_escape_with_no_cards_left_is_a_loss():
    s = fresh()
    s.ground, s.question_deck, s.key_supply = [], [], 0
    s.questions = [(at("H5"), "first_aid_station")]
    s.stage = "draw"
    s = act(s, "reveal").state
    assert s.stage == "over" and s.result == "loss" and "No escape" in s.end_reason


def test_rules_reference_explains_every_finale_step_with_its_numbers():
    """The finale cards in the rules reference give each step's die, target, tries and Otis'
    bonus, as the data plays them."""
    from engines.camp_grizzly.content import finales
    from engines.core.rules import load_rules

    glossary = load_rules("camp_grizzly").section("finale-cards").body
    for finale in finales().values():
        start = glossary.index(f"**{finale.name}**")
        following = [glossary.find(f"**{other.name}**", start + 1) for other in finales().values()]
        end = min([i for i in following if i > start] + [len(glossary)])
        card = glossary[start:end]
        numbered = [line for line in card.splitlines() if line.strip()[:2].rstrip(".").isdigit()]
        assert len(numbered) == len(finale.steps), finale.name
        for number, (step, line) in enumerate(zip(finale.steps, numbered), start=1):
            assert line.strip().startswith(f"{number}."), (finale.name, line)
            step_text = card[card.index(line) :]
            step_text = step_text[: step_text.find(f"\n  {number + 1}.")] if number < len(finale.steps) else step_text
            if step.kind == "roll":
                assert f"d{step.die}, {step.target} or more" in step_text, (finale.name, step.id)
                tries = "once" if step.tries == 1 else f"{step.tries} tries"
                assert tries in step_text, (finale.name, step.id)
            if step.kind == "fight":
                bonus = f"{step.otis_bonus:+d}" if step.otis_bonus else "no bonus"
                assert bonus in step_text, (finale.name, step.id)
            if step.kind == "win":
                assert "Escape" in step_text


def test_a_finale_fight_nobody_wins_fails_the_finale_even_for_a_counselor_playing_dead():
    """rules.md, Finales: "If nobody beats him, the finale fails." Playing dead keeps a
    counselor out of the fight, but beats nobody: the fight is not played again for them."""
    s = act(at_the_van(counselors=(1, 1)), "finale van").state
    s.counselors["mitch"].survival = ["play_dead"]
    s.forced = [3]
    s = act(s, "roll MK").state
    assert phase(s) == "strike" and s.strike.kind == "finale"
    s = act(s, "use MK play_dead").state
    s = act(s, "panic WP").state
    assert s.strike is None and s.finale is None and "van" in s.failed_finales
    assert s.counselors["mitch"].cell == at(ARROW) and s.counselors["mitch"].injuries == 0
    alone = act(at_the_van(), "finale van").state
    alone.counselors["mitch"].survival = ["play_dead", "play_dead"]
    alone.forced = [3]
    alone = act(alone, "roll MK").state
    alone = act(alone, "use MK play_dead").state
    assert alone.strike is None and alone.finale is None and "van" in alone.failed_finales


def test_a_finale_win_scores_every_living_counselor_with_their_campers():
    """rules.md, Scoring: on a win, 1 per counselor alive at the end, escaped or still in
    the camp when the others got away, plus 1 per camper in their care; the dead score nothing."""
    s = at_the_van(seats=2, counselors=(1, 2, 1))
    s.counselors["wendy"].cell = at("H5")  # at the Campfire, not in the Camp Office
    s.counselors["wendy"].campers = ["karate_tina"]
    s.counselors["mitch"].campers = ["radio_gus"]
    s.counselors["dexter"].dead = True
    s = act(s, "finale van").state
    assert s.finale.participants == ["mitch"]
    s.forced = [3, 8, 1, 4, 8, 1]  # battery, ambush fight, ignition, roof fight
    for text in ("roll MK", "fight MK", "roll MK", "fight MK"):
        s = act(s, text).state
    assert s.result == "win" and s.counselors["mitch"].escaped and not s.counselors["wendy"].escaped
    out = ENGINE.outcome(s)
    assert out.winners == [0, 1], "co-operative: everyone wins"
    assert [line.points for line in out.breakdown[0]] == [2, 2], "Mitch and Wendy with a camper each"
    assert out.scores == [4, 4] and "2 survived" in out.reason


def test_a_horrified_finale_roll_is_told_as_one_less():
    s = at_the_van()
    s.counselors["mitch"].horrified = 1
    s = act(s, "finale van").state
    s.forced = [3]  # the battery needs 3: a horrified 3 counts as 2, a miss
    applied = act(s, "roll MK")
    assert applied.state.finale.tries == 1
    assert "rolls 3 (2, horrified)" in log(applied)


def test_a_missed_single_try_is_told_in_the_singular():
    s = fresh()
    s.counselors["mitch"].cell = at("A4")  # the Barn's red arrow
    s.counselors["mitch"].objectives = ["rope", "lantern", "radio"]
    s = act(s, "finale barn").state
    s.forced = [1]
    assert "A miss (1 of 2 tries)." in log(act(s, "roll MK")), "rigging the loft: 2 tries"
    s.forced = [6]
    s = act(act(s, "roll MK").state, "choose Lure").state
    s.forced = [1]
    assert "A miss (1 of 1 try)." in log(act(s, "roll MK")), "playing bait: once"


def test_the_finale_cards_name_the_objectives_they_need_as_printed():
    """Each finale card in the rules reference names what it needs by the minis' names
    ('Car Battery', not the data's 'battery'); keys are any set of keys."""
    from engines.camp_grizzly import content
    from engines.core.rules import load_rules

    glossary = load_rules("camp_grizzly").section("finale-cards").body
    names = {m.objective: m.name for m in content.minis().values() if m.kind == "objective"}
    for finale in content.finales().values():
        line = next(x for x in glossary.splitlines() if x.startswith(f"- **{finale.name}**"))
        for need in finale.requires:
            assert (names.get(need) or "keys") in line, (finale.name, need)
