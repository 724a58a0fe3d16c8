"""Gear (pick up, trade, equip within 2 hands), the view and summary, and rules.md."""

from __future__ import annotations

import msgspec

from engines.camp_grizzly import content
from engines.core.rules import load_rules
from tests.camp_grizzly.rules_helpers import ENGINE, act, at, fresh, texts, to_stage


def test_equip_within_two_hands_clothing_is_free():
    s = to_stage(fresh(), "end")
    s.counselors["mitch"].backpack = ["canoe_paddle", "tire_iron", "running_shoes"]
    options = texts(s)
    assert {"equip canoe_paddle", "equip tire_iron", "equip running_shoes"} <= set(options)
    s = act(s, "equip canoe_paddle").state
    assert "equip tire_iron" not in texts(s) and "equip running_shoes" in texts(s)
    s = act(s, "equip running_shoes").state
    assert s.counselors["mitch"].equipped == ["canoe_paddle", "running_shoes"]


def test_handy_counselor_may_use_three_hands():
    s = to_stage(fresh(counselors=(0, 0, 0, 1)), "end")
    s.counselors["rhonda"].backpack = ["canoe_paddle", "tire_iron"]
    s = act(s, "equip canoe_paddle").state
    assert "equip tire_iron" in texts(s)


def test_pickup_and_trade_in_the_same_space():
    s = fresh(counselors=(1, 1))
    s.counselors["mitch"].cell = s.counselors["wendy"].cell = at("B5")
    s.counselors["wendy"].objectives = ["oar"]
    options = texts(s)
    assert "pickup camp_keys" in options and "trade WP oar->MK" in options
    s = act(s, "trade WP oar->MK").state
    assert s.counselors["mitch"].objectives == ["oar"]
    s = act(s, "pickup camp_keys").state
    assert "camp_keys" in s.counselors["mitch"].objectives and not any(g.cell == at("B5") for g in s.ground)


def test_view_and_summary_show_the_table():
    s = fresh(seats=2)
    view = ENGINE.view(s, 0)
    assert view.otis.cell == "O1" and view.otis.attack == 4 and view.body_count == 2  # Easy: two campers missing
    assert [c.initials for c in view.counselors] == ["MK", "WP"] and view.counselors[0].active
    assert any(t.kind == "question" for t in view.things) and view.locks == ("C9",)
    msgspec.json.encode(view)
    summary = ENGINE.summary(s, None)
    assert "Player 1" in summary.status and len(summary.panels) == 2
    assert load_rules("camp_grizzly").section(summary.rules_topic) is not None


def test_backpacks_are_open_to_every_seat_and_spectators():
    """Adaptation notes, open backpacks: every counselor's cards show in every seat's view
    and a spectator's; what stays hidden is the decks' order and the face-down '?' cards."""
    s = fresh(seats=2, bare=False)
    s.counselors["mitch"].survival = ["play_dead"]
    s.counselors["mitch"].backpack = ["air_horn"]
    for viewer in (1, None):
        mitch = ENGINE.view(s, viewer).counselors[0]
        assert mitch.survival == ("play_dead",) and mitch.backpack == ("air_horn",)
    view = ENGINE.view(s, 1)
    assert all(t.id == "" for t in view.things if t.kind == "question")
    encoded = msgspec.json.encode(view).decode()
    assert all(f'"{mini}"' not in encoded for _, mini in s.questions)
    assert str(s.rng) not in encoded and s.cabin_deck[0] not in encoded


def test_rules_reference_sections_and_glossary():
    book = load_rules("camp_grizzly")
    assert book.title == "Camp Grizzly"
    anchors = {s.anchor for s in book.sections}
    for anchor in [
        "overview",
        "setup",
        "counselor-turn",
        "movement",
        "nature-trails",
        "cabins-and-cards",
        "otis",
        "otis-strikes-fights-and-panic",
        "body-count",
        "injuries-and-death",
        "the-woods",
        "finales",
        "winning-and-losing",
        "scoring",
        "card-glossary",
        "adaptation-notes",
    ]:
        assert anchor in anchors, anchor
    text = book.markdown
    for card in [*content.cabin_cards().values(), *content.survival_cards().values(), *content.minis().values()]:
        assert f"**{card.name}**" in text, card.name
    assert "Hopeless" in book.section("adaptation-notes").body
    assert "Easy" in book.section("measured-win-rates").body


def test_the_glossary_gives_each_card_and_counselor_its_own_text():
    """The in-app glossary line of every card, mini and counselor carries the text the
    engine logs for it, so a card changed in the data cannot keep an old line in rules.md."""
    lines = load_rules("camp_grizzly").markdown.splitlines()

    def line_of(name: str) -> str:
        return next((x for x in lines if x.startswith(f"- **{name}**")), "")

    for card in [*content.cabin_cards().values(), *content.survival_cards().values(), *content.minis().values()]:
        assert card.text in line_of(card.name), card.name
    for counselor in content.counselors().values():
        assert counselor.ability.text in line_of(counselor.name), counselor.name


def test_the_glossary_labels_cards_in_words_not_data_codes():
    """A glossary line's label (the part in brackets after the name) is for players: no
    data codes such as `after_roll` or `first_aid`, and no word said twice."""
    import re

    markdown = load_rules("camp_grizzly").markdown
    section = markdown[markdown.index("## Card glossary") : markdown.index("## Adaptation notes")]
    labels = re.findall(r"^- \*\*[^*]+\*\*(?: ×\d+)? \(([^)]*)\):", section, flags=re.M)
    assert len(labels) > 60
    for label in labels:
        assert "_" not in label, label
        words = [w.strip() for w in label.split(",")]
        assert len(words) == len(set(words)), label
