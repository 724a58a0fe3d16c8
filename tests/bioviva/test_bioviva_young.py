"""Young players' help: a peek at one answer, two correct pawns, two passes and a read-out
clarification as guide, a private clarification as guesser."""

from __future__ import annotations

import msgspec
import pytest

from engines.bioviva.actions import BiovivaOptions, Peek
from engines.bioviva.cards import load_cards
from engines.bioviva.state import localization
from engines.bioviva.worldmap import cell_name
from engines.core.errors import BadOptions
from tests.bioviva.helpers import ENGINE, act, challenge, refused, run

PANGOLIN = "a070"


def test_young_player_may_look_at_one_answer_before_answering():
    state = challenge("question", "q001", seats=3, young=(3,))
    assert [a for a in ENGINE.legal_actions(state, 2) if isinstance(a, Peek)] == []
    refused(state, 2, "peek 1", "has not answered yet")
    state = act(state, 0, "answer B")
    assert Peek(0) in ENGINE.legal_actions(state, 2)
    state = act(state, 2, "peek 1")
    assert ENGINE.view(state, 2).challenge.answers == ("B", "", "")
    assert ENGINE.view(state, 2).challenge.peek == 0
    # Nobody else sees that answer, nor whose answer was seen.
    for viewer in (None, 1):
        assert ENGINE.view(state, viewer).challenge.answers == ("", "", "")
        assert "Player 1's token" not in msgspec.json.encode(ENGINE.view(state, viewer)).decode()
    refused(state, 2, "peek 1", "already looked")
    state = run(state, (2, "answer B"), (1, "answer C"))
    assert state.last.answers == ("B", "C", "B")


def test_older_players_may_not_peek():
    state = act(challenge("question", "q001", seats=3, young=(3,)), 0, "answer B")
    refused(state, 1, "peek 1", "Only young players")
    refused(act(state, 2, "answer A"), 2, "peek 1", "already answered")


def test_both_pawns_of_a_young_player_count_as_correct_answer_pawns():
    """Adaptation notes, young players' localization: the young player's decoy exactly on
    the answer wins and doubles the card's 2 points."""
    loc = "l001"
    r, c = localization(loc).answer_cells()[0]
    state = challenge("localization", loc, seats=2, guide=1, young=(1,), points=2)
    state = run(
        state,
        (0, f"pawn correct {cell_name(r + 5, c + 5)}"),
        (1, f"pawn correct {cell_name(r + 2, c)}"),
        (0, f"pawn decoy {cell_name(r, c)}"),
        (1, f"pawn decoy {cell_name(r + 1, c + 1)}"),
    )
    assert state.last.distances == (0, 2)
    assert state.last.winners == (0,) and state.scores == (4, 0)


def test_young_guide_may_pass_twice():
    state = challenge("association", "a005", seats=2, young=(1,))
    state = run(state, (0, "pass-card"), (0, "pass-card"))
    assert state.passes == 2
    refused(state, 0, "pass-card", "both your passes")


def test_young_guide_may_read_the_clarification_aloud():
    clar = load_cards().animal(PANGOLIN).clarification
    state = challenge("association", PANGOLIN, seats=3, young=(1,))
    state = act(state, 0, "clarify")
    for viewer in (None, 1, 2):
        assert ENGINE.view(state, viewer).challenge.clarification == clar
    refused(state, 0, "clarify", "already been read out")
    refused(challenge("association", "a005", seats=2, young=(1,)), 0, "clarify", "no clarification")


def test_young_guesser_is_shown_the_clarification_privately():
    clar = load_cards().animal(PANGOLIN).clarification
    state = act(challenge("association", PANGOLIN, seats=3, young=(2,)), 0, "tile scales")
    assert ENGINE.view(state, 1).challenge.clarification == clar
    assert any(clar in note for note in ENGINE.view(state, 1).notes)
    for viewer in (None, 2):
        assert clar not in msgspec.json.encode(ENGINE.view(state, viewer)).decode()


def test_a_young_guesser_is_shown_the_clarification_only_of_the_card_the_guide_keeps():
    """The rulebook's guide shows it "when children must guess": once the first tile is
    down. Before that the guide may still put the card back, which nobody else may see."""
    clar = load_cards().animal(PANGOLIN).clarification
    state = challenge("association", PANGOLIN, seats=3, young=(2,))
    before = msgspec.json.encode(ENGINE.view(state, 1)).decode() + "\n".join(ENGINE.view(state, 1).notes)
    assert clar not in before
    assert not ENGINE.shows_secret(state, 1)
    passed = act(state, 0, "pass-card")
    assert passed.card != PANGOLIN
    kept = act(challenge("association", PANGOLIN, seats=3, young=(2,)), 0, "tile scales")
    assert ENGINE.view(kept, 1).challenge.clarification == clar
    assert any(clar in note for note in ENGINE.view(kept, 1).notes)


def test_a_young_guide_who_read_the_clarification_is_no_longer_offered_a_pass():
    state = act(challenge("association", PANGOLIN, seats=3, young=(1,)), 0, "clarify")
    for viewer in (None, 0, 1):
        assert "pass" not in ENGINE.summary(state, viewer).status
    assert ENGINE.view(state, 0).challenge.passes_left == 0
    fresh = challenge("association", PANGOLIN, seats=3, young=(1,))
    assert "(or pass this card)" in ENGINE.summary(fresh, 0).status
    assert ENGINE.view(fresh, 0).challenge.passes_left == 2


@pytest.mark.parametrize("young,reason", [((4,), "4 is not a seat"), ((0,), "0 is not a seat"), ((1, 1), "twice")])
def test_young_seats_are_checked(young, reason):
    with pytest.raises(BadOptions) as caught:
        ENGINE.check_setup(BiovivaOptions(young=young), 3)
    assert reason in str(caught.value)


def test_a_peek_counts_as_a_revelation_so_it_cannot_be_undone():
    state = act(challenge("question", "q001", seats=3, young=(3,)), 0, "answer B")
    assert ENGINE.apply(state, 2, ENGINE.parse_action(state, 2, "peek 1")).reveals
    assert not ENGINE.apply(state, 2, ENGINE.parse_action(state, 2, "answer A")).reveals


def test_a_young_player_cannot_peek_before_anyone_else_has_answered():
    state = challenge("question", "q001", seats=3, young=(3,))
    assert ENGINE.view(state, 2).challenge.can_peek is False
    state = act(state, 1, "answer A")
    assert ENGINE.view(state, 2).challenge.can_peek is True
    # Only young players who have not answered nor peeked yet.
    assert ENGINE.view(state, 0).challenge.can_peek is False
    assert ENGINE.view(act(state, 2, "peek 2"), 2).challenge.can_peek is False


def test_a_peek_is_not_announced_to_the_other_players():
    from engines.core.match import Match, SeatSpec

    match = Match(ENGINE, BiovivaOptions(young=(3,)), [SeatSpec("A"), SeatSpec("B"), SeatSpec("C")], 1)
    match._states[-1] = challenge("question", "q001", seats=3, young=(3,))
    match.act_text(0, "answer B")

    def seen(viewer):
        return (ENGINE.view(match.state, viewer), ENGINE.summary(match.state, viewer), match.log_lines(viewer))

    before = {v: seen(v) for v in (None, 0, 1)}
    match.act_text(2, "peek 1")
    for viewer in (None, 0, 1):  # the others: not a log line, nothing changed on their screens
        assert seen(viewer) == before[viewer]
    # The peeker sees the token at once, and their log keeps it with their answer.
    assert "Player 3, you looked at Player 1's token: B" in ENGINE.view(match.state, 2).notes[0]
    match.act_text(2, "answer B")
    assert "Player 3, you answer B" in match.log_lines(2)[-1]
    assert "after looking at Player 1's token: B" in match.log_lines(2)[-1]
    for viewer in (None, 0, 1):
        assert match.log_lines(viewer)[-1] == "Player 3 has answered."
        assert not any("look" in line for line in match.log_lines(viewer))


def test_a_young_guide_who_passes_twice_draws_two_new_cards():
    """The rulebook: a young guide may pass twice "and therefore draw two new cards"."""
    state = challenge("association", PANGOLIN, seats=2, young=(1,))
    once = act(state, 0, "pass-card")
    twice = act(once, 0, "pass-card")
    assert len({state.card, once.card, twice.card}) == 3
    assert twice.passed == (state.card, once.card)
    assert ENGINE.view(twice, 0).challenge.animal == load_cards().animal(twice.card).name


def test_a_young_guide_may_read_the_clarification_aloud_between_tiles():
    """Rules, Adaptation notes (Passing a card): whenever it is the young guide's turn to
    give a clue. Read out, it is everyone's: the young guesser's private copy goes."""
    clar = load_cards().animal(PANGOLIN).clarification
    state = act(challenge("association", PANGOLIN, seats=3, young=(1, 3)), 0, "tile scales")
    assert any(clar in note for note in ENGINE.view(state, 2).notes)
    state = run(state, (1, "pass"), (2, "pass"))
    assert state.phase == "clue"
    state = act(state, 0, "clarify")
    for viewer in (None, 1, 2):
        assert ENGINE.view(state, viewer).challenge.clarification == clar
    assert not any(clar in note for note in ENGINE.view(state, 2).notes)
    assert clar not in sum(ENGINE.secrets(state).values(), [])
