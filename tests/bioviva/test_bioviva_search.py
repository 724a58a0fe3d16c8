"""Bioviva's search levels and determinizer: the search plans, its knowledge model answers,
and samples draw what a seat cannot see (sealed guesses, the guide's animal, pawn kinds)."""

from __future__ import annotations

import msgspec
import pytest
from msgspec.structs import replace

from engines.bioviva.actions import Answer, BiovivaOptions
from engines.bioviva.bots import EasyBot, HeuristicBot, NaturalistBot, ScholarBot, knows
from engines.bioviva.cards import load_cards, normalise_answer
from engines.bioviva.search import KnowledgeSearch
from engines.core.ismcts import SearchBot
from engines.core.match import Match, SeatSpec, parse_seats
from engines.core.protocol import BotContext
from engines.core.rng import Rng
from tests.bioviva.helpers import ENGINE, act, challenge

SEARCH_ITERATIONS = 60


def _context(state, seat: int, rng: int = 3) -> BotContext:
    return BotContext(
        engine=ENGINE, seat=seat, view=ENGINE.view(state, seat), legal=ENGINE.legal_actions(state, seat), rng=Rng(rng)
    )


def _with_correct_letter(monkeypatch, card: str, letter: str) -> None:
    """The game's content, as the engine and every bot read it, now says `letter` is right."""
    cards = load_cards()
    monkeypatch.setitem(cards._questions_by_id, card, replace(cards.question(card), correct=letter))


def _unknown_question(seat: int, rate: float) -> str:
    return next(q.id for q in load_cards().questions if not knows(seat, q.id, rate))


def _answers_by_fact(monkeypatch, bot_maker, card: str) -> dict[str, str]:
    """What the bot answers seat 0's question with each letter made the right one, in a
    two-player game that the first right answer wins (so playouts show plainly which is right)."""
    chosen = {}
    for letter in "ABC":
        _with_correct_letter(monkeypatch, card, letter)
        state = challenge("question", card, seats=2, target=1)
        answer = bot_maker().choose(_context(state, 0))
        assert isinstance(answer, Answer)
        chosen[letter] = answer.letter
    return chosen


def test_a_plain_search_would_learn_the_answer_from_its_playouts(monkeypatch):
    """Why the search levels never search an answer: an unrestricted search finds the right
    letter by playing the game out, whatever it knows."""
    card = _unknown_question(0, ScholarBot.accuracy)
    chosen = _answers_by_fact(monkeypatch, lambda: SearchBot(iterations=SEARCH_ITERATIONS), card)
    assert chosen == {"A": "A", "B": "B", "C": "C"}


@pytest.mark.parametrize("model", [NaturalistBot, ScholarBot])
def test_the_search_answers_a_fact_its_model_does_not_know_the_same_whatever_the_fact(monkeypatch, model):
    card = _unknown_question(0, model.accuracy)
    chosen = _answers_by_fact(monkeypatch, lambda: KnowledgeSearch(model(), iterations=SEARCH_ITERATIONS), card)
    assert len(set(chosen.values())) == 1, chosen
    # ... and that answer is its model's guess.
    state = challenge("question", card, seats=2, target=1)
    assert chosen["A"] == model().choose(_context(state, 0)).letter


def test_the_search_answers_a_fact_its_model_knows():
    card = next(q.id for q in load_cards().questions if knows(0, q.id, ScholarBot.accuracy))
    state = challenge("question", card, seats=2)
    answer = KnowledgeSearch(ScholarBot(), iterations=SEARCH_ITERATIONS).choose(_context(state, 0))
    assert answer == Answer(load_cards().question(card).correct)


def test_a_guessers_search_guesses_the_same_whatever_the_guides_animal():
    """Two animals, the same tiles on the table: the guesser's view is the same, and so is
    its search's guess (its model guesses from the tiles)."""
    guesses = set()
    for card in ("a005", "a002"):  # lion, blue whale
        state = act(challenge("association", card, seats=3), 0, "tile tail")
        bot = KnowledgeSearch(ScholarBot(), iterations=SEARCH_ITERATIONS)
        guesses.add(ENGINE.format_action(bot.choose(_context(state, 1))))
    assert len(guesses) == 1


def test_levels_know_nested_shares_of_the_facts():
    """What a weaker level knows, every stronger level in the same seat knows too."""
    rates = [EasyBot.accuracy, HeuristicBot.accuracy, NaturalistBot.accuracy, ScholarBot.accuracy]
    assert rates == sorted(rates)
    for seat in range(6):
        for q in load_cards().questions:
            known = [knows(seat, q.id, rate) for rate in rates]
            assert known == sorted(known), (seat, q.id)


def test_the_old_name_novice_still_starts_a_game_as_easy():
    seats = [SeatSpec("Ana", "bot", "novice"), SeatSpec("Bo", "bot", "heuristic")]
    match = Match(ENGINE, BiovivaOptions(), seats, 4)
    while not match.is_over():
        match.act(*match.next_bot_or_auto())
    assert "novice" not in list(ENGINE.bots)  # accepted, not offered
    assert isinstance(ENGINE.bots["novice"](), EasyBot)
    assert parse_seats("human,novice", ENGINE)[1].level == "novice"  # --seats


# -- samples -------------------------------------------------------------------------------
SENTINEL_GUESS = "Quokkasentinel"


def _samples(state, seat: int, n: int = 25):
    view = ENGINE.view(state, seat)
    legal = [ENGINE.format_action(a) for a in ENGINE.legal_actions(state, seat)]
    for k in range(n):
        sample = ENGINE.determinize(view, seat, Rng(k))
        assert ENGINE.view(sample, seat) == view
        assert [ENGINE.format_action(a) for a in ENGINE.legal_actions(sample, seat)] == legal
        yield sample


def test_sealed_guesses_pending_are_drawn_never_read():
    """Player 2 has sealed a guess, Player 3 and 4 are still writing: Player 3's samples
    draw Player 2's guess (never the real one), keep Player 3's own knowledge, and draw
    the guide's animal among those no revealed guess named."""
    state = act(challenge("association", "a005", seats=4), 0, "tile tail")
    state = act(state, 3, "guess horse")  # Player 4 writes first
    state = act(state, 1, f"guess {SENTINEL_GUESS}")
    assert state.waiting == (2,) and [g.seat for g in state.sealed] == [3, 1]
    drawn, animals = set(), set()
    for sample in _samples(state, 2):
        assert SENTINEL_GUESS not in msgspec.json.encode(sample).decode()
        assert [g.seat for g in sample.sealed] == [3, 1]
        drawn.add(tuple(g.text for g in sample.sealed))
        animals.add(sample.card)
    assert len(drawn) > 1 and len(animals) > 1
    # The writer keeps its own sealed guess in every sample; the other one is drawn.
    others = set()
    for sample in _samples(state, 1):
        assert sample.sealed[1].text == SENTINEL_GUESS
        others.add(sample.sealed[0].text)
    assert len(others) > 1


def test_a_guessers_samples_never_hold_an_animal_a_revealed_guess_named():
    state = act(challenge("association", "a005", seats=3), 0, "tile tail")
    state = act(act(state, 1, "guess horse"), 2, "guess zebra")
    assert not state.waiting and len(state.guesses) == 2  # revealed, waiting for the guide
    named = {normalise_answer("horse"), normalise_answer("zebra")}
    for sample in _samples(state, 1, n=40):
        a = load_cards().animal(sample.card)
        assert not {normalise_answer(n) for n in a.names} & named


def test_a_young_guessers_samples_keep_the_clarification_it_was_shown():
    state = act(challenge("association", "a070", seats=3, young=(2,)), 0, "tile tail")  # pangolin
    shown = load_cards().animal("a070").clarification
    assert shown and ENGINE.view(state, 1).challenge.clarification == shown
    for sample in _samples(state, 1):
        assert load_cards().animal(sample.card).clarification == shown


def test_another_players_pawn_kinds_are_drawn_and_mine_are_kept():
    state = challenge("localization", "l001", seats=3)
    order = state.order
    for seat in order[:4]:
        legal = ENGINE.legal_actions(state, seat)
        state = ENGINE.apply(state, seat, legal[len(legal) // 3]).state
    me = order[4]
    mine = [p for p in state.pawns if p.seat == me]
    kinds = set()
    for sample in _samples(state, me):
        assert [p for p in sample.pawns if p.seat == me] == mine
        kinds.add(tuple(p.kind for p in sample.pawns if p.seat != me))
    assert len(kinds) > 1


def test_a_questions_other_answers_are_drawn_and_a_peek_is_kept():
    state = challenge("question", "q001", seats=3, young=(3,))
    state = act(act(state, 0, "answer B"), 1, "answer C")
    state = act(state, 2, "peek 1")
    letters = set()
    for sample in _samples(state, 2):
        assert sample.answers[0] == "B" and sample.peeks[2] == 0
        letters.add(sample.answers[1])
    assert letters == {"A", "B", "C"}


# -- what the search weighs ---------------------------------------------------------------------
def test_a_guides_search_weighs_only_clues_that_tell_its_animal():
    state = challenge("association", "a005", seats=3)  # lion, guide Player 1
    ctx = _context(state, 0)
    model_choice = ENGINE.format_action(ScholarBot().choose(_context(state, 0)))
    bot = KnowledgeSearch(ScholarBot(), iterations=SEARCH_ITERATIONS)
    assert bot.choose(ctx) in ctx.legal
    assert bot.last_root is not None and len(bot.last_root.children) > 2
    tags = set(load_cards().animal("a005").tags)
    for text in bot.last_root.children:
        words = text.split()
        if words[0] == "tile" and text != model_choice:
            assert set(words[1].split("+")) <= tags, text
        else:
            assert words[0] in ("tile", "magnifier", "pass-card", "clarify"), text


def test_a_guides_search_never_weighs_accepting_a_wrong_guess():
    state = act(challenge("association", "a005", seats=3), 0, "tile tail")
    state = act(act(state, 1, "guess horse"), 2, "guess zebra")
    ctx = _context(state, 0)
    assert any(ENGINE.format_action(a).startswith("accept") for a in ctx.legal)
    bot = KnowledgeSearch(ScholarBot(), iterations=SEARCH_ITERATIONS)
    assert not ENGINE.format_action(bot.choose(ctx)).startswith("accept")
    assert bot.last_root is not None and len(bot.last_root.children) > 1
    assert not any(text.startswith("accept") for text in bot.last_root.children)
