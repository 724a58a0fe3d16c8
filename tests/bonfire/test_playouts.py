"""Seeded bot games: the platform's conformance checks, the rules reference, and a soak."""

from __future__ import annotations

import pytest

from engines.bonfire import ENGINE
from engines.core.match import Match, SeatSpec
from engines.core.rules import load_rules
from tests.conformance import play_checked


@pytest.mark.parametrize("level", ["random", "heuristic"])
@pytest.mark.parametrize("seed", [11, 12])
def test_games_pass_the_conformance_checks(level, seed):
    match = play_checked(ENGINE, ENGINE.default_options(), [level], seed)
    outcome = ENGINE.outcome(match.state)
    assert "Tom" in outcome.reason


def test_heuristic_scores_more_than_random_over_twenty_games():
    def mean(level: str) -> float:
        total = 0
        for seed in range(20):
            match = Match(ENGINE, ENGINE.default_options(), [SeatSpec(level, "bot", level)], seed)
            match.run_automatic()
            total += ENGINE.outcome(match.state).scores[0]
        return total / 20

    assert mean("heuristic") > mean("random")


def test_rules_reference_has_keys_first_and_searchable_glossaries():
    book = load_rules("bonfire")
    assert book.sections[0].anchor == "screen-and-keys"
    anchors = {s.anchor for s in book.sections}
    assert {
        "setup",
        "turn",
        "tom",
        "scoring",
        "task-glossary",
        "gnome-glossary",
        "tom-card-glossary",
        "adaptation-notes",
    } <= anchors
    terms = {term for term, _ in book.entries()}
    assert {"Tide Vow", "Crowd Warden", "Elder of Embers", "Tom lays a road"} <= terms


@pytest.mark.soak
@pytest.mark.parametrize("level", ["heuristic", "random"])
def test_soak_500_seeded_solo_games_finish(level):
    for seed in range(500):
        match = Match(ENGINE, ENGINE.default_options(), [SeatSpec(level, "bot", level)], seed)
        match.run_automatic()
        assert match.is_over(), seed
        ENGINE.outcome(match.state)


def test_heuristic_recruits_an_elder_only_when_it_will_count_something():
    from engines.bonfire.actions import Recruit
    from engines.bonfire.bots import HeuristicBot
    from engines.bonfire.state import YOU
    from tests.bonfire.helpers import edit, fresh

    s = edit(fresh(1))
    bot = HeuristicBot()
    specialist = Recruit(s.specialists[0])
    gates = Recruit("elder-of-gates")  # 1 point per portal: you have none
    kin = Recruit("elder-of-kin")  # 2 points per Specialist
    assert bot.value(s, specialist) > bot.value(s, gates)
    s.players[YOU].gnomes = s.specialists[1:3]
    assert bot.value(s, kin) > bot.value(s, specialist)
