"""Bioviva card data: loading, validation, counts, guess matching and spot-checked facts."""

from __future__ import annotations

import msgspec
import pytest

from engines.bioviva.cards import (
    PLUS_MIX,
    TILE_FAMILY_COUNTS,
    Animal,
    CardSet,
    load_cards,
    matches_animal,
    normalise_answer,
    validate_cards,
)


@pytest.fixture(scope="module")
def cards() -> CardSet:
    return load_cards()


def _animal(cards: CardSet, name: str) -> Animal:
    for animal in cards.animals:
        if animal.name == name:
            return animal
    raise AssertionError(f"no animal named {name}")


# ------------------------------------------------------------------ loading and counts


def test_loads_validates_and_is_cached(cards):
    validate_cards(cards)
    assert load_cards() is cards


def test_counts(cards):
    assert len(cards.questions) >= 160
    assert len(cards.animals) >= 110
    assert len(cards.tiles) == 43
    assert {family: len(cards.tiles_of(family)) for family in ("yellow", "blue")} == TILE_FAMILY_COUNTS
    assert len(cards.plus_cards) == 32
    mix = {points: sum(card.points == points for card in cards.plus_cards) for points in (1, 2, 3)}
    assert mix == PLUS_MIX == {1: 14, 2: 14, 3: 4}
    assert len(cards.die) == 6
    for challenge in ("question", "localization", "association"):
        assert sum(face.challenge == challenge for face in cards.die) == 2


def test_correct_letter_spread(cards):
    counts = {letter: sum(q.correct == letter for q in cards.questions) for letter in "ABC"}
    third = len(cards.questions) / 3
    assert all(abs(count - third) <= 0.1 * third for count in counts.values()), counts


def test_questions_well_formed(cards):
    for q in cards.questions:
        assert set(q.answers) == {"A", "B", "C"}
        assert q.correct in q.answers
        assert q.question.strip() and q.commentary.strip()
    texts = [q.question.casefold() for q in cards.questions]
    assert len(set(texts)) == len(texts)


def test_ids_unique(cards):
    for items in (cards.questions, cards.animals, cards.tiles, cards.plus_cards):
        ids = [item.id for item in items]
        assert len(set(ids)) == len(ids)


def test_tiles(cards):
    glyphs = [tile.glyph for tile in cards.tiles]
    assert len(set(glyphs)) == len(glyphs)
    assert all(1 <= len(g) <= 2 and g.isascii() for g in glyphs)
    assert all(len(tile.label) <= 10 for tile in cards.tiles)
    ids = {tile.id for tile in cards.tiles}
    for required in (
        "leg",
        "antennae",
        "feathers",
        "wings",
        "fins",
        "land",
        "air",
        "water",
        "few",
        "many",
        "edible",
        "domesticated",
        "diurnal",
        "nocturnal",
        "herbivore",
        "carnivore",
        "small",
        "large",
        "hot",
        "cold",
        "colour",
    ):
        assert required in ids
    assert cards.tile("fins").family == "yellow"
    assert cards.tile("water").family == "blue"


def test_animal_tags_are_tiles(cards):
    ids = {tile.id for tile in cards.tiles}
    for animal in cards.animals:
        assert 3 <= len(animal.tags) <= 8
        assert set(animal.tags) <= ids


def test_rulebook_example_and_tag_consistency(cards):
    millipede = _animal(cards, "Millipede")
    assert {"small", "light", "antennae", "leg", "many"} <= set(millipede.tags)
    # Penguin flippers are tagged as fins, never wings; only birds have feathers.
    assert "wings" not in _animal(cards, "Penguin").tags
    assert "fins" in _animal(cards, "Penguin").tags
    assert "feathers" not in _animal(cards, "Bat").tags
    assert "wings" in _animal(cards, "Bat").tags


def test_lesser_known_animals_have_clarifications(cards):
    for name in ("Axolotl", "Okapi", "Pangolin", "Aye-aye", "Narwhal", "Red panda"):
        assert _animal(cards, name).clarification


# ------------------------------------------------------------------ matching


def test_normalise_answer_examples():
    assert normalise_answer("The Blue Whales") == "bluewhale"
    assert normalise_answer("  an   Aye-Aye ") == "ayeaye"
    assert normalise_answer("Sea-horses") == normalise_answer("seahorse")
    assert normalise_answer("BUTTERFLIES") == "butterfly"
    assert normalise_answer("foxes") == "fox"
    assert normalise_answer("Albatrosses") == "albatross"
    assert normalise_answer("walruses") == "walrus"
    assert normalise_answer("platypus") == "platypus"
    assert normalise_answer("mice") == "mouse"
    assert normalise_answer("wolves") == "wolf"
    assert normalise_answer("Éléphant") == "elephant"
    assert normalise_answer("Przewalski's horse") == normalise_answer("przewalskis horses")
    assert normalise_answer("emus") == "emu"
    assert normalise_answer("") == ""


def test_every_animal_matches_its_names_and_no_other(cards):
    owners: dict[str, str] = {}
    for animal in cards.animals:
        for name in animal.names:
            assert matches_animal(name, animal), (animal.name, name)
            assert matches_animal(name.upper(), animal)
            key = normalise_answer(name)
            assert owners.setdefault(key, animal.id) == animal.id, (name, owners[key])
    for animal in cards.animals:
        for other in cards.animals:
            if other is not animal:
                assert not matches_animal(animal.name, other), (animal.name, other.name)


@pytest.mark.parametrize(
    ("guess", "name"),
    [
        ("blue whale", "Blue whale"),
        ("THE BLUE WHALES", "Blue whale"),
        ("a Hippo", "Hippopotamus"),
        ("hippopotami", "Hippopotamus"),
        ("sea horse", "Seahorse"),
        ("Sea-Horses", "Seahorse"),
        ("seahorses", "Seahorse"),
        ("butterflies", "Butterfly"),
        ("Mice", "Mouse"),
        ("wolves", "Wolf"),
        ("octopuses", "Octopus"),
        ("octopi", "Octopus"),
        ("the ostriches", "Ostrich"),
        ("Kömodo Dragon", "Komodo dragon"),
        ("aye aye", "Aye-aye"),
        ("ayeaye", "Aye-aye"),
        ("an Emu", "Emu"),
        ("ladybug", "Ladybird"),
        ("killer whales", "Orca"),
        ("Rhinos", "Rhinoceros"),
        ("praying mantises", "Praying mantis"),
        ("flamingoes", "Flamingo"),
        ("mosquitoes", "Mosquito"),
        ("thousand legger", "Millipede"),
    ],
)
def test_matches_animal_examples(cards, guess, name):
    assert matches_animal(guess, _animal(cards, name))


@pytest.mark.parametrize(
    ("guess", "name"),
    [
        ("whale", "Blue whale"),
        ("shark", "Whale shark"),
        ("panda", "Red panda"),
        ("fox", "Arctic fox"),
        ("crab", "Hermit crab"),
        ("", "Cat"),
        ("the", "Cat"),
        ("cats and dogs", "Cat"),
    ],
)
def test_near_misses_do_not_match(cards, guess, name):
    assert not matches_animal(guess, _animal(cards, name))


# ------------------------------------------------------------------ validation failures


def _with(cards: CardSet, **changes) -> CardSet:
    return msgspec.structs.replace(cards, **changes)


def test_validation_rejects_bad_data(cards):
    q0 = cards.questions[0]
    bad_letter = msgspec.structs.replace(q0, correct="D")
    with pytest.raises(ValueError, match="correct letter"):
        validate_cards(_with(cards, questions=(bad_letter, *cards.questions[1:])))
    with pytest.raises(ValueError, match="duplicate question id"):
        validate_cards(_with(cards, questions=(*cards.questions, q0)))
    a0 = cards.animals[0]
    bad_tag = msgspec.structs.replace(a0, tags=(*a0.tags[:3], "jetpack"))
    with pytest.raises(ValueError, match="not a tile id"):
        validate_cards(_with(cards, animals=(bad_tag, *cards.animals[1:])))
    clash = msgspec.structs.replace(a0, accepted=(*a0.accepted, cards.animals[1].name))
    with pytest.raises(ValueError, match="also matches"):
        validate_cards(_with(cards, animals=(clash, *cards.animals[1:])))
    with pytest.raises(ValueError, match="43 symbol tiles"):
        validate_cards(_with(cards, tiles=cards.tiles[:-1]))
    p1 = next(p for p in cards.plus_cards if p.points == 1)
    wrong_mix = tuple(msgspec.structs.replace(p, points=3) if p is p1 else p for p in cards.plus_cards)
    with pytest.raises(ValueError, match="mix"):
        validate_cards(_with(cards, plus_cards=wrong_mix))
    die = tuple(msgspec.structs.replace(f, challenge="question") if f.face == 2 else f for f in cards.die)
    with pytest.raises(ValueError, match="two"):
        validate_cards(_with(cards, die=die))


# ------------------------------------------------------------------ spot-checked facts


@pytest.mark.parametrize(
    ("qid", "answer"),
    [
        ("q001", "Blue whale"),
        ("q002", "Cheetah"),
        ("q003", "Giraffe"),
        ("q005", "Three"),
        ("q008", "Platypus"),
        ("q009", "Eight"),
        ("q061", "Carbon dioxide"),
        ("q091", "Mount Everest"),
        ("q093", "Pacific"),
        ("q113", "Nitrogen"),
        ("q118", "The tilt of Earth's axis"),
        ("q169", "Four"),
        ("q218", "About 8 minutes"),
    ],
)
def test_spot_check_facts(cards, qid, answer):
    assert cards.question(qid).correct_answer == answer
