"""The rules reference: its sections, and the anchors the summary points at."""

from __future__ import annotations

from msgspec.structs import replace

from engines.bivi import ENGINE
from engines.bivi.notation import score
from engines.core.rules import load_rules
from tests.bivi.helpers import holding, start


def test_rules_reference_has_the_lookup_sections():
    book = load_rules("bivi")
    assert book.title == "Bivì"
    anchors = [s.anchor for s in book.sections]
    for anchor in ["overview", "setup", "turn", "foreman", "other-beavers", "end-of-turn", "placing-tiles",
                   "stability", "adjacency", "the-beaver", "wood-cubes", "end-of-the-game", "scoring",
                   "modes", "advanced", "expert", "notation", "adaptation-notes"]:
        assert anchor in anchors, anchor


def test_summary_points_to_the_rules_section_of_the_current_phase():
    book = load_rules("bivi")
    states = [ENGINE.new_game(ENGINE.default_options(), 2, 1), start(), holding(1),
              replace(start(), phase="take", actor=1, side="N"), replace(holding(1), phase="beaver", spots=((6, 3),)),
              replace(start(), phase="end"), replace(start(), phase="over", end_reason="test")]
    for state in states:
        summary = ENGINE.summary(state, None)
        assert book.section(summary.rules_topic) is not None, summary.rules_topic
        assert summary.status and len(summary.panels) == 2


def test_the_worked_example_in_the_reference_scores_as_explained():
    body = load_rules("bivi").section("scoring").body
    # the example is an indented code block: headings-like '#' lines must not start a line
    example = "".join(line[4:] + "\n" for line in body.splitlines() if line.startswith("    "))
    assert score(example).total(largest_penalised=True) == 8
