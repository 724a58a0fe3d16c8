"""Content loads and checks itself; bot games play through 13 rounds; the rules reference
names every card; the heuristic bot beats random play."""

from __future__ import annotations

import pytest

from engines.bivouac import ENGINE, content
from engines.bivouac.state import BivouacOptions
from engines.core.match import Match
from engines.core.rules import load_rules
from tests.conformance import bot_seats, play_checked


def test_all_content_loads_and_validates() -> None:
    c = content.content()
    assert c.resources == ("wood", "stone", "rope", "canvas")
    assert len(c.activities) >= 16 and len(c.amenities) >= 10
    assert len([m for m in c.misfortunes if not m.expansion]) == 16
    assert len([m for m in c.misfortunes if m.expansion]) == 8
    assert {g.pile for g in c.gifts} == {1, 2, 3} and len(c.gifts) >= 10
    assert all(m.symbol for m in c.misfortunes if m.expansion)
    assert any(a.thrill for a in c.activities)
    assert "high-adventure-specialist" in content.staff()


def test_a_bad_card_is_refused_with_its_reason() -> None:
    from msgspec.structs import replace

    c = content.content()
    broken = replace(c, activities=(replace(c.activities[0], bonus_month=13),) + c.activities[1:])
    with pytest.raises(content.ContentError, match="bonus month"):
        content._check(broken)


def test_every_card_has_a_glossary_entry_in_the_rules() -> None:
    book = load_rules("bivouac")
    terms = {term for term, _ in book.entries()}
    c = content.content()
    for group in (c.activities, c.amenities, c.misfortunes, c.gifts, c.staff, c.upgrades):
        for card in group:
            assert card.name in terms, card.name
    assert book.sections[0].anchor == "screen-and-keys"
    for anchor in (
        "setup",
        "phase-1-placement",
        "phase-2-retrieval",
        "misfortunes",
        "phase-3-wages",
        "scoring",
        "expansion",
        "activity-upgrades",
        "card-glossary",
        "adaptation-notes",
    ):
        assert book.section(anchor) is not None, anchor


def test_glossary_entries_of_activities_match_the_card_data() -> None:
    body = load_rules("bivouac").section("activities").body
    for card in content.content().activities:
        line = next(x for x in body.splitlines() if x.startswith(f"- **{card.name}**"))
        assert f"{card.money} money and {card.vp} VP, {card.workers} worker" in line, card.name
        assert f"costs {content.cost_text(card.cost)}" in line, card.name


def test_glossary_entries_of_activities_give_their_months_and_bonus_month() -> None:
    body = load_rules("bivouac").section("activities").body
    short = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
    for card in content.content().activities:
        line = next(x for x in body.splitlines() if x.startswith(f"- **{card.name}**"))
        assert f"months {' '.join(short[m - 1] for m in sorted(card.months))};" in line, card.name
        assert f"bonus month {short[card.bonus_month - 1]};" in line, card.name
        assert ("thrill" in line) == card.thrill, card.name


def test_glossary_entries_of_staff_give_their_price_as_the_staff_row_does() -> None:
    """A staff card costing nothing reads "free" on the staff row and when taken: the
    glossary says so too, never "costs 0 money"."""
    body = load_rules("bivouac").section("staff-cards").body
    for card in content.content().staff:
        line = next(x for x in body.splitlines() if x.startswith(f"- **{card.name}**"))
        price = "starting staff" if card.starting else (f"costs {card.cost} money" if card.cost else "free")
        assert line.startswith(f"- **{card.name}** ({price}): "), line


def test_the_spaces_note_names_every_location_without_two_spaces() -> None:
    notes = load_rules("bivouac").section("adaptation-notes").body
    spaces = next(x for x in notes.split("\n- ") if x.startswith("**Spaces**"))
    for loc in content.content().locations:
        if loc.slots != 2:
            assert loc.name in spaces, loc.name


def test_status_line_topics_exist_in_the_rules() -> None:
    from engines.bivouac.view import status

    book = load_rules("bivouac")
    state = ENGINE.new_game(BivouacOptions(), 3, 1)
    assert book.section(status(state)[1]) is not None
    for topic in ("phase-2-retrieval", "phase-3-wages", "activity-upgrades", "end-of-the-game"):
        assert book.section(topic) is not None


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_expansion_games_pass_the_conformance_checks(seats: int) -> None:
    options = BivouacOptions(expansion=True)
    play_checked(ENGINE, options, ["random"] * (seats - 1) + ["heuristic"], seed=seats)


def test_free_upgrade_option_passes_the_conformance_checks() -> None:
    play_checked(ENGINE, BivouacOptions(expansion=True, upgrade_cost="free"), ["heuristic", "heuristic"], seed=5)


def _play(options: BivouacOptions, levels: list[str], seed: int) -> Match:
    match = Match(ENGINE, options, bot_seats(ENGINE, levels), seed)
    match.run_automatic()
    return match


def test_heuristic_beats_random_players_in_most_games() -> None:
    wins = sum(
        0 in ENGINE.outcome(_play(BivouacOptions(), ["heuristic", "random", "random"], seed).state).winners
        for seed in range(20)
    )
    assert wins >= 16


@pytest.mark.soak
@pytest.mark.parametrize("expansion", [False, True])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_soak_500_bot_games_finish_after_exactly_13_rounds(seats: int, expansion: bool) -> None:
    for seed in range(500):
        levels = ["heuristic" if (seed + n) % 2 else "random" for n in range(seats)]
        match = _play(BivouacOptions(expansion=expansion), levels, seed)
        assert match.is_over(), seed
        assert match.state.round == 13
        assert sum(e.event.text.startswith("Round ") for e in match.log) == 12


def test_players_read_names_never_ids() -> None:
    """Action list texts, status lines, panels and log lines of a whole expansion game."""
    import re

    c = content.content()
    ids = [x.id for group in (c.activities, c.amenities, c.misfortunes, c.gifts, c.staff, c.upgrades) for x in group]
    pattern = re.compile("|".join(rf"(?<![\w-]){re.escape(i)}(?![\w-])" for i in ids))
    match = Match(ENGINE, BivouacOptions(expansion=True), bot_seats(ENGINE, ["heuristic", "random", "random"]), 4)
    seen: list[str] = []
    while not match.is_over():
        seat = match.actors()[0]
        seen += [ENGINE.describe_action(a) for a in match.legal_actions(seat)]
        summary = ENGINE.summary(match.state, seat)
        seen += [summary.status] + [line for panel in summary.panels for line in panel.lines]
        match.act(*match.next_bot_or_auto())
    seen += match.log_lines(None)
    leaks = sorted({m.group(0) for text in seen for m in [pattern.search(text)] if m})
    assert not leaks
