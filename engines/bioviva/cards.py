"""Bioviva card content: questions, animals, symbol tiles, "+" cards and the die, as data.

All content is original (our own wording) and lives in JSON under ``engines/bioviva/data``.
It is decoded with msgspec into the frozen Structs below and validated at load time;
``load_cards()`` returns one cached :class:`CardSet`. Pure Python: stdlib + msgspec only.

Files and counts
- ``questions.json``: at least 160 multiple-choice questions (answers A/B/C, one correct
  letter, spread roughly evenly over A, B and C), each with a short true commentary.
- ``animals.json``: at least 110 animals for word association, each with accepted
  alternative names, an optional clarification (the rulebook's italic hint) for the
  lesser-known ones, 3-8 symbol-tile tags a guide would lay out, and a commentary.
- ``tiles.json``: exactly 43 symbol tiles: 21 yellow (parts of animals) and 22 blue
  (contexts). Each tile's ``meaning`` states how broadly it is read (e.g. "leg" is any limb
  touching the ground; penguins' flippers are "fins", not "wings").
- ``plus_cards.json``: exactly 32 "+" cards, each with a nature fact: 14 worth 1 Viva
  point, 14 worth 2 and 4 worth 3 (average 1.69 points a card).
- ``die.json``: 6 faces, two for each challenge type (question, localization, association).

Guess matching: :func:`normalise_answer` folds case and accents, drops a leading article,
removes spaces, hyphens and punctuation, and singularises simple English plurals word by
word; :func:`matches_animal` compares a guess with an animal's name and accepted names.
Validation guarantees every animal matches its own names and no two animals share one.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Protocol, TypeVar
from importlib import resources
from typing import Literal

import msgspec

__all__ = [
    "ANSWER_LETTERS",
    "CHALLENGE_TYPES",
    "MIN_ANIMALS",
    "MIN_QUESTIONS",
    "PLUS_MIX",
    "TILE_COUNT",
    "TILE_FAMILY_COUNTS",
    "Animal",
    "CardSet",
    "DieFace",
    "PlusCard",
    "Question",
    "SymbolTile",
    "load_cards",
    "matches_animal",
    "normalise_answer",
    "validate_cards",
]

ANSWER_LETTERS: tuple[str, ...] = ("A", "B", "C")
CHALLENGE_TYPES: tuple[str, ...] = ("question", "localization", "association")
MIN_QUESTIONS = 160
MIN_ANIMALS = 110
TILE_COUNT = 43
TILE_FAMILY_COUNTS: dict[str, int] = {"yellow": 21, "blue": 22}
PLUS_COUNT = 32
PLUS_MIX: dict[int, int] = {1: 14, 2: 14, 3: 4}
DIE_FACES = 6
MIN_TAGS, MAX_TAGS = 3, 8
MAX_LABEL = 10

Family = Literal["yellow", "blue"]
Challenge = Literal["question", "localization", "association"]


class Question(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    question: str
    answers: dict[str, str]  # exactly the keys "A", "B", "C"
    correct: str  # one of "A", "B", "C"
    commentary: str

    @property
    def correct_answer(self) -> str:
        return self.answers[self.correct]


class Animal(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    accepted: tuple[str, ...]
    clarification: str  # "" when the animal is well known
    tags: tuple[str, ...]  # symbol tile ids
    commentary: str

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.accepted)


class SymbolTile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    family: Family
    label: str
    glyph: str
    meaning: str


class PlusCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    points: int
    commentary: str


class DieFace(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    face: int  # 1..6
    challenge: Challenge
    label: str
    glyph: str


class CardSet(msgspec.Struct, frozen=True, dict=True):
    # dict=True only gives room for the cached lookup tables below; they are not fields.
    questions: tuple[Question, ...]
    animals: tuple[Animal, ...]
    tiles: tuple[SymbolTile, ...]
    plus_cards: tuple[PlusCard, ...]
    die: tuple[DieFace, ...]

    def question(self, question_id: str) -> Question:
        return _by_id(self._questions_by_id, question_id, "question")

    def animal(self, animal_id: str) -> Animal:
        return _by_id(self._animals_by_id, animal_id, "animal")

    def tile(self, tile_id: str) -> SymbolTile:
        return _by_id(self._tiles_by_id, tile_id, "tile")

    def plus_card(self, card_id: str) -> PlusCard:
        return _by_id(self._plus_cards_by_id, card_id, "plus card")

    # Engines look cards up by id on every challenge: index each list once.
    @functools.cached_property
    def _questions_by_id(self) -> dict[str, Question]:
        return _index(self.questions)

    @functools.cached_property
    def _animals_by_id(self) -> dict[str, Animal]:
        return _index(self.animals)

    @functools.cached_property
    def _tiles_by_id(self) -> dict[str, SymbolTile]:
        return _index(self.tiles)

    @functools.cached_property
    def _plus_cards_by_id(self) -> dict[str, PlusCard]:
        return _index(self.plus_cards)

    def tiles_of(self, family: str) -> tuple[SymbolTile, ...]:
        return tuple(tile for tile in self.tiles if tile.family == family)


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


_Item = TypeVar("_Item", bound=_Identified)
_Decoded = TypeVar("_Decoded")


def _index(items: Iterable[_Item]) -> dict[str, _Item]:
    """Items by id; with a repeated id the first one wins, as a search in order would."""
    index: dict[str, _Item] = {}
    for item in items:
        index.setdefault(item.id, item)
    return index


def _by_id(index: Mapping[str, _Item], item_id: str, kind: str) -> _Item:
    try:
        return index[item_id]
    except KeyError:
        raise KeyError(f"no {kind} with id {item_id!r}") from None


# --------------------------------------------------------------------------- matching

_ARTICLES = ("a", "an", "the")
_IRREGULAR: dict[str, str] = {
    "geese": "goose",
    "mice": "mouse",
    "lice": "louse",
    "oxen": "ox",
    "wolves": "wolf",
    "calves": "calf",
    "halves": "half",
    "leaves": "leaf",
    "teeth": "tooth",
    "feet": "foot",
    "octopi": "octopus",
    "octopodes": "octopus",
    "platypi": "platypus",
    "hippopotami": "hippopotamus",
}
_ES_ENDINGS = ("sses", "shes", "ches", "xes", "zzes", "uses", "oes")
_KEEP_ENDINGS = ("ss", "us")


def _singular(word: str) -> str:
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) <= 3:
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(_ES_ENDINGS):
        return word[:-2]
    if word.endswith(_KEEP_ENDINGS) and len(word) > 4:
        return word
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


@functools.lru_cache(maxsize=4096)  # guesses repeat the same few names; bounded, a guess is short
def normalise_answer(text: str) -> str:
    """Fold a name or guess to a comparison key.

    Casefolds, strips accents, treats hyphens and punctuation as spaces, drops one leading
    article (a, an, the), singularises each word's simple English plural (…ies→y,
    …ches/…shes/…xes/…sses/…uses/…oes→drop "es", other …s→drop "s", a few irregulars such as
    mice and wolves) and finally removes all spaces, so "sea horse" = "Sea-horses" =
    "seahorse".
    """
    folded = unicodedata.normalize("NFKD", text.casefold())
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    folded = folded.replace("'", "").replace("\u2019", "")
    words = re.sub(r"[^0-9a-z]+", " ", folded).split()
    if len(words) > 1 and words[0] in _ARTICLES:
        words = words[1:]
    return "".join(_singular(word) for word in words)


def matches_animal(guess: str, animal: Animal) -> bool:
    """True when ``guess`` names ``animal`` (its name or an accepted name)."""
    key = normalise_answer(guess)
    if not key:
        return False
    return any(key == normalise_answer(name) for name in animal.names)


# --------------------------------------------------------------------------- validation


def _need_text(value: str, where: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{where}: empty text")
    if value != value.strip():
        raise ValueError(f"{where}: leading or trailing spaces in {value!r}")


def _unique_ids(items: Iterable[_Identified], kind: str, pattern: str) -> None:
    seen: set[str] = set()
    for item in items:
        if not re.fullmatch(pattern, item.id):
            raise ValueError(f"{kind} id {item.id!r} does not match {pattern}")
        if item.id in seen:
            raise ValueError(f"duplicate {kind} id {item.id!r}")
        seen.add(item.id)


def _validate_questions(questions: tuple[Question, ...]) -> None:
    if len(questions) < MIN_QUESTIONS:
        raise ValueError(f"need at least {MIN_QUESTIONS} questions, found {len(questions)}")
    _unique_ids(questions, "question", r"q\d{3}")
    texts: dict[str, str] = {}
    for q in questions:
        _need_text(q.question, f"question {q.id} text")
        _need_text(q.commentary, f"question {q.id} commentary")
        if tuple(sorted(q.answers)) != ANSWER_LETTERS:
            raise ValueError(f"question {q.id}: answers must be exactly A, B, C, got {sorted(q.answers)}")
        for letter in ANSWER_LETTERS:
            _need_text(q.answers[letter], f"question {q.id} answer {letter}")
        folded = {q.answers[letter].casefold() for letter in ANSWER_LETTERS}
        if len(folded) != 3:
            raise ValueError(f"question {q.id}: two answers are the same")
        if q.correct not in ANSWER_LETTERS:
            raise ValueError(f"question {q.id}: correct letter {q.correct!r} is not A, B or C")
        key = re.sub(r"[^a-z0-9]+", " ", q.question.casefold()).strip()
        if key in texts:
            raise ValueError(f"question {q.id} duplicates question {texts[key]}")
        texts[key] = q.id
    counts = {letter: sum(q.correct == letter for q in questions) for letter in ANSWER_LETTERS}
    fair = len(questions) / 3
    for letter, count in counts.items():
        if abs(count - fair) > 0.15 * fair:
            raise ValueError(f"correct letters unevenly spread: {counts}")


def _validate_tiles(tiles: tuple[SymbolTile, ...]) -> None:
    if len(tiles) != TILE_COUNT:
        raise ValueError(f"need exactly {TILE_COUNT} symbol tiles, found {len(tiles)}")
    _unique_ids(tiles, "tile", r"[a-z]+")
    for family, wanted in TILE_FAMILY_COUNTS.items():
        found = sum(tile.family == family for tile in tiles)
        if found != wanted:
            raise ValueError(f"need {wanted} {family} tiles, found {found}")
    glyphs: dict[str, str] = {}
    labels: dict[str, str] = {}
    for tile in tiles:
        _need_text(tile.label, f"tile {tile.id} label")
        _need_text(tile.meaning, f"tile {tile.id} meaning")
        if len(tile.label) > MAX_LABEL:
            raise ValueError(f"tile {tile.id}: label {tile.label!r} longer than {MAX_LABEL}")
        if not (1 <= len(tile.glyph) <= 2) or not all(32 < ord(ch) < 127 for ch in tile.glyph):
            raise ValueError(f"tile {tile.id}: glyph {tile.glyph!r} must be 1-2 printable ASCII characters")
        if tile.glyph in glyphs:
            raise ValueError(f"tile {tile.id}: glyph {tile.glyph!r} already used by {glyphs[tile.glyph]}")
        glyphs[tile.glyph] = tile.id
        if tile.label.casefold() in labels:
            raise ValueError(f"tile {tile.id}: label {tile.label!r} already used by {labels[tile.label.casefold()]}")
        labels[tile.label.casefold()] = tile.id


def _validate_animals(animals: tuple[Animal, ...], tile_ids: set[str]) -> None:
    if len(animals) < MIN_ANIMALS:
        raise ValueError(f"need at least {MIN_ANIMALS} animals, found {len(animals)}")
    _unique_ids(animals, "animal", r"a\d{3}")
    owners: dict[str, str] = {}
    for animal in animals:
        _need_text(animal.name, f"animal {animal.id} name")
        _need_text(animal.commentary, f"animal {animal.id} commentary")
        if animal.clarification != animal.clarification.strip():
            raise ValueError(f"animal {animal.id}: clarification has stray spaces")
        for name in animal.accepted:
            _need_text(name, f"animal {animal.id} accepted name")
        if not (MIN_TAGS <= len(animal.tags) <= MAX_TAGS):
            raise ValueError(
                f"animal {animal.id} ({animal.name}): needs {MIN_TAGS}-{MAX_TAGS} tags, has {len(animal.tags)}"
            )
        if len(set(animal.tags)) != len(animal.tags):
            raise ValueError(f"animal {animal.id} ({animal.name}): repeated tag")
        for tag in animal.tags:
            if tag not in tile_ids:
                raise ValueError(f"animal {animal.id} ({animal.name}): tag {tag!r} is not a tile id")
        for name in animal.names:
            if not matches_animal(name, animal):
                raise ValueError(f"animal {animal.id}: {name!r} does not match its own animal")
            key = normalise_answer(name)
            owner = owners.setdefault(key, animal.id)
            if owner != animal.id:
                raise ValueError(f"animal {animal.id}: name {name!r} also matches animal {owner}")


def _validate_plus_cards(cards: tuple[PlusCard, ...]) -> None:
    if len(cards) != PLUS_COUNT:
        raise ValueError(f"need exactly {PLUS_COUNT} plus cards, found {len(cards)}")
    _unique_ids(cards, "plus card", r"p\d{2}")
    for card in cards:
        _need_text(card.commentary, f"plus card {card.id} commentary")
        if card.points not in PLUS_MIX:
            raise ValueError(f"plus card {card.id}: points {card.points} not in {sorted(PLUS_MIX)}")
    mix = {points: sum(card.points == points for card in cards) for points in PLUS_MIX}
    if mix != PLUS_MIX:
        raise ValueError(f"plus card mix is {mix}, expected {PLUS_MIX}")


def _validate_die(faces: tuple[DieFace, ...]) -> None:
    if len(faces) != DIE_FACES:
        raise ValueError(f"the die needs {DIE_FACES} faces, found {len(faces)}")
    if sorted(face.face for face in faces) != list(range(1, DIE_FACES + 1)):
        raise ValueError("die faces must be numbered 1 to 6 once each")
    for challenge in CHALLENGE_TYPES:
        count = sum(face.challenge == challenge for face in faces)
        if count != 2:
            raise ValueError(f"the die needs two {challenge} faces, found {count}")
    for face in faces:
        _need_text(face.label, f"die face {face.face} label")
        if not (1 <= len(face.glyph) <= 2) or not all(32 < ord(ch) < 127 for ch in face.glyph):
            raise ValueError(f"die face {face.face}: glyph {face.glyph!r} must be 1-2 printable ASCII characters")


def validate_cards(cards: CardSet) -> None:
    """Raise ``ValueError`` naming the first problem found in ``cards``."""
    _validate_questions(cards.questions)
    _validate_tiles(cards.tiles)
    _validate_animals(cards.animals, {tile.id for tile in cards.tiles})
    _validate_plus_cards(cards.plus_cards)
    _validate_die(cards.die)


# --------------------------------------------------------------------------- loading


def _read(name: str, kind: type[_Decoded]) -> _Decoded:
    """Decode a data file as ``kind`` (a tuple of one card Struct)."""
    raw = (resources.files("engines.bioviva") / "data" / name).read_bytes()
    try:
        return msgspec.json.decode(raw, type=kind)
    except msgspec.ValidationError as exc:
        raise ValueError(f"{name}: {exc}") from exc


@functools.lru_cache(maxsize=1)
def load_cards() -> CardSet:
    """Read, decode and validate all Bioviva card data (cached)."""
    cards = CardSet(
        questions=_read("questions.json", tuple[Question, ...]),
        animals=_read("animals.json", tuple[Animal, ...]),
        tiles=_read("tiles.json", tuple[SymbolTile, ...]),
        plus_cards=_read("plus_cards.json", tuple[PlusCard, ...]),
        die=_read("die.json", tuple[DieFace, ...]),
    )
    validate_cards(cards)
    return cards
