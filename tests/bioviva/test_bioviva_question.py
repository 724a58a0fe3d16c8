"""Question: secret simultaneous answers, revealed together; every right answer scores."""

from __future__ import annotations

import msgspec

from engines.bioviva.cards import load_cards
from engines.core.match import Match, SeatSpec
from tests.bioviva.helpers import ENGINE, act, challenge, refused, run

Q = "q001"  # right answer: C


def test_the_question_card_is_right_about_its_answer():
    assert load_cards().question(Q).correct == "C"


def test_every_player_including_the_guide_answers_at_the_same_time():
    state = challenge("question", Q, seats=3, guide=1)
    assert ENGINE.actors(state) == (0, 1, 2)
    state = act(state, 1, "answer A")
    assert ENGINE.actors(state) == (0, 2)
    assert [ENGINE.format_action(a) for a in ENGINE.legal_actions(state, 0)] == ["answer A", "answer B", "answer C"]


def test_no_answer_is_visible_to_anyone_else_before_all_have_answered():
    state = challenge("question", Q, seats=3)
    state = run(state, (0, "answer B"), (1, "answer C"))
    for viewer in (None, 1, 2):
        view = ENGINE.view(state, viewer)
        assert view.challenge.answers[0] == ""
        assert view.challenge.answered == (True, True, False)
    assert ENGINE.view(state, 0).challenge.answers == ("B", "", "")
    assert ENGINE.view(state, 1).challenge.answers == ("", "C", "")
    for viewer in (None, 1, 2):
        panels = msgspec.json.encode(ENGINE.summary(state, viewer)).decode()
        assert "Answered" in panels and "answer B" not in panels and "secret answer: B" not in panels
    assert ENGINE.secrets(state) == {
        0: ["Player 1, your secret answer: B", "Player 1, you answer B"],
        1: ["Player 2, your secret answer: C", "Player 2, you answer C"],
    }


def test_answers_are_revealed_together_with_the_right_one_and_the_commentary():
    state = challenge("question", Q, seats=3)
    state = run(state, (0, "answer B"), (1, "answer C"), (2, "answer A"))
    last = ENGINE.view(state, None).last
    assert last.answers == ("B", "C", "A")
    assert last.answer.startswith("C: ") and last.commentary
    assert ENGINE.secrets(state) == {}


def test_the_log_shows_who_answered_but_each_letter_only_to_its_owner():
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("a"), SeatSpec("b"), SeatSpec("c")], 1)
    match._states[-1] = challenge("question", Q, seats=3)
    match.act(0, ENGINE.parse_action(match.state, 0, "answer B"))
    assert match.log_lines(1) == ["Player 1 has answered."]
    assert match.log_lines(None) == ["Player 1 has answered."]
    assert match.log_lines(0)[0].startswith("Player 1, you answer B")
    # Two players giving the same answer never see the same secret line.
    match.act(2, ENGINE.parse_action(match.state, 2, "answer B"))
    assert match.log_lines(2)[-1].startswith("Player 3, you answer B")
    assert match.log_lines(0)[-1] == "Player 3 has answered."


def test_several_right_answers_each_win_the_whole_plus_card():
    state = challenge("question", Q, seats=4, points=2)
    state = run(state, (0, "answer C"), (1, "answer A"), (2, "answer C"), (3, "answer C"))
    assert state.scores == (2, 0, 2, 2)
    assert state.last.winners == (0, 2, 3) and state.last.plus_points == 2


def test_nobody_right_means_no_plus_card_and_no_points():
    state = challenge("question", Q, seats=2, points=3)
    deck = state.plus_deck
    state = run(state, (0, "answer A"), (1, "answer B"))
    assert state.scores == (0, 0) and state.last.winners == () and state.last.plus == ""
    assert state.plus_deck == deck


def test_a_player_answers_only_once():
    state = act(challenge("question", Q, seats=3), 0, "answer A")
    refused(state, 0, "answer B", "already answered")


def test_answers_are_a_b_or_c():
    state = challenge("question", Q, seats=2)
    import pytest

    from engines.core.errors import IllegalAction

    with pytest.raises(IllegalAction):
        ENGINE.parse_action(state, 0, "answer D")
    refused(state, 0, "pawn correct H4", "A, B or C")
