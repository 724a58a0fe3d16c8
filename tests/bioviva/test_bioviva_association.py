"""Word association: the guide's secret animal, tiles, clarification tiles, magnifier, replies,
passing, sealed guessing rounds revealed together (matched like the cards say), the reveal
order that settles ties, and scoring for the finder and the guide."""

from __future__ import annotations

import msgspec
import pytest

from engines.bioviva.actions import Guess, Pass
from engines.bioviva.cards import load_cards
from engines.core.errors import IllegalAction
from tests.bioviva.helpers import ENGINE, act, challenge, refused, run

LION = "a005"
BLUE_WHALE = "a002"
PANGOLIN = "a070"  # has a clarification


def lion(seats: int = 3, guide: int = 0, points: int = 2, **options):
    return challenge("association", LION, seats=seats, guide=guide, points=points, **options)


def all_pass(state, *guessers):
    for seat in guessers:
        state = act(state, seat, "pass")
    return state


def round_of(state, **written):
    """One sealed round: `p2="horse"` has Player 2 write "horse"; "pass" passes."""
    for key, text in written.items():
        seat = int(key[1:]) - 1
        state = act(state, seat, "pass" if text == "pass" else f"guess {text}")
    return state


def test_only_the_guide_sees_the_animal():
    state = lion()
    assert ENGINE.view(state, 0).challenge.animal == "Lion"
    for viewer in (None, 1, 2):
        seen = msgspec.json.encode(ENGINE.view(state, viewer)).decode()
        seen += msgspec.json.encode(ENGINE.summary(state, viewer)).decode()
        assert '"Lion"' not in seen and LION not in seen
        assert ENGINE.view(state, viewer).challenge.animal == ""
    assert ENGINE.secrets(state)[0][0] == "Player 1, your animal: Lion"


def test_the_guide_lays_tiles_and_the_others_guess_after_each():
    state = lion()
    assert ENGINE.actors(state) == (0,)
    state = act(state, 0, "tile mane")
    assert state.phase == "guess" and ENGINE.actors(state) == (1, 2)
    tiles = ENGINE.view(state, 1).challenge.tiles
    assert [(t.tile, t.label) for t in tiles] == [("mane", "Mane")]
    state = all_pass(state, 1, 2)
    assert state.phase == "clue" and ENGINE.actors(state) == (0,)


def test_a_guess_naming_the_animal_wins_when_the_round_is_revealed_and_the_guide_scores_too():
    state = act(lion(points=3), 0, "tile mane")
    state = act(state, 2, "guess lion")
    assert state.phase == "guess" and ENGINE.actors(state) == (1,)  # sealed: nobody knows yet
    state = act(state, 1, "guess tiger")
    assert state.phase == "roll"
    assert state.last.winners == (2,) and state.scores == (3, 0, 3)
    assert state.last.answer == "Lion"
    outcome = ENGINE.outcome(state)
    assert [line.points for line in outcome.breakdown[2]] == [0, 0, 3, 0]
    assert [line.points for line in outcome.breakdown[0]] == [0, 0, 0, 3]


@pytest.mark.parametrize(
    "typed",
    ["LION", "the lions", "Lioness", "lionesses", "  a   Lion ", "líon", "Lions!"],
)
def test_guesses_ignore_case_accents_articles_plurals_and_take_accepted_names(typed):
    state = act(lion(), 0, "tile mane")
    state = ENGINE.apply(state, 1, ENGINE.parse_action(state, 1, f"guess {typed}")).state
    state = act(state, 2, "pass")
    assert state.last is not None and state.last.winners == (1,)


@pytest.mark.parametrize(
    "typed,animal_id", [("Éléphants", "a003"), ("blue-whales", BLUE_WHALE), ("Scaly anteater", PANGOLIN)]
)
def test_accented_hyphenated_and_alternative_names_find_other_animals(typed, animal_id):
    state = act(challenge("association", animal_id, seats=2), 0, "tile large")
    state = act(state, 1, f"guess {typed}")
    assert state.last.winners == (1,)


def test_any_text_may_be_guessed_but_the_legal_list_stays_finite_and_stable():
    state = act(lion(), 0, "tile mane")
    legal = ENGINE.legal_actions(state, 1)
    names = [a.name for a in load_cards().animals]
    assert legal == [Guess(n) for n in names] + [Pass()]
    assert ENGINE.parse_action(state, 1, "guess big  striped cat") == Guess("big striped cat")
    state = round_of(state, p2="big striped cat", p3="pass")
    assert ENGINE.view(state, 2).challenge.guesses[0].text == "big striped cat"


def test_a_written_guess_stays_sealed_until_every_guesser_has_written_or_passed():
    state = act(lion(seats=4), 0, "tile mane")
    state = round_of(state, p3="horse")
    assert ENGINE.actors(state) == (1, 3)
    for viewer in (None, 0, 1, 3):
        view = ENGINE.view(state, viewer)
        seen = msgspec.json.encode(view).decode() + msgspec.json.encode(ENGINE.summary(state, viewer)).decode()
        assert "horse" not in seen
        assert view.challenge.written == (2,) and view.challenge.guesses == ()
    assert "Player 3, your sealed guess: horse." in ENGINE.view(state, 2).notes
    assert "Player 3, your sealed guess: horse" in ENGINE.secrets(state)[2]
    refused(state, 2, "guess zebra", "wait for the reveal")
    state = round_of(state, p2="zebra", p4="pass")
    seen = ENGINE.view(state, None).challenge
    assert [(g.seat, g.text) for g in seen.guesses] == [(1, "zebra"), (2, "horse")]


def test_wrong_guesses_are_revealed_to_all_and_wait_for_the_guide():
    state = act(lion(), 0, "tile mane")
    state = round_of(state, p2="horse", p3="pass")
    assert ENGINE.actors(state) == (0,)
    assert [ENGINE.format_action(a) for a in ENGINE.legal_actions(state, 0)] == [
        "accept 2.1",
        "reply almost",
        "reply not-at-all",
        "reply more",
        "done",
    ]
    for viewer in (None, 2):
        g = ENGINE.view(state, viewer).challenge.guesses[0]
        assert (g.seat, g.text, g.tile, g.reviewed) == (1, "horse", 1, False)
    refused(state, 1, "guess zebra", "answering the guesses")


def test_when_several_find_it_in_one_round_the_first_in_the_reveal_order_wins():
    """The order counts from the guide's left, starts where the lot drawn with the card
    says (here 0: the guide's left) and turns one seat each round revealed on the card."""
    state = act(lion(seats=4, guide=1), 1, "tile mane")
    assert ENGINE.view(state, None).challenge.reveal_order == (2, 3, 0)
    won = round_of(state, p1="lion", p3="lioness", p4="lion")
    assert won.last.winners == (2,)
    # One round revealed earlier on this card: Player 4 is first this time.
    from msgspec.structs import replace

    later = replace(state, guess_rounds=1)
    assert ENGINE.view(later, 0).challenge.reveal_order == (3, 0, 2)
    assert round_of(later, p1="lion", p3="lioness", p4="lion").last.winners == (3,)
    assert round_of(replace(state, guess_rounds=2), p1="lion", p3="lion", p4="pass").last.winners == (0,)
    assert ENGINE.view(replace(state, order_start=2), None).challenge.reveal_order == (0, 2, 3)


def test_the_reveal_order_of_a_card_starts_at_a_seat_drawn_by_lot():
    from tests.bioviva.helpers import new

    starts = []
    for seed in range(200):
        state = new(seats=4, seed=seed)
        state = ENGINE.apply(state, -1, ENGINE.auto_action(state)).state
        if state.kind == "association":
            starts.append(state.order_start)
    assert set(starts) == {0, 1, 2} and len(starts) > 30


def test_the_reveal_order_is_drawn_when_the_challenge_begins_and_kept_when_the_card_is_passed():
    from msgspec.structs import replace

    state = replace(lion(seats=4), order_start=2)
    before = ENGINE.view(state, 1).challenge.reveal_order
    passed = act(state, 0, "pass-card")
    assert passed.order_start == 2
    assert ENGINE.view(passed, 1).challenge.reveal_order == before == (3, 1, 2)


def test_a_player_cannot_repeat_a_guess_on_the_same_card():
    state = act(lion(), 0, "tile mane")
    state = run(round_of(state, p2="Horse", p3="pass"), (0, "done"))
    refused(state, 1, "guess horses", "already guessed")
    assert Guess("Horse") not in ENGINE.legal_actions(state, 1)


def test_each_guesser_writes_one_guess_a_round_up_to_the_guesses_per_tile():
    state = act(lion(guesses_per_tile=2), 0, "tile mane")
    state = run(round_of(state, p2="horse", p3="pass"), (0, "done"))
    assert state.phase == "guess" and ENGINE.actors(state) == (1,)  # Player 3 passed: rests
    state = run(round_of(state, p2="zebra"), (0, "done"))
    assert state.phase == "clue"  # two rounds: the tile's guesses are used up


def test_the_next_tile_waits_for_every_guesser_and_the_guide():
    state = act(lion(), 0, "tile mane")
    state = round_of(state, p2="horse", p3="pass")
    assert state.phase == "guess" and ENGINE.actors(state) == (0,)
    refused(state, 0, "tile fur", "accept a guess")
    state = act(state, 0, "done")
    assert ENGINE.actors(state) == (1,)
    state = act(state, 1, "pass")
    assert state.phase == "clue"
    refused(state, 1, "guess tiger", "choosing the next clue")


def test_the_guides_replies_are_shown_to_everyone():
    state = act(lion(), 0, "tile mane")
    state = round_of(state, p2="horse", p3="tiger")
    state = act(state, 0, "reply not-at-all")
    state = act(state, 0, "reply almost")
    guesses = ENGINE.view(state, None).challenge.guesses
    assert [(g.text, g.reply) for g in guesses] == [("horse", "not-at-all"), ("tiger", "almost")]
    assert ENGINE.actors(state) == (1, 2)


def test_more_tells_the_first_word_of_a_compound_name_is_found():
    state = act(challenge("association", BLUE_WHALE, seats=2), 0, "tile fins")
    state = run(state, (1, "guess blue"), (0, "reply more"))
    assert ENGINE.view(state, 1).challenge.guesses[0].reply == "more"
    state = act(state, 1, "guess blue whale")
    assert state.last.winners == (1,)


def test_the_guide_may_declare_a_typed_guess_right():
    state = act(lion(points=1), 0, "tile mane")
    state = round_of(state, p2="big cat with a mane", p3="horse")
    refused(state, 0, "accept 1", "no guess waiting")
    state = act(state, 0, "accept 2")
    assert state.last.winners == (1,) and state.scores == (1, 1, 0)


def test_a_clarification_tile_goes_under_a_tile_and_does_not_count_towards_seven():
    state = act(lion(), 0, "tile leg+small")
    t = ENGINE.view(state, 2).challenge.tiles[0]
    assert (t.tile, t.under, t.under_label) == ("leg", "small", "Small")
    assert ENGINE.view(state, 2).challenge.tiles_left == 6
    state = all_pass(state, 1, 2)
    refused(state, 0, "tile small", "already on the table")
    refused(state, 0, "tile fur+leg", "already on the table")
    refused(state, 0, "tile fur+fur", "cannot clarify itself")


def test_seven_tiles_at_most_and_nobody_scores_after_them():
    state = lion(points=3)
    tiles = ["water", "feathers", "shell", "fins", "wings", "antennae", "tentacles"]
    for n, tile in enumerate(tiles, start=1):
        state = act(state, 0, f"tile {tile}")
        assert len(state.tiles) == n
        state = all_pass(state, 1, 2)
    assert state.phase == "roll"
    assert state.last.winners == () and state.scores == (0, 0, 0) and state.last.plus == ""
    assert "Lion" in state.last.lines[0]


def test_each_tile_is_used_once():
    state = all_pass(act(lion(), 0, "tile mane"), 1, 2)
    refused(state, 0, "tile mane", "The Mane tile is already on the table.")


def test_the_magnifier_points_at_a_square_once_between_tiles():
    state = act(lion(), 0, "magnifier G19")
    assert ENGINE.view(state, 1).challenge.magnifier == "G19"
    refused(state, 0, "magnifier G20", "already moved the magnifier")
    state = all_pass(act(state, 0, "tile mane"), 1, 2)
    refused(state, 0, "magnifier G19", "already on G19")
    state = act(state, 0, "magnifier F19")
    assert ENGINE.view(state, None).challenge.magnifier == "F19"


def test_the_guide_may_pass_once_for_a_new_card_before_the_first_tile():
    state = lion()
    deck = state.animal_deck
    state = act(state, 0, "pass-card")
    assert state.card == deck[0] and state.passed == (LION,)
    refused(state, 0, "pass-card", "You have used your pass for this challenge.")
    assert ENGINE.view(state, 0).challenge.animal != "Lion"
    # The card put back is never shown to the others.
    seen = msgspec.json.encode(ENGINE.view(state, 1)).decode()
    assert '"Lion"' not in seen


def test_passing_is_refused_once_a_tile_is_laid():
    state = all_pass(act(lion(), 0, "tile mane"), 1, 2)
    refused(state, 0, "pass-card", "before laying the first tile")


def test_only_young_guides_read_the_clarification_aloud():
    state = challenge("association", PANGOLIN, seats=2)
    refused(state, 0, "clarify", "Only a young guide")


def test_guessers_see_no_clarification_and_the_guide_does():
    state = challenge("association", PANGOLIN, seats=3)
    clar = load_cards().animal(PANGOLIN).clarification
    assert ENGINE.view(state, 0).challenge.clarification == clar
    for viewer in (None, 1, 2):
        assert clar not in msgspec.json.encode(ENGINE.view(state, viewer)).decode()
    assert clar in ENGINE.secrets(state)[0]


def test_other_actions_are_refused_during_a_word_association():
    state = lion()
    refused(state, 0, "answer A", "lay a symbol tile")
    refused(state, 1, "guess lion", "choosing the next clue")
    state = act(state, 0, "tile mane")
    refused(state, 0, "guess lion", "writing their guesses")
    refused(state, 1, "reply almost", "Write a guess")
    with pytest.raises(IllegalAction):
        ENGINE.parse_action(state, 1, "guess   ")
    refused(state, 1, "guess " + "x" * 41, "at most 40 characters")


def test_the_engine_matches_guesses_exactly_as_the_cards_do():
    from engines.bioviva.cards import matches_animal

    cards = load_cards()
    typed = ["lion", "Lions", "big cat", "the Blue Whales", "scaly anteater", "mice", "kiwi bird", "tiger", "Élan"]
    for card in ("a005", "a002", "a070", "a055", "a097"):
        for text in typed:
            state = act(challenge("association", card, seats=2), 0, "tile tail")
            state = act(state, 1, f"guess {text}")  # the only guesser: revealed at once
            won = state.last is not None and state.last.winners == (1,)
            assert won == matches_animal(text, cards.animal(card)), (card, text)


# -- accepting one guess among several ------------------------------------------------------
def test_each_waiting_guess_is_its_own_accept_in_reveal_order_like_the_replies():
    state = act(lion(), 0, "tile mane")
    state = round_of(state, p2="big cat", p3="horse")
    legal = [ENGINE.format_action(a) for a in ENGINE.legal_actions(state, 0)]
    assert legal[:2] == ["accept 2.1", "accept 3.1"]
    view = ENGINE.view(state, 0).challenge
    assert [(g.seat, g.number) for g in view.guesses] == [(1, 1), (2, 1)]
    assert view.reviewing == 0  # the first accept and the replies are about the same guess
    # Replying moves both on: the oldest waiting guess is now Player 3's.
    state = act(state, 0, "reply not-at-all")
    legal = [ENGINE.format_action(a) for a in ENGINE.legal_actions(state, 0)]
    assert legal[:1] == ["accept 3.1"] and "accept 2.1" not in legal
    assert ENGINE.view(state, 0).challenge.reviewing == 1


def test_the_guide_may_accept_a_guess_from_a_later_round_of_the_same_tile():
    state = act(lion(points=2), 0, "tile mane")
    state = round_of(state, p2="big cat with a mane", p3="pass")
    state = run(state, (0, "reply almost"))
    state = round_of(state, p2="zebra")
    refused(state, 0, "accept 2.1", "already answered")
    state = act(state, 0, "accept 2.2")
    assert state.last.winners == (1,) and state.scores == (2, 2, 0)


def test_accept_n_names_that_players_oldest_waiting_guess():
    state = act(lion(points=1), 0, "tile mane")
    state = round_of(state, p2="king of beasts", p3="zebra")
    applied = ENGINE.apply(state, 0, ENGINE.parse_action(state, 0, "accept 2"))
    assert "“king of beasts”" in applied.events[0].text
    assert applied.state.last.winners == (1,)


def test_accepting_a_guess_already_answered_or_never_made_is_refused():
    state = act(lion(), 0, "tile mane")
    state = round_of(state, p2="horse", p3="zebra")
    state = act(state, 0, "reply not-at-all")
    refused(state, 0, "accept 2.1", "already answered")
    refused(state, 0, "accept 2.3", "no guess number 3")
    refused(state, 0, "accept 2", "no guess waiting")
    refused(state, 0, "accept 1.1", "no guess number 1")


def test_accepting_a_guess_of_a_player_not_in_the_game_names_the_seats_there_are():
    # A refusal a player understands: "Player 9" or "Player 0" is nobody at this table.
    state = round_of(act(lion(), 0, "tile mane"), p2="horse", p3="zebra")
    assert refused(state, 0, "accept 9", "no Player 9") == "There is no Player 9: the players are 1 to 3."
    refused(state, 0, "accept 0.1", "no Player 0")


def test_a_guess_number_counts_the_players_guesses_on_the_whole_card():
    state = act(lion(), 0, "tile mane")
    state = run(round_of(state, p2="horse", p3="pass"), (0, "done"), (1, "pass"), (0, "tile fur"))
    state = round_of(state, p2="big cat", p3="pass")
    assert [ENGINE.format_action(a) for a in ENGINE.legal_actions(state, 0)][0] == "accept 2.2"
    with pytest.raises(IllegalAction):
        ENGINE.parse_action(state, 0, "accept 2.0")


# -- the magnifier and the clarification when the guide passes the card -------------------------
def test_passing_the_card_takes_the_magnifier_back():
    """Adaptation notes, passing a card: a guide who placed the magnifier may still pass,
    and the magnifier leaves the map with the card."""
    state = act(lion(), 0, "magnifier G19")
    state = act(state, 0, "pass-card")
    view = ENGINE.view(state, 0).challenge
    assert view.magnifier == "" and view.magnifier_movable
    assert ENGINE.view(state, 1).challenge.magnifier == ""
    state = act(state, 0, "magnifier H4")  # the guide may point it at the new card's habitat
    assert ENGINE.view(state, 2).challenge.magnifier == "H4"


def test_a_young_guide_cannot_pass_a_card_whose_clarification_was_read_aloud():
    state = act(challenge("association", PANGOLIN, seats=3, young=(1,)), 0, "clarify")
    refused(state, 0, "pass-card", "read this card's clarification aloud")
    assert not any(ENGINE.format_action(a) == "pass-card" for a in ENGINE.legal_actions(state, 0))


def test_a_card_just_passed_does_not_come_back_when_the_deck_is_rebuilt():
    from msgspec.structs import replace

    for seed in range(30):
        state = replace(lion(young=(1,)), animal_deck=(), rng=seed + 1)
        state = act(state, 0, "pass-card")
        assert state.card != LION and state.animal_deck[-1] == LION
        first = state.card
        state = replace(state, animal_deck=())  # the rebuilt deck runs out again at once
        state = act(state, 0, "pass-card")
        assert state.card not in (LION, first)
        # The cards passed go under the rebuilt deck, for later challenges.
        assert state.animal_deck[-2:] == (LION, first)
        assert len(state.animal_deck) == len(load_cards().animals) - 1


def test_only_a_guess_really_naming_the_animal_is_accepted_by_bots():
    """ "sea lion" is not Lion, "whale shark" not Shark, "snow leopard" not Leopard."""
    from engines.bioviva.actions import Accept, Done, GuideReply
    from engines.core.protocol import BotContext
    from engines.core.rng import Rng

    cases = [(LION, "sea lion"), ("a015", "whale shark"), ("a112", "snow leopard"), (LION, "lionfish")]
    for level in ("easy", "heuristic", "hard", "expert"):
        for card, typed in cases:
            state = act(challenge("association", card, seats=3), 0, "tile tail")
            state = round_of(state, p2=typed, p3="pass")
            bot = ENGINE.bots[level]()
            # "accept 2" (Player 2's oldest waiting guess) is as good as "accept 2.1" here.
            legal = ENGINE.legal_actions(state, 0) + [Accept(1)]
            ctx = BotContext(engine=ENGINE, seat=0, view=ENGINE.view(state, 0), legal=legal, rng=Rng(7))
            choice = bot.choose(ctx)
            assert not isinstance(choice, Accept), (level, card, typed)
            assert isinstance(choice, (Done, GuideReply))


def test_a_bot_guide_accepts_a_waiting_guess_that_names_the_animal():
    """A guess that names the animal normally wins at once; a bot still accepts one if it waits."""
    from msgspec.structs import replace

    from engines.bioviva.actions import Accept
    from engines.bioviva.state import GuessRecord
    from engines.core.protocol import BotContext
    from engines.core.rng import Rng

    state = act(lion(), 0, "tile mane")
    state = round_of(state, p2="horse", p3="pass")
    state = replace(state, guesses=state.guesses + (GuessRecord(2, "lioness", 1),))
    ctx = BotContext(
        engine=ENGINE, seat=0, view=ENGINE.view(state, 0), legal=ENGINE.legal_actions(state, 0), rng=Rng(7)
    )
    assert ENGINE.bots["heuristic"]().choose(ctx) == Accept(2, 1)


@pytest.mark.parametrize(
    "text",
    [
        "lion\x1b]52;c;aGk=\x07",  # a clipboard write
        "\x1b[2Jlion",  # a screen clear
        "li\u200bon",  # an invisible letter
        "\u202enoil",  # a direction override
        "lion\x9b31m",  # an 8-bit control sequence introducer
    ],
)
def test_a_guess_with_control_or_invisible_characters_is_refused_and_changes_nothing(text):
    """A typed guess is shown to every player: it arrives from a shared save or a modified
    client, so the engine refuses what a terminal would act on rather than print."""
    state = act(lion(), 0, "tile mane")
    before = msgspec.json.encode(state)
    with pytest.raises(IllegalAction, match="no control or invisible characters"):
        ENGINE.apply(state, 1, Guess(text))
    with pytest.raises(IllegalAction, match="no control or invisible characters"):
        ENGINE.parse_action(state, 1, f"guess {text}")
    assert msgspec.json.encode(state) == before


def test_the_challenge_card_never_draws_a_guess_raw():
    """Even a view holding an escape (a save from before the refusal) is drawn printable."""
    from tui.games.bioviva import card_text

    state = round_of(act(lion(), 0, "tile mane"), p2="zebra", p3="pass")
    view = ENGINE.view(state, 1)
    hostile = msgspec.structs.replace(view.challenge.guesses[0], text="zebra\x1b]52;c;aGk=\x07")
    view = msgspec.structs.replace(view, challenge=msgspec.structs.replace(view.challenge, guesses=(hostile,)))
    drawn = card_text(view, ["Ana", "Bo", "Cy"])
    assert "zebra" in drawn and "\x1b" not in drawn and "\x07" not in drawn
